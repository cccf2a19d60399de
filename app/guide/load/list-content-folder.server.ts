import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { ContentFile } from "../guide-types";
import { PAGE_FILE } from "../render/page-files";
import { readFolderMeta } from "./page-meta.server";
import { readBookSummary, type TableOfContents } from "./project-config.server";
import { statFile, statFiles, STAT_IN_WORKER_FROM, type FileStat } from "./stat-files.server";
import { CONTROL_CHARACTER, type FolderWarning } from "./folder-warning";
import { isUnlistedName } from "./unlisted-names";

/**
 * Everything in a content folder that the guide publishes, found in one walk:
 * the Markdown files that become pages, every other file (served at
 * /guide-files), and Docusaurus' folder labels. Nothing is read but names,
 * sizes and the small `_category_` files; the Markdown is read later.
 *
 * Left out, as the docs tools themselves leave them out:
 * - names starting with "." (.git, .vitepress, .env, .DS_Store): tool
 *   configuration and secrets, never content;
 * - node_modules: a project's dependencies, often beside its docs;
 * - Markdown files and folders starting with "_": Docusaurus' partials,
 *   meant to be included in pages, not shown alone (listed as `partials`,
 *   which pages can include) (Hugo's `_index.md` is
 *   the exception: it is its folder's page). Other files in such folders are
 *   kept, since pages link to images kept there;
 * - mdBook's top-level SUMMARY.md: the book's table of contents, not a
 *   page; its links give the reading order and the navigation's labels
 *   (`bookContents`);
 * - symbolic links whose target is outside the folder, which would publish
 *   what the folder's author never put in it (skipped with a warning);
 * - names with a control character (a line break, a tab), which no page's
 *   address and no exported file name can carry faithfully (skipped with a
 *   warning).
 */

export type MarkdownEntry = {
  /** "/"-separated, relative to the content folder, as on disk. */
  relativePath: string;
  /** Absolute, real. */
  path: string;
  size: number;
  /** When it was last changed, as listed: with the size, what says a folder is unchanged since a start (start-index.server.ts). */
  mtimeMs: number;
};

export type FolderLabel = { label: string | null; order: number | null };

export type ContentListing = {
  markdown: MarkdownEntry[];
  /** Markdown that is not a page (`_partial.md`, files in `_folders`): only for other pages to include. */
  partials: Map<string, MarkdownEntry>;
  files: Map<string, ContentFile>;
  /** Folder ("a/b") → its `_category_` label and position. */
  folderLabels: Map<string, FolderLabel>;
  /** mdBook's SUMMARY.md, when there is one. */
  bookContents: TableOfContents | null;
  warnings: FolderWarning[];
};

/**
 * Limits against a folder that would take the server down at start, with
 * room for the largest docs sites (generated API references reach tens of
 * thousands of pages). A page costs its entry in the navigation and the
 * page list (about a kilobyte) for the life of the process; its text and
 * its rendered article are read and kept within the memory budget
 * (server/memory-budget.ts); files are only listed (a name, a size, a date each).
 */
export const LIMITS = {
  /** `npm run bench:docs-scale` measures folders of 5,000 and 50,000 pages. */
  pages: 100_000,
  /** Every entry listed, pages included: about 300 bytes each; a folder with more is not a docs folder. */
  files: 500_000,
  /**
   * A single Markdown file. The largest pages of big docs sites (generated
   * API references, changelogs) are a few hundred KB; a page of megabytes
   * cannot be read in a browser and costs seconds of start-up to render.
   */
  markdownBytes: 2 * 1024 * 1024,
} as const;

export class ContentListingError extends Error {
  override name = "ContentListingError";
}

const CATEGORY_FILE = /^_category_\.(json|ya?ml)$/;
const HUGO_INDEX = "_index.md";

export async function listContentFolder(root: string, options: { statInWorkerFrom?: number } = {}): Promise<ContentListing> {
  const listing: ContentListing = { markdown: [], partials: new Map(), files: new Map(), folderLabels: new Map(), bookContents: null, warnings: [] };
  const found: FoundFile[] = [];
  walk(root, listing, found, { absolute: root, real: root, relative: "", underscore: false, ancestors: new Set([root]) });
  await statFound(found, options.statInWorkerFrom ?? STAT_IN_WORKER_FROM);
  for (const file of found) place(root, listing, file);
  listing.markdown.sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
  return listing;
}

