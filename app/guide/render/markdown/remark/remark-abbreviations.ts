import type { InlineCode, Root } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";
import type { Processor } from "unified";
import type { VFile } from "vfile";
import { mapLinesOutsideCode, wrapParser } from "../rewrite-source";

declare module "vfile" {
  interface DataMap {
    /** The page's abbreviations (`*[HTML]: Hyper Text Markup Language`), term to meaning. */
    abbreviations: ReadonlyMap<string, string>;
  }
}

const DEFINITION = /^ {0,3}\*\[([^\]\n]+)\]:[ \t]*(.*)$/;

/**
 * MkDocs' abbreviations (Python-Markdown's `abbr`, PHP Markdown Extra's):
 * a line `*[HTML]: Hyper Text Markup Language` anywhere on the page is not
 * shown, and every "HTML" in the page's text, as a whole word, becomes
 * `<abbr title="Hyper Text Markup Language">`. Code is left alone.
 */
export default function remarkAbbreviations(this: Processor) {
  wrapParser(this, (document, file) => {
    const abbreviations = new Map<string, string>();
    file.data.abbreviations = abbreviations;
    if (!document.includes("*[")) return document;
    const lines = mapLinesOutsideCode(document.split("\n"), (all, index) => {
      const match = DEFINITION.exec(all[index]!);
      if (!match) return null;
      const [, term, meaning] = match;
      if (term!.trim()) abbreviations.set(term!.trim(), meaning!.trim());
      return { replace: [], consumed: 1 };
    });
    return abbreviations.size > 0 ? lines.join("\n") : document;
  });

  return (tree: Root, file: VFile) => {
    const abbreviations = file.data.abbreviations;
    if (!abbreviations || abbreviations.size === 0) return;
    // Longest first, so "HTML5" wins over "HTML"; a term is a whole word (letters, digits and _ do not touch it).
    const terms = [...abbreviations.keys()].sort((a, b) => b.length - a.length).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${terms.join("|")})(?![\\p{L}\\p{N}_])`, "gu");
    findAndReplace(tree, [pattern, (term: string) => abbreviation(term, abbreviations.get(term)!)]);
  };
}

/** The term as <abbr>, its meaning as the title (sanitised like any attribute afterwards). */
function abbreviation(term: string, meaning: string): InlineCode {
  return { type: "inlineCode", value: term, data: { hName: "abbr", hProperties: meaning ? { title: meaning } : {} } };
}
