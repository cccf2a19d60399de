import fs from "node:fs";
import path from "node:path";
import { CONTROL_CHARACTER, type FolderWarning } from "./folder-warning";
import { ContentListingError, LIMITS } from "./listing-limits";
import { statFile, type FileStat } from "./stat-files.server";
import { isUnlistedName, listedWithin } from "./unlisted-names";

/**
 * Every file under a content folder, by name, without reading one: what
 * list-content-folder.server.ts sorts into pages and files. Names it never
 * lists, names with a control character, and symbolic links that lead
 * nowhere, outside the folder, to a name it never lists or back up to a
 * folder above are skipped (all but the first with a warning).
 */
export function walkContentFolder(root: string, found: FoundFile[], warnings: FolderWarning[]): void {
  walk(root, warnings, found, { absolute: root, real: root, relative: "", underscore: false, ancestors: new Set([root]) });
}

export type Folder = {
  /** As reached from the root (through links, if any). */
  absolute: string;
  real: string;
  relative: string;
  /** Inside a folder whose name starts with "_": no pages from here down. */
  underscore: boolean;
  /** Real paths of this folder and those above it, to stop at a link back up. */
  ancestors: Set<string>;
};

/** A file the walk found, with its size and time once statted (undefined until then; null: gone, or not a file). */
export type FoundFile = { name: string; absolute: string; real: string; relative: string; folder: Folder; stat: FileStat | null | undefined };

/**
 * The folders are read first, synchronously: a folder of 50,000 pages is
 * some 96,000 files, and their stats took 1.0 s one after another against
 * 5 to 7 s as promises (each a trip through the thread pool and a promise);
 * nothing else waits on the server while it starts. Only a symbolic link
 * is statted on the way, to know whether it leads to a folder.
 */
function walk(root: string, warnings: FolderWarning[], found: FoundFile[], folder: Folder): void {
  for (const entry of fs.readdirSync(folder.real, { withFileTypes: true })) {
    if (isUnlistedName(entry.name)) continue;
    if (CONTROL_CHARACTER.test(entry.name)) {
      warnings.push({ kind: "skipped-file", file: `${folder.absolute}${path.sep}${entry.name}`, message: "a name with a control character (a line break, a tab); skipped" });
      continue;
    }
    // Joined by hand: both folders are absolute and normalised, and a name holds no separator; path.join's
    // normalising cost 150 ms of a 50,000-page restart.
    const absolute = `${folder.absolute}${path.sep}${entry.name}`;
    const link = entry.isSymbolicLink();
    // Outside any linked folder a file's real path is the same text: one string, not two, for each of ~96,000 files.
    const real = link ? realPathOrNull(absolute) : folder.real === folder.absolute ? absolute : `${folder.real}${path.sep}${entry.name}`;
    if (real === null) {
      warnings.push({ kind: "skipped-file", file: absolute, message: "a symbolic link to nothing; skipped" });
      continue;
    }
    // Where it leads, quoted if a control character in it would break the line or reach the terminal.
    const target = () => (CONTROL_CHARACTER.test(real) ? JSON.stringify(real) : real);
    if (real !== root && !real.startsWith(root + path.sep)) {
      warnings.push({ kind: "skipped-file", file: absolute, message: `links to ${target()}, outside the content folder; skipped` });
      continue;
    }
    // A link inside the folder to a name never listed (.env, .git, node_modules) or one with a control character
    // would publish under its own name what the folder keeps out.
    if (link && (!listedWithin(root, real) || CONTROL_CHARACTER.test(real.slice(root.length)))) {
      warnings.push({ kind: "skipped-file", file: absolute, message: `links to ${target()}, which the guide never lists (a dotfile, node_modules, a name with a control character); skipped` });
      continue;
    }
    // A file gone or unreadable since its folder was read is left out, as one never there.
    const linked = link ? statFile(real) : undefined;
    const relative = folder.relative ? `${folder.relative}/${entry.name}` : entry.name;
    if (linked ? linked.isDirectory : !link && entry.isDirectory()) {
      if (folder.ancestors.has(real)) {
        warnings.push({ kind: "skipped-file", file: absolute, message: "links back to a folder above it; skipped" });
        continue;
      }
      walk(root, warnings, found, {
        absolute,
        real,
        relative,
        underscore: folder.underscore || entry.name.startsWith("_"),
        ancestors: new Set([...folder.ancestors, real]),
      });
    } else if (link || entry.isFile()) {
      // A link is statted already; a file is statted with the others (statFound).
      found.push({ name: entry.name, absolute, real, relative, folder, stat: linked });
      // Before any is statted: a folder of millions of files is refused without holding them all.
      if (found.length > LIMITS.files) throw new ContentListingError(`${root}: more than ${LIMITS.files.toLocaleString("en")} files, the most one guide lists`);
    }
  }
}

function realPathOrNull(file: string): string | null {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}
