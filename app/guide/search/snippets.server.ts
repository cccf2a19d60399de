import { processTerm, tokenizeKeepingSeparators } from "./query-terms";

/**
 * The snippet shown under a search result: plain-text parts, never HTML, so
 * nothing from a query or a page can reach the browser as markup.
 */

export type SnippetPart = { text: string; match: boolean };

/** A section's text cut into words as the index saw them: even indexes hold words, odd ones the separators between. */
export type SectionWords = { tokens: string[]; terms: Array<string | null> };

const SNIPPET_LENGTH = 180;

/** `termOf` is processTerm, or a memo of it: the sections of one search share most of their words. */
export function wordsOf(text: string, termOf: (word: string) => string | null = processTerm): SectionWords {
  const tokens = tokenizeKeepingSeparators(text);
  return { tokens, terms: tokens.map((token, index) => (index % 2 === 0 ? termOf(token) : null)) };
}

/** processTerm, remembering each word's term: for the words of one search's results, then let go. */
export function memoizedProcessTerm(): (word: string) => string | null {
  const terms = new Map<string, string | null>();
  return (word) => {
    let term = terms.get(word);
    if (term === undefined) terms.set(word, (term = processTerm(word)));
    return term;
  };
}

/**
 * A stretch of the section's text around its densest cluster of matched
 * words, cut at word boundaries, with those words marked. A section that
 * matched only by its title shows its opening words.
 */
export function snippetOf({ tokens, terms }: SectionWords, matched: Set<string>): SnippetPart[] {
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
    push(cut(token, SNIPPET_LENGTH - length), term !== null && term !== undefined && matched.has(term));
    length += token.length;
  }
  if (index < tokens.length) {
    const last = parts.at(-1);
    if (last && !last.match) last.text = last.text.trimEnd();
    push(" …", false);
  }
  return parts;
}

/** A word or separator that would run the snippet far past its length (a 2 MB word, a line of dashes): cut, by characters, not halves of one. */
function cut(token: string, room: number): string {
  const keep = Math.max(room, 40);
  return token.length <= keep + 40 ? token : `${Array.from(token.slice(0, keep * 2)).slice(0, keep).join("")}…`;
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
