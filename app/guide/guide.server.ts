import fs from "node:fs/promises";
import path from "node:path";
import { codeSamples } from "./code-samples.server";
import { FrontMatterError, parseFrontMatter } from "./front-matter.server";
import type { ContentFile, GuideNavItem, GuidePage, PageContent, RenderedPage } from "./guide";
import { buildGuideTree, type PlacedPage } from "./guide-tree.server";
import { ContentListingError, LIMITS, listContentFolder, type ContentListing, type MarkdownEntry } from "./list-content-folder.server";
import { readLeadingTitle } from "./markdown/read-leading-title.server";
import { expandIncludes } from "./file-includes.server";
import { withoutPageExtension } from "./markdown-files";
import { createPageRenderer, RenderTimeLimitError, type PageRenderer } from "./page-renderer.server";
import { readableName, readPageMeta, type PageMeta } from "./page-meta.server";
import { plainTextPage } from "./plain-text-page.server";
import type { RenderJob, RenderResult } from "./render-page.server";
import { pageUrl, type UrlTargets } from "./resolve-url.server";
import { createSearchIndex, type SearchIndex, type SearchSection } from "./search.server";
import { readProjectConfig, type TableOfContents } from "./table-of-contents.server";

/**
 * The guide: every Markdown file of a content folder, listed when the server
 * starts, plus the list of its other files. Requests only look pages and
 * files up in memory, so no request ever decides what is read from the disk.
 *
 * Starting reads every file and its front matter but parses only each
 * page's opening, for its title (the navigation needs them all). A page's
 * article is rendered the first time it is asked for and kept; `complete`
 * renders the rest a page at a time in the background, builds the search
 * index and reports broken links. So the server listens within a second for
 * 200 long pages and about three for 5,000 (BENCHMARKS.md), and in
 * production the highlighter's and parsers' garbage is made in a worker
 * process that ends when it is done (page-renderer.server.ts).
 *
 * Folders written for other docs tools load unedited: front matter is
 * optional (page-meta.server.ts), index.md, README.md and Hugo's _index.md
 * are a folder's page, and links are written to this site's URLs
 * (resolve-url.server.ts).
 */

export type { GuideNavItem, GuidePage, PageContent, RenderedPage } from "./guide";

export type BrokenLink = {
  /** The page, relative to the content folder. */
  from: string;
  /** The link or image URL as written. */
  href: string;
};

export type Guide = {
  /** Pages in reading order: the landing page, then depth first in navigation order. */
  pages: GuidePage[];
  nav: GuideNavItem[];
  /** The top-level index.md or README.md, at /guide. */
  landing: GuidePage | null;
  /** The site's name from the project file beside the folder (mkdocs.yml's site_name, book.toml's title), if any. */
  projectName: string | null;
  findPage(slug: string): GuidePage | undefined;
  /** Files that are not pages, by path relative to the folder ("img/a.png"). */
  files: Map<string, ContentFile>;
  /** The page with its article: rendered on the first call, then kept (within RENDERED_CHARACTERS_KEPT). */
  render(page: GuidePage): Promise<RenderedPage>;
  /**
   * Every page rendered once, in reading order and one at a time, letting
   * requests in between; then what needs them all. The first call starts
   * it, later calls share it. Never rejects: a page that fails to render
   * is in `failures` (and its own requests fail).
   */
  complete(): Promise<CompleteGuide>;
};

export type CompleteGuide = {
  search: SearchIndex;
  /** Every page's description, by slug. */
  descriptions: ReadonlyMap<string, string>;
  /** Links and images into the folder that lead nowhere; left as written. */
  brokenLinks: BrokenLink[];
  failures: GuideContentError[];
};

