import type { Stats } from "node:fs";
import { constants } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";

/**
 * Opens a file of the content folder at the real path the folder's listing
 * found it at, and only if it is still there: the file opened is the one
 * that path now names with no symbolic link on the way.
 *
 * O_NOFOLLOW refuses a link only as the path's last name. A folder above
 * the file swapped for a link since the listing (`docs/sub` made a link to
 * /etc) would lead out of the folder, and `docs/sub/passwd` would open
 * /etc/passwd. So once open, the path is resolved again: it must be its own
 * real path still, and name the file that was opened (a swap back between
 * the two is caught by the file's identity). O_NONBLOCK: a file swapped for
 * a named pipe opens at once, to be refused by its caller, where it held a
 * thread until a writer came.
 *
 * Rejects with what `open` gives (ENOENT: gone; ELOOP: the file is a link
 * now), and resolves null when the path leads through a link now (or the
 * file went between the open and the checks).
 */
export async function openListedFile(realPath: string): Promise<{ handle: FileHandle; stat: Stats } | null> {
  const handle = await fs.open(realPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const [stat, resolved, named] = await Promise.all([handle.stat(), fs.realpath(realPath), fs.stat(realPath)]);
    if (resolved === realPath && named.ino === stat.ino && named.dev === stat.dev) return { handle, stat };
  } catch {
    // Gone between the open and the checks: no file of the folder to give.
  }
  await handle.close();
  return null;
}
