import type { SnippetPart } from "./snippets.server";

/** What a search answers, whoever answers it (search-store.server.ts); types only. */

export type SearchResult = {
  /** The page, with `#id` when the match is in a section below a heading. */
  url: string;
  pageTitle: string;
  /** For a section under an h3, the h2 above it; null otherwise. */
  parentTitle: string | null;
  /** The section's heading; null for the page's introduction. */
  sectionTitle: string | null;
  snippet: SnippetPart[];
};

export type SearchIndex = {
  /** The best `limit` sections for the query, best first; [] for an empty query. */
  search(query: string, options?: { limit?: number }): SearchResult[];
};
