import fs from "node:fs";
import path from "node:path";
import { makeFolderSync } from "../../../app/guide/load/make-folder.server.ts";
import { UsageError } from "./command-line.ts";

/**
 * Where `build` writes, and the rules that keep it from ever deleting a
 * file of the user's: the folder is new, empty, or an earlier export;
 * never the docs folder, inside it, or around it. An earlier export is
 * known by its marker file, which lists every file that export wrote: only
 * those are removed, so a file added beside them (a host's CNAME, say)
 * stays.
 */
export const EXPORT_MARKER = ".themed-guide-export.json";

/** Checks `out` against the rules and removes an earlier export's files; throws UsageError, having touched nothing, when a rule says no. */
export function prepareExportFolder(out: string, docsFolder: string): void {
  const target = realPathOf(out);
  const docs = realPathOf(docsFolder);
  if (isInside(target, docs)) throw new UsageError(`--out ${out} is inside the docs folder ${docsFolder}: choose a folder outside it`);
  if (isInside(docs, target)) throw new UsageError(`--out ${out} holds the docs folder ${docsFolder}: choose a folder outside it`);

  const stat = fs.lstatSync(out, { throwIfNoEntry: false });
  if (stat === undefined) {
    makeFolderSync(out);
  } else if (!stat.isDirectory()) {
    throw new UsageError(`--out ${out} is not a folder`);
  } else {
    const entries = fs.readdirSync(out);
    if (entries.length > 0 && !entries.includes(EXPORT_MARKER)) {
      throw new UsageError(`--out ${out} is not empty and is not an earlier export: choose a new or empty folder`);
    }
    if (entries.length > 0) removeEarlierExport(target);
  }
}

/** Written last: the files of this export, for the next one to remove. */
export function recordExport(out: string, files: readonly string[]): void {
  const marker = { writtenBy: "themed-guide build", files: [...files].sort() };
  fs.writeFileSync(path.join(out, EXPORT_MARKER), `${JSON.stringify(marker, null, 1)}\n`);
}

function removeEarlierExport(out: string) {
  let files: unknown;
  try {
    files = (JSON.parse(fs.readFileSync(path.join(out, EXPORT_MARKER), "utf8")) as { files?: unknown }).files;
  } catch {
    throw new UsageError(`${path.join(out, EXPORT_MARKER)} cannot be read: remove the folder's files by hand, or choose another folder`);
  }
  if (!Array.isArray(files)) throw new UsageError(`${path.join(out, EXPORT_MARKER)} lists no files: remove the folder's files by hand, or choose another folder`);
  removeExportedFiles(out, files);
  fs.unlinkSync(path.join(out, EXPORT_MARKER));
}

/**
 * Removes the files an export wrote (`files`, relative to `out`), and then
 * the folders made for them where nothing else was put; returns how many
 * files were removed. Only paths inside the folder, never through a link
 * out of it: the list may be an earlier export's marker, which anyone could
 * have edited.
 */
export function removeExportedFiles(out: string, files: readonly unknown[]): number {
  const root = realPathOf(out);
  const folders = new Set<string>();
  let removed = 0;
  for (const file of files) {
    if (typeof file !== "string") continue;
    const target = path.resolve(root, file);
    if (target === root || !isInside(target, root) || realPathOf(path.dirname(target)) !== path.dirname(target)) continue;
    if (fs.lstatSync(target, { throwIfNoEntry: false })?.isDirectory() === false) {
      fs.unlinkSync(target);
      removed++;
    }
    for (let folder = path.dirname(target); folder !== root; folder = path.dirname(folder)) folders.add(folder);
  }
  // Deepest first.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    if (fs.existsSync(folder) && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  }
  return removed;
}

/** True when `inner` is `outer` or inside it. */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor's, with the rest appended. */
function realPathOf(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let existing = absolute;
  while (!fs.existsSync(existing)) {
    missing.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(fs.realpathSync(existing), ...missing);
}
