import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { CodeSample } from "../render/code-samples.server";
import { createLineHash } from "./line-hash.server";
import { makeFolder } from "./make-folder.server";
import type { BrokenLink } from "./link-report";
import type { ContentListing } from "./list-content-folder.server";
import type { PageMeta } from "./page-meta.server";

/**
 * What reading every page at start found (each page's front matter and
 * leading title, the includes that name nothing, the code samples), kept
 * in the cache folder under the folder's stamp: the name, size and
 * modification time of every file a page can read, its includes' too. A
 * restart on an unchanged folder takes it from here and reads no page;
 * any file added, removed or changed makes another stamp, and every page
 * is read again. (Like make's and git's own checks, an edit that keeps a
 * file's size within the same clock tick of its time goes unseen until
 * the next change.)
 */

export type StartIndex = {
  sources: Array<{ relativePath: string; meta: PageMeta; leadingTitle: string | null; selfContained: boolean; notUtf8Line: number | null }>;
  missingIncludes: BrokenLink[];
  includesPastLimit: BrokenLink[];
  /** Included files that are not UTF-8 text, with the line of the first character that is not (one that is also a page is named as the page). */
  includedNotUtf8: NotUtf8File[];
  samples: CodeSample[];
};

export type NotUtf8File = { relativePath: string; line: number };

/** Raised when what is kept, or how it is read, changes. 2: whether each page includes another; 3: pages whose includes reached their limit; 4: pages that are not UTF-8 text; 5: included files too. */
const FORMAT = 5;

export function folderStamp(listing: ContentListing): string {
  const hash = createLineHash(`${FORMAT}\n`);
  for (const entry of listing.markdown) hash.add(`m ${entry.relativePath}\0${entry.size}\0${Math.trunc(entry.mtimeMs)}\n`);
  for (const [relativePath, entry] of listing.partials) hash.add(`p ${relativePath}\0${entry.size}\0${Math.trunc(entry.mtimeMs)}\n`);
  for (const [relativePath, file] of listing.files) hash.add(`f ${relativePath}\0${file.size}\0${Math.trunc(file.mtimeMs)}\n`);
  return hash.digest();
}

/** The index kept for this stamp; null when there is none, it is of another stamp, or it cannot be read as one. */
export async function readStartIndex(file: string, stamp: string): Promise<StartIndex | null> {
  try {
    const kept = JSON.parse(await fs.readFile(file, "utf8")) as { format?: unknown; stamp?: unknown; index?: StartIndex };
    if (kept.format !== FORMAT || kept.stamp !== stamp || !isStartIndex(kept.index)) return null;
    return kept.index;
  } catch {
    return null;
  }
}

/** Kept for the next start; a cache folder that cannot hold it only costs that start the reading. Never rejects. */
export async function writeStartIndex(file: string, stamp: string, index: StartIndex): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    await makeFolder(path.dirname(file));
    await fs.writeFile(temporary, JSON.stringify({ format: FORMAT, stamp, index }));
    await fs.rename(temporary, file);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}

function isStartIndex(value: StartIndex | undefined): value is StartIndex {
  return (
    value !== undefined &&
    Array.isArray(value.sources) &&
    value.sources.every(
      (source) =>
        typeof source?.relativePath === "string" &&
        typeof source.meta === "object" &&
        source.meta !== null &&
        typeof source.selfContained === "boolean" &&
        (source.notUtf8Line === null || Number.isSafeInteger(source.notUtf8Line)),
    ) &&
    Array.isArray(value.missingIncludes) &&
    Array.isArray(value.includesPastLimit) &&
    Array.isArray(value.includedNotUtf8) &&
    value.includedNotUtf8.every((file) => typeof file?.relativePath === "string" && Number.isSafeInteger(file.line)) &&
    Array.isArray(value.samples)
  );
}
