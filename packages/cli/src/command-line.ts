import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DEFAULT_EXPORT_MEMORY_BUDGET_MB, DEFAULT_MEMORY_BUDGET_MB, searchPartPages } from "../../../server/memory-budget.ts";
import { docsFolderOfProject, type ProjectDocs } from "../../../app/guide/load/project-root.server.ts";

/**
 * What the command line asks for, read with Node's own parser and checked
 * before anything starts. Anything wrong with it is a UsageError: one line,
 * exit status 2.
 */

export class UsageError extends Error {
  override name = "UsageError";
}

type Options = NonNullable<ParseArgsConfig["options"]>;

const COMMANDS = {
  dev: {
    summary: "Serve the folder while you write it: pages show each change without a reload",
    usage: "dev [folder] [--port 3000] [--host 127.0.0.1] [--site-name <name>] [--edit-url <url>] [--site-url <url>] [--cache-dir <dir>]",
    options: { "site-name": { type: "string" }, "edit-url": { type: "string" }, "site-url": { type: "string" }, port: { type: "string", short: "p" }, host: { type: "string" }, "cache-dir": { type: "string" } },
  },
  serve: {
    summary: "Serve the folder as a site, with the production server",
    usage: "serve [folder] [--port 3000] [--host 0.0.0.0] [--site-name <name>] [--edit-url <url>] [--site-url <url>] [--trust-proxy <value>] [--memory <MB>] [--cache-dir <dir>]",
    options: {
      "site-name": { type: "string" },
      "edit-url": { type: "string" },
      "site-url": { type: "string" },
      port: { type: "string", short: "p" },
      host: { type: "string" },
      "trust-proxy": { type: "string" },
      memory: { type: "string" },
      "cache-dir": { type: "string" },
    },
  },
  build: {
    summary: "Export the folder as a static site that any file host or CDN serves",
    usage: "build [folder] --out <dir> [--base <path>] [--site-url <url>] [--site-name <name>] [--edit-url <url>] [--memory <MB>] [--cache-dir <dir>] [--search-part-pages <n>]",
    options: {
      out: { type: "string", short: "o" },
      "search-part-pages": { type: "string" },
      base: { type: "string" },
      "site-url": { type: "string" },
      "site-name": { type: "string" },
      "edit-url": { type: "string" },
      memory: { type: "string" },
      "cache-dir": { type: "string" },
    },
    required: ["out"],
  },
  check: {
    summary: "Report broken links, missing images and includes, bad front matter",
    usage: "check [folder] [--json] [--memory <MB>] [--cache-dir <dir>]",
    options: { json: { type: "boolean" }, memory: { type: "string" }, "cache-dir": { type: "string" } },
  },
} satisfies Record<string, { summary: string; usage: string; options: Options; required?: string[] }>;

export type CommandName = keyof typeof COMMANDS;

/**
 * The options as given (strings), plus the folder, resolved and known to be
 * a directory: the docs folder a project names when the folder given is a
 * docs tool's project root (`project`: what names it; project-root.server.ts).
 */
export type Invocation =
  | { command: "help"; text: string }
  | { command: "version" }
  | { command: CommandName; folder: string; project: (ProjectDocs & { root: string }) | null; options: Record<string, string | boolean | undefined> };

export function readCommandLine(args: readonly string[], cwd = process.cwd()): Invocation {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") return { command: "help", text: generalHelp() };
  if (name === "--version" || name === "-v") return { command: "version" };
  if (!Object.hasOwn(COMMANDS, name)) {
    throw new UsageError(`unknown command ${JSON.stringify(name)}: the commands are ${Object.keys(COMMANDS).join(", ")} (see --help)`);
  }
  const command = name as CommandName;
  const spec = COMMANDS[command];
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...spec.options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages are good but long; the first sentence is the useful part.
    throw new UsageError(`${command}: ${firstSentence((error as Error).message)} (see ${command} --help)`);
  }
  if (parsed.values.help) return { command: "help", text: commandHelp(command) };
  for (const option of "required" in spec ? spec.required : []) {
    if ((parsed.values as Record<string, unknown>)[option] === undefined) throw new UsageError(`${command}: --${option} is required (see ${command} --help)`);
  }
  refuseBlankValues(command, parsed.values);
  if (parsed.positionals.length > 1) {
    throw new UsageError(`${command} takes one folder, got ${parsed.positionals.length}: ${parsed.positionals.join(" ")}`);
  }
  const folder = path.resolve(cwd, parsed.positionals[0] ?? ".");
  if (!isDirectory(folder)) throw new UsageError(`no folder at ${folder}`);
  const project = docsFolderOfProject(folder);
  const options = parsed.values as Record<string, string | boolean | undefined>;
  return { command, folder: project?.folder ?? folder, project: project && { ...project, root: folder }, options };
}

/**
 * An empty value is most often a variable that was not set (`--cache-dir "$CACHE"`), and no option means
 * anything by one: taken, it would quietly be the current folder (--out) or the default (the server reads
 * a blank setting as none given: the user's cache folder, port 3000, every interface).
 */
