/**
 * npm run bench:docs-scale [-- --pages 5000,50000] [--images 300000] [--skip-export] [--budget 512]
 * Issue 24's figures, on the production build, for generated folders of
 * long, code-heavy pages (copies of the generated 200-page docs folder,
 * each under a folder of its own, with their images), each with a fresh
 * cache folder. `--images` adds that many more files of a few bytes, a
 * thousand to a folder, as a folder of screenshots near the listing's
 * limit of 500,000 files would have:
 * - the server, started twice (a first start, then a restart on the
 *   unchanged files): start → listening; the RSS of all its processes
 *   sampled every 100 ms from start until every page was served once
 *   (8 at a time) in both themes, its peak and the errors; how many pages
 *   the background completion rendered and read from the page cache;
 *   /guide's list of every page and one search right after listening (how
 *   long, and how much of the folder they covered yet);
 *   search time (p50/p95 over loopback HTTP, /search.data, and the search's
 *   own time at the server from its Server-Timing header);
 *   req/s of one page served from memory, against the same page at 200 pages
 *   (the same file at the same address: a folder's first copy is the 200-page folder);
 * - the static export (docs-scale-export.ts): wall time and peak RSS, and
 *   VitePress 1.6.4's build of the same 5,000-page folder.
 * Prints figures; needs a build (`npm run build`) and, for the export, the
 * bundled command (`npm run build -w themed-guide`).
 */
import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { exportAtScale } from "./docs-scale-export.ts";
import { makeDocsCorpus } from "./make-docs-corpus.ts";
import { freePort, spawnServer, treeRssParts } from "./start-server.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "5000" },
    images: { type: "string", default: "0" },
    "skip-export": { type: "boolean", default: false },
    budget: { type: "string", default: "512" },
  },
});
const sizes = values.pages.split(",").map(Number);
const MB = 1000 * 1000;
const START_DEADLINE_MS = 3_600_000;
const CORPUS_PAGES = 200;
const SEARCHES = ["cache", "configuration", "retry timeout", "configur", "timout", "how do I configure the retry policy"];

if (!fs.existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-scale-"));
process.on("exit", () => fs.rmSync(scratch, { recursive: true, force: true }));
console.log(`Node ${process.version}; ${os.availableParallelism()} cores; memory budget ${values.budget} MB`);

const baseline = await servedOnce(scaleFolder(CORPUS_PAGES), "baseline at 200 pages", { quiet: true });
for (const size of sizes) {
  const folder = scaleFolder(size, Number(values.images));
  const cacheDir = fs.mkdtempSync(path.join(scratch, "cache-"));
  console.log(`\n${size} pages: ${describeFolder(folder)}`);
  await servedOnce(folder, "first start", { cacheDir, baseline });
  await servedOnce(folder, "restart on unchanged files", { cacheDir, baseline });
  if (!values["skip-export"]) await exportAtScale(folder, size, scratch, { vitepress: size <= 5_000 });
  fs.rmSync(folder.dir, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
}

/** The 200-page folder's page measured for req/s, and its figure. */
type Baseline = { url: string; rps: number };
type Options = { cacheDir?: string; baseline?: Baseline; quiet?: boolean };

async function servedOnce(folder: { dir: string; urls: string[] }, name: string, { cacheDir, baseline, quiet }: Options): Promise<Baseline> {
  const started = performance.now();
  const env: Record<string, string> = { CONTENT_DIR: folder.dir, MEMORY_BUDGET_MB: values.budget, CACHE_DIR: cacheDir ?? fs.mkdtempSync(path.join(scratch, "cache-")) };
  const server = spawnServer(await freePort(), env);
  const pid = server.process.pid!;
  const samples: number[] = [];
  // Which processes made the peak: the server (its render worker a thread of it), its brotli compressor.
  let peakParts: { name: string; rss: number }[] = [];
  let peak = 0;
  const sampler = setInterval(() => {
    const parts = treeRssParts(pid);
    const total = parts.reduce((sum, part) => sum + part.rss, 0);
    if (total > peak) [peak, peakParts] = [total, parts];
    samples.push(total);
  }, 100);
  const listeningMs = await waitForListening(server, started);
  if (listeningMs === null) {
    clearInterval(sampler);
    console.log(`${name}: not listening:\n${server.output().trim().split("\n").slice(-10).join("\n")}`);
    await server.stop("SIGKILL");
    return { url: "", rps: 0 };
  }
  // What a visitor gets at once: the list of every page (the folder has no landing page) and a search.
  const firstAnswers = [await timedAnswer(`${server.url}/guide`), await timedAnswer(`${server.url}/search.data?q=retry%20timeout`)];
  let errors = 0;
  const themes = ["theme=light", "theme=dark"];
  const servedAt = performance.now();
  await inParallel(folder.urls.flatMap((url) => themes.map((cookie) => ({ url, cookie }))), 8, async ({ url, cookie }) => {
    const response = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip, br" } }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status !== 200) errors++;
  });
  const servedMs = performance.now() - servedAt;
  const completion = await completionLine(server, pid);
  clearInterval(sampler);
  const over = samples.filter((sample) => sample > Number(values.budget) * 1024 * 1024).length;
  const searchTimes = await searchTimesMs(server.url);
  // The same page as at 200 pages: the first copy of a larger folder is the 200-page folder itself, at the same
  // address (scaleFolder), so only what the folder's size changes (the navigation, the server's state) differs.
  const rpsUrl = baseline?.url || folder.urls[Math.floor(folder.urls.length / 2)]!;
  const rps = await requestsPerSecond(`${server.url}${rpsUrl}`);
  await server.stop();
  if (quiet) return { url: rpsUrl, rps };
  console.log(`${name}: listening after ${ms(listeningMs)}; every page once in both themes (${folder.urls.length * 2} requests, ${errors} not 200) in ${ms(servedMs)}`);
  console.log(`  right after listening: /guide in ${firstAnswers[0]}; a search in ${firstAnswers[1]}`);
  console.log(`  RSS of all processes, every 100 ms (${samples.length} samples): peak ${mb(peak)} (${peakParts.map((part) => `${part.name} ${mb(part.rss)}`).join(", ")}), ${over} samples over the budget; completion: ${completion}`);
  const { overHttp, atServer } = searchTimes;
  console.log(`  search over loopback HTTP: p50 ${overHttp.p50.toFixed(1)} ms, p95 ${overHttp.p95.toFixed(1)} ms, max ${overHttp.max.toFixed(1)} ms over ${overHttp.count} searches`);
  if (atServer) console.log(`  search at the server (Server-Timing): p50 ${atServer.p50.toFixed(1)} ms, p95 ${atServer.p95.toFixed(1)} ms, max ${atServer.max.toFixed(1)} ms`);
  console.log(`  one page from memory (${rpsUrl}): ${Math.round(rps)} req/s, ${((rps / (baseline?.rps ?? rps)) * 100).toFixed(0)}% of the same page at 200 pages (${Math.round(baseline?.rps ?? 0)} req/s)`);
  return { url: rpsUrl, rps };
}

/** `copies` of the generated folder; its pages' URLs. */
function scaleFolder(pages: number, images = 0) {
  const dir = fs.mkdtempSync(path.join(scratch, `docs-${pages}-`));
  const copies = Math.max(1, Math.round(pages / CORPUS_PAGES));
  const urls: string[] = [];
  for (let copy = 0; copy < copies; copy++) {
    const part = `part-${String(copy).padStart(3, "0")}`;
    const corpus = makeDocsCorpus(path.join(dir, part), copy + 1);
    urls.push(...corpus.pages.map((page) => page.url.replace(/^\/guide/, `/guide/${part}`)));
    fs.rmSync(path.join(dir, part, ".vitepress"), { recursive: true, force: true });
  }
  addImages(dir, images);
  return { dir, urls };
}

/** `count` files of a few bytes under assets/, a thousand to a folder. */
function addImages(dir: string, count: number) {
  for (let index = 0; index < count; index++) {
    const folder = path.join(dir, "assets", `screens-${String(Math.floor(index / 1000)).padStart(3, "0")}`);
    if (index % 1000 === 0) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `screenshot-of-the-dialog-${String(index % 1000).padStart(4, "0")}.png`), "png");
  }
}