export type LoadGuideOptions = {
  /** Paths outside /guide that this site serves, so links to them are not reported as broken. */
  sitePaths?: Iterable<string>;
  /** Where warnings go (symbolic links out, broken links, pages that fail to render): one line each. */
  warn?: (message: string) => void;
  /** How much rendered HTML is kept, in characters (default RENDERED_CHARACTERS_KEPT). */
  renderedCharactersKept?: number;
  /** Where pages are rendered (default: the built worker when there is one, page-renderer.server.ts). */
  renderer?: PageRenderer;
};

/** A folder that cannot be served; `file`, `line` and `column` say where, when one file is to blame. */
export class GuideContentError extends Error {
  override name = "GuideContentError";
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, file?: string, line?: number, column?: number) {
    super(message);
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

// Reading files overlaps a little; the CPU work is on one thread anyway.
const READ_CONCURRENCY = 8;
/** Broken links named in the warning; the rest are counted. */
const BROKEN_LINKS_SHOWN = 5;
/**
 * Rendered articles kept in memory, in characters of HTML; beyond it the
 * least recently read are dropped and rendered again when asked for. A
 * 200-page folder of long pages renders to 3.2 million; a folder of
 * thousands of long pages stays bounded.
 */
export const RENDERED_CHARACTERS_KEPT = 48_000_000;

export async function loadGuide(contentDir: string, options: LoadGuideOptions = {}): Promise<Guide> {
  const root = await fs.realpath(contentDir).catch(() => {
    throw new GuideContentError(`Content folder not found: ${contentDir}`);
  });
  if (!(await fs.stat(root)).isDirectory()) throw new GuideContentError(`Not a folder: ${contentDir}`);
  // Started first: a worker boots while the folder is read.
  const renderer = options.renderer ?? createPageRenderer();
  try {
    return await loadFolder(root, renderer, options);
  } catch (error) {
    renderer.release();
    throw error;
  }
}

async function loadFolder(root: string, renderer: PageRenderer, options: LoadGuideOptions): Promise<Guide> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const charactersKept = options.renderedCharactersKept ?? RENDERED_CHARACTERS_KEPT;

  const listing = await listContentFolder(root).catch((error: unknown) => {
    throw error instanceof ContentListingError ? new GuideContentError(error.message) : error;
  });
  listing.warnings.forEach((message) => warn(message));
  const project = await readProjectConfig(root, warn);
  // MkDocs' nav when mkdocs.yml has one, else mdBook's SUMMARY.md.
  const contents = project?.contents ?? listing.bookContents;

  const read = (await mapLimit(listing.markdown, READ_CONCURRENCY, (entry) => readSource(root, entry))).filter((source) => !source.meta.draft);
  if (read.length === 0) throw new GuideContentError(`No Markdown files in ${root}`);
  const folderInRepository = await repositoryPaths(root);
  const { sources, missingIncludes } = await expandIncludedFiles(read, listing, folderInRepository);
  if (missingIncludes.length > 0) warn(describeMissingIncludes(root, missingIncludes));

  const indexes = chooseFolderIndexes(sources.map((source) => source.entry.relativePath));
  const slots = sources.map((source) => {
    const folder = path.posix.dirname(source.entry.relativePath).replace(/^\.$/, "");
    const isIndex = indexes.get(folder) === source.entry.relativePath;
    const slug = isIndex ? folder : withoutPageExtension(source.entry.relativePath);
    return { ...source, folder, isIndex, slug, url: pageUrl(slug) };
  });
  assertUniqueSlugs(root, slots);

  const targets: UrlTargets = {
    pages: new Map(slots.map((slot) => [slot.entry.relativePath, slot.url])),
    folders: new Map(slots.filter((slot) => slot.isIndex).map((slot) => [slot.folder, slot.url])),
    pageUrls: new Set(slots.map((slot) => slot.url)),
    files: listing.files,
    sitePaths: new Set(options.sitePaths ?? []),
    repositoryPaths: folderInRepository,
  };
  // Before the titles are read: the worker can warm up on the folder's code meanwhile.
  renderer.prepare(targets, codeSamples(slots.map((slot) => slot.content)));

  const sourceOf = new Map<GuidePage, (typeof slots)[number] & { leadingTitle: string | null }>();
  const placed = slots.map((slot): PlacedPage => {
    const { relativePath } = slot.entry;
    const fallbackTitle = readableName(path.basename(slot.isIndex ? (slot.folder === "" ? root : slot.folder) : relativePath));
    const leadingTitle = slot.meta.title === null ? readLeadingTitle(slot.content, relativePath) : null;
    const title = slot.meta.title ?? leadingTitle ?? slot.meta.heroTitle ?? fallbackTitle;
    const listed = contents?.pages.get(relativePath);
    const page: GuidePage = {
      file: path.join(root, relativePath),
      relativePath,
      slug: slot.slug,
      url: slot.url,
      title,
      navTitle: slot.meta.navLabel ?? listed?.label ?? title,
      order: slot.meta.order ?? listed?.order ?? null,
    };
    sourceOf.set(page, { ...slot, leadingTitle });
    return { page, folder: slot.folder, isIndex: slot.isIndex };
  });

  const { pages, nav } = buildGuideTree(placed, withContentsFolders(listing.folderLabels, contents));
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const brokenByPage = new Map<GuidePage, BrokenLink[]>();
  const kept = new Map<GuidePage, RenderedPage>();
  let keptCharacters = 0;
  const inFlight = new Map<GuidePage, Promise<RenderedPage>>();
  // Pages whose rendering ran past its time limit, as shown instead (showAsWritten).
  const overran = new Map<GuidePage, RenderedPage>();

  // Each page's search sections, from its render until `complete` takes them.
  const sectionsOf = new Map<GuidePage, SearchSection[]>();
  let completed = false;

  async function renderPage(page: GuidePage, background: boolean): Promise<RenderedPage> {
    const slot = sourceOf.get(page);
    if (!slot) throw new Error(`${page.url} is not a page of this guide`);
    const job: RenderJob = { relativePath: page.relativePath, url: page.url, markdown: slot.content, title: page.title, description: slot.meta.description, home: slot.meta.home };
    let result: RenderResult;
    try {
      result = await renderer.render(job, background);
    } catch (error) {
      if (error instanceof RenderTimeLimitError) return showAsWritten(page, job, error);
      throw new GuideContentError(`${page.file}: could not be rendered: ${(error as Error).message}`, page.file);
    }
    // The navigation already shows page.title; a disagreement would be a bug in readLeadingTitle.
    if (slot.meta.title === null && result.leadingTitle !== slot.leadingTitle) {
      warn(`${page.file}: its title was read as ${JSON.stringify(slot.leadingTitle)} at start but renders as ${JSON.stringify(result.leadingTitle)}`);
    }
    brokenByPage.set(page, result.brokenHrefs.map((href) => ({ from: page.relativePath, href })));
    if (!completed) sectionsOf.set(page, result.sections);
    return { ...page, titleId: result.titleId, description: result.description, html: result.html, headings: result.headings };
  }

  /**
   * A page whose rendering ran past its time limit is shown as plain text
   * (plain-text-page.server.ts), for good: the same Markdown would overrun
   * again, holding the worker up each time the page was asked for.
   */
  function showAsWritten(page: GuidePage, job: RenderJob, error: RenderTimeLimitError): RenderedPage {
    warn(`${page.file}: ${error.message}; it is shown as plain text`);
    const result = plainTextPage(job);
    if (!completed) sectionsOf.set(page, result.sections);
    const shown = { ...page, titleId: result.titleId, description: result.description, html: result.html, headings: result.headings };
    overran.set(page, shown);
    return shown;
  }

  function keep(rendered: RenderedPage, page: GuidePage) {
    kept.set(page, rendered);
    keptCharacters += rendered.html.length;
    for (const [oldest, content] of kept) {
      if (keptCharacters <= charactersKept || oldest === page) break;
      kept.delete(oldest);
      keptCharacters -= content.html.length;
    }
  }

  function render(page: GuidePage, background = false): Promise<RenderedPage> {
    const shownAsWritten = overran.get(page);
    if (shownAsWritten) return Promise.resolve(shownAsWritten);
    const found = kept.get(page);
    if (found) {
      // Most recently read last: the first in the map is the first to go.
      kept.delete(page);
      kept.set(page, found);
      return Promise.resolve(found);
    }
    let pending = inFlight.get(page);
    if (!pending) {
      pending = renderPage(page, background).then(
        (rendered) => {
          inFlight.delete(page);
          keep(rendered, page);
          return rendered;
        },
        (error: unknown) => {
          inFlight.delete(page);
          throw error;
        },
      );
      inFlight.set(page, pending);
    }
    return pending;
  }

  let completing: Promise<CompleteGuide> | null = null;
  async function completeAll(): Promise<CompleteGuide> {
    const sections: SearchSection[] = [];
    const descriptions = new Map<string, string>();
    const failures: GuideContentError[] = [];
    for (const page of pages) {
      try {
        const rendered = await render(page, true);
        descriptions.set(page.slug, rendered.description);
        sections.push(...(sectionsOf.get(page) ?? []));
        sectionsOf.delete(page);
      } catch (error) {
        const failure = error instanceof GuideContentError ? error : new GuideContentError(String(error), page.file);
        failures.push(failure);
        warn(failure.message);
      }
      // Requests that came in meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    completed = true;
    sectionsOf.clear();
    renderer.release();
    const brokenLinks = pages.flatMap((page) => brokenByPage.get(page) ?? []);
    if (brokenLinks.length > 0) warn(describeBrokenLinks(root, brokenLinks));
    return { search: createSearchIndex(sections), descriptions, brokenLinks, failures };
  }

  return {
    pages,
    nav,
    landing: bySlug.get("") ?? null,
    projectName: project?.siteName ?? null,
    findPage: (slug) => bySlug.get(slug),
    files: listing.files,
    render,
    complete: () => (completing ??= completeAll()),
  };
}

type Source = { entry: MarkdownEntry; content: string; meta: PageMeta };

async function readSource(root: string, entry: MarkdownEntry): Promise<Source> {
  const file = path.join(root, entry.relativePath);
  const text = await fs.readFile(entry.path, "utf8");
  try {
    const { data, content } = parseFrontMatter(text);
    return { entry, content, meta: readPageMeta(data) };
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    throw new GuideContentError(`${file}:${error.line}:${error.column}: ${error.reason}`, file, error.line, error.column);
  }
}

/**
 * mdBook's, VitePress' and MkDocs' includes and Docusaurus' imported
 * partials (file-includes.server.ts), expanded in every page that has one
 * before anything reads it, from the files the folder
 * publishes and its partials only (never a file outside it, a dotfile, or
 * one over the size of a page). Each file is read once.
 */
async function expandIncludedFiles(
  sources: Source[],
  listing: ContentListing,
  folderInRepository: readonly string[],
): Promise<{ sources: Source[]; missingIncludes: BrokenLink[] }> {
  const publishable = new Map<string, { path: string; size: number }>([
    ...listing.files,
    ...listing.partials,
    ...listing.markdown.map((entry) => [entry.relativePath, entry] as const),
  ]);
  const texts = new Map<string, Promise<string | null>>();
  const readIncluded = (relativePath: string) => {
    const file = publishable.get(relativePath);
    if (!file || file.size > LIMITS.markdownBytes) return Promise.resolve(null);
    if (!texts.has(relativePath)) texts.set(relativePath, fs.readFile(file.path, "utf8").catch(() => null));
    return texts.get(relativePath)!;
  };
  const missingIncludes: BrokenLink[] = [];
  const expanded = await mapLimit(sources, READ_CONCURRENCY, async (source) => {
    const { markdown, missing } = await expandIncludes(source.content, source.entry.relativePath, readIncluded, { repositoryPaths: folderInRepository });
    missingIncludes.push(...missing.map((href) => ({ from: source.entry.relativePath, href })));
    return markdown === source.content ? source : { ...source, content: markdown };
  });
  return { sources: expanded, missingIncludes };
}

function describeMissingIncludes(root: string, includes: BrokenLink[]): string {
  const count = includes.length === 1 ? "1 include names" : `${includes.length} includes name`;
  return `${count} no file in ${root} (files outside it are never read) and ${includes.length === 1 ? "is" : "are"} left as written: ${listLinks(includes)}`;
}

/**
 * Where the folder sits as GitHub's root-relative links see it: its path
 * from the repository it is in (the nearest folder above with a `.git`),
 * and its own name, for a folder copied out of its repository. Longest first.
 */
async function repositoryPaths(root: string): Promise<string[]> {
  const paths = new Set<string>();
  for (let above = path.dirname(root); above !== path.dirname(above); above = path.dirname(above)) {
    if (await fs.stat(path.join(above, ".git")).then(() => true, () => false)) {
      paths.add(path.relative(above, root).split(path.sep).join("/"));
      break;
    }
  }
  if (path.basename(root) !== "") paths.add(path.basename(root));
  return [...paths].sort((a, b) => b.length - a.length);
}

/** Each folder's page: index.md(x), else README.md(x) (GitHub, mdBook), else Hugo's _index.md. */
function chooseFolderIndexes(relativePaths: string[]): Map<string, string> {
  const RANK = ["index.md", "index.mdx", "readme.md", "readme.mdx", "_index.md"];
  const chosen = new Map<string, { file: string; rank: number }>();
  for (const file of relativePaths) {
    const rank = RANK.indexOf(path.posix.basename(file).toLowerCase());
    if (rank === -1) continue;
    const folder = path.posix.dirname(file).replace(/^\.$/, "");
    const current = chosen.get(folder);
    if (!current || rank < current.rank) chosen.set(folder, { file, rank });
  }
  return new Map([...chosen].map(([folder, { file }]) => [folder, file]));
}

/** Docusaurus' `_category_` files first, then the table of contents' sections. */
function withContentsFolders(categories: ContentListing["folderLabels"], contents: TableOfContents | null): ContentListing["folderLabels"] {
  if (!contents) return categories;
  const merged = new Map(categories);
  for (const [folder, entry] of contents.folders) {
    const category = categories.get(folder);
    merged.set(folder, { label: category?.label ?? entry.label, order: category?.order ?? entry.order });
  }
  return merged;
}

function assertUniqueSlugs(root: string, slots: { entry: MarkdownEntry; slug: string; url: string }[]) {
  const seen = new Map<string, string>();
  for (const { entry, slug, url } of slots) {
    const other = seen.get(slug);
    if (other !== undefined) {
      throw new GuideContentError(`${path.join(root, other)} and ${path.join(root, entry.relativePath)} both give the page ${url}; rename one`);
    }
    seen.set(slug, entry.relativePath);
  }
}

function describeBrokenLinks(root: string, links: BrokenLink[]): string {
  const count = links.length === 1 ? "1 link leads" : `${links.length} links lead`;
  return `${count} nowhere in ${root} and ${links.length === 1 ? "is" : "are"} left as written: ${listLinks(links)}`;
}

/** "a.md → x, b.md → y, and 3 more": the first few, by the page they are on. */
function listLinks(links: BrokenLink[]): string {
  const shown = links.slice(0, BROKEN_LINKS_SHOWN).map((link) => `${link.from} → ${link.href}`);
  const more = links.length > BROKEN_LINKS_SHOWN ? `, and ${links.length - BROKEN_LINKS_SHOWN} more` : "";
  return shown.join(", ") + more;
}

/** `Promise.all(items.map(fn))` with at most `limit` in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
