import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { makeFolder } from "../../load/make-folder.server";

/**
 * Every page's description as the last complete pass over the folder found
 * it, kept in the folder's part of the cache folder under what they depend
 * on: the folder's stamp (the name, size and time of every file,
 * load/start-index.server.ts) and the site's fingerprint (the renderer's
 * version and the folder's link targets, page-keys.server.ts). A restart
 * on unchanged files lists every page with its description at once
 * (`/guide`, `/llms.txt`), rather than after the background completion has
 * read every page back from the cache, minutes at 50,000 pages.
 */

/** Raised when what is kept, or how it is read, changes. */
const FORMAT = 1;

/** The descriptions kept under exactly this stamp and fingerprint; null when there are none, they are another's, or the file does not read as them. Never rejects. */
export async function readKeptDescriptions(file: string, validFor: string): Promise<ReadonlyMap<string, string> | null> {
  try {
    const kept = JSON.parse(await fs.readFile(file, "utf8")) as { format?: unknown; validFor?: unknown; descriptions?: unknown };
    if (kept.format !== FORMAT || kept.validFor !== validFor || !Array.isArray(kept.descriptions)) return null;
    const pairs = kept.descriptions as unknown[];
    if (!pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string")) return null;
    return new Map(pairs as [string, string][]);
  } catch {
    return null;
  }
}

/** Written whole or not at all (another server on the same cache folder never reads half of it). Never rejects: a cache folder that cannot hold it only costs the next restart the wait. */
export async function writeKeptDescriptions(file: string, validFor: string, descriptions: ReadonlyMap<string, string>): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    await makeFolder(path.dirname(file));
    await fs.writeFile(temporary, JSON.stringify({ format: FORMAT, validFor, descriptions: [...descriptions] }));
    await fs.rename(temporary, file);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}
