import fs from "node:fs/promises";
import path from "node:path";
import { goneOrAsIs, GuideContentError } from "../guide-content-error";
import type { GuideNavItem, GuidePage } from "../guide-types";
import type { ContentFiles } from "./content-files.server";
import { buildGuideTree, withContentsFolders, type PlacedPage } from "../nav/guide-tree.server";
import type { CodeSample } from "../render/code-samples.server";
import type { UrlTargets } from "../render/resolve-url.server";
import { INCLUDE_LIMITS } from "./includes/include-expansion.server";
import { describeIncludesPastLimit, describeMissingIncludes, type BrokenLink } from "./link-report";
import { describeFolderWarning, notUtf8, type FolderWarning } from "./folder-warning";
import { listContentFolder, type ContentListing } from "./list-content-folder.server";
import { ContentListingError } from "./listing-limits";
import { readLastCommitDates } from "./last-commit-dates.server";
import { readableName } from "./page-meta.server";
import { placePages, type RefusedAddress } from "./page-slugs.server";
import { readProjectConfig } from "./project-config.server";
import { readPageSources, type LastRead, type PageSource } from "./read-page-sources.server";

/**
 * Reading a docs folder at start: its files listed, every page's front
 * matter and includes read, its address chosen, its title read from the
 * page's opening (the navigation needs them all), when git last saw each
 * page change, and the navigation built.
 * Nothing is rendered here, and no page's text is kept: what rendering a
 * page needs is its front matter (`sources`) and its Markdown, read again
 * when it is rendered (`readMarkdown`).
 */

export type ReadFolder = {
  root: string;
  /** In reading order: the landing page, then depth first in navigation order. */
  pages: GuidePage[];
  nav: GuideNavItem[];
  /** The site's name from the project file beside the folder (mkdocs.yml's site_name, book.toml's title), if any. */
  projectName: string | null;
  /** Files that are not pages, by path relative to the folder ("img/a.png"). */
  files: ContentFiles;
  /** Includes that name no file in the folder, by the page they are on; left as written. */
  missingIncludes: BrokenLink[];
  /** Pages whose includes reached their limit (about 2 MB or 2,000 files), each with the first include left as written. */
  includesPastLimit: BrokenLink[];
  /** Files left out and labelling files not read, each already warned of. */
  folderWarnings: FolderWarning[];
  /** What each page's front matter says, and the title read at start. */
  sources: Map<GuidePage, PageSource>;
  /** The page's Markdown from its file (front matter removed, includes expanded); rejects with GuideContentError. */
  readMarkdown(page: GuidePage): Promise<string>;
  /** A code block of each language the pages use (render/code-samples.server.ts). */
  samples: CodeSample[];
};

export type ReadFolderOptions = {
  /** Paths outside /guide that this site serves, so links to them are not reported as broken. */
  sitePaths?: Iterable<string>;
  /** Put before every URL the pages' HTML links to (UrlTargets.basePath). */
  basePath?: string;
  warn: (message: string) => void;
  /** Where what reading the pages found is kept for the next start, given the folder's real path; null: nowhere. */
  startIndexFile?: (root: string) => string | null;
  /**
   * Told the folder's link targets and code samples as soon as they are
   * known, before the titles are read (the render worker warms up
   * meanwhile), whether the files are as the last start found them, and
   * their stamp (null without a start index file).
   */
  onTargets?: (targets: UrlTargets, samples: CodeSample[], start: { unchangedSinceLastStart: boolean; stamp: string | null }) => void;
  /** What the last reading of this folder found (`themed-guide dev`): pages whose files are as they were are not read again. */
  lastRead?: LastRead;
  /**
   * Told of each file that stops a start (front matter that does not parse,
   * read as if it had none; a second file at one address, or a page at
   * another's Markdown or data address, left out), and the
   * reading goes on: what `themed-guide check` lists. Without it the first
   * such file stops the reading.
   */
  onRefusedFile?: (error: GuideContentError) => void;
};

