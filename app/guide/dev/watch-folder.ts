import fs from "node:fs";
import path from "node:path";
import { PROJECT_FILES } from "../load/project-files.ts";

/**
 * Reports every change under the content folder, and to the docs tool's
 * project files beside it (mkdocs.yml, book.toml), with the changed file's
 * path. Dot-folders and node_modules inside the folder are never read, so
 * changes there are not reported. Used by `themed-guide dev`
 * (watch-guide.server.ts); the development server watches through Vite's own
 * watcher and shares only the project files' watch.
 */
export function watchContentFolder(contentDir: string, onChange: (file: string) => void): { close(): void } {
  const content = fs.watch(contentDir, { recursive: true, persistent: false }, (_event, name) => {
    if (name === null) return onChange(contentDir);
    const relative = name.toString();
    if (relative.split(path.sep).some((segment) => segment.startsWith(".") || segment === "node_modules")) return;
    onChange(path.join(contentDir, relative));
  });
  // The folder itself gone: nothing more to report; the reload that follows says what is wrong.
  content.on("error", () => content.close());
  const project = watchProjectFiles(path.dirname(contentDir), onChange);
  return {
    close() {
      content.close();
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
