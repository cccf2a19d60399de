import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { PAGE_FILE } from "../render/page-files";
import { ContentFiles } from "./content-files.server";
import { readFolderMeta } from "./page-meta.server";
import { readBookSummary, type TableOfContents } from "./project-config.server";
import { statFiles, STAT_IN_WORKER_FROM } from "./stat-files.server";
import type { FolderWarning } from "./folder-warning";
import { ContentListingError, LIMITS } from "./listing-limits";
import { walkContentFolder, type FoundFile } from "./walk-content-folder.server";

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
  files: ContentFiles;
  /** Folder ("a/b") → its `_category_` label and position. */
  folderLabels: Map<string, FolderLabel>;
  /** mdBook's SUMMARY.md, when there is one. */
  bookContents: TableOfContents | null;
  warnings: FolderWarning[];
};

const CATEGORY_FILE = /^_category_\.(json|ya?ml)$/;
const HUGO_INDEX = "_index.md";

export async function listContentFolder(root: string, options: { statInWorkerFrom?: number } = {}): Promise<ContentListing> {
  const listing: ContentListing = { markdown: [], partials: new Map(), files: new ContentFiles(root), folderLabels: new Map(), bookContents: null, warnings: [] };
  const found: FoundFile[] = [];
  walkContentFolder(root, found, listing.warnings);
  await statFound(found, options.statInWorkerFrom ?? STAT_IN_WORKER_FROM);
  for (const file of found) place(root, listing, file);
  listing.markdown.sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
  return listing;
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
    listing.files.add(folder.relative, name, real === absolute ? null : real, stat.size, stat.mtimeMs);
    assertFileCount(root, listing);
  }
}

function assertFileCount(root: string, listing: ContentListing) {
  if (listing.markdown.length + listing.files.size + listing.partials.size > LIMITS.files) {
    throw new ContentListingError(`${root}: more than ${LIMITS.files.toLocaleString("en")} files, the most one guide lists`);
  }
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

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
