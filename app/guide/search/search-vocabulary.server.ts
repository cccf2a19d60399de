import type { DatabaseSync } from "node:sqlite";
import { processTerm, tokenize } from "./query-terms";

/**
 * The store's vocabulary: every term of the index with the number of
 * sections that hold it, and of those that hold it in their heading (title
 * or page title), kept by the store as it writes (FTS5's own fts5vocab
 * table counts by reading each term's whole posting list, tens of
 * milliseconds for a slice of a large index). It turns a query term into the
 * index's words it stands for (itself, the words it begins, the words a
 * typo away) and says how common each is, which is what the query planner
 * (search-query.server.ts) needs to bound its work.
 *
 * While the store is being filled, a page's write appends its changes to the
 * counts to `term_changes`, as one JSON row, and the changes are folded into
 * `terms` a few thousand pages' worth at a time: a page's five hundred terms
 * are scattered over the whole table, and updating them in place made every
 * page's transaction write megabytes. Until a fold, a new word is found as
 * typed but not yet completed nor guessed from a typo. Once the store is
 * complete, a page put again (edited) is folded in at once.
 */

/**
 * A term in at least this many sections counts as common. Where a prefix
 * completes to more than WIDE_RANGE words, or a typo could be of more than
 * WIDE_RANGE words, only the common ones are read: the rare ones are mostly
 * code identifiers, a poor guess at what someone is typing.
 */
const COMMON_SECTIONS = 20;
const WIDE_RANGE = 500;

export const VOCABULARY_SCHEMA = `
  CREATE TABLE terms (term TEXT PRIMARY KEY, sections INTEGER NOT NULL, headings INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX common_terms ON terms (term) WHERE sections >= ${COMMON_SECTIONS};
  -- Typo candidates: the same two first letters, about the same length.
  CREATE INDEX terms_by_shape ON terms (substr(term, 1, 2), length(term));
  CREATE INDEX common_terms_by_shape ON terms (substr(term, 1, 2), length(term)) WHERE sections >= ${COMMON_SECTIONS};
  -- A page's changes to the counts: a JSON array of [term, sections, headings].
  CREATE TABLE term_changes (changes TEXT NOT NULL);
`;
/** Pages' changes kept before they are folded in. */
const FOLD_AFTER = 4_000;

/** A term of the index and the number of sections that hold it, anywhere and in their heading. */
export type IndexTerm = { term: string; sections: number; headings: number };
/**
 * A query term and the index's terms it stands for: itself (searched even
 * when the vocabulary does not have it yet), the words it begins (`prefix`
 * is null for a term too short to complete) and the words a typo away;
 * `sections` and `headings` are the sums of their counts.
 */
export type TermGroup = { exact: IndexTerm; prefix: string | null; others: IndexTerm[]; sections: number; headings: number };
/** The terms the index holds for a section: all of them, and those of its title and page title. */
export type SectionTerms = { all: Iterable<string>; heading: Iterable<string> };

/**
 * Words a query term stands for, at most: each one more phrase for FTS5 to
 * match and rank in every section. The completions are the most common;
 * the typos the closest, then the most common.
 */
const MAX_COMPLETIONS = 10;
const MAX_TYPO_VARIANTS = 10;

