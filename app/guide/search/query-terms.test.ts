import { expect, test } from "vitest";
import { processTerm, queryTerms, withoutStopWords } from "./query-terms";

/** The whole fold, as every word once went through it: decomposed, marks dropped, lower case, a plural's s taken off. */
function foldedInFull(word: string): string | null {
  const folded = word.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  const singular = folded.length > 3 && /[^su]s$/u.test(folded) && !folded.endsWith("is") ? folded.slice(0, -1) : folded;
  return singular === "" || processTerm(singular) === null ? null : singular;
}

test("an ASCII word, folded the short way, is the term the whole fold makes: every ASCII character, in every place", () => {
  for (let code = 0; code < 128; code++) {
    const character = String.fromCharCode(code);
    for (const word of [character, `Ab${character}`, `${character}Config`, `Retry${character}Policies`]) expect(processTerm(word)).toBe(foldedInFull(word));
  }
});

test("a word with accents, ligatures or full-width letters is folded in full", () => {
  expect(processTerm("Café")).toBe("cafe");
  expect(processTerm("ﬁle")).toBe("file");
  expect(processTerm("ＴＨＥＭＥ")).toBe("theme");
  expect(processTerm("Ångströms")).toBe("angstrom");
});

test("a query for an export's engine drops the stop words the server's search drops, and keeps a last word still being typed", () => {
  expect(withoutStopWords("  How do I create a   context ")).toBe("create context");
  expect(withoutStopWords("create a")).toBe("create a");
  expect(withoutStopWords("The Café")).toBe("Café");
  // The words that reach the engine are the server's terms, in the server's order.
  for (const query of ["how is the theme stored", "create a context", "the"]) expect([...queryTerms(withoutStopWords(query)).keys()]).toEqual([...queryTerms(query).keys()]);
});
