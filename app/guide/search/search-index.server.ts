import MiniSearch, { type SearchResult as MiniSearchResult } from "minisearch";
import type { SearchSection } from "../render/search-sections.server";

/**
 * Full-text search over the guide, built in memory when the server starts.
 * One document per section: a page's introduction (what comes before its
 * first h2) and each h2 and h3, so a result links to the very section that
 * matched. Snippets come back as plain-text parts, never HTML, so nothing
 * from a query or a page can reach the browser as markup.
 */

export type SnippetPart = { text: string; match: boolean };

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


/**
 * Longer queries are cut rather than refused: people paste error messages
 * into docs search, and the beginning of one is the best thing to look for.
 * The term cap bounds the work: each term costs a fuzzy walk of the index.
 */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 10;
const MAX_LIMIT = 100;
const SNIPPET_LENGTH = 180;

/**
 * The query as it is searched and shown: control and formatting characters
 * (NUL, bidi overrides…) become spaces, runs of space collapse, and it is
 * cut to MAX_QUERY_LENGTH characters (at a word boundary when one is near).
 * `shortened` says whether anything the visitor typed was left out.
 */
export function normalizeQuery(raw: string): { query: string; shortened: boolean } {
  const cleaned = raw.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu, " ").replace(/\s+/gu, " ").trim();
  const characters = Array.from(cleaned);
  let query = cleaned;
  let shortened = false;
  if (characters.length > MAX_QUERY_LENGTH) {
    query = characters.slice(0, MAX_QUERY_LENGTH).join("");
    const lastSpace = query.lastIndexOf(" ");
    if (lastSpace > MAX_QUERY_LENGTH * 0.8) query = query.slice(0, lastSpace);
    query = query.trim();
    shortened = true;
  }
  if (queryTerms(query).size > MAX_QUERY_TERMS) shortened = true;
  return { query, shortened };
}

// Words end at space, punctuation and symbols ("<", "=", "+" are symbols,
// not punctuation, to Unicode): `<code>theme</code>` is the words "code",
// "theme", "code". One rule for the index, queries and snippets.
const WORD_SEPARATOR = /[\s\p{Z}\p{P}\p{S}]+/u;
const WORD_SEPARATOR_CAPTURED = /([\s\p{Z}\p{P}\p{S}]+)/u;
const tokenize = (text: string) => text.split(WORD_SEPARATOR);

/**
 * English words too common to tell sections apart. Left out of the index and
 * of queries, they neither match everything ("how is the theme stored" is a
 * search for "theme stored") nor sit one typo away from real words.
 */
const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have how if in into is it its of on or so than that the their them then there these they this to was were what when where which with".split(" "),
);

/**
 * Case and accents do not matter ("Café" is found by "cafe"), nor does a
 * plural's final s ("cookies" is found by "cookie", and ranks as high).
 * The same rule runs on the pages and the query, so a word it mangles
 * ("does" → "doe") still finds itself.
 */
function processTerm(term: string): string | null {
  const processed = foldTerm(term);
  return processed === "" || STOP_WORDS.has(processed) ? null : processed;
}

function foldTerm(term: string): string {
  const folded = term.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  return folded.length > 3 && /[^su]s$/u.test(folded) && !folded.endsWith("is") ? folded.slice(0, -1) : folded;
}

/**
 * The distinct terms of a query, in order, as the index knows them, each
 * with its typo tolerance: one edit in a word of 5 to 7 letters as typed,
 * two in a longer one, none in shorter words, where one letter makes
 * another common word ("them": "the", "then", "they").
 */
function queryTerms(query: string): Map<string, number> {
  const words = tokenize(query).filter((word) => word !== "");
  const terms = new Map<string, number>();
  for (const [position, word] of words.entries()) {
    const term = foldTerm(word);
    // A stop word is dropped unless it is the last word, which may be a word
    // still being typed: "the" on its way to "theme".
    if (terms.has(term) || (STOP_WORDS.has(term) && position < words.length - 1)) continue;
    terms.set(term, word.length < 5 ? 0 : word.length < 8 ? 1 : 2);
  }
  return terms;
}

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

// --- Snippets -----------------------------------------------------------------

/** A section's text cut into words as the index saw them: even indexes hold words, odd ones the separators between. */
type SectionWords = { tokens: string[]; terms: Array<string | null> };

function wordsOf(text: string): SectionWords {
  const tokens = text.split(WORD_SEPARATOR_CAPTURED);
  return { tokens, terms: tokens.map((token, index) => (index % 2 === 0 ? processTerm(token) : null)) };
}

/**
 * A stretch of the section's text around its densest cluster of matched
 * words, cut at word boundaries, with those words marked. A section that
 * matched only by its title shows its opening words.
 */
function snippetOf({ tokens, terms }: SectionWords, matched: Set<string>): SnippetPart[] {
  const matches: number[] = [];
  for (const [index, term] of terms.entries()) if (term !== null && matched.has(term)) matches.push(index);

  const start = fillBackwards(tokens, bestStart(terms, matches));
  const parts: SnippetPart[] = [];
  const push = (piece: string, match: boolean) => {
    const last = parts.at(-1);
    if (last && !last.match && !match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  if (start > 0) push("… ", false);
  let length = 0;
  let index = start;
  for (; index < tokens.length && length < SNIPPET_LENGTH; index++) {
    const token = tokens[index]!;
    if (token === "") continue;
    const term = terms[index];
    push(token, term !== null && term !== undefined && matched.has(term));
    length += token.length;
  }
  if (index < tokens.length) {
    const last = parts.at(-1);
    if (last && !last.match) last.text = last.text.trimEnd();
    push(" …", false);
  }
  return parts;
}

/** Where the snippet starts: a few words before the window of text that holds the most distinct matched words. */
function bestStart(terms: Array<string | null>, matches: number[]): number {
  const WINDOW = 40; // tokens, i.e. about 20 words
  const LEAD = 8; // tokens of context before the first match
  let best = matches[0] ?? 0;
  let bestScore = 0;
  for (const [position, first] of matches.entries()) {
    const seen = new Set<string | null | undefined>();
    for (let next = position; next < matches.length && matches[next]! < first + WINDOW; next++) seen.add(terms[matches[next]!]);
    if (seen.size > bestScore) {
      best = first;
      bestScore = seen.size;
    }
  }
  // LEAD is even, so the snippet starts on a word, never inside a separator.
  return Math.max(0, best - LEAD);
}

/** An earlier start when the text from `start` to the end would leave the snippet short. */
function fillBackwards(tokens: string[], start: number): number {
  let length = 0;
  for (let index = start; index < tokens.length; index++) length += tokens[index]!.length;
  while (start >= 2 && length + tokens[start - 1]!.length + tokens[start - 2]!.length <= SNIPPET_LENGTH) {
    length += tokens[start - 1]!.length + tokens[start - 2]!.length;
    start -= 2;
  }
  return start;
}
