import type { DatabaseSync, StatementSync } from "node:sqlite";
import { MAX_QUERY_TERMS, normalizeQuery, queryTerms } from "./query-terms";
import type { SearchIndex, SearchResult } from "./search-types";
import { createVocabulary, type IndexTerm, type TermGroup } from "./search-vocabulary.server";
import { memoizedProcessTerm, snippetOf, wordsOf, type SectionWords } from "./snippets.server";

/**
 * Queries on the store of search-store.server.ts. Each query term stands for
 * the index's words it names, begins (as you type, "them" finds "themes")
 * or is a typo away from (search-vocabulary.server.ts); FTS5 ranks sections
 * by BM25 with the fields' boosts. Sections with every term come first,
 * then, to fill the list, those with some.
 *
 * BM25 costs a few microseconds for each section it ranks, and, for each
 * word, a read of the word's whole posting list (its IDF): ranking the
 * 500,000 sections of a 50,000-page folder that hold a common word took
 * half a second. So a query ranks at most RANK_ROWS sections and reads at
 * most RANK_POSTINGS postings: the sections of its rarer terms, kept when
 * they have the common ones too; when every term is common, the sections
 * whose heading (title or page title) has them, then the others in the
 * index's order (pages first). The vocabulary's counts say which case a
 * query is before any posting list is read.
 */

/** Sections' ids start here; a page's introduction has an id below it (search-store.server.ts). */
export const FIRST_SECTION_ID = 2 ** 40;
const MAX_LIMIT = 100;
const RANK_ROWS = 2_000;
const RANK_POSTINGS = 30_000;
/** Variants of a term the fill-in lists search for, besides the term itself. */
const FILL_VARIANTS = 3;

/**
 * A title match counts four times a match in the text, a match in the page
 * title (context) one and a half: one BM25 per column, summed, as MiniSearch's
 * field boosts were. bm25()'s own column weights apply inside its saturation,
 * where a title match weighed barely more than a word in the text (a page
 * that mentions "theme" outranked another's section titled "Theme colour").
 */
const RANK = "4 * bm25(section_terms, 1, 0, 0) + 1.5 * bm25(section_terms, 0, 1, 0) + bm25(section_terms, 0, 0, 1)";
const HEADING_RANK = "4 * bm25(heading_terms, 1, 0) + 1.5 * bm25(heading_terms, 0, 1)";
// BM25 is negative, better matches lower: the boost multiplies it.
const INTRODUCTION_BOOST = `(CASE WHEN rowid < ${FIRST_SECTION_ID} THEN 1.5 ELSE 1 END)`;

type SectionRow = { id: number; url: string; page_title: string; section_title: string | null; parent_title: string | null; text: string };

