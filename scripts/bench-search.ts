/**
 * node scripts/bench-search.ts [--sections 500000] [--queries 50] [--rounds 3] [--limit 51] [--file store.sqlite]
 * The search store (app/guide/search/search-store.server.ts) at the size of a
 * 50,000-page docs folder: builds a store in a temporary file from made-up
 * sections that look like docs (a vocabulary of a few thousand words drawn
 * with a Zipf-like distribution, code identifiers, ~10 sections a page,
 * ~150 words a section), then prints the build time, the file's size, the
 * process's RSS, and p50/p95/max over queries of several shapes (the best
 * of --rounds timings of each query), with --limit results (51: what the
 * results page asks for; 9: the header's results as you type).
 * With --file, the store is kept there, and a complete one found there is
 * queried without being built again.
 * Prints figures, asserts nothing. The same every run (a seeded PRNG).
 */
import fs from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRandom, type Random } from "./make-docs-corpus.ts";

const { values } = parseArgs({
  options: {
    sections: { type: "string", default: "500000" },
    queries: { type: "string", default: "50" },
    limit: { type: "string", default: "51" },
    file: { type: "string" },
    rounds: { type: "string", default: "3" },
  },
});
const sectionCount = Number(values.sections);
const queriesPerShape = Number(values.queries);
const limit = Number(values.limit);
const rounds = Number(values.rounds);

// The app's modules import one another without extensions, which Node's type stripping does not resolve: try `.ts`.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith(".")) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
const { openSearchStore } = (await import("../app/guide/search/search-store.server.ts")) as typeof import("../app/guide/search/search-store.server.ts");
type Section = Parameters<ReturnType<typeof openSearchStore>["putPage"]>[2][number];

const random = createRandom(500);
const vocabulary = makeVocabulary(random, 4000);
const STOP_WORDS = "the a to of and in is it for with that on as be by this from or are".split(" ");
// Zipf: the word of rank r is drawn with weight 1/r.
const cumulative: number[] = [];
vocabulary.reduce((sum, _, rank) => (cumulative[rank] = sum + 1 / (rank + 1)), 0);
const zipfWord = () => {
  const target = random.next() * cumulative.at(-1)!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low]!;
};
const identifier = () => {
  const parts = [zipfWord(), zipfWord(), random.chance(0.5) ? zipfWord() : ""].filter(Boolean);
  return random.chance(0.5) ? parts.map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join("") : parts.join("_");
};
const sentence = (words: number) =>
  Array.from({ length: words }, () => (random.chance(0.35) ? random.pick(STOP_WORDS) : random.chance(0.05) ? identifier() : zipfWord())).join(" ") + ".";
const heading = () => Array.from({ length: random.int(1, 4) }, zipfWord).join(" ");

function pageSections(page: number): Section[] {
  const url = `/guide/part-${Math.floor(page / 1000)}/page-${page}`;
  const pageTitle = heading();
  let h2: string | null = null;
  return Array.from({ length: random.int(6, 14) }, (_, index) => {
    const text = Array.from({ length: 10 }, () => sentence(random.int(8, 22))).join(" ");
    if (index === 0) return { url, pageTitle, sectionTitle: null, parentTitle: null, context: "", text };
    const sectionTitle = heading();
    const isH3 = h2 !== null && random.chance(0.4);
    if (!isH3) h2 = sectionTitle;
    return { url: `${url}#section-${index}`, pageTitle, sectionTitle, parentTitle: isH3 ? h2 : null, context: [pageTitle, isH3 ? h2 : null].filter(Boolean).join(" "), text };
  });
}

