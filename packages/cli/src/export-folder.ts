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
 * stays. The new export is written beside the earlier one, in a folder of
 * its own inside `out` (STAGING_FOLDER), and replaces it only once it is
 * whole (moveIntoPlace): a build that fails leaves the earlier export as
 * it was.
 */
export const EXPORT_MARKER = ".themed-guide-export.json";
/** Where an export is written until it is whole. */
export const STAGING_FOLDER = ".themed-guide-export-in-progress";
/** Inside STAGING_FOLDER, written first: the folder is an export's own, which the next build may remove (one killed before it could). */
const STAGING_MARKER = ".written-by-themed-guide-build";

/**
 * Checks `out` against the rules, makes it if it is missing, and removes
 * what a build killed before it could clean up left in it (its staging
 * folder); returns the files of the earlier export there, which stay until
 * the new one replaces them. Throws UsageError, having touched nothing,
 * when a rule says no.
 */
export function prepareExportFolder(out: string, docsFolder: string): string[] {
  const target = realPathOf(out);
  const docs = realPathOf(docsFolder);
  if (isInside(target, docs)) throw new UsageError(`--out ${out} is inside the docs folder ${docsFolder}: choose a folder outside it`);
  if (isInside(docs, target)) throw new UsageError(`--out ${out} holds the docs folder ${docsFolder}: choose a folder outside it`);

  const stat = fs.lstatSync(out, { throwIfNoEntry: false });
  if (stat === undefined) {
    makeFolderSync(out);
    return [];
  }
  if (!stat.isDirectory()) throw new UsageError(`--out ${out} is not a folder`);
  const leftByKilledBuild = isStagingFolder(path.join(out, STAGING_FOLDER));
  const entries = fs.readdirSync(out).filter((entry) => !(leftByKilledBuild && entry === STAGING_FOLDER));
  if (entries.length > 0 && !entries.includes(EXPORT_MARKER)) {
    throw new UsageError(`--out ${out} is not empty and is not an earlier export: choose a new or empty folder`);
  }
  // Beside an earlier export, where the new one would be written: not the export's own, so not to be removed.
  if (entries.includes(STAGING_FOLDER)) throw new UsageError(`--out ${out} holds ${STAGING_FOLDER}, which no build made: move it out of the folder, then build again`);
  const earlier = entries.length > 0 ? earlierExportFiles(target) : [];
  if (leftByKilledBuild) fs.rmSync(path.join(out, STAGING_FOLDER), { recursive: true });
  return earlier;
}

/** Makes the folder an export is written to until it is whole, marked as the export's own. */
export function makeStagingFolder(out: string): string {
  const staging = path.join(out, STAGING_FOLDER);
  fs.mkdirSync(staging);
  fs.writeFileSync(path.join(staging, STAGING_MARKER), "");
  return staging;
}

/**
 * Replaces the earlier export (`earlier`, its files) with the one written
 * whole in `staging` (`written`, its files), and marks the folder as an
 * export of these. A file the new export writes where `out` holds one of
 * the user's (not the earlier export's), or a link or file where it needs
 * a folder, is refused before anything is touched. Until the new files are
 * in place the marker lists both exports' files, each marker written in
 * the staging folder and renamed over the last (a rename needs no room on
 * the disk), so that whatever stops this part way leaves a folder the next
 * build replaces.
 */
export function moveIntoPlace(out: string, staging: string, written: readonly string[], earlier: readonly string[]): void {
  const inTheWay = userFileCheck(out, earlier);
  for (const file of written) inTheWay(file);
  fs.unlinkSync(path.join(staging, STAGING_MARKER));
  recordExport(out, [...new Set([...earlier, ...written])], staging);
  removeExportedFiles(out, earlier);
  moveEntries(staging, out);
  recordExport(out, written, staging);
  fs.rmdirSync(staging);
}

/**
 * A check of each file an export writes (relative to `out`), which throws
 * UsageError where the file would replace something in `out` that is not
 * the earlier export's (`earlier`), or where a folder it goes in is a link
 * or a file: the user's, never to be replaced or written through.
 */
export function userFileCheck(out: string, earlier: readonly string[]): (file: string) => void {
  const earlierFiles = new Set(earlier);
  const folders = new Set<string>();
  const refuse = (found: string) => {
    throw new UsageError(`--out ${out} holds ${found}, which this export writes and no earlier export wrote: move it out of the folder, then build again`);
  };
  return (file) => {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join("/");
      if (folders.has(folder)) continue;
      const stat = fs.lstatSync(path.join(out, folder), { throwIfNoEntry: false });
      if (stat !== undefined && !stat.isDirectory() && !earlierFiles.has(folder)) refuse(folder);
      folders.add(folder);
    }
    if (!earlierFiles.has(file) && fs.lstatSync(path.join(out, file), { throwIfNoEntry: false }) !== undefined) refuse(file);
  };
}

/** The folder's marker: the files of the export in it, for the next one to replace. Written in `through` (on the same disk) and renamed into place, so that it is never half written. */
export function recordExport(out: string, files: readonly string[], through = out): void {
  const marker = { writtenBy: "themed-guide build", files: [...files].sort() };
  const written = path.join(through, `${EXPORT_MARKER}.partial`);
  fs.writeFileSync(written, `${JSON.stringify(marker, null, 1)}\n`);
  fs.renameSync(written, path.join(out, EXPORT_MARKER));
}

/** The files the marker of the export in `out` lists. */
function earlierExportFiles(out: string): string[] {
  let files: unknown;
  try {
    files = (JSON.parse(fs.readFileSync(path.join(out, EXPORT_MARKER), "utf8")) as { files?: unknown }).files;
  } catch {
    throw new UsageError(`${path.join(out, EXPORT_MARKER)} cannot be read: remove the folder's files by hand, or choose another folder`);
  }
  if (!Array.isArray(files)) throw new UsageError(`${path.join(out, EXPORT_MARKER)} lists no files: remove the folder's files by hand, or choose another folder`);
  return files.filter((file): file is string => typeof file === "string");
}

/** A folder (not a link to one) with the staging marker in it: only then is it the export's own to remove. */
function isStagingFolder(folder: string): boolean {
  return fs.lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() === true && fs.existsSync(path.join(folder, STAGING_MARKER));
}

/** Moves what `from` holds into `to`: a whole folder at once where `to` has none of that name, and into the one it has otherwise. */
function moveEntries(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory() && fs.lstatSync(target, { throwIfNoEntry: false })?.isDirectory()) {
      moveEntries(source, target);
      fs.rmdirSync(source);
    } else {
      fs.renameSync(source, target);
    }
  }
}

/**
 * Removes the files an export wrote (`files`, relative to `out`), and then
 * the folders made for them where nothing else was put. Only paths inside
 * the folder, never through a link out of it: the list may be an earlier
 * export's marker, which anyone could have edited.
 */
function removeExportedFiles(out: string, files: readonly string[]): void {
  const root = realPathOf(out);
  const folders = new Set<string>();
  for (const file of files) {
    const target = path.resolve(root, file);
    if (target === root || !isInside(target, root) || realPathOf(path.dirname(target)) !== path.dirname(target)) continue;
    if (fs.lstatSync(target, { throwIfNoEntry: false })?.isDirectory() === false) fs.unlinkSync(target);
    for (let folder = path.dirname(target); folder !== root; folder = path.dirname(folder)) folders.add(folder);
  }
  // Deepest first.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    if (fs.existsSync(folder) && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  }
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