export async function readFolder(contentDir: string, options: ReadFolderOptions): Promise<ReadFolder> {
  const root = await fs.realpath(contentDir).catch(() => {
    throw new GuideContentError(`Content folder not found: ${contentDir}`);
  });
  if (!(await fs.stat(root)).isDirectory()) throw new GuideContentError(`Not a folder: ${contentDir}`);
  const { warn } = options;

  const listing = await listContentFolder(root).catch((error: unknown) => {
    throw error instanceof ContentListingError ? new GuideContentError(error.message) : error;
  });
  const folderWarnings: FolderWarning[] = [];
  const warnOf = (warning: FolderWarning) => {
    folderWarnings.push(warning);
    warn(describeFolderWarning(warning));
  };
  listing.warnings.forEach(warnOf);
  // git reads the history while the pages are read.
  const lastCommits = readLastCommitDates(root, new Set(listing.markdown.map((entry) => entry.relativePath)));
  const project = await readProjectConfig(root, warnOf);
  // MkDocs' nav when mkdocs.yml has one, else mdBook's SUMMARY.md.
  const contents = project?.contents ?? listing.bookContents;

  const { sources, missingIncludes, includesPastLimit, notUtf8: notUtf8Files, repositoryPaths, samples, readMarkdown, unchangedSinceLastStart, stamp } = await readPageSources(root, listing, {
    startIndexFile: options.startIndexFile?.(root) ?? null,
    lastRead: options.lastRead,
    onFrontMatterError: options.onRefusedFile,
  });
  for (const { relativePath, line } of notUtf8Files) warnOf(notUtf8(path.join(root, relativePath), line));
  if (missingIncludes.length > 0) warn(describeMissingIncludes(root, missingIncludes));
  if (includesPastLimit.length > 0) warn(describeIncludesPastLimit(root, includesPastLimit, INCLUDE_LIMITS));
  // A second file at a page's address, or a page at another's Markdown or data address, left out (check lists it):
  // a link to it leads to that address all the same.
  const leftOut: Array<[string, string]> = [];
  const onRefusedAddress = options.onRefusedFile && ((error: RefusedAddress) => {
    leftOut.push([path.relative(root, error.file!).split(path.sep).join("/"), error.url]);
    options.onRefusedFile!(error);
  });
  const slots = placePages(
    root,
    sources.map((source) => source.entry.relativePath),
    onRefusedAddress,
  ).flatMap((slot, index) => (slot ? [{ ...slot, ...sources[index]!, source: sources[index]! }] : []));

  options.onTargets?.(
    {
      pages: new Map([...slots.map((slot): [string, string] => [slot.entry.relativePath, slot.url]), ...leftOut]),
      folders: new Map(slots.filter((slot) => slot.isIndex).map((slot) => [slot.folder, slot.url])),
      pageUrls: new Set(slots.map((slot) => slot.url)),
      files: listing.files,
      sitePaths: new Set(options.sitePaths ?? []),
      repositoryPaths,
      basePath: options.basePath,
    },
    samples,
    { unchangedSinceLastStart, stamp },
  );

  const lastUpdated = await lastCommits;
  const pageSources: ReadFolder["sources"] = new Map();
  const placed = slots.map((slot): PlacedPage => {
    const { relativePath } = slot.entry;
    // Named from its file only when nothing else names it: most pages have a title (50,000 names a restart need not make).
    const title =
      slot.meta.title ?? slot.leadingTitle ?? slot.meta.heroTitle ?? readableName(path.basename(slot.isIndex ? (slot.folder === "" ? root : slot.folder) : relativePath));
    const listed = contents?.pages.get(relativePath);
    const page: GuidePage = {
      file: fileIn(root, relativePath),
      relativePath,
      slug: slot.slug,
      url: slot.url,
      title,
      navTitle: slot.meta.navLabel ?? listed?.label ?? title,
      order: slot.meta.order ?? listed?.order ?? null,
      lastUpdated: lastUpdated.get(relativePath) ?? null,
    };
    pageSources.set(page, slot.source);
    return { page, folder: slot.folder, isIndex: slot.isIndex };
  });

  const { pages, nav } = buildGuideTree(placed, withContentsFolders(listing.folderLabels, contents));
  return {
    root,
    pages,
    nav,
    projectName: project?.siteName ?? null,
    files: listing.files,
    missingIncludes,
    includesPastLimit,
    folderWarnings,
    sources: pageSources,
    readMarkdown: pageReader(pageSources, readMarkdown),
    samples,
  };
}

/** The page's file: joined by hand where "/" is the separator, since the root is absolute and normalised (path.join's normalising, 50,000 times, is a restart's cost). */
function fileIn(root: string, relativePath: string): string {
  if (path.sep !== "/") return path.join(root, relativePath);
  return root.endsWith("/") ? `${root}${relativePath}` : `${root}/${relativePath}`;
}

/**
 * Made out here, not in readFolder: a function made in there would keep
 * everything readFolder's other functions use (every page's slot, the
 * commit dates) for the life of the guide. With read-page-sources'
 * markdownReader, made apart for the same reason, 6.4 MB less live heap at
 * a 50,000-page restart (BENCHMARKS.md).
 */
function pageReader(sources: ReadFolder["sources"], readMarkdown: (entry: PageSource["entry"]) => Promise<string>): ReadFolder["readMarkdown"] {
  return (page) => {
    const source = sources.get(page);
    if (!source) return Promise.reject(new Error(`${page.url} is not a page of this guide`));
    return readMarkdown(source.entry).catch((error: unknown) => Promise.reject(goneOrAsIs(error, page.file)));
  };
}
