import type { SearchSection } from "../render/search-sections.server";
import type { SearchIndex } from "./search-types";
import { openSearchStore } from "./search-store.server";

/**
 * Full-text search over the guide: one document per section, a page's
 * introduction (what comes before its first h2) and each h2 and h3, so a
 * result links to the very section that matched. The index is SQLite's FTS5
 * (search-store.server.ts, on disk for a large folder), queried in
 * search-query.server.ts; terms are made in query-terms.ts, snippets in
 * snippets.server.ts.
 */

export type { SearchIndex, SearchResult } from "./search-types";

/**
 * The index of these sections (searchSections of each page, in reading
 * order), held in memory: a store of its own, so there is one search engine
 * whether the index lives in a file or not.
 */
export function createSearchIndex(sections: readonly SearchSection[]): SearchIndex {
  const store = openSearchStore(":memory:");
  // A page is its sections' address without the heading's #id.
  const pages = Map.groupBy(sections, (section) => section.url.split("#")[0]!);
  for (const [page, pageSections] of pages) store.putPage(page, "", pageSections);
  store.markComplete();
  return store.index;
}
