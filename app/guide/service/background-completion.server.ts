import { GuideContentError, PageFileGoneError } from "../guide-content-error";
import type { GuidePage } from "../guide-types";
import { describeBrokenLinks, type BrokenLink } from "../load/link-report";
import type { SearchIndex } from "../search/search-index.server";
import type { SearchStore } from "../search/search-store.server";
import type { RenderFindings } from "./page-rendering.server";

/**
 * What needs every page rendered: the search index, every page's
 * description, the broken-link report. Once the server is up, every page not
 * yet rendered (for a visitor, or for an export) is rendered once (or read
 * from the disk cache), in reading order and one at a time, letting requests
 * in between. Each page's search sections go into the search store on disk
 * as the page is rendered, unless it holds them for the page's key already
 * (search/search-store.server.ts), so no folder's text is held in memory.
 */

export type CompleteGuide = {
  search: SearchIndex;
  /** Every page's description. */
  descriptions: PageDescriptions;
  /** Links and images into the folder that lead nowhere; left as written. */
  brokenLinks: BrokenLink[];
  failures: GuideContentError[];
};

/** The pages' descriptions, as the lists of every page show them (/guide, /llms.txt). */
export type PageDescriptions = {
  /** The page's description; undefined while it is not known. */
  of(page: GuidePage): string | undefined;
  /** How many pages' descriptions are known. */
  readonly count: number;
};

export type DescriptionsSoFar = {
  descriptions: PageDescriptions;
  /** Whether every page's is known: false while a first start renders in the background. */
  complete: boolean;
};

type Options = {
  root: string;
  pages: readonly GuidePage[];
  /** The page rendered (or read from the disk cache, or known from the last load: page-rendering.server.ts), for its description; its findings come to `onRendered`. */
  describe: (page: GuidePage) => Promise<string>;
  warn: (message: string) => void;
  /** Called once every page is rendered (the render worker may end, the cache folder be swept); awaited before `complete` resolves. */
  onDone: () => void | Promise<void>;
  /**
   * Where the pages' sections and descriptions are kept; null: no search
   * index is made (a static export writes its own), and the descriptions
   * are held in memory.
   */
  search: SearchStore | null;
  /**
   * What the descriptions depend on (the folder's files and the renderer:
   * load-guide.server.ts), or null when that is not known. A store that
   * a complete pass left under the same state holds every page's at once:
   * a restart on unchanged files lists them all without waiting for its
   * pass over every page (minutes at 50,000 pages).
   */
  descriptionsState: string | null;
};

const NO_SEARCH: SearchIndex = { search: () => [] };

