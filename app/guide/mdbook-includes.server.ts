import path from "node:path";

/**
 * mdBook's file links, expanded into a page's Markdown when the folder is
 * read, as mdBook's own preprocessor does before the Markdown is parsed:
 *
 * - `{{#include file.rs}}`, with `:2` (line 2), `::10` (lines 1–10), `:2:`
 *   (from line 2), `:2:10`, or `:name` (the lines between `ANCHOR: name`
 *   and `ANCHOR_END: name`);
 * - `{{#rustdoc_include file.rs:2:10}}`: the whole file, the lines outside
 *   the range or anchor hidden as rustdoc hides them (`# ` in front);
 * - `{{#playground file.rs editable}}`: the file as a Rust code block;
 * - `{{#title …}}`, which only sets mdBook's window title: removed;
 * - `\{{#include …}}` stays as written, without its backslash.
 *
 * Lines that mark anchors are never shown. An included file's own links
 * are expanded too, relative to it, ten levels deep at most. Only files the
 * folder publishes can be included (`read` answers null for anything else:
 * outside the folder, a dotfile, missing), so a page cannot show what the
 * folder does not hold; such a link stays as written and is reported.
 */

export type ReadIncluded = (relativePath: string) => Promise<string | null>;

export type ExpandedMarkdown = {
  markdown: string;
  /** Links whose file is not in the folder, as written ("../listings/a.rs"). */
  missing: string[];
};

// mdBook's own grammar: an escaped link, or `{{#type target…}}`.
const LINK = /\\\{\{#[^}]*\}\}|\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}/g;
const ANCHOR_START = /ANCHOR:\s*([\w-]+)/;
const ANCHOR_END = /ANCHOR_END:\s*([\w-]+)/;
/** mdBook's limit, against files that include each other. */
const MAX_DEPTH = 10;
/** A page with its includes stays a page a browser can read. */
export const MAX_EXPANDED_CHARACTERS = 2 * 1024 * 1024;

export async function expandIncludes(markdown: string, fromRelativePath: string, read: ReadIncluded): Promise<ExpandedMarkdown> {
  const missing: string[] = [];
  const expanded = await expand(markdown, fromRelativePath, read, missing, 0);
  return { markdown: expanded, missing };
}

async function expand(markdown: string, fromRelativePath: string, read: ReadIncluded, missing: string[], depth: number): Promise<string> {
  if (!markdown.includes("{{")) return markdown;
  const pieces: string[] = [];
  let last = 0;
  let length = 0;
  for (const match of markdown.matchAll(LINK)) {
    const [written, type, argument] = match;
    pieces.push(markdown.slice(last, match.index));
    last = match.index + written.length;
    const replacement = type === undefined ? written.slice(1) : await replace(type, argument!.trim(), fromRelativePath, read, missing, depth);
    const text = replacement ?? written;
    length += text.length;
    pieces.push(length > MAX_EXPANDED_CHARACTERS ? written : text);
  }
  pieces.push(markdown.slice(last));
  return pieces.join("");
}

async function replace(type: string, argument: string, fromRelativePath: string, read: ReadIncluded, missing: string[], depth: number): Promise<string | null> {
  if (type === "title") return "";
  if (type !== "include" && type !== "rustdoc_include" && type !== "playground" && type !== "playpen") return null;
  if (depth >= MAX_DEPTH) return null;

  const [target = "", ...attributes] = argument.split(/\s+/);
  const colon = target.indexOf(":");
  const file = colon === -1 ? target : target.slice(0, colon);
  const selector = colon === -1 ? "" : target.slice(colon + 1);
  const relativePath = path.posix.normalize(path.posix.join(path.posix.dirname(fromRelativePath), file));
  const text = relativePath.startsWith("../") || relativePath === ".." || path.posix.isAbsolute(file) ? null : await read(relativePath);
  if (text === null) {
    missing.push(target);
    return null;
  }
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
  let included: string;
  if (type === "include") included = selectLines(lines, selector).join("\n");
  else if (type === "rustdoc_include") included = hideUnselected(lines, selector).join("\n");
  else included = ["```" + ["rust", ...attributes].join(","), ...selectLines(lines, selector), "```"].join("\n");
  return expand(included, relativePath, read, missing, depth + 1);
}

/** The lines a selector names: all of them, a 1-based range, or an anchor's. Anchor marks are left out. */
export function selectLines(lines: readonly string[], selector: string): string[] {
  return selectedIndexes(lines, selector).map((index) => lines[index]!);
}

/** rustdoc_include: every line but the anchor marks, those the selector does not name hidden. */
export function hideUnselected(lines: readonly string[], selector: string): string[] {
  const shown = new Set(selectedIndexes(lines, selector));
  return lines.flatMap((line, index) => (isAnchorMark(line) ? [] : [shown.has(index) ? line : `# ${line}`]));
}

function selectedIndexes(lines: readonly string[], selector: string): number[] {
  const indexes = lines.map((_line, index) => index).filter((index) => !isAnchorMark(lines[index]!));
  const range = /^(\d*)(:(\d*))?$/.exec(selector);
  if (!range) return anchoredIndexes(lines, selector);
  const [, from, colon, to] = range;
  // ":2" is line 2 alone, "::10" lines 1 to 10, ":2:" from line 2 on.
  const first = from ? Number(from) : 1;
  const last = colon ? (to ? Number(to) : Infinity) : from ? first : Infinity;
  return indexes.filter((index) => index + 1 >= first && index + 1 <= last);
}

function anchoredIndexes(lines: readonly string[], name: string): number[] {
  const chosen: number[] = [];
  let inside = false;
  for (const [index, line] of lines.entries()) {
    if (inside && ANCHOR_END.exec(line)?.[1] === name) return chosen;
    if (!inside && ANCHOR_START.exec(line)?.[1] === name) inside = true;
    else if (inside && !isAnchorMark(line)) chosen.push(index);
  }
  return chosen;
}

function isAnchorMark(line: string): boolean {
  return ANCHOR_START.test(line) || ANCHOR_END.test(line);
}
