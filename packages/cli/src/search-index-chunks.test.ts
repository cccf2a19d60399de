import zlib from "node:zlib";
import { decode } from "cborg";
import * as pagefind from "pagefind";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UnknownIndexFormat, withSmallerChunks } from "./search-index-chunks.ts";

type IndexFile = { path: string; content: Uint8Array };
type Word = [string, [number, number[], ...unknown[]][], ...unknown[]];
type Chunk = [from: string, to: string, name: string];

/** Words that begin alike, as a real folder's do, among others that do not. */
const VOCABULARY = [
  ...["con", "cone", "config", "configs", "configure", "configured", "configuration", "connect", "connection", "container", "content", "control"],
  ...["deploy", "deployed", "deployment", "depth", "retry", "retries", "return", "timeout", "time", "timer", "tide", "tidal", "harbour", "harbours"],
  ...Array.from({ length: 120 }, (_, index) => `${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}nder`),
];

/** Pagefind's own files for 40 pages of those words, each page a different draw. */
async function pagefindFiles(): Promise<IndexFile[]> {
  const { index } = await pagefind.createIndex({});
  for (let page = 0; page < 40; page++) {
    const words = Array.from({ length: 150 }, (_, n) => VOCABULARY[(page * 7 + n * n * 3 + n) % VOCABULARY.length]).join(" ");
    await index!.addCustomRecord({ url: `/guide/page-${page}`, content: words, language: "en", meta: { title: `Page ${page}` } });
  }
  const { files } = await index!.getFiles();
  return files.map(({ path, content }) => ({ path, content: Buffer.from(content) }));
}

const body = (file: IndexFile) => decode(zlib.gunzipSync(file.content).subarray("pagefind_dcd".length)) as unknown[];
const fileAt = (files: IndexFile[], path: string) => files.find((file) => file.path === path)!;
const metaOf = (files: IndexFile[]) => {
  const { languages } = JSON.parse(Buffer.from(fileAt(files, "pagefind-entry.json").content).toString()) as { languages: { en: { hash: string } } };
  return body(fileAt(files, `pagefind.${languages.en.hash}.pf_meta`));
};
const chunksOf = (files: IndexFile[]) => metaOf(files)[2] as Chunk[];
const wordsIn = (files: IndexFile[], chunk: Chunk) => (body(fileAt(files, `index/${chunk[2]}.pf_index`))[0] as Word[]);
/** How many letters `a` and `b` begin with alike. */
const sharedLetters = (a: string, b: string) => {
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return shared;
};
const positionsOf = (word: Word) => word[1].reduce((sum, page) => sum + page[1].length + 1, 0);

/** The chunk Pagefind's search fetches for a word (pagefind_web's request_indexes): one whose bounds hold it, else one whose bounds hold its start. */
function chunkFetchedFor(term: string, chunks: readonly Chunk[]): Chunk | undefined {
  return (
    chunks.find(([from, to]) => term >= from && term <= to) ??
    chunks.find(([from, to]) => term.slice(0, Math.min(term.length, from.length)) >= from.slice(0, term.length) && term.slice(0, Math.min(term.length, to.length)) <= to.slice(0, term.length))
  );
}

let original: IndexFile[];
let cut: IndexFile[];
beforeAll(async () => {
  original = await pagefindFiles();
  cut = withSmallerChunks(original, 100);
}, 60_000);
afterAll(() => pagefind.close());

describe("the search index in smaller chunks", () => {
  test("holds every word with the same pages and positions, in the same order, in more and smaller chunks", () => {
    const before = chunksOf(original).flatMap((chunk) => wordsIn(original, chunk));
    const after = chunksOf(cut).flatMap((chunk) => wordsIn(cut, chunk));
    expect(after).toEqual(before);
    // Pagefind's one chunk of these 40 pages (20,000 positions to a chunk), and ours of 100.
    expect(chunksOf(original)).toHaveLength(1);
    expect(chunksOf(cut).length).toBeGreaterThan(10);
    for (const chunk of chunksOf(cut)) {
      // Cut at the first place it could be once it held 100 positions: between words that share at most two letters.
      const words = wordsIn(cut, chunk);
      let positions = 0;
      for (let index = 0; index < words.length - 1; index++) {
        positions += positionsOf(words[index]!);
        if (sharedLetters(words[index]![0], words[index + 1]![0]) <= 2) expect(positions).toBeLessThan(100);
      }
    }
  });

  test("every word is in the chunk the browser's search fetches for it, and so is every word that begins with three or more of its letters", () => {
    const chunks = chunksOf(cut);
    const all = chunks.flatMap((chunk) => wordsIn(cut, chunk).map((word) => word[0]));
    for (const word of all) {
      expect(wordsIn(cut, chunkFetchedFor(word, chunks)!).map(([text]) => text)).toContain(word);
      for (let length = 3; length < word.length; length++) {
        const start = word.slice(0, length);
        const fetched = wordsIn(cut, chunkFetchedFor(start, chunks)!).map(([text]) => text);
        expect(fetched, `searching "${start}"`).toEqual(expect.arrayContaining(all.filter((other) => other.startsWith(start))));
      }
    }
  });

  test("keeps the rest of Pagefind's files, and names the new ones by what they hold, the metadata too", () => {
    const paths = (files: IndexFile[]) => files.map((file) => file.path);
    expect(paths(cut).filter((path) => path.startsWith("fragment/"))).toEqual(paths(original).filter((path) => path.startsWith("fragment/")));
    expect(paths(cut).filter((path) => /^index\/|\.pf_meta$/.test(path)).some((path) => paths(original).includes(path))).toBe(false);
    // The metadata differs only in its list of chunks: its pages are Pagefind's.
    expect(metaOf(cut).toSpliced(2, 1)).toEqual(metaOf(original).toSpliced(2, 1));
    expect(withSmallerChunks(original, 100).map((file) => file.path).sort()).toEqual(paths(cut).sort());
  });

  test("an index it does not know the form of is refused whole, not half changed", () => {
    const foreign = original.map((file) => (file.path.endsWith(".pf_meta") ? { ...file, content: zlib.gzipSync(Buffer.from("pagefind_dcd not cbor")) } : file));
    expect(() => withSmallerChunks(foreign, 100)).toThrow(UnknownIndexFormat);
    expect(() => withSmallerChunks(original.filter((file) => file.path !== "pagefind-entry.json"), 100)).toThrow(UnknownIndexFormat);
    const notJson = original.map((file) => (file.path === "pagefind-entry.json" ? { ...file, content: Buffer.from("{ not json") } : file));
    expect(() => withSmallerChunks(notJson, 100)).toThrow(UnknownIndexFormat);
  });
});
