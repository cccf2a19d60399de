import fs from "node:fs";
import path from "node:path";

/**
 * Makes a folder and whichever of its parents are missing, a level at a
 * time. Node's own `mkdir(…, { recursive: true })` never returns where the
 * system says a parent that exists is missing: under /proc, `--out /proc/x`
 * or `--cache-dir /proc/x` made the command hang. Made a level at a time,
 * the first level that cannot be made throws its own error (ENOENT, EACCES,
 * ENOTDIR), which the caller turns into its message.
 */
export function makeFolderSync(folder: string): void {
  for (const level of missingLevels(folder)) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      // Another process may make the same folder at the same moment (two servers on one cache folder).
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** makeFolderSync through `mkdir` given (the page cache's is a test's stand-in for a full disk). */
export async function makeFolder(folder: string, mkdir: (level: string) => Promise<unknown> = (level) => fs.promises.mkdir(level)): Promise<void> {
  for (const level of missingLevels(folder)) {
    try {
      await mkdir(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** The levels of `folder` that do not exist yet, outermost first. */
function missingLevels(folder: string): string[] {
  const missing: string[] = [];
  for (let level = path.resolve(folder); !fs.existsSync(level); level = path.dirname(level)) {
    missing.unshift(level);
    if (path.dirname(level) === level) break;
  }
  return missing;
}