export function createStoreSearch(db: DatabaseSync): SearchIndex {
  const vocabulary = createVocabulary(db);
  const statements = {
    ranked: db.prepare(`SELECT rowid AS id FROM section_terms WHERE section_terms MATCH ? ORDER BY (${RANK}) * ${INTRODUCTION_BOOST}, rowid LIMIT ?`),
    // Ranked by the rare terms, kept when they have the common ones too. `+rowid`: read the rare
    // terms' sections and look each up in the list, not run the full match once per listed id.
    rankedWithin: db.prepare(
      `SELECT rowid AS id FROM section_terms WHERE section_terms MATCH ? AND +rowid IN (SELECT rowid FROM section_terms WHERE section_terms MATCH ?) ` +
        `ORDER BY (${RANK}) * ${INTRODUCTION_BOOST}, rowid LIMIT ?`,
    ),
    // The first RANK_ROWS heading matches, ranked.
    headings: db.prepare(
      `SELECT id FROM (SELECT rowid AS id, (${HEADING_RANK}) * ${INTRODUCTION_BOOST} AS score FROM heading_terms WHERE heading_terms MATCH ? LIMIT ${RANK_ROWS}) ` +
        "ORDER BY score, id LIMIT ?",
    ),
    // In the index's order: the pages' introductions first.
    headingsInIndexOrder: db.prepare("SELECT rowid AS id FROM heading_terms WHERE heading_terms MATCH ? LIMIT ?"),
    inIndexOrder: db.prepare("SELECT rowid AS id FROM section_terms WHERE section_terms MATCH ? LIMIT ?"),
    // All of a query's results at once: a statement per result cost more than reading them.
    sections: db.prepare("SELECT id, url, page_title, section_title, parent_title, text FROM sections WHERE id IN (SELECT value FROM json_each(?))"),
  };

  return {
    search(rawQuery, { limit = 10 } = {}) {
      const terms = [...queryTerms(normalizeQuery(rawQuery).query)].slice(0, MAX_QUERY_TERMS);
      if (terms.length === 0) return [];
      const count = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_LIMIT);
      const groups = terms.map(([term, fuzziness], index) => vocabulary.group(term, fuzziness, { completing: index === terms.length - 1 }));
      const found = new Set<number>();
      const take = (statement: StatementSync, ...parameters: Array<string | number>) => {
        if (found.size >= count) return;
        for (const id of query(statement, ...parameters, count + found.size)) if (found.size < count) found.add(id);
      };
      // Sections with every word first, then, to fill the list, those with
      // some: a question in plain words ("how is the theme stored") rarely
      // has every one of its words in a single section.
      collect(groups, "AND", take);
      if (groups.length > 1) collect(groups, "OR", take);
      const rows = new Map((statements.sections.all(JSON.stringify([...found])) as SectionRow[]).map((row) => [row.id, row]));
      const isFound = foundBy(groups);
      const termOf = memoizedProcessTerm();
      return [...found].flatMap((id) => {
        const row = rows.get(id);
        // A section deleted (by another process) between the match and this read is left out.
        return row ? [resultOf(row, isFound, termOf)] : [];
      });
    },
  };

  function collect(groups: TermGroup[], operator: "AND" | "OR", take: (statement: StatementSync, ...parameters: Array<string | number>) => void) {
    const all = matchExpression(groups, operator);
    // The rarest terms whose postings BM25 can read: for AND, the sections it ranks are those of the
    // rarest term; for OR, those of every term it ranks.
    const byRarity = [...groups].sort((a, b) => a.sections - b.sections);
    const budget = operator === "AND" ? RANK_POSTINGS : RANK_ROWS;
    const ranked: TermGroup[] = [];
    for (let postings = 0; ranked.length < byRarity.length && postings + byRarity[ranked.length]!.sections <= budget; ) {
      postings += byRarity[ranked.length]!.sections;
      ranked.push(byRarity[ranked.length]!);
    }
    if (ranked.length > 0 && ranked[0]!.sections <= RANK_ROWS) {
      if (ranked.length === groups.length) take(statements.ranked, all);
      else if (operator === "AND") take(statements.rankedWithin, matchExpression(ranked, "AND"), all);
      else take(statements.ranked, matchExpression(ranked, "OR"));
      // Every section with all the terms has the rare ones: none is left out.
      if (ranked.length === groups.length || operator === "AND") return;
    }
    // The rest is a best effort: the words themselves and their commonest variants only, each
    // one more posting list to merge for every section.
    const narrow = groups.map(narrowed);
    const headingPostings = narrow.reduce((sum, group) => sum + group.headings, 0);
    const fill = matchExpression(narrow, operator);
    take(headingPostings <= RANK_POSTINGS ? statements.headings : statements.headingsInIndexOrder, fill);
    take(statements.inIndexOrder, fill);
  }
}

/** The group with only its FILL_VARIANTS commonest variants. */
function narrowed(group: TermGroup): TermGroup {
  const others = [...group.others].sort((a, b) => b.sections - a.sections).slice(0, FILL_VARIANTS);
  const sum = (count: "sections" | "headings") => others.reduce((total, term) => total + term[count], group.exact[count]);
  return { ...group, others, sections: sum("sections"), headings: sum("headings") };
}