type Folder = {
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
type FoundFile = { name: string; absolute: string; real: string; relative: string; folder: Folder; stat: FileStat | null | undefined };


/**
 * The folders are read first, synchronously: a folder of 50,000 pages is
 * some 96,000 files, and their stats took 1.0 s one after another against
 * 5 to 7 s as promises (each a trip through the thread pool and a promise);
 * nothing else waits on the server while it starts. Only a symbolic link
 * is statted on the way, to know whether it leads to a folder.
 */
function walk(root: string, listing: ContentListing, found: FoundFile[], folder: Folder): void {
  for (const entry of fs.readdirSync(folder.real, { withFileTypes: true })) {
    if (isUnlistedName(entry.name)) continue;
    if (CONTROL_CHARACTER.test(entry.name)) {
      listing.warnings.push({ kind: "skipped-file", file: `${folder.absolute}${path.sep}${entry.name}`, message: "a name with a control character (a line break, a tab); skipped" });
      continue;
    }
    // Joined by hand: both folders are absolute and normalised, and a name holds no separator; path.join's
    // normalising cost 150 ms of a 50,000-page restart.
    const absolute = `${folder.absolute}${path.sep}${entry.name}`;
    const link = entry.isSymbolicLink();
    // Outside any linked folder a file's real path is the same text: one string, not two, for each of ~96,000 files.
    const real = link ? realPathOrNull(absolute) : folder.real === folder.absolute ? absolute : `${folder.real}${path.sep}${entry.name}`;
    if (real === null) {
      listing.warnings.push({ kind: "skipped-file", file: absolute, message: "a symbolic link to nothing; skipped" });
      continue;
    }
    if (real !== root && !real.startsWith(root + path.sep)) {
      listing.warnings.push({ kind: "skipped-file", file: absolute, message: `links to ${real}, outside the content folder; skipped` });
      continue;
    }
    // A file gone or unreadable since its folder was read is left out, as one never there.
    const linked = link ? statFile(real) : undefined;
    const relative = folder.relative ? `${folder.relative}/${entry.name}` : entry.name;
    if (linked ? linked.isDirectory : !link && entry.isDirectory()) {
      if (folder.ancestors.has(real)) {
        listing.warnings.push({ kind: "skipped-file", file: absolute, message: "links back to a folder above it; skipped" });
        continue;
      }
      walk(root, listing, found, {
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

/** The files not statted on the way, statted now, on two threads for a large folder (stat-files.server.ts). */
async function statFound(found: FoundFile[], inWorkerFrom: number): Promise<void> {
  const waiting = found.filter((file) => file.stat === undefined);
  const stats = await statFiles(
    waiting.map((file) => file.real),
    inWorkerFrom,
  );
  waiting.forEach((file, index) => (file.stat = stats[index]));
}

/** Where a file the walk found goes: a page, a partial, mdBook's contents, a folder's label, or a file to serve. */
function place(root: string, listing: ContentListing, { name, absolute, real, relative, folder, stat }: FoundFile): void {
  if (!stat?.isFile) return;
  if (PAGE_FILE.test(name)) {
    const partial = folder.underscore || (name.startsWith("_") && name.toLowerCase() !== HUGO_INDEX);
    if (partial) {
      listing.partials.set(relative, { relativePath: relative, path: real, size: stat.size, mtimeMs: stat.mtimeMs });
      assertFileCount(root, listing);
      return;
    }
    if (stat.size > LIMITS.markdownBytes) {
      throw new ContentListingError(`${absolute}: ${megabytes(stat.size)} of Markdown, over the limit of ${megabytes(LIMITS.markdownBytes)} for one page`);
    }
    if (relative === "SUMMARY.md") {
      listing.bookContents = readBookSummary(fs.readFileSync(real, "utf8"));
      return;
    }
    listing.markdown.push({ relativePath: relative, path: real, size: stat.size, mtimeMs: stat.mtimeMs });
    if (listing.markdown.length > LIMITS.pages) {
      throw new ContentListingError(`${root}: more than ${LIMITS.pages.toLocaleString("en")} Markdown files, the most one guide serves`);
    }
    assertFileCount(root, listing);
  } else if (CATEGORY_FILE.test(name)) {
    listing.folderLabels.set(folder.relative, readCategory(real, listing.warnings));
  } else {
    listing.files.set(relative, { path: real, size: stat.size, mtimeMs: stat.mtimeMs, version: fileVersion(stat.size, stat.mtimeMs) });
    assertFileCount(root, listing);
  }
}

function assertFileCount(root: string, listing: ContentListing) {
  if (listing.markdown.length + listing.files.size + listing.partials.size > LIMITS.files) {
    throw new ContentListingError(`${root}: more than ${LIMITS.files.toLocaleString("en")} files, the most one guide lists`);
  }
}

/**
 * Changes whenever the file does, so its URL can be cached for good: its
 * size and its time to the microsecond. Not hashed: a folder of 50,000
 * pages lists some 46,000 other files, and a hash each cost 100 ms of
 * every start.
 */
export function fileVersion(size: number, mtimeMs: number): string {
  return `${size.toString(36)}-${Math.round(mtimeMs * 1000).toString(36)}`;
}

function readCategory(file: string, warnings: FolderWarning[]): FolderLabel {
  try {
    const text = fs.readFileSync(file, "utf8");
    // JSON is YAML, so one parser reads both spellings.
    return readFolderMeta(parseYaml(text));
  } catch (error) {
    warnings.push({ kind: "unreadable-config", file, message: `not read (${(error as Error).message.split("\n")[0]}); the folder is named from its name` });
    return { label: null, order: null };
  }
}

function realPathOrNull(file: string): string | null {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
