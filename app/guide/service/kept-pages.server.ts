import type { GuidePage, RenderedPage } from "../guide-types";

/**
 * Where rendered pages are kept between requests. The guide asks the store
 * before it renders and hands it every page it renders; what the store lets
 * go is rendered again when asked for. This one keeps them in memory up to
 * a number of characters of HTML, dropping the least recently read first;
 * a store on disk, or one that shares a budget with other caches, is
 * another implementation of the same two calls.
 */
export type RenderedPageStore = {
  get(page: GuidePage): RenderedPage | undefined;
  set(page: GuidePage, rendered: RenderedPage): void;
};

/**
 * Rendered articles kept in memory, in characters of HTML. A 200-page
 * folder of long pages renders to 3.2 million; a folder of thousands of
 * long pages stays bounded.
 */
export const RENDERED_CHARACTERS_KEPT = 48_000_000;

export function createKeptPages(charactersKept = RENDERED_CHARACTERS_KEPT): RenderedPageStore {
  // Most recently read last: the first in the map is the first to go.
  const kept = new Map<GuidePage, RenderedPage>();
  let keptCharacters = 0;
  return {
    get(page) {
      const found = kept.get(page);
      if (found) {
        kept.delete(page);
        kept.set(page, found);
      }
      return found;
    },
    set(page, rendered) {
      const previous = kept.get(page);
      if (previous) keptCharacters -= previous.html.length;
      kept.delete(page);
      kept.set(page, rendered);
      keptCharacters += rendered.html.length;
      // The page just kept stays, even alone over the bound: it is being served.
      for (const [oldest, content] of kept) {
        if (keptCharacters <= charactersKept || oldest === page) break;
        kept.delete(oldest);
        keptCharacters -= content.html.length;
      }
    },
  };
}