export function createBackgroundCompletion({ root, pages, describe, warn, onDone, search, descriptionsState }: Options) {
  // Only the pages with links that lead nowhere: at 50,000 pages, an empty list each was 2-3 MB of the server's heap.
  const brokenByPage = new Map<GuidePage, BrokenLink[]>();
  // Shown as plain text (page-rendering.server.ts), warned of when it happened: failures all the same.
  const shownAsWritten = new Map<GuidePage, GuideContentError>();
  let completing: Promise<CompleteGuide> | null = null;
  let completed: CompleteGuide | null = null;
  let searchFailed = false;
  const describedBefore = search !== null && descriptionsState !== null && search.describedFor() === descriptionsState;
  /**
   * The pages described by this load: their descriptions are in the search
   * store, each beside its sections, not held here (at 50,000 pages they
   * were 10 to 15 MB of the server's heap). `held` has those the store
   * could not take, and every page's where there is no store (an export).
   */
  const described = new Set<GuidePage>();
  const held = new Map<GuidePage, string>();
  const descriptions: PageDescriptions = {
    of(page) {
      const here = held.get(page);
      if (here !== undefined || !search || !(describedBefore || described.has(page))) return here;
      return search.pageDescription(page.relativePath);
    },
    get count() {
      return describedBefore ? pages.length : described.size;
    },
  };

  async function completeAll(): Promise<CompleteGuide> {
    const failures: GuideContentError[] = [];
    const gone: PageFileGoneError[] = [];
    for (const page of pages) {
      try {
        // A page rendered before (for a visitor, or for an export) is not rendered again.
        if (!described.has(page)) noteDescription(page, await describe(page));
      } catch (error) {
        const failure = error instanceof GuideContentError ? error : new GuideContentError(String(error), page.file);
        failures.push(failure);
        // A folder removed or moved while the server runs: one line for all its pages, not one each.
        if (failure instanceof PageFileGoneError) gone.push(failure);
        else warn(failure.message);
      }
      // Requests that came in meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (gone.length > 0) {
      const others = gone.length > 1 ? `, and the files of ${gone.length - 1} other pages` : "";
      warn(`${gone[0]!.message}${others}: ${gone.length > 1 ? "they answer" : "it answers"} 404 until the folder is read again (serve reads it at start)`);
    }
    failures.push(...pages.flatMap((page) => shownAsWritten.get(page) ?? []));
    await onDone();
    if (search) {
      try {
        // Pages removed since the store was written leave it; it now answers for the whole folder.
        search.keepOnly(new Set(pages.map((page) => page.relativePath)));
        search.markComplete();
      } catch (error) {
        // A store another server holds too long: it answers as it is, and the next start completes it.
        warn(`Search index: not completed (${(error as Error).message})`);
      }
    }
    // For the next start on the same files and renderer: every page's description is in the store.
    if (search && descriptionsState !== null && !describedBefore && failures.length === 0 && !searchFailed) {
      try {
        search.markDescribed(descriptionsState);
      } catch (error) {
        warn(`Search index: descriptions not noted as complete (${(error as Error).message})`);
      }
    }
    const brokenLinks = pages.flatMap((page) => brokenByPage.get(page) ?? []);
    if (brokenLinks.length > 0) warn(describeBrokenLinks(root, brokenLinks));
    completed = { search: search?.index ?? NO_SEARCH, descriptions, brokenLinks, failures };
    return completed;
  }

  /** A page's description, found by its render: kept in the search store with its sections (`onRendered`), else here. */
  function noteDescription(page: GuidePage, description: string) {
    described.add(page);
    if (!search) held.set(page, description);
  }

  return {
    /** What each render found, as it is rendered (by a visitor or by the completion). */
    onRendered(page: GuidePage, findings: RenderFindings, key: string) {
      if (findings.brokenHrefs.length > 0) brokenByPage.set(page, findings.brokenHrefs.map((href) => ({ from: page.relativePath, href })));
      else brokenByPage.delete(page);
      noteDescription(page, findings.description);
      if (findings.problem) shownAsWritten.set(page, new GuideContentError(`${page.file}: ${findings.problem}`, page.file));
      else shownAsWritten.delete(page);
      // The store holds the page under this key already: its description too.
      if (!search || findings.sections === null || search.pageKey(page.relativePath) === key) return;
      try {
        search.putPage(page.relativePath, key, findings.sections, findings.description);
        held.delete(page);
      } catch (error) {
        // A full disk or a store another server holds too long: the page is served all the same, and found once indexed later.
        if (!searchFailed) warn(`Search index: ${page.relativePath} not indexed (${(error as Error).message})`);
        searchFailed = true;
        held.set(page, findings.description);
      }
    },
    /** The first call starts it, later calls share it. Never rejects: a page that fails is in `failures`. */
    complete: () => (completing ??= completeAll()),
    /**
     * Every page's description once the completion is done, or at once when
     * the store holds every page's for these files; before that, those of
     * the pages rendered so far: what a page listing them shows rather than
     * wait minutes for a large folder's first start.
     */
    descriptionsSoFar: (): DescriptionsSoFar => ({ descriptions, complete: completed !== null || describedBefore }),
  };
}
