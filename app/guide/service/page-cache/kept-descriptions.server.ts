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

/** Pairs written at a time: the file is not made in memory as one string (17 MB at 50,000 pages, their text two bytes a character). */
const PAIRS_AT_A_TIME = 1_000;

/**
 * Written whole or not at all (another server on the same cache folder
 * never reads half of it), a thousand descriptions at a time. Never
 * rejects: a cache folder that cannot hold it only costs the next restart
 * the wait.
 */
export async function writeKeptDescriptions(file: string, validFor: string, descriptions: ReadonlyMap<string, string>): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    await makeFolder(path.dirname(file));
    const handle = await fs.open(temporary, "w");
    try {
      await handle.write(`{"format":${FORMAT},"validFor":${JSON.stringify(validFor)},"descriptions":[`);
      let pairs: string[] = [];
      let written = 0;
      for (const pair of descriptions) {
        pairs.push(JSON.stringify(pair));
        if (pairs.length < PAIRS_AT_A_TIME) continue;
        await handle.write(`${written > 0 ? "," : ""}${pairs.join(",")}`);
        written += pairs.length;
        pairs = [];
      }
      await handle.write(`${written > 0 && pairs.length > 0 ? "," : ""}${pairs.join(",")}]}`);
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}
