/**
 * npm run bench:docs-scale [-- --copies 25]
 * The bad-input end of issue 10's sizes, on the production build:
 * - a folder of 5,000 Markdown pages (25 copies of the generated 200-page
 *   docs folder, each under a folder of its own, with their images): the
 *   time from process start to listening and to the first page; the
 *   server's RSS (with its render worker) then, at its peak while every page
 *   is rendered in the background, and once the worker has ended; then every
 *   page served once (the pages the memory budget dropped are rendered again);
 * - a folder holding one 5 MB Markdown file: how fast and with what message
 *   the server refuses it.
 * Prints figures; needs a build (`npm run build`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { makeDocsCorpus } from "./make-docs-corpus.ts";
import { backgroundRenderingDone, freePort, rssBytes, spawnServer, treeRssBytes } from "./start-server.ts";

const { values } = parseArgs({ options: { copies: { type: "string", default: "25" } } });
const copies = Number(values.copies);
const MB = 1000 * 1000;
const START_DEADLINE_MS = 600_000;

if (!fs.existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-scale-"));
process.on("exit", () => fs.rmSync(scratch, { recursive: true, force: true }));

// 1. Thousands of pages.
const large = path.join(scratch, "large");
const urls: string[] = [];
for (let copy = 0; copy < copies; copy++) {
  const part = `part-${String(copy).padStart(2, "0")}`;
  const corpus = makeDocsCorpus(path.join(large, part), copy + 1);
  urls.push(...corpus.pages.map((page) => page.url.replace(/^\/guide/, `/guide/${part}`)));
}
const listed = countFiles(large);
console.log(`Folder: ${listed.markdown} Markdown files (${(listed.markdownBytes / MB).toFixed(1)} MB) and ${listed.other} other files, ${copies} copies of the generated docs folder`);

const port = await freePort();
const started = performance.now();
const server = spawnServer(port, { CONTENT_DIR: large });
const listeningMs = await waitForListening(server, started);
if (listeningMs === null) {
  const output = server.output().trim();
  console.log(server.process.exitCode === null ? `Not listening after ${ms(START_DEADLINE_MS)}:\n${output}` : `Refused at start:\n${output}`);
  await server.stop("SIGKILL");
} else {
  const first = await fetch(`${server.url}${urls[0]}`);
  const firstPageMs = performance.now() - started;
  console.log(`Start → listening: ${ms(listeningMs)}; → first page (${first.status}): ${ms(firstPageMs)}`);
  const pid = server.process.pid!;
  console.log(`RSS after start (server + render worker): ${mb(treeRssBytes(pid) ?? 0)}`);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid) ?? 0)), 250);
  const backgroundStarted = performance.now();
  const done = await backgroundRenderingDone(server, pid, START_DEADLINE_MS);
  clearInterval(sampler);
  console.log(`Background rendering: ${done} (waited ${ms(performance.now() - backgroundStarted)}); peak RSS meanwhile: ${mb(peak)}; RSS after: ${mb(rssBytes(pid) ?? 0)}`);
  const servedAt = performance.now();
  let failures = 0;
  await inParallel(urls, 8, async (url) => {
    const response = await fetch(`${server.url}${url}`);
    await response.arrayBuffer();
    if (response.status !== 200) failures++;
  });
  console.log(`Every page once (${urls.length}, ${failures} not 200): ${ms(performance.now() - servedAt)}; RSS then (server + render worker): ${mb(treeRssBytes(pid) ?? 0)}`);
  await backgroundRenderingDone(server, pid, 30_000);
  console.log(`RSS once the worker has ended again: ${mb(rssBytes(pid) ?? 0)}`);
  await server.stop();
}

// 2. One 5 MB page.
const huge = path.join(scratch, "huge");
fs.mkdirSync(huge);
const paragraph = "Every lantern in the harbour is checked before the bell rings twice, and the keeper writes it down.\n\n";
fs.writeFileSync(path.join(huge, "index.md"), `# Changelog\n\n${paragraph.repeat(Math.ceil((5 * MB) / paragraph.length))}`);
const hugeStarted = performance.now();
const refused = spawnServer(await freePort(), { CONTENT_DIR: huge });
const code = await new Promise<number | null>((resolve) => refused.process.on("exit", resolve));
console.log(
  `A 5 MB Markdown file: exit code ${code} after ${ms(performance.now() - hugeStarted)}, saying:\n  ${refused.output().trim().split("\n").slice(0, 3).join("\n  ")}`,
);

async function waitForListening(running: ReturnType<typeof spawnServer>, since: number): Promise<number | null> {
  for (;;) {
    if (running.process.exitCode !== null) return null;
    const up = await fetch(`${running.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return performance.now() - since;
    if (performance.now() - since > START_DEADLINE_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function countFiles(folder: string) {
  const counts = { markdown: 0, markdownBytes: 0, other: 0 };
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes(`${path.sep}.`)) continue;
    if (entry.name.endsWith(".md")) {
      counts.markdown++;
      counts.markdownBytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    } else counts.other++;
  }
  return counts;
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
  return `${Math.round(bytes / MB)} MB`;
}