export function createVocabulary(db: DatabaseSync) {
  /** Three statements for a range of terms: how many (up to one more than WIDE_RANGE), all of them, the common ones. */
  const rangeOf = (range: string, commonIndex: string, order: string) => ({
    count: db.prepare(`SELECT count(*) AS terms FROM (SELECT 1 FROM terms WHERE ${range} LIMIT ${WIDE_RANGE + 1})`),
    all: db.prepare(`SELECT term, sections, headings FROM terms WHERE ${range} ${order}`),
    common: db.prepare(`SELECT term, sections, headings FROM terms INDEXED BY ${commonIndex} WHERE ${range} AND sections >= ${COMMON_SECTIONS} ${order}`),
  });
  const ranges = {
    completions: rangeOf("term > :prefix AND term < :prefix || char(1114111)", "common_terms", "ORDER BY sections DESC LIMIT :count"),
    sameShape: rangeOf("substr(term, 1, 2) = :shape AND length(term) BETWEEN :shortest AND :longest", "common_terms_by_shape", ""),
  };
  /** The terms of the range, or its common ones when there are too many; `order` takes parameters of its own. */
  const readRange = (name: keyof typeof ranges, range: Record<string, string | number>, order: Record<string, number> = {}) => {
    const { terms } = ranges[name].count.get(range) as { terms: number };
    return ranges[name][terms > WIDE_RANGE ? "common" : "all"].all({ ...range, ...order }) as IndexTerm[];
  };

  const statements = {
    record: db.prepare("INSERT INTO term_changes (changes) VALUES (?)"),
    pendingChanges: db.prepare("SELECT coalesce(max(rowid), 0) AS pages FROM term_changes"),
    changes: db.prepare("SELECT changes FROM term_changes"),
    // The changes come in the terms' order, so the table is written page after page rather than all over.
    fold: db.prepare(
      "INSERT INTO terms (term, sections, headings) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) WHERE true " +
        "ON CONFLICT (term) DO UPDATE SET sections = sections + excluded.sections, headings = headings + excluded.headings",
    ),
    dropUnused: db.prepare("DELETE FROM terms WHERE sections <= 0 AND term IN (SELECT value FROM json_each(?))"),
    clearChanges: db.prepare("DELETE FROM term_changes"),
    exact: db.prepare("SELECT term, sections, headings FROM terms WHERE term = ?"),
  };

  /** Brings `terms` up to date; in a write transaction. */
  function fold() {
    // Summed here rather than by SQLite's GROUP BY, which took three times as long.
    const totals = new Map<string, [string, number, number]>();
    for (const { changes } of statements.changes.iterate() as Iterable<{ changes: string }>) {
      for (const [term, sections, headings] of JSON.parse(changes) as Array<[string, number, number]>) {
        const total = totals.get(term) ?? totals.set(term, [term, 0, 0]).get(term)!;
        total[1] += sections;
        total[2] += headings;
      }
    }
    const changed = [...totals.values()].filter(([, sections, headings]) => sections !== 0 || headings !== 0);
    statements.fold.run(JSON.stringify(changed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    statements.dropUnused.run(JSON.stringify(changed.filter(([, sections]) => sections < 0).map(([term]) => term)));
    statements.clearChanges.run();
  }

  return {
    fold,
    /** Adds (or, with -1, takes away) the sections' terms to the counts; in a write transaction. */
    record(sections: Iterable<SectionTerms>, sign: 1 | -1, { now }: { now: boolean }) {
      const counts = new Map<string, [string, number, number]>();
      const count = (term: string) => counts.get(term) ?? counts.set(term, [term, 0, 0]).get(term)!;
      for (const { all, heading } of sections) {
        for (const term of new Set(all)) count(term)[1] += sign;
        for (const term of new Set(heading)) count(term)[2] += sign;
      }
      if (counts.size > 0) statements.record.run(JSON.stringify([...counts.values()]));
      if (now || (statements.pendingChanges.get() as { pages: number }).pages >= FOLD_AFTER) fold();
    },

    /**
     * `completing`: the word is the query's last, perhaps still being typed, and
     * completes to up to MAX_COMPLETIONS words; an earlier one, to a few, its
     * commonest forms ("deploy": "deployment", "deployed").
     */
    group(term: string, fuzziness: number, { completing }: { completing: boolean }): TermGroup {
      const exact = (statements.exact.get(term) as IndexTerm | undefined) ?? { term, sections: 0, headings: 0 };
      // One letter says too little to complete: "c" is the language, not every word in c.
      const prefix = Array.from(term).length > 1 ? term : null;
      const completions = prefix === null ? [] : readRange("completions", { prefix }, { count: completing ? MAX_COMPLETIONS : 3 });
      const others = [...completions, ...typoVariants(term, fuzziness)];
      const sum = (count: "sections" | "headings") => others.reduce((total, term) => total + term[count], exact[count]);
      return { exact, prefix, others, sections: sum("sections"), headings: sum("headings") };
    },
  };

  /**
   * Words within the term's typo tolerance, MiniSearch's rule: a fraction of
   * the term's length (rounded, at most 6) or a number of edits. Only words
   * that begin as the term does are read, a small slice of the vocabulary:
   * with its first two letters, or its first and third (a letter slipped in
   * after the first, or the second and third swapped). A typo in the first
   * letter is not forgiven, nor one in the second but for those two.
   */
  function typoVariants(term: string, fuzziness: number): IndexTerm[] {
    const length = Array.from(term).length; // as SQLite's length() counts: characters
    const maxDistance = fuzziness < 1 ? Math.min(6, Math.round(length * fuzziness)) : Math.floor(fuzziness);
    if (maxDistance === 0) return [];
    const [first, second, third] = Array.from(term);
    const shapes = new Set([first! + second, first! + (third ?? "")]);
    const close: Array<IndexTerm & { distance: number }> = [];
    const words = [...shapes].flatMap((shape) => readRange("sameShape", { shape, shortest: length - maxDistance, longest: length + maxDistance }));
    for (const word of words) {
      // The term itself and the words it begins are found already.
      if (word.term.startsWith(term)) continue;
      const distance = editDistance(term, word.term, maxDistance);
      if (distance <= maxDistance) close.push({ ...word, distance });
    }
    close.sort((a, b) => a.distance - b.distance || b.sections - a.sections);
    return close.slice(0, MAX_TYPO_VARIANTS).map(({ distance, ...word }) => word);
  }
}

/** The terms the index holds for these fields' text: processed words, as the FTS columns hold them. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokenize(text)) {
    const term = processTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** Levenshtein distance, or more than `max` as soon as it must be (then the exact figure does not matter). */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}
