import MiniSearch, { type SearchResult as MiniSearchResult } from "minisearch";
import type { SearchSection } from "../render/search-sections.server";
import { MAX_QUERY_TERMS, normalizeQuery, processTerm, queryTerms, tokenize } from "./query-terms";
import { snippetOf, wordsOf, type SectionWords, type SnippetPart } from "./snippets.server";

/**
 * Full-text search over the guide, built in memory when the server starts.
 * One document per section: a page's introduction (what comes before its
 * first h2) and each h2 and h3, so a result links to the very section that
 * matched. Terms are made in query-terms.ts, snippets in
 * snippets.server.ts.
 */

export type SearchResult = {
  /** The page, with `#id` when the match is in a section below a heading. */
  url: string;
  pageTitle: string;
  /** The section's heading; null for the page's introduction. */
  sectionTitle: string | null;
  snippet: SnippetPart[];
};

export type SearchIndex = {
  /** The best `limit` sections for the query, best first; [] for an empty query. */
  search(query: string, options?: { limit?: number }): SearchResult[];
};

const MAX_LIMIT = 100;

type SectionDocument = SearchSection & { id: number };

/**
 * The index of these sections (searchSections of each page, in reading
 * order). The guide gathers them a page at a time, so a large folder's HTML
 * need not be held all at once.
 */
export function createSearchIndex(sections: readonly SearchSection[]): SearchIndex {
  const documents = sections.map((section, id) => ({ ...section, id }));
  const miniSearch = new MiniSearch<SectionDocument>({
    fields: ["title", "context", "text"],
    extractField: (document, field) =>
      field === "title" ? (document.sectionTitle ?? document.pageTitle) : String(document[field as keyof SectionDocument] ?? ""),
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 4, context: 1.5, text: 1 },
      // As you type, the last word is usually unfinished: "them" finds "themes".
      prefix: true,
      // A page's introduction stands for the whole page: "theme" should
      // bring up the Themes page before its "Theme colour" section.
      boostDocument: (id) => (documents[id as number]?.sectionTitle === null ? 1.5 : 1),
    },
  });
  miniSearch.addAll(documents);
  const sectionWords: Array<SectionWords | undefined> = [];

  return {
    search(rawQuery, { limit = 10 } = {}) {
      const terms = new Map([...queryTerms(normalizeQuery(rawQuery).query)].slice(0, MAX_QUERY_TERMS));
      if (terms.size === 0) return [];
      const count = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_LIMIT);
      // The terms are processed already: split them on spaces, take them as they are.
      const options = {
        tokenize: (query: string) => query.split(" "),
        processTerm: (term: string) => term,
        fuzzy: (term: string) => terms.get(term) || false,
      };
      const query = [...terms.keys()].join(" ");
      // Sections with every word first, then, to fill the list, those with
      // some: a question in plain words ("how is the theme stored") rarely
      // has every one of its words in a single section.
      let found = miniSearch.search(query, { ...options, combineWith: "AND" });
      if (found.length < count && terms.size > 1) {
        const seen = new Set(found.map((hit) => hit.id));
        found = found.concat(miniSearch.search(query, { ...options, combineWith: "OR" }).filter((hit) => !seen.has(hit.id)));
      }
      return found.slice(0, count).map((hit) => {
        const id = hit.id as number;
        const section = documents[id]!;
        // Cut into words the first time a section is shown, then kept: most sections never are.
        const words = (sectionWords[id] ??= wordsOf(section.text));
        return {
          url: section.url,
          pageTitle: section.pageTitle,
          sectionTitle: section.sectionTitle,
          snippet: snippetOf(words, matchedTerms(hit)),
        };
      });
    },
  };
}

function matchedTerms(hit: MiniSearchResult): Set<string> {
  return new Set(Object.keys(hit.match));
}