function describeFolder({ dir }: { dir: string }) {
  let markdown = 0;
  let bytes = 0;
  let other = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (entry.name.endsWith(".md")) {
      markdown++;
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    } else other++;
  }
  return `${markdown} Markdown files (${(bytes / MB).toFixed(0)} MB) and ${other} other files`;
}

async function waitForListening(running: ReturnType<typeof spawnServer>, since: number): Promise<number | null> {
  for (;;) {
    if (running.process.exitCode !== null) return null;
    if (await fetch(`${running.url}/healthz`).then((response) => response.ok, () => false)) return performance.now() - since;
    if (performance.now() - since > START_DEADLINE_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The server's line saying the background completion is done (waiting for it if every page was served first). */
async function completionLine(server: ReturnType<typeof spawnServer>, pid: number): Promise<string> {
  const deadline = performance.now() + START_DEADLINE_MS;
  while (performance.now() < deadline) {
    const line = /Guide: (.* pages? ready in [\d.]+ s.*)/.exec(server.output())?.[1];
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return `not reported (pid ${pid})`;
}

/** How long one request took, and what it said of a first start still rendering ("… of N pages so far"), else "whole". */
async function timedAnswer(url: string): Promise<string> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip, br" } });
  const body = await response.text();
  const soFar = /(?:Results from|Descriptions of) ([\d,]+ of [\d,]+) pages so far/.exec(body)?.[1];
  return `${ms(performance.now() - started)} (${response.status}, ${soFar ? `${soFar} pages so far` : "whole"})`;
}

/** Each search's time over loopback HTTP, and the search's own time at the server (its Server-Timing). */
async function searchTimesMs(url: string) {
  const overHttp: number[] = [];
  const atServer: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const query of SEARCHES) {
      const started = performance.now();
      const response = await fetch(`${url}/search.data?q=${encodeURIComponent(query)}`);
      await response.arrayBuffer();
      overHttp.push(performance.now() - started);
      const duration = /search;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
      if (duration !== undefined) atServer.push(Number(duration));
    }
  }
  return { overHttp: percentiles(overHttp), atServer: atServer.length > 0 ? percentiles(atServer) : null };
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)!, count: sorted.length };
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: 10, headers: { "Accept-Encoding": "gzip, br", Cookie: "theme=dark" } });
  return result.requests.average;
}

async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

function ms(value: number) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function mb(bytes: number) {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
