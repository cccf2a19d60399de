import type { SearchResult } from "./guide/search/search-index.server";

/**
 * What /search answers (routes/search.tsx): to its results page, and, with
 * `preview`, to the header's search box. A module of its own so that the
 * box, a component, depends on this type rather than on a route module.
 */
export type SearchData = {
  /** The query as searched: cleaned, and cut if it was too long. */
  query: string;
  /** Why less than the whole query was searched; null when all of it was. */
  notice: string | null;
  /** The best sections, best first. */
  results: SearchResult[];
  /** Whether more sections match than `results` holds. */
  more: boolean;
};
