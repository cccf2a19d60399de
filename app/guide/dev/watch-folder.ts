import { watch } from "chokidar";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_FILES } from "../load/project-files.ts";
import { isUnlistedName } from "../load/unlisted-names.ts";

/**
 * Reports every change under the content folder, and to the docs tool's
 * project files beside it (mkdocs.yml, book.toml), with the changed file's
 * path. Dot-folders and node_modules inside the folder are never read, so
 * changes there are not reported, nor are they watched. Used by
 * `themed-guide dev` (watch-guide.server.ts); the development server
 * watches through Vite's own watcher and shares only the project files'
 * watch.
 *
 * Through chokidar, a folder watch at a time, not Node's recursive
 * `fs.watch`: on Linux that watches each file, and a file replaced by a
 * rename (an editor's atomic save, `sed -i`) was reported once and then
 * never again, so the open page stopped following the file after its first
 * save. Symbolic links are not followed: the site leaves out what they lead
 * to outside the folder (load/list-content-folder.server.ts).
 */
export function watchContentFolder(contentDir: string, onChange: (file: string) => void): { close(): void } {
  const watchContent = (onReady?: () => void) => {
    const watcher = watch(contentDir, {
      ignoreInitial: true,
      followSymlinks: false,
      persistent: false,
      ignored: (file) => path.relative(contentDir, file).split(path.sep).some(isUnlistedName),
    });
    // Before it is ready, chokidar reports the folder's symbolic links as added, as it lists them (ignoreInitial
    // or not), and `dev` loaded the folder again at each start for nothing. A file added meanwhile is reported.
    let ready = false;
    watcher.on("all", (event, file) => {
      if (!ready && event === "add" && fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return;
      onChange(file);
    });
    watcher.once("ready", () => {
      ready = true;
      onReady?.();
    });
    // The folder itself gone: nothing more to report here; the reload that follows says what is wrong.
    watcher.on("error", () => void watcher.close());
    return watcher;
  };
  let content = watchContent();
  // Watched afresh, and the guide loads once that watch is ready, so that a file written before then is read too.
  const beside = watchBesideContentFolder(contentDir, onChange, () => {
    void content.close();
    content = watchContent(() => onChange(contentDir));
  });
  return {
    close() {
      void content.close();
      beside.close();
    },
  };
}

/**
 * The project files beside the content folder (watchProjectFiles), and the
 * folder itself removed and made again (a branch checked out without it,
 * then back): a watch of the old folder reports nothing of the new one, so
 * `onMadeAgain` is told when another folder stands in its place. The same
 * folder (its time changed by an edit inside it) is not told of.
 */
export function watchBesideContentFolder(contentDir: string, onChange: (file: string) => void, onMadeAgain: () => void): { close(): void } {
  let watched = folderIdentity(contentDir);
  return watchProjectFiles(path.dirname(contentDir), onChange, (name) => {
    if (name !== path.basename(contentDir)) return;
    const now = folderIdentity(contentDir);
    if (now === null || now === watched) return;
    watched = now;
    onMadeAgain();
  });
}

/** Which folder is at `folder` now (device, inode and birth: a folder made at once in a removed one's place may reuse its inode), or null when none is. */
function folderIdentity(folder: string): string | null {
  try {
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    return stat?.isDirectory() ? `${stat.dev}:${stat.ino}:${stat.birthtimeMs}` : null;
  } catch {
    return null;
  }
}

/**
 * The project files beside the folder, watched through the folder that
 * holds them, not recursively (it is often the project's root, with its
 * node_modules). A watch of a file that does not exist yet would not report
 * its creation. `onOtherEntry` hears of the folder's other entries by name.
 */
export function watchProjectFiles(folder: string, onChange: (file: string) => void, onOtherEntry: (name: string) => void = () => {}): { close(): void } {
  const names: readonly string[] = PROJECT_FILES;
  try {
    const watcher = fs.watch(folder, { persistent: false }, (_event, name) => {
      if (name === null) return;
      if (names.includes(name.toString())) onChange(path.join(folder, name.toString()));
      else onOtherEntry(name.toString());
    });
    // A folder that goes away ends the watch; the content folder's own watcher reports that.
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return { close() {} };
  }
}
