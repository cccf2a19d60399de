import type { ContentFile, GuideNavItem, GuidePage, RenderedPage } from "../guide-types";
import type { BrokenLink } from "../load/link-report";
import { readFolder } from "../load/read-folder.server";
import { createBackgroundCompletion, type CompleteGuide } from "./background-completion.server";
import { createKeptPages, type RenderedPageStore } from "./kept-pages.server";
import { createPageRendering } from "./page-rendering.server";
import { createPageRenderer, type PageRenderer } from "./render-worker-client.server";

/**
 * The guide: every Markdown file of a content folder, listed when it is
 * loaded, plus the list of its other files. Requests only look pages and
 * files up in memory, so no request ever decides what is read from the disk.
 *
 * Loading reads every file and its front matter but parses only each
 * page's opening, for its title (load/read-folder.server.ts). A page's
 * article is rendered the first time it is asked for and kept
 * (page-rendering.server.ts, kept-pages.server.ts); `complete` renders the
 * rest a page at a time in the background, builds the search index and
 * reports broken links (background-completion.server.ts). So the server
 * listens within a second for 200 long pages and about three for 5,000
 * (BENCHMARKS.md), and in production the highlighter's and parsers' garbage
 * is made in a worker process that ends when it is done
 * (render-worker-client.server.ts).
 */

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
  /** Includes that name no file in the folder; left as written. */
  missingIncludes: readonly BrokenLink[];
  /** The page's Markdown as the site reads it: front matter removed, includes expanded. */
  markdown(page: GuidePage): Promise<string>;
  /** The page with its article: rendered on the first call, then kept while the store keeps it. */
  render(page: GuidePage): Promise<RenderedPage>;
  /**
   * Every page rendered once, in reading order and one at a time, letting
   * requests in between; then what needs them all. The first call starts
   * it, later calls share it. Never rejects: a page that fails to render
   * is in `failures` (and its own requests fail).
   */
  complete(): Promise<CompleteGuide>;
};

export type LoadGuideOptions = {
  /** Paths outside /guide that this site serves, so links to them are not reported as broken. */
  sitePaths?: Iterable<string>;
  /** Where the site is served from, when not from its host's root ("/docs"): the pages' links start with it. */
  basePath?: string;
  /** Where warnings go (symbolic links out, broken links, pages that fail to render): one line each. */
  warn?: (message: string) => void;
  /** How much rendered HTML the default store keeps, in characters (default RENDERED_CHARACTERS_KEPT). */
  renderedCharactersKept?: number;
  /** Where rendered pages are kept (default: in memory, within `renderedCharactersKept`). */
  store?: RenderedPageStore;
  /** Where pages are rendered (default: the built worker when there is one, render-worker-client.server.ts). */
  renderer?: PageRenderer;
  /** False: `complete()` makes no search index, and no page's search sections are held for one (a static export writes its own). */
  searchIndex?: boolean;
};

export async function loadGuide(contentDir: string, options: LoadGuideOptions = {}): Promise<Guide> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  // Started first: a worker boots while the folder is read.
  const renderer = options.renderer ?? createPageRenderer();
  try {
    const folder = await readFolder(contentDir, { sitePaths: options.sitePaths, basePath: options.basePath, warn, onTargets: (targets, samples) => renderer.prepare(targets, samples) });
    const completion = createBackgroundCompletion({
      root: folder.root,
      pages: folder.pages,
      render: (page) => rendering.render(page, true),
      warn,
      onDone: () => renderer.release(),
      searchIndex: options.searchIndex,
    });
    const rendering = createPageRendering(folder, {
      renderer,
      store: options.store ?? createKeptPages(options.renderedCharactersKept),
      warn,
      onRendered: completion.onRendered,
    });
    const bySlug = new Map(folder.pages.map((page) => [page.slug, page]));
    return {
      pages: folder.pages,
      nav: folder.nav,
      landing: bySlug.get("") ?? null,
      projectName: folder.projectName,
      findPage: (slug) => bySlug.get(slug),
      files: folder.files,
      missingIncludes: folder.missingIncludes,
      markdown: async (page) => folder.sources.get(page)?.content ?? "",
      render: (page) => rendering.render(page),
      complete: completion.complete,
    };
  } catch (error) {
    renderer.release();
    throw error;
  }
}
