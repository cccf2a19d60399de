import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RenderResult } from "../../render/render-page.server";
// With its extension: scripts/bench-page-cache.ts and a test's child process run this file under Node itself.
import { decodeEntry, encodeEntry } from "./page-entry.server.ts";
import { makeFolder } from "../../load/make-folder.server.ts";

/**
 * Rendered pages on disk, so that a restarted server serves every page it
 * rendered before without rendering it again, and a folder of 50,000 pages
 * need not be held in memory. An entry is found by its key (page-keys.server.ts:
 * a hash of the page's content and the renderer's version): a changed page
 * or renderer asks for another key, and an entry whose links now lead
 * elsewhere is rendered again by the caller and rewritten. Entries are
 * never removed here; a folder of old keys is removed whole by whoever
 * owns it.
 *
 * Layout: <folder>/pages-v<FORMAT>/<key[0..2]>/<key>, 256 folders of a few
 * hundred entries each for 50,000 pages. An entry is brotli-compressed
 * (page-entry.server.ts: a line of JSON, then the HTML). Brotli at quality 5
 * against gzip on the rendered pages of the generated docs folder
 * (scripts/bench-page-cache.ts): as fast to decompress within the noise
 * (what a restart does for every page; the trip to the thread pool costs
 * more than the decoding), 7% smaller on those pages and 23% on pages four
 * times as long, 1–3 ms to compress one.
 *
 * Several servers may share a folder: an entry is written to a file of its
 * own and renamed over the entry, so a reader finds the old entry, the new
 * one or none, never half of one.
 */
export type DiskPageCache = {
  /** The result stored under this key, or undefined (absent, corrupt, written by another format, or the cache is off). Never rejects. */
  get(key: string): Promise<RenderResult | undefined>;
  /** Stores it; never rejects. A cache that cannot be written warns once and from then on only reads. */
  set(key: string, result: RenderResult): Promise<void>;
  readonly folder: string;
};

/** The file system calls the cache makes: a test hands in one that fails as a full disk does. */
export type PageCacheFileSystem = Pick<typeof fs.promises, "readFile" | "writeFile" | "mkdir" | "rename" | "rm">;

export type DiskPageCacheOptions = {
  warn: (message: string) => void;
  /** Told instead, once, when the folder cannot be written at all: the guide's one warning for its cache folder (docs-folder-cache.server.ts). */
  cannotWrite?: (code: string) => void;
  fileSystem?: PageCacheFileSystem;
};

/**
 * Raised when the layout or the entry's encoding changes: entries of another
 * format are not even looked at. 2: an entry carries the links its page
 * resolved, and is keyed by the page alone.
 */
export const PAGE_CACHE_FORMAT = 2;
const KEY = /^[0-9a-f]{64}$/;
/** A page whose entry would decompress to more is not kept; a file that would is refused, not read into memory. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
/** Errors that say the folder cannot be written at all, now or soon: nothing more is tried. */
const CANNOT_WRITE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "ENOSPC", "EDQUOT"]);

const compress = promisify(zlib.brotliCompress);
const decompress = promisify(zlib.brotliDecompress);

/**
 * The async API fills one output chunk at a time, each a trip to the
 * thread pool; with the default 16 KB, decompressing a page took twice as
 * long as with one chunk for all of it. Sized for the output expected:
 * brotli shrinks these entries about five times.
 */
function chunkBytesFor(expectedOutputBytes: number): number {
  return Math.ceil(Math.min(16 * 1024 * 1024, Math.max(64 * 1024, expectedOutputBytes)));
}

export function openDiskPageCache(folder: string, options: DiskPageCacheOptions): DiskPageCache {
  const files = options.fileSystem ?? fs.promises;
  const pagesFolder = path.join(folder, `pages-v${PAGE_CACHE_FORMAT}`);
  const entryFile = (key: string) => path.join(pagesFolder, key.slice(0, 2), key);
  // Fan-out folders known to exist: made once, not before every write.
  const madeFolders = new Set<string>();
  let writable = true;
  let warnedOfOtherError = false;

  async function read(key: string): Promise<RenderResult | undefined> {
    const compressed = await files.readFile(entryFile(key));
    const bytes = await decompress(compressed, { maxOutputLength: MAX_ENTRY_BYTES, chunkSize: chunkBytesFor(compressed.length * 8) });
    return decodeEntry(PAGE_CACHE_FORMAT, key, bytes);
  }

  async function write(key: string, result: RenderResult): Promise<void> {
    const bytes = encodeEntry(PAGE_CACHE_FORMAT, key, result);
    if (bytes.length > MAX_ENTRY_BYTES) return;
    const compressed = await compress(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
      chunkSize: chunkBytesFor(bytes.length / 4),
    });
    const file = entryFile(key);
    const entryFolder = path.dirname(file);
    if (!madeFolders.has(entryFolder)) {
      await makeFolder(entryFolder, (level) => files.mkdir(level));
      madeFolders.add(entryFolder);
    }
    // Beside the entry, so the rename stays on one file system and is atomic.
    const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
    try {
      await files.writeFile(temporary, compressed, { flag: "wx" });
      await files.rename(temporary, file);
    } catch (error) {
      await files.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  function failedToWrite(error: unknown) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code && CANNOT_WRITE.has(code)) {
      writable = false;
      if (options.cannotWrite) options.cannotWrite(code);
      else options.warn(`Page cache ${folder}: cannot write (${code}); pages are rendered on demand`);
      return;
    }
    // Anything else (a fan-out folder removed meanwhile, an I/O error) may not
    // last: said once, and the next write tries again from the folder up.
    madeFolders.clear();
    if (warnedOfOtherError) return;
    warnedOfOtherError = true;
    options.warn(`Page cache ${folder}: could not write an entry (${code ?? String(error)}); trying again with the next page`);
  }

  return {
    folder,
    async get(key) {
      if (!KEY.test(key)) return undefined;
      // Absent, unreadable, corrupt or hostile: all the same to the caller, who renders the page.
      return read(key).catch(() => undefined);
    },
    async set(key, result) {
      if (!writable || !KEY.test(key)) return;
      try {
        await write(key, result);
      } catch (error) {
        // Writes already under way when the first failed fail too: one warning.
        if (writable) failedToWrite(error);
      }
    },
  };
}
