import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { decode, encode } from "cborg";

/**
 * Pagefind's index chunks, cut smaller. Its indexer cuts each index's
 * words, in order, into chunks of 20,000 word positions (a constant in its
 * code, not an option), about 30 KB compressed on long pages, and a search
 * fetches the chunk that holds each of its words from every part of the
 * index. On the generated 5,000-page folder that was 158-222 KB of a
 * search's 225-354 KB (BENCHMARKS.md). Each chunk is cut again here into
 * chunks of CHUNK_POSITIONS, and each part's metadata, which names every
 * chunk by its first and last words, lists those instead; the browser's
 * search (Pagefind's own) then fetches the small chunk its word is in.
 *
 * The files are Pagefind's: gzip of a signature and then CBOR, which is
 * decoded and encoded again unchanged but for the list of chunks (the same
 * bytes, for an index left whole: search-index-chunks.test.ts). A word
 * with more positions than that stays whole, in a chunk of its own. The
 * format is Pagefind 1.6's (the package is pinned to it); anything else
 * leaves the index as Pagefind wrote it, and `build` says so.
 */
export const CHUNK_POSITIONS = 2_000;
const SHARED_AT_A_CUT = 2;

const SIGNATURE = Buffer.from("pagefind_dcd");
/** The part of Pagefind's metadata that lists the chunks: [first word, last word, name]. */
const CHUNK_LIST = 2;

/** A file of Pagefind's, as `getFiles` gives it. */
export type IndexFile = { path: string; content: Uint8Array };
/** A word of a chunk: the word, then for each page it is on, the page's number and the word's positions there. */
type IndexWord = [string, [number, number[], ...unknown[]][], ...unknown[]];
type ChunkName = [from: string, to: string, name: string];

export class UnknownIndexFormat extends Error {}

/** Pagefind's entry file read as JSON; null when it is not JSON. */
function entryOf(file: IndexFile): { languages?: Record<string, { hash?: unknown }> } | null {
  try {
    return JSON.parse(Buffer.from(file.content).toString("utf8")) as { languages?: Record<string, { hash?: unknown }> } | null;
  } catch {
    return null;
  }
}

/**
 * Pagefind's files for one index (`getFiles`), with its word chunks cut to
 * at most `positions` each; throws UnknownIndexFormat, having changed
 * nothing, where they are not in the format this knows.
 */
export function withSmallerChunks(files: readonly IndexFile[], positions = CHUNK_POSITIONS): IndexFile[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const entryFile = byPath.get("pagefind-entry.json");
  if (!entryFile) throw new UnknownIndexFormat("no pagefind-entry.json");
  const entry = entryOf(entryFile);
  if (typeof entry?.languages !== "object" || entry.languages === null) throw new UnknownIndexFormat("pagefind-entry.json is not JSON that lists languages");

  const replaced = new Set<string>(["pagefind-entry.json"]);
  const added: IndexFile[] = [];
  for (const [language, described] of Object.entries(entry.languages)) {
    const metaPath = `pagefind.${String(described.hash)}.pf_meta`;
    const meta = decoded(byPath.get(metaPath), metaPath);
    const listed: unknown = Array.isArray(meta) ? meta[CHUNK_LIST] : null;
    if (!Array.isArray(meta) || !Array.isArray(listed) || !listed.every(isChunkName)) throw new UnknownIndexFormat(`${metaPath} lists its chunks in another form`);
    const names: ChunkName[] = [];
    for (const [from, to, name] of listed) {
      const chunkPath = `index/${name}.pf_index`;
      const chunk = decoded(byPath.get(chunkPath), chunkPath);
      if (!Array.isArray(chunk) || chunk.length !== 1 || !Array.isArray(chunk[0]) || !chunk[0].every(isIndexWord)) {
        throw new UnknownIndexFormat(`${chunkPath} holds its words in another form`);
      }
      const pieces = cut(chunk[0], positions);
      const bounds = boundsOf(pieces, from, to);
      pieces.forEach((piece, index) => {
        const { content, hash } = encoded([piece]);
        added.push({ path: `index/${language}_${hash}.pf_index`, content });
        names.push([...bounds[index]!, `${language}_${hash}`]);
      });
      replaced.add(chunkPath);
    }
    meta[CHUNK_LIST] = names;
    const { content, hash } = encoded(meta);
    added.push({ path: `pagefind.${language}_${hash}.pf_meta`, content });
    replaced.add(metaPath);
    described.hash = `${language}_${hash}`;
  }
  const newEntry = { path: "pagefind-entry.json", content: Buffer.from(JSON.stringify(entry)) };
  return [...files.filter((file) => !replaced.has(file.path)), newEntry, ...added];
}

