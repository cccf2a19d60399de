/**
 * node scripts/bench-page-cache.ts [--entries 2000] [--glue 1]
 * The disk cache of rendered pages (app/guide/service/page-cache/disk-page-cache.server.ts),
 * on real render results: the 200 pages of the generated docs folder
 * (make-docs-corpus.ts), rendered by renderPage with no link targets (so
 * every link is reported broken, as a worst case for brokenHrefs), each
 * written under several keys up to --entries. --glue N makes each entry N
 * pages' worth of HTML, for longer pages than the generated folder's.
 * Prints, with no assertions:
 * - gzip against brotli on the same entries, one at a time: bytes, compress
 *   and decompress time through the async API the cache uses, and the
 *   decoding alone through the sync API, steadier on a busy machine (what
 *   chose the cache's brotli quality 5), and what reading a decompressed
 *   entry back costs as the cache lays it out and as one JSON document;
 * - the cache: bytes per entry on disk (and in blocks), write throughput,
 *   get (read + decompress + parse + shape check) p50/p95 per entry in a
 *   random order, and all entries read one after another and 4 at a time,
 *   as a restart reads them. The files were just written, so they come
 *   from the OS's page cache, not the disk.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import zlib from "node:zlib";
import { runnerImport } from "vite";
import { openDiskPageCache, PAGE_CACHE_FORMAT } from "../app/guide/service/page-cache/disk-page-cache.server.ts";
import { decodeEntry, encodeEntry } from "../app/guide/service/page-cache/page-entry.server.ts";
import type * as RenderPageModule from "../app/guide/render/render-page.server.ts";
import type { RenderResult } from "../app/guide/render/render-page.server.ts";
import { makeDocsCorpus } from "./make-docs-corpus.ts";

const { values } = parseArgs({ options: { entries: { type: "string", default: "2000" }, glue: { type: "string", default: "1" } } });
const entryCount = Number(values.entries);
const glue = Number(values.glue);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-page-cache-"));
try {
  const results = await renderCorpus(path.join(work, "docs"));
  const entries = glued(results, glue);
  const jsonSizes = entries.map((result) => Buffer.byteLength(JSON.stringify(result))).sort((a, b) => a - b);
  console.log(`\n${os.cpus().length} cores, Node ${process.version}; ${entries.length} distinct results, JSON ${kb(jsonSizes[0]!)}–${kb(jsonSizes.at(-1)!)} KB, median ${kb(percentile(jsonSizes, 0.5))} KB\n`);
  await compareCompression(entries);
  await measureCache(path.join(work, "cache"), entries);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

async function renderCorpus(folder: string): Promise<RenderResult[]> {
  const corpus = makeDocsCorpus(folder);
  // Through Vite: the renderer's modules import each other without extensions, which Node alone does not resolve.
  const { module } = await runnerImport<typeof RenderPageModule>(new URL("../app/guide/render/render-page.server.ts", import.meta.url).pathname, { configFile: false, logLevel: "silent" });
  const targets = { pages: new Map(), folders: new Map(), pageUrls: new Set<string>(), files: new Map() };
  const started = performance.now();
  const results: RenderResult[] = [];
  for (const page of corpus.pages) {
    const markdown = fs.readFileSync(path.join(folder, page.relativePath), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
    results.push(await module.renderPage({ relativePath: page.relativePath, url: page.url, markdown, title: page.title, description: null, home: null }, targets));
  }
  console.log(`rendered ${results.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

/** Each entry the HTML, headings and sections of `count` pages in a row. */
function glued(results: RenderResult[], count: number): RenderResult[] {
  if (count <= 1) return results;
  const entries: RenderResult[] = [];
  for (let start = 0; start + count <= results.length; start += count) {
    const parts = results.slice(start, start + count);
    entries.push({
      ...parts[0]!,
      html: parts.map((part) => part.html).join("\n"),
      headings: parts.flatMap((part) => part.headings),
      brokenHrefs: parts.flatMap((part) => part.brokenHrefs),
      sections: parts.flatMap((part) => part.sections),
    });
  }
  return entries;
}