function query(statement: StatementSync, ...parameters: Array<string | number>): number[] {
  try {
    return (statement.all(...parameters) as Array<{ id: number }>).map((row) => row.id);
  } catch {
    // Made of quoted terms the index holds, a MATCH should never be refused; if FTS5 does, there are no results, not an error page.
    return [];
  }
}

/**
 * `("term" OR "term" OR "completion" OR "typo") AND (…)`: the index's own
 * terms, quoted, so nothing typed is read as FTS5 syntax. The term itself is
 * there twice when it has variants: a section with the very word ranks above
 * one with a longer word it begins.
 */
function matchExpression(groups: TermGroup[], operator: "AND" | "OR"): string {
  const quote = ({ term }: IndexTerm) => `"${term.replaceAll('"', '""')}"`;
  const group = ({ exact, others }: TermGroup) => `(${[exact, ...(others.length > 0 ? [exact] : []), ...others].map(quote).join(" OR ")})`;
  return groups.map(group).join(` ${operator} `);
}

/** Whether the query finds a word (as processTerm made it): one of its terms' variants, or a word a term begins. */
function foundBy(groups: TermGroup[]): (term: string) => boolean {
  const variants = new Set(groups.flatMap(({ exact, others }) => [exact, ...others].map(({ term }) => term)));
  const prefixes = groups.flatMap(({ prefix }) => (prefix === null ? [] : [prefix]));
  return (term) => variants.has(term) || prefixes.some((prefix) => term.startsWith(prefix));
}

function resultOf(row: SectionRow, found: (term: string) => boolean, termOf: (word: string) => string | null): SearchResult {
  const { words, matched, before, after } = snippetSource(row.text, found, termOf);
  const snippet = snippetOf(words, matched);
  // The stretch was cut from a longer text: say so where the snippet reaches its ends.
  if (before && !snippet[0]?.text.startsWith("… ")) snippet.unshift({ text: "… ", match: false });
  if (after && !snippet.at(-1)?.text.endsWith(" …")) snippet.push({ text: " …", match: false });
  return { url: row.url, pageTitle: row.page_title, parentTitle: row.parent_title, sectionTitle: row.section_title, snippet };
}

/** The stretch of a section's text a snippet is made from: all of it up to this, then a stretch of it. */
const SNIPPET_SOURCE_CHARS = 16 * 1024;
/** How far into a long section a match is looked for; past it, the snippet shows the section's opening. */
const SNIPPET_SEARCH_CHARS = 128 * 1024;

/**
 * The section's words the snippet is made from, and those the query found.
 * A section can hold 2 MB (a page shown as plain text, a changelog with no
 * headings), and a snippet made from all of it took 0.5–0.9 s of the
 * server's one thread a search (250,000 distinct words): a long section is
 * read 16 KB at a time, up to 128 KB, and the first stretch with a found
 * word, else the first, makes the snippet.
 */
function snippetSource(text: string, found: (term: string) => boolean, termOf: (word: string) => string | null) {
  let first: { words: SectionWords; matched: Set<string>; before: boolean; after: boolean } | undefined;
  for (let start = 0; start < Math.min(text.length, SNIPPET_SEARCH_CHARS); ) {
    const end = stretchEnd(text, start);
    const words = wordsOf(text.slice(start, end), termOf);
    // The section's own words that the query found, as the snippet marks them.
    const matched = new Set<string>();
    for (const term of words.terms) if (term !== null && found(term)) matched.add(term);
    const stretch = { words, matched, before: start > 0, after: end < text.length };
    if (matched.size > 0) return stretch;
    first ??= stretch;
    // The space the stretch was cut at starts no word of the next.
    start = text[end] === " " ? end + 1 : end;
  }
  return first ?? { words: wordsOf("", termOf), matched: new Set<string>(), before: false, after: false };
}

/** Where a stretch from `start` ends: SNIPPET_SOURCE_CHARS on, at the last space before it, so that no word is cut. */
function stretchEnd(text: string, start: number): number {
  const limit = start + SNIPPET_SOURCE_CHARS;
  if (limit >= text.length) return text.length;
  const space = text.lastIndexOf(" ", limit);
  return space > start ? space : limit;
}
