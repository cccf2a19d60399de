import fs from "node:fs";
import path from "node:path";
import { UsageError } from "./command-line.ts";
import { prepareExportFolder, recordExport } from "./export-folder.ts";
import { loadServerBuild } from "./site-build.ts";
import { siteEnvironment } from "./site-settings.ts";

/**
 * `themed-guide build --out <dir>`: the site as static files. Every page is
 * rendered in this process by the server build's own request handler, as
 * the server would answer it, and written at its URL (`/guide/x` →
 * `guide/x/index.html`), with React Router's `.data` file beside it for
 * client-side navigation; then 404.html, the browser's files and the
 * folder's files. WORK IN PROGRESS: not wired into cli.ts, not tested.
 */
export async function buildCommand(folder: string, options: Record<string, string | boolean | undefined>): Promise<void> {
  const out = typeof options.out === "string" ? path.resolve(options.out) : null;
  if (!out) throw new UsageError("build: --out <dir> is required (see build --help)");
  const siteUrl = typeof options["site-url"] === "string" ? parseSiteUrl(options["site-url"]) : null;
  Object.assign(process.env, siteEnvironment(folder, options), { NODE_ENV: "production" });
  prepareExportFolder(out, folder);

  const { build, seam, clientDir } = await loadServerBuild();
  const { createRequestHandler } = await import("react-router");
  const handle = createRequestHandler(build, "production");
  await seam.startGuide({ staticSite: true });
  const plan = await seam.exportPlan();
  const origin = siteUrl ?? "http://localhost";
  const written: string[] = [];
  const write = (relative: string, body: string | Uint8Array) => {
    const target = path.join(out, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, body);
    written.push(relative);
  };
  const get = (url: string) => handle(new Request(new URL(url, origin)), seam.requestContext(seam.createNonce()));

  for (const url of plan.pages) {
    const page = await get(url);
    if (page.status >= 300 && page.status < 400) {
      write(htmlFileOf(url), redirectPage(page.headers.get("Location") ?? "/"));
      continue;
    }
    if (page.status !== 200) throw new Error(`${url} answered ${page.status} while exporting`);
    write(htmlFileOf(url), await page.text());
    const data = await get(url === "/" ? "/_root.data" : `${url}.data`);
    if (data.status === 200) write(url === "/" ? "_root.data" : `${url.slice(1)}.data`, new Uint8Array(await data.arrayBuffer()));
  }
  const notFound = await get("/__themed-guide-export-not-found");
  write("404.html", await notFound.text());
  if (siteUrl) write("sitemap.xml", await (await get("/sitemap.xml")).text());

  // The browser's files as built; the precompressed copies are the server's, not a file host's.
  for (const file of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || /\.(br|gz)$/.test(file.name)) continue;
    const relative = path.relative(clientDir, path.join(file.parentPath, file.name));
    write(relative, fs.readFileSync(path.join(clientDir, relative)));
  }
  for (const file of plan.files) write(file.url.slice(1), fs.readFileSync(file.path));
  recordExport(out, written);
  console.log(`Exported ${plan.pages.length} pages and ${plan.files.length} files to ${out}`);
}

/** `/` → index.html, `/guide/x` → guide/x/index.html: served at the URL by any static file server. */
function htmlFileOf(url: string): string {
  return path.posix.join(url.slice(1), "index.html");
}

function redirectPage(location: string): string {
  const escaped = location.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"><a href="${escaped}">${escaped}</a>\n`;
}

function parseSiteUrl(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw new UsageError(`--site-url must be an absolute http(s) URL (got ${JSON.stringify(value)})`);
  return url.origin;
}
