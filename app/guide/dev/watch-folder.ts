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
  const content = watch(contentDir, {
    ignoreInitial: true,
    followSymlinks: false,
    persistent: false,
    ignored: (file) => path.relative(contentDir, file).split(path.sep).some(isUnlistedName),
  });
  content.on("all", (_event, file) => onChange(file));
  // The folder itself gone: nothing more to report; the reload that follows says what is wrong.
  content.on("error", () => void content.close());
  const project = watchProjectFiles(path.dirname(contentDir), onChange);
  return {
    close() {
      void content.close();
      project.close();
    },
  };
}

/**
 * The project files beside the folder, watched through the folder that
 * holds them, not recursively (it is often the project's root, with its
 * node_modules). A watch of a file that does not exist yet would not report
 * its creation.
 */
export function watchProjectFiles(folder: string, onChange: (file: string) => void): { close(): void } {
  const names: readonly string[] = PROJECT_FILES;
  try {
    const watcher = fs.watch(folder, { persistent: false }, (_event, name) => {
      if (name !== null && names.includes(name.toString())) onChange(path.join(folder, name.toString()));
    });
    // A folder that goes away ends the watch; the content folder's own watcher reports that.
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return { close() {} };
  }
}
