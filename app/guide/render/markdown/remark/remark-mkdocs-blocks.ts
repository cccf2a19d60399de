import type { Processor } from "unified";
import { mapLinesOutsideCode, encodeAttribute, wrapParser } from "../rewrite-source";

/**
 * MkDocs (Python-Markdown, Material) blocks whose body is indented by four
 * spaces: admonitions `!!! note "Title"`, folding `??? note` and `???+ note`,
 * and content tabs `=== "npm"`. CommonMark would read an indented body after
 * a blank line as a code block, so they are rewritten, before parsing, into
 * the `:::` containers of remark-containers, with the body un-indented (and
 * so parsed as Markdown, nested blocks included).
 */
export default function remarkMkdocsBlocks(this: Processor) {
  wrapParser(this, rewriteMkdocsBlocks);
}

const admonition = /^([ \t]*)(!!!|\?\?\?\+?)[ \t]*([A-Za-z][\w-]*)((?:[ \t]+[A-Za-z][\w-]*)*)(?:[ \t]+"(.*)")?[ \t]*$/;
// `===+` is the tab shown first, `===!` starts a set of its own (remark-tab-sets.ts).
const contentTab = /^([ \t]*)===([+!]{0,2})[ \t]+"(.*)"[ \t]*$/;

export function rewriteMkdocsBlocks(source: string): string {
  return rewriteLines(source.split(/\r?\n/)).join("\n");
}

function rewriteLines(lines: string[]): string[] {
  return mapLinesOutsideCode(lines, (all, index) => {
    const line = all[index]!;
    const block = readOpener(line);
    if (!block) return null;
    const { indent } = block;
    const body: string[] = [];
    let next = index + 1;
    for (; next < all.length; next++) {
      const candidate = all[next]!;
      if (candidate.trim() === "") body.push("");
      else if (width(leadingSpace(candidate)) >= width(indent) + 4) body.push(dedent(candidate, width(indent) + 4));
      else break;
    }
    // Blank lines after the body belong to the document, not the block.
    while (body.length > 0 && body.at(-1) === "") {
      body.pop();
      next -= 1;
    }
    const inner = rewriteLines(body);
    const longestInner = Math.max(2, ...inner.map((text) => /^\s*(:+)/.exec(text)?.[1]?.length ?? 0));
    const fence = ":".repeat(longestInner + 1);
    const replace = [
      "",
      `${indent}${fence}${block.kind}{${block.attributes}}`,
      "",
      ...inner.map((text) => (text === "" ? "" : indent + text)),
      "",
      `${indent}${fence}`,
      "",
    ];
    return { replace, consumed: next - index };
  });
}

function readOpener(line: string): { indent: string; kind: string; attributes: string } | null {
  const tab = contentTab.exec(line);
  if (tab) {
    const [, indent = "", marks = "", title = ""] = tab;
    const attributes = [`encoded-title=${encodeAttribute(title)}`, marks.includes("+") ? "selected" : "", marks.includes("!") ? "new-set" : ""];
    return { indent, kind: "tab", attributes: attributes.filter(Boolean).join(" ") };
  }
  const match = admonition.exec(line);
  if (!match) return null;
  const [, indent = "", marker = "", kind = ""] = match;
  const attributes: string[] = [];
  if (match[5] !== undefined) attributes.push(`encoded-title=${encodeAttribute(match[5])}`);
  if (marker.startsWith("???")) attributes.push("collapsible");
  if (marker === "???+") attributes.push("open");
  return { indent, kind, attributes: attributes.join(" ") };
}

function leadingSpace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/** Tabs count to the next multiple of four, as Python-Markdown expands them. */
function width(space: string): number {
  let columns = 0;
  for (const char of space) columns = char === "\t" ? columns + 4 - (columns % 4) : columns + 1;
  return columns;
}

function dedent(line: string, columns: number): string {
  let removed = 0;
  let index = 0;
  while (index < line.length && removed < columns) {
    const char = line[index]!;
    if (char === " ") removed += 1;
    else if (char === "\t") removed += 4 - (removed % 4);
    else break;
    index += 1;
  }
  // A tab that reached past the cut leaves its remaining columns as spaces.
  return " ".repeat(Math.max(0, removed - columns)) + line.slice(index);
}
