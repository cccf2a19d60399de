import { GuideContentError } from "../guide-content-error";
import type { GuidePage, RenderedPage } from "../guide-types";
import { describeBrokenLinks, type BrokenLink } from "../load/link-report";
import type { SearchSection } from "../render/search-sections.server";
import { createSearchIndex, type SearchIndex } from "../search/search-index.server";
import type { RenderFindings } from "./page-rendering.server";

/**
 * What needs every page rendered: the search index, every page's
 * description, the broken-link report. Once the server is up, every page not
 * yet rendered (for a visitor, or for an export) is rendered once, in
 * reading order and one at a time, letting requests in between; each page's
 * search sections are held only from its render until they go into the
 * index, so a large folder's HTML is never held all at once.
 */

export type CompleteGuide = {
  search: SearchIndex;
  /** Every page's description, by slug. */
  descriptions: ReadonlyMap<string, string>;
  /** Links and images into the folder that lead nowhere; left as written. */
  brokenLinks: BrokenLink[];
  failures: GuideContentError[];
};

type Options = {
  root: string;
  pages: readonly GuidePage[];
  render: (page: GuidePage) => Promise<RenderedPage>;
  warn: (message: string) => void;
  /** Called once every page is rendered (the render worker may end). */
  onDone: () => void;
  /** False: no search index is made (a static export writes its own), so no page's sections are held. */
  searchIndex?: boolean;
};

export function createBackgroundCompletion({ root, pages, render, warn, onDone, searchIndex = true }: Options) {
  const brokenByPage = new Map<GuidePage, BrokenLink[]>();
  // Each page's search sections, from its render until the index takes them.
  const sectionsOf = new Map<GuidePage, SearchSection[]>();
  // Each rendered page's description: with its sections, all the completion needs of a page already rendered.
  const descriptionOf = new Map<GuidePage, string>();
  let completed = false;
  let completing: Promise<CompleteGuide> | null = null;

  async function completeAll(): Promise<CompleteGuide> {
    const sections: SearchSection[] = [];
    const descriptions = new Map<string, string>();
    const failures: GuideContentError[] = [];
    for (const page of pages) {
      try {
        // A page rendered before (for a visitor, or for an export) is not rendered again.
        const known = descriptionOf.get(page);
        const renderedBefore = known !== undefined && (!searchIndex || sectionsOf.has(page));
        descriptions.set(page.slug, renderedBefore ? known : (await render(page)).description);
        // A loop, not a spread: a page may hold more headings than a call takes arguments.
        for (const section of sectionsOf.get(page) ?? []) sections.push(section);
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
    onDone();
    const brokenLinks = pages.flatMap((page) => brokenByPage.get(page) ?? []);
    if (brokenLinks.length > 0) warn(describeBrokenLinks(root, brokenLinks));
    return { search: createSearchIndex(sections), descriptions, brokenLinks, failures };
  }

  return {
    /** What each render found, as it is rendered (by a visitor or by the completion). */
    onRendered(page: GuidePage, findings: RenderFindings) {
      brokenByPage.set(page, findings.brokenHrefs.map((href) => ({ from: page.relativePath, href })));
      descriptionOf.set(page, findings.description);
      if (!completed && searchIndex) sectionsOf.set(page, findings.sections);
    },
    /** The first call starts it, later calls share it. Never rejects: a page that fails is in `failures`. */
    complete: () => (completing ??= completeAll()),
  };
}
