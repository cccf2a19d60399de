import type { Code, Paragraph, Parent, PhrasingContent, Root, RootContent } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";
import type { InlineMath } from "mdast-util-math";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import { unified, type Processor } from "unified";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { wrapParser } from "../rewrite-source";

declare module "vfile" {
  interface DataMap {
    /** The Markdown as remark-parse read it, after the line rewrites of rewrite-source.ts: node positions point into it. */
    parsedSource: string;
  }
}

/**
 * TeX between dollar signs, as GitHub, Docusaurus, Starlight, VitePress and
 * MkDocs (arithmatex) write it: `$$` blocks, ```` ```math ```` fences and
 * `$…$` in a sentence, through remark-math (rehype-katex draws them).
 *
 * A dollar sign in prose is more often money than math, so text math
 * between single dollars keeps Pandoc's rule: the opening `$` is followed by
 * a non-space, the closing one follows a non-space and is not followed by a
 * digit. "From $5 to $10" stays a sentence; `$x$`, `$a \ne 0$` are math.
 * What fails the rule is read again as Markdown without single-dollar math,
 * and loses nothing; a formula after an amount in the same paragraph is then
 * left as written too (`\$5` marks the amount, as in Pandoc and on GitHub).
 *
 * A paragraph that is only `$$…$$` is a formula on its own line, as
 * VitePress and GitHub show it, not a formula inside a sentence.
 *
 * mdBook's MathJax delimiters are read too: `\\( … \\)` in a sentence and
 * `\\[ … \\]`, written with two backslashes so that Markdown leaves one
 * (a text of the page holding `\(` or `\[` was written that way on purpose).
 * They are found within one run of text: TeX that Markdown took emphasis
 * from stays as it was, as in mdBook without its escapes.
 *
 * Must be the first plugin after remark-parse: it keeps the source the
 * parser is given, which the other plugins' line rewrites have changed.
 */
export default function remarkMathDelimiters(this: Processor) {
  wrapParser(this, (document, file) => {
    file.data.parsedSource = document;
    return document;
  });
  // The tokenizer comes from remark-math; this plugin only corrects what it read.
  remarkMath.call(this);

  return (tree: Root, file: VFile) => {
    const source = file.data.parsedSource ?? String(file.value);
    // Each parent's children are rebuilt in one pass: a paragraph of thousands of amounts stays linear.
    visit(tree, (node) => {
      if (!("children" in node) || !node.children.some((child) => child.type === "inlineMath")) return;
      const parent = node as Parent;
      parent.children = parent.children.flatMap((child): RootContent[] => {
        if (child.type !== "inlineMath") return [child];
        const written = writtenAs(child as InlineMath, source);
        if (written === null || isMath(written, source.charAt(child.position!.end.offset!))) return [child];
        return asProse(written);
      });
    });
    findAndReplace(tree, [MATHJAX, (_written: string, inline?: string, display?: string) => inlineMath((inline ?? display ?? "").trim(), display !== undefined)]);
    visit(tree, "paragraph", (node: Paragraph, index, parent) => {
      if (!parent || index === undefined) return;
      const only = node.children.length === 1 ? node.children[0] : null;
      if (only?.type !== "inlineMath" || !(only.data?.display || writtenAs(only, source)?.startsWith("$$"))) return;
      // A ```math fence, which is what GitHub writes for display math and rehype-katex draws as such.
      const block: Code = { type: "code", lang: "math", meta: null, value: only.value, position: node.position };
      parent.children[index] = block;
    });
    showTexPastLimit(tree);
  };
}

/**
 * Drawing a formula takes about a millisecond, so a page draws its first
 * MAX_FORMULAS_PER_PAGE and shows the rest as TeX in code: a folder's
 * hostile or generated file cannot hold the renderer for minutes.
 */
export const MAX_FORMULAS_PER_PAGE = 2000;

function showTexPastLimit(tree: Root) {
  let formulas = 0;
  visit(tree, (node, index, parent) => {
    const isFence = node.type === "code" && (node as Code).lang === "math";
    if (node.type !== "inlineMath" && node.type !== "math" && !isFence) return;
    formulas += 1;
    if (formulas <= MAX_FORMULAS_PER_PAGE || !parent || index === undefined) return;
    const { value, position } = node as InlineMath;
    const shown = node.type === "inlineMath" ? { type: "inlineCode", value, position } : { type: "code", lang: "tex", meta: null, value, position };
    parent.children[index] = shown as (typeof parent.children)[number];
  });
}

declare module "mdast-util-math" {
  interface InlineMathData {
    /** Written as a formula of its own line (`\\[ … \\]`), though found in a sentence. */
    display?: boolean;
  }
}

/** `\( … \)` or `\[ … \]` in a text, as Markdown leaves mdBook's `\\( … \\)` and `\\[ … \\]`. */
const MATHJAX = /\\\((.+?)\\\)|\\\[(.+?)\\\]/gs;

/** A formula node as remark-math makes one, so remark-rehype turns it into the code rehype-katex draws. */
function inlineMath(value: string, display: boolean): InlineMath {
  return {
    type: "inlineMath",
    value,
    data: { display, hName: "code", hProperties: { className: ["language-math", "math-inline"] }, hChildren: [{ type: "text", value }] },
  };
}

/** The node's source, dollars included, or null when it has no position. */
function writtenAs(node: InlineMath, source: string): string | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? null : source.slice(start, end);
}

/** `written` is `$…$` or `$$…$$`; `next` is the character after it. */
export function isMath(written: string, next: string): boolean {
  if (written.startsWith("$$")) return true;
  const inner = written.slice(1, -1);
  return !/^\s/.test(inner) && !/\s$/.test(inner) && !/^\d/.test(next);
}

const prose = unified().use(remarkParse).use(remarkGfm).use(remarkMath, { singleDollarTextMath: false }).freeze();

/** Characters that can start Markdown inside a sentence (emphasis, code, links, HTML, entities, escapes, autolinks). */
const inlineSyntax = /[\\`*_[\]<>!&~:@]|www\./i;

/** Text that remark-math took for math, read as the sentence it is. */
function asProse(written: string): PhrasingContent[] {
  if (!inlineSyntax.test(written)) return [{ type: "text", value: written }];
  const tree = prose.runSync(prose.parse(written)) as Root;
  const first = tree.children[0];
  const children: PhrasingContent[] = first?.type === "paragraph" ? first.children : [{ type: "text", value: written }];
  // Positions would point into `written`, not the page.
  visit({ type: "root", children } as Root, (node) => {
    delete node.position;
  });
  return children;
}
