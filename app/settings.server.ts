import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { MIN_MEMORY_BUDGET_MB, parseMemoryBudget } from "../server/memory-budget.ts";
import { BUILT_IN_CONTENT, siteFolders } from "../server/cache-folder.ts";
import { listedWithin } from "./guide/load/unlisted-names.ts";

/**
 * Every setting of the site, read from the environment once and validated
 * here, for all who need one: the production server (server/serve.ts, through
 * the server seam), the guide (guide-service.server.ts) and the development
 * server's live reload (dev/vite-plugin-content.ts). A value that cannot be
 * used stops the start with one line naming the variable, before anything
 * listens.
 */

export type Settings = {
  /** The docs folder, absolute: CONTENT_DIR, else this site's own guide (`content/`). */
  contentDir: string;
  /** True when CONTENT_DIR names a folder other than the built-in guide. */
  ownFolder: boolean;
  /** SITE_NAME: the site's name, instead of the one the folder gives. */
  siteName: string | null;
  /** EDIT_URL_BASE, ending in "/": where "Edit this page" links start (the page's relative path is appended). */
  editUrlBase: string | null;
  /** SITE_URL's origin: the site's address in /llms.txt, /llms-full.txt and the sitemaps, whatever host a request names. */
  siteUrl: string | null;
  port: number;
  /** HOST; without it, Node listens on every interface (what a container needs). */
  host: string | undefined;
  /** TRUST_PROXY, as Express takes it: whom to believe X-Forwarded-Proto and -Host from. */
  trustProxy: boolean | number | string | undefined;
  /** MEMORY_BUDGET_MB: what the server's processes together may hold, in MB (server/memory-budget.ts). */
  memoryBudgetMB: number;
  /** CACHE_DIR, absolute: where rendered pages and the search index are kept across restarts; else the user's cache folder. */
  cacheDir: string;
};

/** A setting that cannot be used; the message names the variable and what it got. */
export class SettingsError extends Error {
  override name = "SettingsError";
}

/** An unset variable and one set to spaces mean the same: not given. */
const optionalText = z
  .string()
  .transform((value) => value.trim())
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const editUrlBase = optionalText.transform((value, context) => {
  if (value === undefined) return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || url.search || url.hash) {
    context.addIssue({ code: "custom", message: `must be an absolute http(s) URL such as https://github.com/owner/repo/edit/main/docs/ (got ${JSON.stringify(value)})` });
    return z.NEVER;
  }
  // The page's relative path is appended, so the base names a folder.
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
});

/** The site's own address; its pages are served from the host's root. */
const siteUrl = optionalText.transform((value, context) => {
  if (value === undefined) return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || url.search || url.hash || url.pathname !== "/") {
    context.addIssue({ code: "custom", message: `must be the site's absolute http(s) address with no path, such as https://docs.example.com (got ${JSON.stringify(value)})` });
    return z.NEVER;
  }
  return url.origin;
});

const port = optionalText.transform((value, context) => {
  if (value === undefined) return 3000;
  const number = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number <= 65_535)) {
    context.addIssue({ code: "custom", message: `must be a port number from 0 to 65535 (got ${JSON.stringify(value)})` });
    return z.NEVER;
  }
  return number;
});

const trustProxy = optionalText.transform((value, context) => {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  // Express would throw on the first request it compiles this for; refused here, it stops the start with one line.
  if (!value.split(",").every((item) => isTrustedProxy(item.trim()))) {
    const message = `must be true, false, a number of proxies, or addresses and subnets, comma-separated, such as loopback or 10.0.0.0/8 (got ${JSON.stringify(value)})`;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  return value;
});

/** One item of a TRUST_PROXY list as Express reads it: a name of its own, an address, or an address with a prefix length or an IPv4 netmask. */
function isTrustedProxy(item: string): boolean {
  if (item === "loopback" || item === "linklocal" || item === "uniquelocal") return true;
  const [address = "", range, ...more] = item.split("/");
  const version = net.isIP(address);
  if (version === 0 || more.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  // A netmask is ones then zeros: 255.255.0.0, not 255.0.255.0.
  if (version !== 4 || !net.isIPv4(range)) return false;
  const bits = range.split(".").map((octet) => Number(octet).toString(2).padStart(8, "0")).join("");
  return /^1*0*$/.test(bits);
}

const memoryBudget = z
  .string()
  .optional()
  .transform((value, context) => {
    const budget = parseMemoryBudget(value);
    if (budget === null) {
      context.addIssue({ code: "custom", message: `must be a whole number of megabytes, at least ${MIN_MEMORY_BUDGET_MB} (got ${JSON.stringify(value)})` });
      return z.NEVER;
    }
    return budget;
  });

const environment = z.object({
  MEMORY_BUDGET_MB: memoryBudget,
  CACHE_DIR: optionalText,
  CONTENT_DIR: optionalText,
  SITE_NAME: optionalText,
  EDIT_URL_BASE: editUrlBase,
  SITE_URL: siteUrl,
  PORT: port,
  HOST: optionalText,
  TRUST_PROXY: trustProxy,
});

/** The settings in `env`, with relative paths resolved against `cwd`; throws SettingsError. */
export function readSettings(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Settings {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SettingsError(`${issue.path.join(".")} ${issue.message}`);
  }
  const values = parsed.data;
  const builtIn = path.resolve(cwd, BUILT_IN_CONTENT);
  const { contentDir, cacheDir } = siteFolders(values, env, cwd);
  // Its files would be listed and served as the docs', and under `dev` each write would load the folder again, without end.
  if (listedWithin(realPath(contentDir), realPath(cacheDir))) {
    throw new SettingsError(`CACHE_DIR ${cacheDir} is inside the docs folder ${contentDir}: choose a folder outside it, or a hidden one in it (.cache)`);
  }
  return {
    contentDir,
    ownFolder: values.CONTENT_DIR !== undefined && realPath(contentDir) !== realPath(builtIn),
    siteName: values.SITE_NAME ?? null,
    editUrlBase: values.EDIT_URL_BASE,
    siteUrl: values.SITE_URL,
    port: values.PORT,
    host: values.HOST,
    trustProxy: values.TRUST_PROXY,
    memoryBudgetMB: values.MEMORY_BUDGET_MB,
    cacheDir,
  };
}

let current: Settings | undefined;

/** This process's settings, read from its environment the first time they are asked for. */
export function settings(): Settings {
  return (current ??= readSettings());
}

/** The path with its links resolved, as far as it exists: a folder not made yet is placed where its parent really is. */
function realPath(target: string): string {
  try {
    return fs.realpathSync(target);
  } catch {
    const parent = path.dirname(target);
    return parent === target ? target : path.join(realPath(parent), path.basename(target));
  }
}
