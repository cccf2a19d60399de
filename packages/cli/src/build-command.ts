import fs from "node:fs";
import path from "node:path";
import { escapeMarkup } from "../../../app/escape-markup";
import { activeFilesWarning } from "./active-files.ts";
import { limitOwnHeap } from "../../../server/heap-limit.ts";
import { endedThreadHeapKeptMs } from "../../../server/render-worker-thread.ts";
import { DEFAULT_EXPORT_MEMORY_BUDGET_MB, parseMemoryBudget, searchPartPages } from "../../../server/memory-budget.ts";
import { manifestScript, parseBasePath, rebaseBuild } from "./base-path.ts";
import { asCommandFailure } from "./command-failure.ts";
import { UsageError } from "./command-line.ts";
import { copyFolderFiles } from "./copy-folder-files.ts";
import { prepareExportFolder } from "./export-folder.ts";
import { createExportWriter, type ExportWriter, removedIfStopped } from "./export-writer.ts";
import { exportProgress } from "./export-progress.ts";
import { withContentSecurityPolicy } from "./page-policy.ts";
import { BROWSER_NOTICES } from "../../../scripts/third-party-licenses.ts";
import { createSearchIndexWriter, searchIndexNotice } from "./search-index-writer.ts";
import { CLIENT_DIR, loadServerBuild } from "./site-build.ts";
import { batchEnvironment, useEnvironment } from "./site-settings.ts";

/**
 * `themed-guide build --out <dir>`: the site as static files. Each page is
 * rendered in this process by the server build's own request handler,
 * exactly as the server would answer it, and written at its address
 * (`/guide/x` → `guide/x/index.html`), with React Router's `.data` file
 * beside it for client-side navigation; then 404.html, each page's
 * Markdown, sitemap.xml and llms.txt (with --site-url), the search index,
 * the browser's files and the folder's own files. With `--base /docs/` the
 * pages are made for https://host/docs/ and still written at the output's
 * root, which the host serves there.
 */
export async function buildCommand(folder: string, options: Record<string, string | boolean | undefined>): Promise<void> {
  const out = path.resolve(String(options.out));
  const basePath = typeof options.base === "string" ? parseBasePath(options.base) : "";
  const siteUrl = typeof options["site-url"] === "string" ? parseSiteUrl(options["site-url"], basePath) : null;
  useEnvironment({ ...batchEnvironment(folder, options), NODE_ENV: "production" });
  const budgetMB = parseMemoryBudget(process.env.MEMORY_BUDGET_MB) ?? DEFAULT_EXPORT_MEMORY_BUDGET_MB;
  const chosenPartPages = typeof options["search-part-pages"] === "string" ? parsePartPages(options["search-part-pages"]) : null;
  // As `serve` does: the command starts again with its heap limit and few malloc arenas, and comes back here
  // (server/heap-limit.ts). Without them, a 50,000-page export's own process grew to 911 MB (BENCHMARKS.md).
  // It mostly waits on its render workers, so it collects its garbage early.
  limitOwnHeap(budgetMB, process, { collectEarly: true });
  const earlier = prepareExportFolder(out, folder);
  const output = createExportWriter(out, earlier);
  await removedIfStopped(output, () => exportSite(output, { out, basePath, siteUrl, budgetMB, chosenPartPages }));
}

type ExportOptions = { out: string; basePath: string; siteUrl: string | null; budgetMB: number; chosenPartPages: number | null };

