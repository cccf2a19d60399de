import type { Processor } from "unified";
import type { VFile } from "vfile";

/**
 * Lets a plugin rewrite the Markdown source before remark-parse reads it.
 * Some conventions are about lines, not Markdown blocks (MkDocs' indented
 * admonitions, a `:::` line that CommonMark would glue to the paragraph above
 * it); they are recognised where they are plain to see. The rewrite may
 * also keep what it read on the file (MkDocs' abbreviations, the source as
 * the parser finally sees it). Plugins wrap in turn: the last one attached
 * rewrites first, the first one sees the source last.
 */
export function wrapParser(processor: Processor, rewrite: (source: string, file: VFile) => string) {
  const parse = processor.parser;
  if (!parse) throw new Error("wrapParser: use remark-parse before this plugin");
  processor.parser = (document, file) => parse(rewrite(document, file), file);
}

const fenceOpen = /^\s*(?:>\s?)*\s*(`{3,}|~{3,})/;
const fenceClose = /^\s*(?:>\s?)*\s*(`{3,}|~{3,})\s*$/;

/**
 * Calls `visit` for each line outside fenced code, so a `:::` or `!!!` shown
 * inside a code sample is never taken for syntax. `visit` returns null to
 * keep the line, or the lines to write instead and how many source lines
 * they replace (at least 1).
 */
export function mapLinesOutsideCode(
  lines: string[],
  visit: (lines: string[], index: number) => { replace: string[]; consumed: number } | null,
): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length; ) {
    const line = lines[index]!;
    if (fence) {
      const close = fenceClose.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = null;
      out.push(line);
      index += 1;
      continue;
    }
    const match = fenceOpen.exec(line);
    // A backtick fence's info string has no backtick: "```a```" is inline code.
    if (match?.[1] && !(match[1][0] === "`" && line.slice(match.index + match[0].length).includes("`"))) {
      fence = match[1];
      out.push(line);
      index += 1;
      continue;
    }
    const result = visit(lines, index);
    if (result) {
      out.push(...result.replace);
      index += Math.max(1, result.consumed);
    } else {
      out.push(line);
      index += 1;
    }
  }
  return out;
}

/** `title="A \"b\"" open` → { title: 'A "b"', open: "" }. */
export function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([A-Za-z][\w-]*)(?:=(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s"']+)))?/g)) {
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    attributes[match[1]!.toLowerCase()] = value.replace(/\\(.)/g, "$1");
  }
  return attributes;
}

/**
 * For attributes this code writes into the source itself: letters, digits
 * and spaces only, so Markdown (escapes, emphasis, autolinks) cannot change
 * the text between writing and reading it.
 */
export function encodeAttribute(value: string): string {
  return `"${value.replace(/[^A-Za-z0-9 ]/gu, (char) => [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""))}"`;
}

export function decodeAttribute(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