async function compareCompression(entries: RenderResult[]) {
  const key = "0".repeat(64);
  const jsons = entries.map((result) => encodeEntry(PAGE_CACHE_FORMAT, key, result));
  const rawBytes = jsons.reduce((sum, json) => sum + json.length, 0);
  const brotliAt = (quality: number) => ({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
  // Output chunks sized as the cache sizes them (one chunk for a whole page), for every way alike.
  const chunk = (expected: number) => ({ chunkSize: Math.ceil(Math.min(16 * 1024 * 1024, Math.max(64 * 1024, expected))) });
  const gzip = promisify(zlib.gzip), gunzip = promisify(zlib.gunzip);
  const brotli = promisify(zlib.brotliCompress), unbrotli = promisify(zlib.brotliDecompress);
  type Way = [string, (input: Buffer) => Promise<Buffer>, (input: Buffer) => Promise<Buffer>, (input: Buffer) => Buffer];
  const ways: Way[] = [
    ...[1, 6].map((level): Way => [
      `gzip level ${level}`,
      (input) => gzip(input, { level, ...chunk(input.length / 4) }),
      (input) => gunzip(input, chunk(input.length * 8)),
      (input) => zlib.gunzipSync(input, chunk(input.length * 8)),
    ]),
    ...[4, 5, 6].map((quality): Way => [
      `brotli quality ${quality}`,
      (input) => brotli(input, { ...brotliAt(quality), ...chunk(input.length / 4) }),
      (input) => unbrotli(input, chunk(input.length * 8)),
      (input) => zlib.brotliDecompressSync(input, chunk(input.length * 8)),
    ]),
  ];
  console.log("| way | ratio | bytes per entry | compress per entry | decompress per entry | the decoding alone (sync API) |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, compress, decompress, decompressSync] of ways) {
    // The best of three rounds after one to warm up the code and the thread pool: another process on the machine only slows a round.
    const best = { compress: Infinity, decompress: Infinity, decode: Infinity, bytes: 0 };
    for (let round = 0; round < 4; round++) {
      let started = performance.now();
      const compressed: Buffer[] = [];
      for (const json of jsons) compressed.push(await compress(json));
      const compressMs = performance.now() - started;
      started = performance.now();
      const decompressed: Buffer[] = [];
      for (const entry of compressed) decompressed.push(await decompress(entry));
      const decompressMs = performance.now() - started;
      started = performance.now();
      for (const entry of compressed) decompressSync(entry);
      const decodeMs = performance.now() - started;
      best.bytes = compressed.reduce((sum, entry) => sum + entry.length, 0);
      if (round === 0) continue;
      best.compress = Math.min(best.compress, compressMs);
      best.decompress = Math.min(best.decompress, decompressMs);
      best.decode = Math.min(best.decode, decodeMs);
    }
    const perEntry = (total: number) => ms(total / jsons.length);
    console.log(`| ${name} | ${(rawBytes / best.bytes).toFixed(2)} | ${kb(best.bytes / jsons.length)} KB | ${perEntry(best.compress)} | ${perEntry(best.decompress)} | ${perEntry(best.decode)} |`);
  }
  // What the decompressed entry costs to read back: the cache's line of JSON
  // and HTML, against the whole result as one JSON document.
  const wholeJsons = entries.map((result) => Buffer.from(JSON.stringify({ format: PAGE_CACHE_FORMAT, key, result })));
  const bestOf = (read: () => void) => Math.min(...[0, 1, 2, 3].map(() => {
    const started = performance.now();
    read();
    return (performance.now() - started) / entries.length;
  }));
  const asEntries = bestOf(() => jsons.forEach((bytes) => decodeEntry(PAGE_CACHE_FORMAT, key, bytes)));
  const asOneJson = bestOf(() => wholeJsons.forEach((bytes) => JSON.parse(bytes.toString("utf8"))));
  console.log(`\nreading a decompressed entry back: ${ms(asEntries)} as the cache lays it out (a line of JSON, then the HTML), ${ms(asOneJson)} as one JSON document\n`);
}

async function measureCache(folder: string, entries: RenderResult[]) {
  const keys = Array.from({ length: entryCount }, (_, index) => createHash("sha256").update(`entry ${index}`).digest("hex"));
  const writer = openDiskPageCache(folder, { warn: (message) => console.warn(message) });
  const started = performance.now();
  for (const [index, key] of keys.entries()) await writer.set(key, entries[index % entries.length]!);
  const writeSeconds = (performance.now() - started) / 1000;

  const files = keys.map((key) => fs.statSync(path.join(folder, `pages-v${PAGE_CACHE_FORMAT}`, key.slice(0, 2), key)));
  const diskBytes = files.reduce((sum, stat) => sum + stat.size, 0);
  const blockBytes = files.reduce((sum, stat) => sum + stat.blocks * 512, 0);
  const entryBytes = keys.reduce((sum, key, index) => sum + encodeEntry(PAGE_CACHE_FORMAT, key, entries[index % entries.length]!).length, 0);
  console.log(`${entryCount} entries written one after another: ${(entryCount / writeSeconds).toFixed(0)} entries/s, ${(entryBytes / 1e6 / writeSeconds).toFixed(1)} MB/s before compression`);
  console.log(`on disk: ${kb(diskBytes / entryCount)} KB per entry (${kb(blockBytes / entryCount)} KB in blocks), ${(diskBytes / 1e6).toFixed(1)} MB in all`);

  // A new cache, as after a restart. Each figure the best of three rounds, or
  // percentiles over all three: another process on the machine only slows a round.
  const reader = openDiskPageCache(folder, { warn: (message) => console.warn(message) });
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const key of [...keys].sort(() => Math.random() - 0.5)) {
      const before = performance.now();
      if (!(await reader.get(key))) throw new Error(`entry ${key} was not read back`);
      times.push(performance.now() - before);
    }
  }
  times.sort((a, b) => a - b);
  console.log(`get, one at a time in a random order: p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(times.at(-1)!)}`);

  for (const inFlight of [1, 4]) {
    let best = { seconds: Infinity, cpuMs: Infinity };
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      let next = 0;
      await Promise.all(Array.from({ length: inFlight }, async () => {
        while (next < keys.length) await reader.get(keys[next++]!);
      }));
      const seconds = (performance.now() - started) / 1000;
      if (seconds < best.seconds) best = { seconds, cpuMs: cpuMs(process.cpuUsage(cpuBefore)) };
    }
    const perEntry = (best.seconds * 1000) / entryCount;
    console.log(`all ${entryCount} entries read, ${inFlight} at a time: ${best.seconds.toFixed(2)} s (${perEntry.toFixed(3)} ms and ${(best.cpuMs / entryCount).toFixed(3)} ms of CPU per entry; ${((perEntry * 50_000) / 1000).toFixed(0)} s for 50,000)`);
  }
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}
function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
function ms(milliseconds: number): string {
  return `${milliseconds.toFixed(3)} ms`;
}
