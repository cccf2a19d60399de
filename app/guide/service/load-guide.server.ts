import path from "node:path";
import type { GuideContentError } from "../guide-content-error";
import { readFolder } from "../load/read-folder.server";
import type { UrlTargets } from "../render/resolve-url.server";
import { createBackgroundCompletion } from "./background-completion.server";
import type { FoundBefore, Guide } from "./guide";
import { createKeptPages, type RenderedPageStore } from "./kept-pages.server";
import { openDiskPageCache } from "./page-cache/disk-page-cache.server";
import { sweepPageCache } from "./page-cache/sweep-page-cache.server";
import { docsFolderCache } from "./page-cache/docs-folder-cache.server";
import { siteFingerprint } from "./page-cache/page-keys.server";
import { openGuideSearch } from "./guide-search.server";
import { createPageRendering } from "./page-rendering.server";
import { createPageRenderer, type PageRenderer } from "./render-worker-client.server";

/**
 * The guide: every Markdown file of a content folder, listed when it is
 * loaded, plus the list of its other files. Requests only look pages and
 * files up in memory, so no request ever decides what is read from the disk.
 *
 * Loading reads every file and its front matter but parses only each
 * page's opening, for its title, and keeps no page's text
 * (load/read-folder.server.ts). A page's article is rendered the first time
 * it is asked for, kept in memory within a budget of bytes and, with a
 * cache folder, on disk under a key of everything it depends on
 * (page-rendering.server.ts, kept-pages.server.ts, page-cache/), so a
 * restart on unchanged files renders nothing again; `complete` renders the
 * rest a page at a time in the background, fills the search index on disk
 * and reports broken links (background-completion.server.ts). In
 * production the highlighter's and parsers' garbage is made in a worker
 * thread that ends when it is done (worker-renderer.server.ts).
 */

export type LoadGuideOptions = {
  /** Paths outside /guide that this site serves, so links to them are not reported as broken. */
  sitePaths?: Iterable<string>;
  /** Where the site is served from, when not from its host's root ("/docs"): the pages' links start with it. */
  basePath?: string;
  /** Where warnings go (symbolic links out, broken links, pages that fail to render): one line each. */
  warn?: (message: string) => void;
  /** How much rendered HTML the default store keeps, in bytes (default RENDERED_BYTES_KEPT), or a function that gives it as it is now. */
  renderedBytesKept?: number | (() => number);
  /**
   * Where rendered pages and the search index are kept across restarts
   * (page-cache/), each docs folder in a folder of its own; used only when
   * the renderer has a version (a built worker). Otherwise, or when null or
   * absent, both are kept in memory only.
   */
  cacheFolder?: string | null;
  /** Where rendered pages are kept in memory (default: within `renderedBytesKept`). */
  store?: RenderedPageStore;
  /** Where pages are rendered (default: the built worker when there is one, render-worker-client.server.ts). */
  renderer?: PageRenderer;
  /** False: `complete()` makes no search index, and no page's search sections are held for one (a static export writes its own). */
  searchIndex?: boolean;
  /** Keep what each page's render found, for the next load (`themed-guide dev`). */
  keepFindings?: boolean;
  /** What the last load of this folder found (`Guide.known()`): pages unchanged since are neither read again nor rendered. */
  known?: FoundBefore;
  /** Told of each file that would stop the load, which goes on past it (`themed-guide check`; load/read-folder.server.ts). */
  onRefusedFile?: (error: GuideContentError) => void;
};

export async function loadGuide(contentDir: string, options: LoadGuideOptions = {}): Promise<Guide> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  // Started first: a worker boots while the folder is read.
  const renderer = options.renderer ?? createPageRenderer();
  try {
    let targets: UrlTargets | undefined;
    let start: { unchangedSinceLastStart: boolean; stamp: string | null } | undefined;
    // None when rendering from source (development, tests), which has no version to key pages by.
    const cache = options.cacheFolder && renderer.version !== null ? docsFolderCache(options.cacheFolder, options.basePath ?? "", warn) : null;
    const cacheFolderOf = (root: string) => cache?.folderOf(root) ?? null;
    const folder = await readFolder(contentDir, {
      startIndexFile: (root) => {
        const cacheFolder = cacheFolderOf(root);
        return cacheFolder && path.join(cacheFolder, "start.json");
      },
      sitePaths: options.sitePaths,
      basePath: options.basePath,
      lastRead: options.known?.read,
      onRefusedFile: options.onRefusedFile,
      warn,
      onTargets: (found, samples, startFound) => {
        targets = found;
        start = startFound;
        const { unchangedSinceLastStart } = startFound;
        // Every page of unchanged files is in the cache folder: a worker
        // warming up for none would hold a third of the memory budget. One
        // starts if a page needs rendering after all. Ended first, so that
        // the targets (a second of copying at 50,000 pages) are not sent to it.
        if (unchangedSinceLastStart) void renderer.release({ now: true });
        renderer.prepare(found, samples);
      },
    });
    const fingerprint = siteFingerprint(renderer.version ?? "source", targets!);
    const cacheFolder = cacheFolderOf(folder.root);
    const search = options.searchIndex === false ? null : openGuideSearch(cacheFolder, warn, cache?.cannotWrite);
    const completion = createBackgroundCompletion({
      root: folder.root,
      pages: folder.pages,
      describe: (page) => rendering.complete(page),
      warn,
      onDone: async () => {
        void renderer.release();
        if (!cacheFolder) return;
        // Entries still being written are the folder's own: they are kept whatever their order.
        await rendering.written();
        await sweepPageCache(cacheFolder, rendering.keys());
      },
      search,
      // The descriptions depend on the files (the folder's stamp) and the renderer with the folder's link targets.
      descriptionsState: start!.stamp ? `${start!.stamp}\n${fingerprint}` : null,
    });
    let indexedKeys: Map<string, string> | undefined;
    const rendering = createPageRendering(folder, {
      renderer,
      store: options.store ?? createKeptPages(options.renderedBytesKept),
      diskCache: cacheFolder === null ? null : openDiskPageCache(cacheFolder, { warn, cannotWrite: cache?.cannotWrite }),
      rendererVersion: renderer.version ?? "source",
      targets: targets!,
      warn,
      onRendered: completion.onRendered,
      keepFindings: options.keepFindings,
      known: options.known && {
        pages: options.known.pages,
        // Read once, for the pass over every page: the store changes only for pages whose keys did.
        indexed: (page, key) => search === null || (indexedKeys ??= search.pageKeys()).get(page.relativePath) === key,
        sameTargets: options.known.fingerprint === fingerprint,
      },
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
      includesPastLimit: folder.includesPastLimit,
      folderWarnings: folder.folderWarnings,
      markdown: (page) => folder.readMarkdown(page),
      render: (page) => rendering.render(page),
      renderCounts: () => rendering.counts(),
      known: () => ({
        read: { sources: new Map([...folder.sources.values()].map((source) => [source.entry.relativePath, source])), samples: folder.samples },
        pages: rendering.known(),
        fingerprint,
      }),
      // Counted only while incomplete: a complete store answers every search, and the count would cost each one.
      searchSoFar: () => {
        if (!search) return null;
        const complete = search.isComplete();
        return { index: search.index, complete, pagesIndexed: complete ? folder.pages.length : search.pageCount() };
      },
      complete: completion.complete,
      descriptionsSoFar: completion.descriptionsSoFar,
    };
  } catch (error) {
    void renderer.release();
    throw error;
  }
}
