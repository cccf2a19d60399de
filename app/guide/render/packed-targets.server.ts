import type { UrlLookups, UrlTargets } from "./resolve-url.server";

/**
 * The folder's link targets as a render worker is sent them: each table's
 * keys joined in one string in sorted order, its values in another, and where
 * each ends. As Maps and a Set, a 50,000-page folder's targets were 27.6 MiB
 * of a worker's heap (and 50 MiB of its resident size); packed, 9.4 MiB, and
 * they cross to the worker as a handful of objects rather than 150,000
 * (BENCHMARKS.md). A key is found by binary search: 16 comparisons at
 * 50,000, a few per link.
 */

/** Sorted keys and, for a table, the value of each: plain strings and arrays, as they cross to a process. */
export type PackedStrings = { keys: string; keyEnds: Uint32Array; values: string; valueEnds: Uint32Array };

export type PackedTargets = Omit<UrlTargets, "pages" | "folders" | "pageUrls" | "files"> & {
  pages: PackedStrings;
  folders: PackedStrings;
  pageUrls: PackedStrings;
  /** A file's path → its version. */
  files: PackedStrings;
};

/**
 * Packed once for all the workers of an export, which are told the same
 * targets one after another in one go, and kept no longer than something
 * holds them: the server sends them to its one worker, and later perhaps
 * to the next, which is worth packing again rather than keeping them in
 * the server's heap all its life (9.4 MiB at 50,000 pages, 20.7 MiB with
 * 300,000 images).
 */
const packedOnce = new WeakMap<UrlTargets, WeakRef<PackedTargets>>();

export function packTargets(targets: UrlTargets): PackedTargets {
  let packed = packedOnce.get(targets)?.deref();
  if (!packed) packedOnce.set(targets, new WeakRef((packed = pack(targets))));
  return packed;
}

function pack(targets: UrlTargets): PackedTargets {
  const { pages, folders, pageUrls, files, ...rest } = targets;
  return {
    ...rest,
    pages: packStrings(pages),
    folders: packStrings(folders),
    pageUrls: packStrings([...pageUrls].map((url) => [url, ""])),
    files: packStrings([...files].map(([file, { version }]) => [file, version])),
  };
}

/** What resolving a link asks of the targets, answered from their packed form. */
export function unpackTargets(packed: PackedTargets): UrlLookups {
  const { pages, folders, pageUrls, files, ...rest } = packed;
  const fileVersions = new PackedTable(files);
  const urls = new PackedTable(pageUrls);
  return {
    ...rest,
    pages: new PackedTable(pages),
    folders: new PackedTable(folders),
    pageUrls: { has: (url) => urls.has(url) },
    files: {
      get(file) {
        const version = fileVersions.get(file);
        return version === undefined ? undefined : { version };
      },
    },
  };
}

function packStrings(entries: Iterable<readonly [string, string]>): PackedStrings {
  // Sorted by UTF-16 code units, the order `compareAt` searches in.
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const keyEnds = new Uint32Array(sorted.length);
  const valueEnds = new Uint32Array(sorted.length);
  let keyLength = 0;
  let valueLength = 0;
  sorted.forEach(([key, value], index) => {
    keyEnds[index] = keyLength += key.length;
    valueEnds[index] = valueLength += value.length;
  });
  return { keys: sorted.map(([key]) => key).join(""), keyEnds, values: sorted.map(([, value]) => value).join(""), valueEnds };
}

class PackedTable {
  private readonly packed: PackedStrings;

  constructor(packed: PackedStrings) {
    this.packed = packed;
  }

  get(key: string): string | undefined {
    const index = this.indexOf(key);
    if (index < 0) return undefined;
    const { values, valueEnds } = this.packed;
    return values.slice(index === 0 ? 0 : valueEnds[index - 1], valueEnds[index]);
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  private indexOf(key: string): number {
    const { keys, keyEnds } = this.packed;
    let low = 0;
    let high = keyEnds.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compareAt(keys, middle === 0 ? 0 : keyEnds[middle - 1]!, keyEnds[middle]!, key);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

/** `text.slice(start, end)` against `key` as `<` orders strings, without making the slice. */
function compareAt(text: string, start: number, end: number, key: string): number {
  const length = Math.min(end - start, key.length);
  for (let offset = 0; offset < length; offset++) {
    const difference = text.charCodeAt(start + offset) - key.charCodeAt(offset);
    if (difference !== 0) return difference;
  }
  return end - start - key.length;
}