async function exportSite(output: ExportWriter, { out, basePath, siteUrl, budgetMB, chosenPartPages }: ExportOptions): Promise<void> {
  const started = performance.now();
  const loaded = await loadServerBuild();
  const { seam } = loaded;
  const build = rebaseBuild(loaded.build, basePath);
  const { createRequestHandler } = await import("react-router");
  const handle = createRequestHandler(build, "production");
  // Asked for at their addresses on the host (`/docs/guide/x`); written at theirs in the output (`guide/x/index.html`).
  const get = (url: string) => handle(new Request(new URL(basePath + url, siteUrl ?? "http://localhost")), seam.requestContext(seam.createNonce()));
  // A folder the guide refuses is one line, as `serve` says it, not a stack.
  await seam.startGuide({ staticSite: true, basePath }).catch((error: unknown) => Promise.reject(asCommandFailure(error, seam.describeStartError)));
  // Each page's own policy, in a <meta>: its inline scripts by hash (page-policy.ts).
  const themeScriptHash = await seam.staticThemeScriptHash();
  const withPolicy = (html: string) => withContentSecurityPolicy(html, themeScriptHash, seam.staticPagePolicy);
  const plan = await seam.exportPlan();

  const pagesPerPart = chosenPartPages ?? searchPartPages(budgetMB, plan.pages.length);
  const search = await createSearchIndexWriter({ pagesPerPart, output });
  const progress = exportProgress(plan.pages.length, (line) => console.log(line));

  async function exportPage(url: string, position: number) {
    const page = await get(url);
    const location = page.headers.get("Location");
    if (page.status >= 300 && page.status < 400 && location) {
      output.write(htmlFileOf(url), redirectPage(location, basePath));
      search.addPage(position, null);
    } else {
      const html = await expectOk(page, url).text();
      output.write(htmlFileOf(url), withPolicy(html));
      search.addPage(position, url.startsWith("/guide") ? { url, file: htmlFileOf(url) } : null);
    }
    // React Router's data for a client-side navigation to the page, where it asks for it (`/` → `/_.data`);
    // for a redirect, the redirect, which the browser then follows.
    const dataUrl = url === "/" ? "/_.data" : `${url}.data`;
    const data = await get(dataUrl);
    if (data.ok) output.write(fileOfAddress(dataUrl), new Uint8Array(await data.arrayBuffer()));
    progress.pageWritten();
  }
  // A few at a time: the render worker makes one page's HTML while this process lays out another.
  await inTurns(plan.pages, PAGES_AT_ONCE, exportPage);
  // Any address that names no page: the page a static host shows for a 404.
  output.write("404.html", withPolicy(await (await get("/404")).text()));
  // Every page is rendered. The render workers end now, and V8 gives their heaps back a while after
  // (server/render-worker-thread.ts): the search index, written last, waits for that where memory decides its parts.
  const workersHeapsBackAt = (await seam.endRenderWorkers()) ? performance.now() + endedThreadHeapKeptMs() : 0;

  for (const url of plan.markdown) output.write(fileOfAddress(url), await expectOk(await get(url), url).text());
  // These name pages by their absolute addresses, which only --site-url knows.
  if (siteUrl) {
    // Streamed to its file: llms-full.txt holds every page's Markdown.
    for (const url of [...plan.sitemaps, "/llms.txt", "/llms-full.txt"]) await output.writeStreamed(url.slice(1), expectOk(await get(url), url));
  }

  // Last, from the pages' files.
  progress.step("Writing the search index");
  await search.finish(workersHeapsBackAt);
  // The browser's files as built; the precompressed copies are for the server, not for a file host.
  for (const file of fs.readdirSync(CLIENT_DIR, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || /\.(br|gz)$/.test(file.name)) continue;
    const relative = path.relative(CLIENT_DIR, path.join(file.parentPath, file.name));
    // The manifest names the other files by address: under a base path, the rebased copy.
    const isManifest = `/${relative.split(path.sep).join("/")}` === loaded.build.assets.url;
    const body = isManifest ? manifestScript(build.assets) : fs.readFileSync(path.join(CLIENT_DIR, relative));
    // The browser's notices, which the client build wrote, with the search index's, which the export adds.
    output.write(relative, relative === BROWSER_NOTICES ? `${body}\n${searchIndexNotice()}` : body);
  }
  const { active, leftOut } = await copyFolderFiles(plan.files, (file, content) => output.write(path.posix.join("guide-files", file), content));
  output.finish();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const files = plan.files.length - leftOut.length;
  console.log(`Exported ${counted(plan.pages.length, "page")} and ${counted(files, "file")} to ${out} in ${seconds} s`);
  if (!siteUrl) console.log("No sitemap.xml, llms.txt or llms-full.txt: they need the site's address (--site-url https://docs.example.com)");
  if (leftOut.length > 0) {
    const named = `${leftOut.slice(0, 5).join(", ")}${leftOut.length > 5 ? ", …" : ""}`;
    console.warn(`Warning: ${counted(leftOut.length, "file")} of the folder left out, gone or reached through a link since it was read: ${named}`);
  }
  const activeWarning = activeFilesWarning(active);
  if (activeWarning) console.warn(activeWarning);
}

/** "1 page", "5,000 pages". */
export function counted(count: number, noun: string): string {
  return `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
}

function expectOk(response: Response, url: string): Response {
  if (!response.ok) throw new Error(`${url} answered ${response.status} while exporting`);
  return response;
}

const PAGES_AT_ONCE = 6;

/** Runs `work` on every item, at most `limit` at once. */
async function inTurns<T>(items: readonly T[], limit: number, work: (item: T, position: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const position = next++;
      await work(items[position]!, position);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `/` → index.html, `/guide/x` → guide/x/index.html: served at the address by any static file server. */
function htmlFileOf(url: string): string {
  return path.posix.join(fileOfAddress(url), "index.html");
}

/**
 * The file that a static file server answers an address with, relative to
 * the output: the address's path decoded, as the server decodes a request's
 * path to find its file (`/guide/%C3%BCber%20uns.md` → `guide/über uns.md`).
 * A segment that would decode into a path of its own (`..`, a slash) is
 * refused: no file of a docs folder is named so.
 */
export function fileOfAddress(url: string): string {
  const segments = url.slice(1).split("/").map((segment) => decodeURIComponent(segment));
  if (segments.some((segment) => segment === "." || segment === ".." || /[/\\\0]/.test(segment))) {
    throw new Error(`${url} names no file inside the export`);
  }
  return segments.join("/");
}

/**
 * A redirect as a file: the page moves the browser on, with or without
 * JavaScript. It names the site's icon, as every page does: without one a
 * browser asks the host for /favicon.ico, which an export has not, and logs
 * the 404 in the console.
 */
function redirectPage(location: string, basePath: string): string {
  const escaped = escapeMarkup(location);
  const icon = escapeMarkup(`${basePath}/favicon.svg`);
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Moved</title><link rel="icon" href="${icon}" type="image/svg+xml"><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"><p><a href="${escaped}">${escaped}</a></p></html>\n`;
}

/** --search-part-pages: a whole number of pages, at least 1. */
function parsePartPages(value: string): number {
  if (!/^\s*[1-9]\d{0,5}\s*$/.test(value)) throw new UsageError(`build: --search-part-pages must be a whole number of pages from 1 to 999999 (got ${JSON.stringify(value)})`);
  return Number(value);
}

/** The origin of --site-url; a path in it may only repeat --base (`https://owner.github.io/repo/` with `--base /repo/`). */
function parseSiteUrl(value: string, basePath: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw new UsageError(`build: --site-url must be an absolute http(s) address, such as https://docs.example.com (got ${JSON.stringify(value)})`);
  const path = url.pathname.replace(/\/+$/, "");
  if (path !== "" && path !== basePath) {
    throw new UsageError(`build: --site-url names the host (${url.origin}); give its path with --base ${url.pathname} (got ${JSON.stringify(value)})`);
  }
  return url.origin;
}
