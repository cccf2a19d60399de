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
  /** Every page's description, by slug. */
  descriptions: ReadonlyMap<string, string>;
  /** Links and images into the folder that lead nowhere; left as written. */
  brokenLinks: BrokenLink[];
  failures: GuideContentError[];
};

export type DescriptionsSoFar = {
  /** By slug. */
  descriptions: ReadonlyMap<string, string>;
  /** Whether every page has been rendered: false while a first start renders in the background. */
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
  /** Where the pages' sections are indexed; null: no search index is made (a static export writes its own). */
  search: SearchStore | null;
  /**
   * Every page's description as a complete pass over these very files
   * found it (page-cache/kept-descriptions.server.ts), or null; while it
   * is read, and once it is, the completion need not have reached a page
   * for its description to be known.
   */
  keptDescriptions?: Promise<ReadonlyMap<string, string> | null>;
  /** Given every page's description once a completion had no failure, for the next start; awaited before `complete` resolves. */
  keepDescriptions?: (descriptions: ReadonlyMap<string, string>) => Promise<void>;
};

const NO_SEARCH: SearchIndex = { search: () => [] };

export function createBackgroundCompletion({ root, pages, describe, warn, onDone, search, keptDescriptions, keepDescriptions }: Options) {
  // Only the pages with links that lead nowhere: at 50,000 pages, an empty list each was 2-3 MB of the server's heap.
  const brokenByPage = new Map<GuidePage, BrokenLink[]>();
  /**
   * Each rendered page's description, by slug: all the completion needs of
   * a page already rendered, what the lists show during a first start (not
   * a copy of it made for each request), and the completed guide's. One
   * map, not one by page and another by slug at the end: at 50,000 pages
   * each is some 3.5 MB of table beside the descriptions' 10 MB. None are
   * noted once those kept for these files are read (a restart): those are
   * every page's.
   */
  const descriptions = new Map<string, string>();
  // Pages shown as plain text (page-rendering.server.ts), warned of when it happened: failures all the same.
  const shownAsWritten = new Map<GuidePage, GuideContentError>();
  let completing: Promise<CompleteGuide> | null = null;
  let completed: CompleteGuide | null = null;
  let searchFailed = false;
  let kept: ReadonlyMap<string, string> | null = null;
  // Never rejects (kept-descriptions.server.ts).
  const keptRead = keptDescriptions?.then((read) => {
    // Read after the completion (a small folder's) is too late to matter: it has every page's.
    if (!read || completed) return;
    kept = read;
    descriptions.clear();
  });

  async function completeAll(): Promise<CompleteGuide> {
    const failures: GuideContentError[] = [];
    const gone: PageFileGoneError[] = [];
    for (const page of pages) {
      try {
        // A page rendered before (for a visitor, or for an export) is not rendered again.
        if (!descriptions.has(page.slug)) noteDescription(page, await describe(page));
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
    // Kept already when the start found them: the same files and renderer give the same descriptions.
    if (failures.length === 0 && !kept) await keepDescriptions?.(descriptions);
    const brokenLinks = pages.flatMap((page) => brokenByPage.get(page) ?? []);
    if (brokenLinks.length > 0) warn(describeBrokenLinks(root, brokenLinks));
    completed = { search: search?.index ?? NO_SEARCH, descriptions: kept ?? descriptions, brokenLinks, failures };
    return completed;
  }

  function noteDescription(page: GuidePage, description: string) {
    if (!kept) descriptions.set(page.slug, description);
  }

  return {
    /** What each render found, as it is rendered (by a visitor or by the completion). */
    onRendered(page: GuidePage, findings: RenderFindings, key: string) {
      if (findings.brokenHrefs.length > 0) brokenByPage.set(page, findings.brokenHrefs.map((href) => ({ from: page.relativePath, href })));
      else brokenByPage.delete(page);
      noteDescription(page, findings.description);
      if (findings.problem) shownAsWritten.set(page, new GuideContentError(`${page.file}: ${findings.problem}`, page.file));
      else shownAsWritten.delete(page);
      if (!search || findings.sections === null || search.pageKey(page.relativePath) === key) return;
      try {
        search.putPage(page.relativePath, key, findings.sections);
      } catch (error) {
        // A full disk or a store another server holds too long: the page is served all the same, and found once indexed later.
        if (!searchFailed) warn(`Search index: ${page.relativePath} not indexed (${(error as Error).message})`);
        searchFailed = true;
      }
    },
    /** The first call starts it, later calls share it. Never rejects: a page that fails is in `failures`. */
    complete: () => (completing ??= completeAll()),
    /**
     * Every page's description once the completion is done, or once those
     * kept for these files are read; before that, those of the pages
     * rendered so far, at once: what a page listing them shows rather than
     * wait minutes for a large folder's first start.
     */
    descriptionsSoFar,
    /**
     * As `descriptionsSoFar`, once the descriptions kept for these files
     * have been read: a restart reads them from the cache folder as it
     * starts, and a list asked for right after listening said "0 of
     * 50,000 pages so far" while they were read (a 50,000-page restart).
     */
    async descriptionsOnceRead(): Promise<DescriptionsSoFar> {
      await keptRead;
      return descriptionsSoFar();
    },
  };

  function descriptionsSoFar(): DescriptionsSoFar {
    if (completed) return { descriptions: completed.descriptions, complete: true };
    if (kept) return { descriptions: kept, complete: true };
    return { descriptions, complete: false };
  }
}