/**
 * The words in order, cut once a piece has reached `positions` (each page a
 * word is on counts one more, as Pagefind counts), at the next place where
 * the words on either side share at most SHARED_AT_A_CUT letters. A search
 * for the start of a word ("config") fetches one chunk and finds the
 * words there that begin with it ("configs", "configure"): a cut between
 * words that share a longer start would hide those past it.
 */
function cut(words: readonly IndexWord[], positions: number): IndexWord[][] {
  const pieces: IndexWord[][] = [];
  let piece: IndexWord[] = [];
  let size = 0;
  for (const word of words) {
    if (size >= positions && sharedStart(piece.at(-1)![0], word[0]) <= SHARED_AT_A_CUT) {
      pieces.push(piece);
      piece = [];
      size = 0;
    }
    piece.push(word);
    size += word[1].reduce((sum, page) => sum + page[1].length + 1, 0);
  }
  pieces.push(piece);
  return pieces;
}

/** How many letters `a` and `b` begin with alike. */
function sharedStart(a: string, b: string): number {
  const [first, second] = [[...a], [...b]];
  let shared = 0;
  while (shared < first.length && shared < second.length && first[shared] === second[shared]) shared++;
  return shared;
}

/**
 * Each piece's first and last word as the metadata names them: the chunk's
 * own at its ends, and between two pieces the shortest prefixes that tell
 * the last word of one from the first of the next ("app" and "apr" for
 * "apple" and "apricot"), as Pagefind names its chunks.
 */
function boundsOf(pieces: readonly IndexWord[][], from: string, to: string): [string, string][] {
  const bounds = pieces.map((): [string, string] => ["", ""]);
  bounds[0]![0] = from;
  bounds.at(-1)![1] = to;
  for (let index = 0; index < pieces.length - 1; index++) {
    const [last, next] = [pieces[index]!.at(-1)![0], pieces[index + 1]![0]![0]];
    const common = sharedStart(last, next);
    bounds[index]![1] = [...last].slice(0, common + 1).join("");
    bounds[index + 1]![0] = [...next].slice(0, common + 1).join("");
  }
  return bounds;
}

function decoded(file: IndexFile | undefined, path: string): unknown {
  if (!file) throw new UnknownIndexFormat(`no ${path}`);
  let body: Buffer;
  try {
    body = zlib.gunzipSync(file.content);
    if (body.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return decode(body.subarray(SIGNATURE.length));
  } catch (error) {
    throw new UnknownIndexFormat(`${path} cannot be read (${(error as Error).message})`);
  }
  throw new UnknownIndexFormat(`${path} does not begin with Pagefind's signature`);
}

/** Compressed as Pagefind's files are, and named by what they hold, so that a host's cache never serves an older one. */
function encoded(value: unknown): { content: Uint8Array; hash: string } {
  const body = Buffer.concat([SIGNATURE, encode(value)]);
  return { content: zlib.gzipSync(body, { level: 9 }), hash: createHash("sha256").update(body).digest("hex").slice(0, 10) };
}

function isChunkName(value: unknown): value is ChunkName {
  return Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === "string");
}

function isIndexWord(value: unknown): value is IndexWord {
  return (
    Array.isArray(value) &&
    typeof value[0] === "string" &&
    Array.isArray(value[1]) &&
    value[1].every((page: unknown) => Array.isArray(page) && typeof page[0] === "number" && Array.isArray(page[1]))
  );
}
