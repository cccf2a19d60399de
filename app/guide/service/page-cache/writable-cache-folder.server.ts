import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { makeFolderSync } from "../../load/make-folder.server";

/** Folders already warned of, so that `themed-guide dev`, which loads the folder again on every save, says it once. */
const warnedOf = new Set<string>();

/**
 * A docs folder's part of the cache folder, made and tried once when the
 * guide loads, before anything is kept there: the folder itself when a file
 * can be written in it, or null, with one warning for all that is kept
 * there (rendered pages, the search index, what a start read), when it
 * cannot: a read-only disk, a folder of another user, a file in its way.
 * The guide then keeps all of it in memory and renders pages on demand.
 * Left to each, the page cache and the search index said the same thing
 * twice, in two ways. A disk that fills later is still said by the page
 * cache and the search index when they first fail to write.
 */
export function writableCacheFolder(folder: string, warn: (message: string) => void): string | null {
  const probe = path.join(folder, `.write-test-${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    makeFolderSync(folder);
    fs.writeFileSync(probe, "", { flag: "wx" });
    fs.rmSync(probe);
    return folder;
  } catch (error) {
    if (!warnedOf.has(folder)) {
      warnedOf.add(folder);
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message.split("\n")[0];
      warn(`Cache folder ${folder}: cannot write (${reason}); pages are rendered on demand and the search index is kept in memory`);
    }
    return null;
  }
}