function refuseBlankValues(command: CommandName, values: Record<string, unknown>): void {
  for (const [option, value] of Object.entries(values)) {
    if (typeof value !== "string" || value.trim() !== "") continue;
    throw new UsageError(`${command}: --${option} needs a value, and got ${value === "" ? "an empty one" : "only spaces"}`);
  }
}

function isDirectory(target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    return false;
  }
}

function firstSentence(message: string): string {
  return message.split(/\.\s|\n/)[0]!.replace(/\.$/, "");
}

function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    "Usage: themed-guide <command> [folder] [options]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`),
    "",
    "The folder defaults to the current one; at a MkDocs, mdBook, Docusaurus, Starlight or VitePress",
    "project's root, the docs folder the project names. `themed-guide <command> --help` for a",
    "command's options; `themed-guide --version` for the version.",
  ].join("\n");
}

export function commandHelp(command: CommandName): string {
  return [`Usage: themed-guide ${COMMANDS[command].usage}`, "", `${COMMANDS[command].summary}.`, "", HELP_DETAILS[command]].join("\n");
}

const cacheFolder = [
  "      --cache-dir <dir>    where rendered pages and the search index are kept between runs",
  "                           (CACHE_DIR; default $XDG_CACHE_HOME/themed-guide or ~/.cache/themed-guide;",
  "                           outside the docs folder, or hidden in it: .cache)",
].join("\n");

const memoryAndCache = (whose: string, defaultMB: number) =>
  [
    `      --memory <MB>        what ${whose} processes may hold together (MEMORY_BUDGET_MB; default ${defaultMB},`,
    "                           at least 384); pages that do not fit are read from the cache folder",
    cacheFolder,
  ].join("\n");

const HELP_DETAILS: Record<CommandName, string> = {
  dev: [
    "Options (each also read from the environment variable in brackets):",
    "  -p, --port <number>      where to listen (PORT; default 3000)",
    "      --host <address>     the interface to listen on (HOST; default 127.0.0.1: this machine only)",
    "      --site-name <name>   the site's name (SITE_NAME; default: from the folder)",
    "      --edit-url <url>     where 'Edit this page' links start (EDIT_URL_BASE)",
    "      --site-url <url>     the site's address for what names its pages in full (llms.txt, the sitemaps):",
    "                           https://docs.example.com (SITE_URL; default: the address each request names)",
    cacheFolder,
    "",
    "A change to the folder (a file edited, added, renamed or removed) shows in open pages within",
    "a second, where they are scrolled to. A file that breaks the folder shows its error over the",
    "page; the server goes on with the folder as it last loaded until the file is fixed.",
  ].join("\n"),
  serve: [
    "Options (each also read from the environment variable in brackets):",
    "  -p, --port <number>      where to listen (PORT; default 3000)",
    "      --host <address>     the interface to listen on (HOST; default: all)",
    "      --site-name <name>   the site's name (SITE_NAME; default: from the folder)",
    "      --edit-url <url>     where 'Edit this page' links start (EDIT_URL_BASE)",
    "      --site-url <url>     the site's address for what names its pages in full (llms.txt, the sitemaps):",
    "                           https://docs.example.com (SITE_URL; default: the address each request names)",
    "      --trust-proxy <v>    whom to believe X-Forwarded-* from: true, a hop count, or addresses (TRUST_PROXY)",
    memoryAndCache("the server's", DEFAULT_MEMORY_BUDGET_MB),
  ].join("\n"),
  build: [
    "Options:",
    "  -o, --out <dir>          where to write the site: a new or empty folder, or an earlier export",
    "                           (only the files that export wrote are replaced; never inside the docs folder)",
    "      --base <path>        where the site will be served from, when not from its host's root:",
    "                           /my-repo/ for a GitHub Pages project site (default /)",
    "      --site-url <url>     the site's address, for sitemap.xml (https://docs.example.com)",
    "      --site-name <name>   the site's name (SITE_NAME; default: from the folder)",
    "      --edit-url <url>     where 'Edit this page' links start (EDIT_URL_BASE)",
    memoryAndCache("the export's", DEFAULT_EXPORT_MEMORY_BUDGET_MB),
    "      --search-part-pages <n>",
    "                           pages in each part of the search index (default: from --memory and",
    `                           the folder's size, ${searchPartPages(DEFAULT_EXPORT_MEMORY_BUDGET_MB, 5_000)} at 5000 pages and ${DEFAULT_EXPORT_MEMORY_BUDGET_MB} MB): larger parts make`,
    "                           every search smaller and need more memory to write",
    "",
    "Pages are written at their addresses (guide/x/index.html), so any static file server",
    "serves them with no rewrite rules. Search runs in the browser on an index written with",
    "the pages; with JavaScript off the site follows the system's light or dark setting.",
  ].join("\n"),
  check: [
    "Options:",
    "      --json               print the problems as JSON instead of file:line lines",
    memoryAndCache("the check's", DEFAULT_EXPORT_MEMORY_BUDGET_MB),
    "",
    "Every page is rendered, as serve and build render it, into the same cache folder: a check",
    "of unchanged files renders none again, nor does serve or build after a check.",
    "",
    "Exit status: 0 when nothing is wrong, 1 when something is, 2 for a usage error.",
  ].join("\n"),
};
