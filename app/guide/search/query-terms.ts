/**
 * How text becomes search terms, one rule for the pages, the queries and
 * the snippets: words, case and accent folding, stop words, and the query
 * as it is searched and shown (cleaned, cut to a length and a word count).
 */

/**
 * Longer queries are cut rather than refused: people paste error messages
 * into docs search, and the beginning of one is the best thing to look for.
 * The term cap bounds the work: each term costs a fuzzy walk of the index.
 */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 10;

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
export const tokenize = (text: string) => text.split(WORD_SEPARATOR);
/** The text's words with the separators between them kept: even indexes hold words, odd ones separators. */
export const tokenizeKeepingSeparators = (text: string) => text.split(WORD_SEPARATOR_CAPTURED);

// Most words of most docs: ASCII, which decomposition leaves as it is and which holds no combining mark.
const ASCII = /^[\x00-\x7f]*$/;

/**
 * English words too common to tell sections apart. Left out of the index and
 * of queries, they neither match everything ("how is the theme stored" is a
 * search for "theme stored") nor sit one typo away from real words. With
 * the words a question is asked in ("how do I", "can you", "should we"):
 * kept, "how do I configure the retry policy" wanted sections holding "i"
 * (a variable in code) and "domain" (a word "do" begins), ahead of those
 * about retry policies. Folded as the words they match are ("does": "doe").
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for from has have how if in into is it its of on or so than that the their them then there these they this to was were what when where which with " +
    "i me my we our you your do does did can could should would will"
  )
    .split(" ")
    .map(foldTerm),
);

/**
 * Case and accents do not matter ("Café" is found by "cafe"), nor does a
 * plural's final s ("cookies" is found by "cookie", and ranks as high).
 * The same rule runs on the pages and the query, so a word it mangles
 * ("goes" → "goe") still finds itself.
 */
export function processTerm(term: string): string | null {
  const processed = foldTerm(term);
  return processed === "" || STOP_WORDS.has(processed) ? null : processed;
}

/**
 * The query as typed, less the stop words `queryTerms` leaves out, for an
 * engine that would look for them: an export's Pagefind
 * (app/static-site/pagefind-search.ts), which would otherwise rank and mark
 * every word that starts with "a" for "create a context".
 */
export function withoutStopWords(query: string): string {
  const words = query.split(/\s+/u).filter((word) => word !== "");
  return words.filter((word, position) => position === words.length - 1 || !STOP_WORDS.has(foldTerm(word))).join(" ");
}

function foldTerm(term: string): string {
  const folded = ASCII.test(term) ? term.toLowerCase() : term.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  return folded.length > 3 && /[^su]s$/u.test(folded) && !folded.endsWith("is") ? folded.slice(0, -1) : folded;
}

/**
 * The distinct terms of a query, in order, as the index knows them, each
 * with its typo tolerance: one edit in a word of 5 to 7 letters as typed,
 * two in a longer one, none in shorter words, where one letter makes
 * another common word ("them": "the", "then", "they").
 */
export function queryTerms(query: string): Map<string, number> {
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