const file = values.file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-")), "search.sqlite");
if (values.file === undefined) process.on("exit", () => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
const store = openSearchStore(file);
if (store.isComplete()) console.log(`Querying the store already in ${file}`);
else build();

function build() {
  const building = performance.now();
  const pagePaths = new Set<string>();
  let written = 0;
  for (let page = 0; written < sectionCount; page++) {
    const sections = pageSections(page).slice(0, sectionCount - written);
    store.putPage(`page-${page}.md`, "key", sections);
    pagePaths.add(`page-${page}.md`);
    written += sections.length;
  }
  // As a server does once every page is in: nothing to delete, but every page's path is read.
  store.keepOnly(pagePaths);
  store.markComplete();
  const buildMs = performance.now() - building;
  const fileBytes = ["", "-wal"].reduce((sum, suffix) => sum + (fs.statSync(file + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
  console.log(`Built ${written} sections (${pagePaths.size} pages) in ${(buildMs / 1000).toFixed(1)} s; file ${mb(fileBytes)}; RSS ${mb(process.memoryUsage().rss)}`);
}

// Queries from a PRNG of their own: the same whether or not the store was built in this run.
const queryRandom = createRandom(501);
const pick = (from: number, to: number) => vocabulary[queryRandom.int(from, to)]!;
const typoCandidates = vocabulary.slice(20, 2000).filter((word) => word.length >= 6);
/** One letter left out, two swapped or one replaced, never the first. */
const typo = (word: string) => {
  const at = queryRandom.int(1, word.length - 2);
  return queryRandom.pick([
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
    () => word.slice(0, at) + queryRandom.pick([..."aeiourstln"]) + word.slice(at + 1),
  ])();
};
const shapes: Array<[string, () => string]> = [
  ["one common word", () => pick(0, 20)],
  ["one rare word", () => pick(1000, 3999)],
  ["two words", () => `${pick(10, 500)} ${pick(10, 500)}`],
  ["a prefix being typed", () => {
    const word = pick(0, 1000);
    return word.slice(0, queryRandom.int(2, Math.max(2, word.length - 1)));
  }],
  ["a typo", () => typo(queryRandom.pick(typoCandidates))],
  ["a 5-word question", () => `how do I ${pick(5, 300)} the ${pick(5, 300)} ${pick(5, 300)} with ${pick(50, 1500)} ${pick(50, 1500)}`],
];

const reader = openSearchStore(file);
for (const [, make] of shapes) for (let i = 0; i < 5; i++) reader.index.search(make()); // warm-up
// Each query is timed in every round and its fastest time kept: on a machine busy with other work, a
// query's time is otherwise as much the neighbours' as its own. CPU: the process's CPU time for the call.
const all: number[] = [];
const allCpu: number[] = [];
for (const [shape, make] of shapes) {
  const queries = Array.from({ length: queriesPerShape }, make);
  const timings = queries.map(() => Infinity);
  const cpuTimings = queries.map(() => Infinity);
  let empty = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [index, query] of queries.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const results = reader.index.search(query, { limit });
      timings[index] = Math.min(timings[index]!, performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuTimings[index] = Math.min(cpuTimings[index]!, (cpu.user + cpu.system) / 1000);
      if (round === 0 && results.length === 0) empty++;
    }
  }
  const slowest = queries[timings.indexOf(Math.max(...timings))];
  all.push(...timings);
  allCpu.push(...cpuTimings);
  console.log(`${shape.padEnd(22)} ${percentiles(timings)} | CPU ${percentiles(cpuTimings)}  (${empty} of ${queries.length} found nothing; slowest: "${slowest}")`);
}
console.log(`${"all".padEnd(22)} ${percentiles(all)} | CPU ${percentiles(allCpu)}; RSS ${mb(process.memoryUsage().rss)}; load average ${os.loadavg()[0]!.toFixed(1)}`);
reader.close();
store.close();

function makeVocabulary(random: Random, size: number): string[] {
  const common = (
    "config server page cache route theme build deploy plugin option request response client module error file folder " +
    "version user token session query search index image link header content render template style component event " +
    "handler import export function value default setting release update install database table field schema record " +
    "stream worker queue process memory network proxy domain port host path environment variable secret key access " +
    "permission role policy account project workspace package dependency script command output input format layout " +
    "navigation sidebar footer markdown heading section paragraph list code block example test debug log metric trace " +
    "monitor alert backup restore migration upgrade feature flag limit timeout retry storage bucket region cluster node"
  ).split(" ");
  const syllables = "ka lo mi ne ru sa to vi ze pa qua tri bel con dor fen gal hin jor lum mar nos pel ric sto ven wil".split(" ");
  const words = new Set(common);
  while (words.size < size) words.add(Array.from({ length: random.int(2, 4) }, () => random.pick(syllables)).join(""));
  // The real-looking words among the most common, as in docs; the made-up ones spread over every rank.
  const rest = [...words].slice(common.length);
  const top = rest.slice(0, 400).concat(common);
  for (let i = top.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [top[i], top[j]] = [top[j]!, top[i]!];
  }
  return top.concat(rest.slice(400));
}

function percentiles(timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}
