import fs from "node:fs/promises";
import path from "node:path";
import { PAGE_CACHE_FORMAT } from "./disk-page-cache.server";

/** A temporary file this old is a write that never finished (its process ended mid-write). */
const ABANDONED_MS = 60 * 60 * 1000;

/**
 * A docs folder's cache of rendered pages, once every page's key is known
 * (the background completion has passed every page): entries under other
 * keys are of pages since changed, moved or removed, or of another renderer,
 * and go, with entries of other formats and writes abandoned long ago. So
 * the cache holds one copy of the folder, not one per edit. A second server
 * on the same folder with another renderer version finds its own entries
 * gone and renders them again: slower, never wrong. Never rejects.
 */
export async function sweepPageCache(folder: string, keep: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^pages-v\d+$/.test(entry.name)) continue;
    const formatFolder = path.join(folder, entry.name);
    if (entry.name !== `pages-v${PAGE_CACHE_FORMAT}`) {
      await fs.rm(formatFolder, { recursive: true, force: true }).catch(() => {});
      continue;
    }
    for (const fanOut of await fs.readdir(formatFolder).catch(() => [])) {
      const fanOutFolder = path.join(formatFolder, fanOut);
      for (const name of await fs.readdir(fanOutFolder).catch(() => [])) {
        const file = path.join(fanOutFolder, name);
        const stale = name.endsWith(".tmp") ? await abandoned(file) : !keep.has(name);
        if (stale && (await fs.rm(file, { force: true }).then(() => true, () => false))) removed++;
      }
    }
  }
  return removed;
}

async function abandoned(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs > ABANDONED_MS;
}
