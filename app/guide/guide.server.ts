import fs from "node:fs/promises";
import path from "node:path";
import { FrontMatterError, parseFrontMatter } from "./front-matter.server";
import type { ContentFile, GuideNavItem, GuidePage } from "./guide";
import { buildGuideTree, type PlacedPage } from "./guide-tree.server";
import { ContentListingError, listContentFolder, type MarkdownEntry } from "./list-content-folder.server";
import { renderMarkdown } from "./markdown/render-markdown.server";
import { readableName, readPageMeta, shortenDescription, type PageMeta } from "./page-meta.server";
import { pageUrl, resolveContentUrl, type UrlTargets } from "./resolve-url.server";

/**
 * The guide: every Markdown file of a content folder, read and rendered
 * once when the server starts, plus the list of its other files. Requests
 * only look pages and files up in memory, so no request ever decides what
 * is read from the disk.
 *
 * Folders written for other docs tools load unedited: front matter is
 * optional (page-meta.server.ts), index.md, README.md and Hugo's _index.md
 * are a folder's page, and links are written to this site's URLs
 * (resolve-url.server.ts).
 */

// Until the components import these from guide.ts, where they live.
export type { GuideNavItem, GuidePage } from "./guide";

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
  findPage(slug: string): GuidePage | undefined;
  /** Files that are not pages, by path relative to the folder ("img/a.png"). */
  files: Map<string, ContentFile>;
  /** Links and images into the folder that lead nowhere; left as written. */
  brokenLinks: BrokenLink[];
};

export type LoadGuideOptions = {
  /** Paths outside /guide that this site serves, so links to them are not reported as broken. */
  sitePaths?: Iterable<string>;
  /** Where warnings go (symbolic links out, broken links): one line each. */
  warn?: (message: string) => void;
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

// Rendering is mostly CPU on one thread, so more in flight only holds more
// syntax trees in memory at once; a few overlap the file reads.
const CONCURRENCY = 8;
/** Broken links named in the start-up warning; the rest are counted. */
const BROKEN_LINKS_SHOWN = 5;

export async function loadGuide(contentDir: string, options: LoadGuideOptions = {}): Promise<Guide> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const root = await fs.realpath(contentDir).catch(() => {
    throw new GuideContentError(`Content folder not found: ${contentDir}`);
  });
  if (!(await fs.stat(root)).isDirectory()) throw new GuideContentError(`Not a folder: ${contentDir}`);

  const listing = await listContentFolder(root).catch((error: unknown) => {
    throw error instanceof ContentListingError ? new GuideContentError(error.message) : error;
  });
  listing.warnings.forEach((message) => warn(message));

  const sources = (await mapLimit(listing.markdown, CONCURRENCY, (entry) => readSource(root, entry))).filter((source) => !source.meta.draft);
  if (sources.length === 0) throw new GuideContentError(`No Markdown files in ${root}`);

  const indexes = chooseFolderIndexes(sources.map((source) => source.entry.relativePath));
  const slots = sources.map((source) => {
    const folder = path.posix.dirname(source.entry.relativePath).replace(/^\.$/, "");
    const isIndex = indexes.get(folder) === source.entry.relativePath;
    const slug = isIndex ? folder : source.entry.relativePath.replace(/\.md$/i, "");
    return { ...source, folder, isIndex, slug, url: pageUrl(slug) };
  });
  assertUniqueSlugs(root, slots);

  const targets: UrlTargets = {
    pages: new Map(slots.map((slot) => [slot.entry.relativePath, slot.url])),
    folders: new Map(slots.filter((slot) => slot.isIndex).map((slot) => [slot.folder, slot.url])),
    pageUrls: new Set(slots.map((slot) => slot.url)),
    files: listing.files,
    sitePaths: new Set(options.sitePaths ?? []),
  };
  const brokenByPage = new Map<string, BrokenLink[]>();

  const placed = await mapLimit(slots, CONCURRENCY, async (slot): Promise<PlacedPage> => {
    const { relativePath } = slot.entry;
    const file = path.join(root, relativePath);
    const broken: BrokenLink[] = [];
    brokenByPage.set(relativePath, broken);
    const fallbackTitle = readableName(path.basename(slot.isIndex ? (slot.folder === "" ? root : slot.folder) : relativePath));
    const rendered = await renderMarkdown(slot.content, {
      relativePath,
      title: (leading) => slot.meta.title ?? leading ?? fallbackTitle,
      resolveUrl(url, kind) {
        const resolution = resolveContentUrl(targets, relativePath, url, kind);
        if (resolution && "missing" in resolution) broken.push({ from: relativePath, href: url });
        return resolution && "url" in resolution ? resolution.url : null;
      },
    }).catch((error: unknown) => {
      throw new GuideContentError(`${file}: could not be rendered: ${(error as Error).message}`, file);
    });
    const firstParagraph = rendered.firstParagraph ? shortenDescription(rendered.firstParagraph) : "";
    const page: GuidePage = {
      file,
      relativePath,
      slug: slot.slug,
      url: slot.url,
      title: slot.meta.title ?? rendered.title ?? fallbackTitle,
      titleId: rendered.titleId ?? "",
      description: slot.meta.description ?? firstParagraph,
      order: slot.meta.order ?? listing.bookOrder.get(relativePath) ?? null,
      html: rendered.html,
      headings: rendered.headings,
    };
    return { page, folder: slot.folder, isIndex: slot.isIndex, navLabel: slot.meta.navLabel };
  });

  const { pages, nav } = buildGuideTree(placed, listing.folderLabels);
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  // Reported in reading order, whatever order the pages were rendered in.
  const brokenLinks = pages.flatMap((page) => brokenByPage.get(page.relativePath) ?? []);
  if (brokenLinks.length > 0) warn(describeBrokenLinks(root, brokenLinks));
  return {
    pages,
    nav,
    landing: bySlug.get("") ?? null,
    findPage: (slug) => bySlug.get(slug),
    files: listing.files,
    brokenLinks,
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

/** Each folder's page: index.md, else README.md (GitHub, mdBook), else Hugo's _index.md. */
function chooseFolderIndexes(relativePaths: string[]): Map<string, string> {
  const RANK = ["index.md", "readme.md", "_index.md"];
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
  const shown = links.slice(0, BROKEN_LINKS_SHOWN).map((link) => `${link.from} → ${link.href}`);
  const more = links.length > BROKEN_LINKS_SHOWN ? `, and ${links.length - BROKEN_LINKS_SHOWN} more` : "";
  const count = links.length === 1 ? "1 link leads" : `${links.length} links lead`;
  return `${count} nowhere in ${root} and ${links.length === 1 ? "is" : "are"} left as written: ${shown.join(", ")}${more}`;
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
