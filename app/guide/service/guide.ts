import type { GuideNavItem, GuidePage, RenderedPage } from "../guide-types";
import type { ContentFiles } from "../load/content-files.server";
import type { BrokenLink } from "../load/link-report";
import type { FolderWarning } from "../load/folder-warning";
import type { LastRead } from "../load/read-page-sources.server";
import type { SearchIndex } from "../search/search-index.server";
import type { CompleteGuide, DescriptionsSoFar } from "./background-completion.server";
import type { KnownPages } from "./known-pages.server";

/** The loaded guide as the routes, the export and the check use it; load-guide.server.ts makes it. */
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
  files: ContentFiles;
  /** Includes that name no file in the folder; left as written. */
  missingIncludes: readonly BrokenLink[];
  /** Pages whose includes reached their limit, each with the first include left as written. */
  includesPastLimit: readonly BrokenLink[];
  /** Files left out of the guide and labelling files not read (symbolic links out, a project file that does not parse). */
  folderWarnings: readonly FolderWarning[];
  /** The page's Markdown as the site reads it: front matter removed, includes expanded. */
  markdown(page: GuidePage): Promise<string>;
  /** The page with its article: rendered on the first call, then kept while the store keeps it. */
  render(page: GuidePage): Promise<RenderedPage>;
  /**
   * The search index as it is now, without waiting: every page's once the
   * store on disk is complete (at once after a restart on unchanged files;
   * pages changed since are indexed again as the completion reaches them);
   * during a first start, the pages indexed so far. Null where no index is
   * made (an export, whose pages search their own in the browser).
   */
  searchSoFar(): SearchSoFar | null;
  /** How many pages were rendered, how many read from the disk cache instead, and how many taken unchanged from what the last load found, so far. */
  renderCounts(): { rendered: number; fromDiskCache: number; unchanged: number };
  /** What this load found of each page: what the next load of the folder is handed as `known` (`themed-guide dev`, with `keepFindings`). */
  known(): FoundBefore;
  /**
   * Every page rendered once, in reading order and one at a time, letting
   * requests in between; then what needs them all. The first call starts
   * it, later calls share it. Never rejects: a page that fails to render
   * is in `failures` (and its own requests fail).
   */
  complete(): Promise<CompleteGuide>;
  /** The descriptions known now, without waiting: every page's once `complete` is done, or at once on a restart on unchanged files (background-completion.server.ts). */
  descriptionsSoFar(): DescriptionsSoFar;
};

export type SearchSoFar = {
  index: SearchIndex;
  /** Whether it holds every page of the folder. */
  complete: boolean;
  /** How many pages it holds (the folder's count once complete). */
  pagesIndexed: number;
};

/** What a load found of each page: its source as read at start (read-page-sources.server.ts), its key and its render's findings (known-pages.server.ts), and the site's fingerprint then. */
export type FoundBefore = { read: LastRead; pages: KnownPages; fingerprint: string };

/** The site's name, links and how it is served (guide-service.server.ts, `getSiteConfig`). */
export type SiteConfig = {
  name: string;
  /** Where "Edit this page" links start; the page's relative path is appended. */
  editUrlBase: string | null;
  /** True when CONTENT_DIR points at a folder other than the built-in guide. */
  ownFolder: boolean;
  /**
   * True when the pages are being exported as static files (`themed-guide
   * build`): no server will answer a form, so the theme is chosen in the
   * browser only and search runs there on the export's own index.
   */
  staticSite: boolean;
  /** Where the site is served from when not from its host's root ("/docs"); "" at the root (an export's --base). */
  basePath: string;
  /** True under `themed-guide dev`: pages listen for changes to the folder (dev/watch-guide.server.ts). */
  liveReload: boolean;
};
