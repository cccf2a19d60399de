import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { docsFolderCacheFolder } from "../../../../server/cache-folder.ts";
import { makeFolderSync } from "../../load/make-folder.server";

/** Says, once, that nothing more can be written in the cache folder, and why (an error's code or message). */
export type CannotWrite = (reason: string) => void;

/** Folders already warned of, so that `themed-guide dev`, which loads the folder again on every save, says it once. */
const warnedOf = new Set<string>();

/**
 * The one warning for a docs folder's part of the cache folder that cannot
 * be written, whoever finds it first: the trial below, the page cache or
 * the search index, when the disk fills while they write. Each of them
 * keeps its pages in memory from then on (they render them on demand and
 * index them in memory); left to each, the same trouble was said in two
 * ways, twice.
 */
export function warnOnceOfCacheFolder(folder: string, warn: (message: string) => void): CannotWrite {
  return (reason) => {
    if (warnedOf.has(folder)) return;
    warnedOf.add(folder);
    warn(`Cache folder ${folder}: cannot write (${reason}); from now on pages are rendered on demand and the search index is kept in memory`);
  };
}

/**
 * What earlier versions kept in a docs folder's part of the cache folder and
 * this one does not read: every page's description, now in the search store
 * beside its sections (8.6 MB at 50,000 pages).
 */
const NO_LONGER_KEPT = ["descriptions.json"];

/**
 * The folder, made and tried before anything is kept there, when the guide
 * loads: itself when a file can be written in it, or null when it cannot (a
 * read-only disk, a folder of another user, a file in its way), which
 * `cannotWrite` is told. Files earlier versions kept there are removed.
 */
export function writableCacheFolder(folder: string, cannotWrite: CannotWrite): string | null {
  const probe = path.join(folder, `.write-test-${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    makeFolderSync(folder);
    fs.writeFileSync(probe, "", { flag: "wx" });
    fs.rmSync(probe);
    for (const name of NO_LONGER_KEPT) fs.rmSync(path.join(folder, name), { force: true });
    return folder;
  } catch (error) {
    cannotWrite((error as NodeJS.ErrnoException).code ?? (error as Error).message.split("\n")[0]!);
    return null;
  }
}

/**
 * A docs folder's own part of the cache folder (what its start read, its
 * pages, its search index, apart from other folders' and from the same
 * folder's under another base path), tried once a load, when the folder's
 * real root is first known: `folderOf(root)` is null when it cannot be
 * written, and `cannotWrite` is its one warning, for the page cache and
 * the search index to give when the disk fills later.
 */
export function docsFolderCache(cacheFolder: string, basePath: string, warn: (message: string) => void) {
  let tried: { root: string; folder: string | null; cannotWrite: CannotWrite } | undefined;
  const choose = (root: string) => {
    if (tried?.root !== root) {
      const folder = docsFolderCacheFolder(cacheFolder, root, basePath);
      const cannotWrite = warnOnceOfCacheFolder(folder, warn);
      tried = { root, folder: writableCacheFolder(folder, cannotWrite), cannotWrite };
    }
    return tried;
  };
  return {
    folderOf: (root: string): string | null => choose(root).folder,
    cannotWrite: (reason: string) => tried?.cannotWrite(reason),
  };
}
