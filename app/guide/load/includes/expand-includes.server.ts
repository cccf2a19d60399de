import { slug } from "github-slugger";
import path from "node:path";
import { withoutFrontMatter } from "../front-matter.server";
import { mapLinesOutsideCode } from "../../render/markdown/rewrite-source";

/**
 * Files a page pulls in, expanded into its Markdown when the folder is read,
 * as the docs tools do before the Markdown is parsed.
 *
 * mdBook:
 * - `{{#include file.rs}}`, with `:2` (line 2), `::10` (lines 1–10), `:2:`
 *   (from line 2), `:2:10`, or `:name` (the lines between `ANCHOR: name`
 *   and `ANCHOR_END: name`);
 * - `{{#rustdoc_include file.rs:2:10}}`: the whole file, the lines outside
 *   the range or anchor hidden as rustdoc hides them (`# ` in front);
 * - `{{#playground file.rs editable}}`: the file as a Rust code block;
 * - `{{#title …}}`, which only sets mdBook's window title: removed;
 * - `\{{#include …}}` stays as written, without its backslash.
 * Lines that mark anchors are never shown.
 *
 * VitePress:
 * - `<!--@include: ./part.md-->`, with `{3,}`, `{,10}` or `{2,8}` for lines,
 *   and `#name` for a `#region name` … `#endregion` or for the section under
 *   the heading whose id is `name`; the part's front matter is left out;
 * - a line `<<< ./snippet.ts`: the file as a code block, with `#region`,
 *   `{2,4-6 lang}` (highlighted lines, language) and a `[title]` (else the
 *   file's name).
 * `@/` starts at the folder's root. Inside a code block, both are examples
 * and stay as written.
 *
 * MkDocs (pymdownx.snippets), anywhere, code blocks included:
 * - a line `--8<-- "file.md"`, with `:4` (from line 4), `::6`, `:4:6`, or
 *   `:name` (the lines between `--8<-- [start:name]` and `--8<-- [end:name]`),
 *   each included line indented as the snippet line is;
 * - a block of such paths, one a line, between two `--8<--` lines;
 * - `;--8<--` stays as written, without its first `;`.
 * Paths start at the project's root, the folder above the docs: they are
 * looked up from the folder's root, then without the folder's own path in
 * the repository (`docs/snippets/a.md` is `snippets/a.md`).
 *
 * Docusaurus (MDX): a partial imported with `import Part from './_part.mdx';`
 * and placed as `<Part />` on a line of its own: the part's Markdown, its
 * front matter left out, where the component stands. Its props are not
 * passed (nothing of MDX is run); the import line is removed later, like
 * any MDX import (remark-foreign-syntax.ts).
 *
 * An included file's own includes are expanded too, relative to it, ten
 * levels deep at most. Only files the folder publishes can be included
 * (`read` answers null for anything else: outside the folder, a dotfile,
 * missing), so a page cannot show what the folder does not hold; such an
 * include stays as written and is reported.
 */

export type ReadIncluded = (relativePath: string) => Promise<string | null>;

export type ExpandedMarkdown = {
  markdown: string;
  /** Includes whose file is not in the folder, as written ("../listings/a.rs"). */
  missing: string[];
};

// One pattern for every kind, so a page is read once, left to right:
// an escaped mdBook link, an mdBook link, a VitePress include, a VitePress
// snippet line, an MkDocs snippet line (escaped or not), an MkDocs block of snippets.
const DIRECTIVE = new RegExp(
  [
    /\\\{\{#[^}]*\}\}/.source,
    /\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}/.source,
    /<!--\s*@include:\s*([\s\S]*?)\s*-->/.source,
    /^ {0,3}<<<[ \t]+(\S[^\n]*?)[ \t]*$/.source,
    /^([ \t]*)(;*)(-+8<-+[ \t]+("(?:\\"|[^"\n])+?"|'(?:\\'|[^'\n])+?'))$/.source,
    /^[ \t]*-+8<-+[ \t]*\n([\s\S]*?)\n[ \t]*-+8<-+[ \t]*$/.source,
  ].join("|"),
  "gm",
);
const ANCHOR_START = /ANCHOR:\s*([\w-]+)/;
const ANCHOR_END = /ANCHOR_END:\s*([\w-]+)/;
const REGION_START = /#region\b[ \t]*([\w-]*)/;
const REGION_END = /#endregion\b[ \t]*([\w-]*)/;
/** An MDX default import of a Markdown file by a relative path: a partial. */
const MAYBE_PARTIAL_IMPORT = /^import[ \t]+[A-Z][\w$]*[ \t]+from[ \t]+['"]\.{1,2}\//m;
const MDX_PARTIAL_IMPORT = /^import[ \t]+([A-Z][\w$]*)[ \t]+from[ \t]+(['"])(\.{1,2}\/[^'"\n]+?\.mdx?)\2[ \t]*;?[ \t]*$/gm;
/** mdBook's limit, against files that include each other. */
const MAX_DEPTH = 10;
/** A page with its includes stays a page a browser can read. */
export const MAX_EXPANDED_CHARACTERS = 2 * 1024 * 1024;

export type IncludeOptions = {
  /** The folder's path in its repository ("docs"), longest first: MkDocs' snippet paths may start with it. */
  repositoryPaths?: readonly string[];
};

type Expansion = { read: ReadIncluded; missing: string[]; repositoryPaths: readonly string[] };

export async function expandIncludes(markdown: string, fromRelativePath: string, read: ReadIncluded, options: IncludeOptions = {}): Promise<ExpandedMarkdown> {
  const expansion: Expansion = { read, missing: [], repositoryPaths: options.repositoryPaths ?? [] };
  return { markdown: await expand(markdown, fromRelativePath, expansion, 0), missing: expansion.missing };
}

async function expand(source: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string> {
  const hasDirective = ["{{", "@include", "<<<", "8<-"].some((marker) => source.includes(marker));
  if (!hasDirective && !MAYBE_PARTIAL_IMPORT.test(source)) return source;
  // Lines written on Windows end as any other, so `$` finds the end of a snippet line.
  const markdown = source.replace(/\r\n?/g, "\n");
  const inCode = codeLineTest(markdown);
  const pieces: string[] = [];
  let last = 0;
  let length = 0;
  for (const match of markdown.matchAll(DIRECTIVE)) {
    const [written, bookType, bookArgument, vitepressInclude, snippet, indent, escape, mkdocsLine, mkdocsPath, mkdocsBlock] = match;
    // VitePress' syntax inside a code block is an example of it (mdBook's is meant to fill code blocks).
    const isVitePress = vitepressInclude !== undefined || snippet !== undefined;
    if (isVitePress && inCode(match.index)) continue;
    pieces.push(markdown.slice(last, match.index));
    last = match.index + written.length;
    let replacement: string | null;
    if (bookType !== undefined) replacement = await bookLink(bookType, bookArgument!.trim(), fromRelativePath, expansion, depth);
    else if (vitepressInclude !== undefined) replacement = await markdownPart(vitepressInclude, fromRelativePath, expansion, depth);
    else if (snippet !== undefined) replacement = await codeSnippet(snippet, fromRelativePath, expansion, depth);
    else if (mkdocsPath !== undefined) {
      replacement = escape ? `${indent}${escape.slice(1)}${mkdocsLine}` : await mkdocsSnippets([mkdocsPath.slice(1, -1)], indent!, expansion, depth);
    } else if (mkdocsBlock !== undefined) {
      const paths = mkdocsBlock.split("\n").map((line) => line.trim()).filter((line) => !line.startsWith(";"));
      replacement = await mkdocsSnippets(paths, "", expansion, depth);
    } else replacement = written.slice(1);
    const text = replacement ?? written;
    length += text.length;
    pieces.push(length > MAX_EXPANDED_CHARACTERS ? written : text);
  }
  pieces.push(markdown.slice(last));
  return mdxPartials(pieces.join(""), fromRelativePath, expansion, depth);
}

/** The file's lines, or null (reported) when it is not the folder's to include. `@/` and `candidates` start at the folder's root. */
async function readLines(
  file: string,
  written: string,
  fromRelativePath: string,
  expansion: Expansion,
  candidates: string[] = [file.startsWith("@/") ? file.slice(2) : path.posix.join(path.posix.dirname(fromRelativePath), file)],
): Promise<{ lines: string[]; relativePath: string } | null> {
  for (const candidate of candidates) {
    const relativePath = path.posix.normalize(candidate);
    const outside = file === "" || path.posix.isAbsolute(file) || relativePath === ".." || relativePath.startsWith("../");
    const text = outside ? null : await expansion.read(relativePath);
    if (text !== null) return { lines: text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n"), relativePath };
  }
  expansion.missing.push(written);
  return null;
}

// Docusaurus

/** `import Part from './_part.mdx';` … `<Part />`: the part's Markdown where the component stands. */
async function mdxPartials(markdown: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string> {
  const imports = [...markdown.matchAll(MDX_PARTIAL_IMPORT)];
  if (imports.length === 0) return markdown;
  const inCode = codeLineTest(markdown);
  const parts = new Map<string, string>();
  for (const match of imports) if (!inCode(match.index)) parts.set(match[1]!, match[3]!);
  if (parts.size === 0) return markdown;
  // Names are identifiers (`[A-Z][\w$]*`); `$` is the only one with a meaning in a pattern.
  const names = [...parts.keys()].map((name) => name.replaceAll("$", "\\$"));
  const usage = new RegExp(`^[ \\t]*<(${names.join("|")})(?:[ \\t][^<>\\n]*)?/>[ \\t]*$`, "gm");
  const pieces: string[] = [];
  let last = 0;
  let length = markdown.length;
  for (const match of markdown.matchAll(usage)) {
    if (inCode(match.index)) continue;
    const [written, name = ""] = match;
    const file = parts.get(name)!;
    const part = depth < MAX_DEPTH ? await readLines(file, file, fromRelativePath, expansion) : null;
    if (!part) continue;
    const text = await expand(withoutFrontMatter(part.lines.join("\n")), part.relativePath, expansion, depth + 1);
    length += text.length - written.length;
    if (length > MAX_EXPANDED_CHARACTERS) break;
    pieces.push(markdown.slice(last, match.index), text);
    last = match.index + written.length;
  }
  pieces.push(markdown.slice(last));
  return pieces.join("");
}

// mdBook

async function bookLink(type: string, argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (type === "title") return "";
  if (type !== "include" && type !== "rustdoc_include" && type !== "playground" && type !== "playpen") return null;
  if (depth >= MAX_DEPTH) return null;
  const [target = "", ...attributes] = argument.split(/\s+/);
  const colon = target.indexOf(":");
  const file = await readLines(colon === -1 ? target : target.slice(0, colon), target, fromRelativePath, expansion);
  if (!file) return null;
  const selector = colon === -1 ? "" : target.slice(colon + 1);
  let included: string;
  if (type === "include") included = selectLines(file.lines, selector).join("\n");
  else if (type === "rustdoc_include") included = hideUnselected(file.lines, selector).join("\n");
  else included = codeBlock(["rust", ...attributes].join(","), selectLines(file.lines, selector));
  return expand(included, file.relativePath, expansion, depth + 1);
}

/** The lines an mdBook selector names: all of them, a 1-based range, or an anchor's. Anchor marks are left out. */
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

// VitePress

/** `<!--@include: ./part.md#name{3,}-->` */
async function markdownPart(argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (depth >= MAX_DEPTH) return null;
  const parsed = /^(.+?)(?:#([\w-]+))?(?:\{(\d*),(\d*)\})?$/.exec(argument);
  if (!parsed) return null;
  const [, file = "", name, from, to] = parsed;
  const part = await readLines(file, argument, fromRelativePath, expansion);
  if (!part) return null;
  const text = withoutFrontMatter(part.lines.join("\n"));
  let lines = text.split("\n");
  if (name) lines = regionLines(lines, name) ?? sectionLines(lines, name);
  lines = numberedLines(lines, from ? Number(from) : 1, to ? Number(to) : Infinity);
  return expand(lines.join("\n"), part.relativePath, expansion, depth + 1);
}

/** `<<< @/snippets/a.js#name{1,2 ts} [Title]` */
async function codeSnippet(argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (depth >= MAX_DEPTH) return null;
  const parsed = /^(.+?)(?:#([\w-]+))?(?:\{([^}]*)\})?(?:\s+\[([^\]]*)\])?$/.exec(argument);
  if (!parsed) return null;
  const [, file = "", name, braces = "", title] = parsed;
  const snippet = await readLines(file, argument, fromRelativePath, expansion);
  if (!snippet) return null;
  const whole = snippet.lines.filter((line) => !isRegionMark(line));
  const lines = name ? dedent(regionLines(snippet.lines, name) ?? whole) : whole;
  // "{1,2,4-6 c#:line-numbers}": highlighted lines, then the language (line numbers are not shown here).
  const words = braces.trim().split(/\s+/).filter(Boolean);
  const highlighted = words.find((word) => /^[\d,-]+$/.test(word));
  const language = words.find((word) => word !== highlighted)?.replace(/:line-numbers.*$/, "") || path.posix.extname(file).slice(1) || "text";
  const meta = [`[${(title ?? path.posix.basename(file)).replace(/[[\]]/g, "")}]`, highlighted ? `{${highlighted}}` : ""].filter(Boolean).join(" ");
  return codeBlock(`${language} ${meta}`, lines);
}

/** The lines between `#region name` and its `#endregion`, other region marks left out; null when there is no such region. */
function regionLines(lines: readonly string[], name: string): string[] | null {
  const start = lines.findIndex((line) => REGION_START.exec(line)?.[1] === name);
  if (start === -1) return null;
  const chosen: string[] = [];
  let nested = 0;
  for (const line of lines.slice(start + 1)) {
    const end = REGION_END.exec(line);
    if (end && (end[1] === name || (end[1] === "" && nested === 0))) break;
    if (REGION_START.test(line)) nested++;
    else if (end) nested--;
    else chosen.push(line);
  }
  return chosen;
}

/** The lines under the heading whose id (GitHub's slug, or `{#id}`) is `name`, up to the next heading as high. */
function sectionLines(lines: string[], name: string): string[] {
  const headings = headingLines(lines);
  const at = headings.findIndex((heading) => heading.id === name);
  if (at === -1) return [];
  const { index, level } = headings[at]!;
  const next = headings.slice(at + 1).find((heading) => heading.level <= level);
  return lines.slice(index + 1, next?.index ?? lines.length);
}

function headingLines(lines: string[]): { index: number; level: number; id: string }[] {
  const headings: { index: number; level: number; id: string }[] = [];
  mapLinesOutsideCode(lines, (_lines, index) => {
    const heading = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+\{#([\w-]+)\})?[ \t#]*$/.exec(lines[index]!);
    if (heading) headings.push({ index, level: heading[1]!.length, id: heading[3] ?? slug(heading[2]!.replace(/[`*_]/g, "")) });
    return null;
  });
  return headings;
}

function isRegionMark(line: string): boolean {
  return REGION_START.test(line) || REGION_END.test(line);
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common));
}

// MkDocs

const SECTION_MARK = /(;*)(-+8<-+[ \t]+)\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\]/i;

/** `--8<-- "a.md:2:4"` and blocks of such paths: each file's lines, indented as the snippet line is. */
async function mkdocsSnippets(paths: string[], indent: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (depth >= MAX_DEPTH) return null;
  const included: string[] = [];
  for (const written of paths) {
    if (written === "") {
      included.push("");
      continue;
    }
    const [, file = "", from, to, name] = /^(.*?)(?:(?::(\d*))?(?::(\d*))?|:([a-z][-_0-9a-z]*))$/i.exec(written)!;
    // From the project's root: the folder's root, or the path without the folder's own place in the repository.
    const candidates = [file, ...expansion.repositoryPaths.filter((folder) => file.startsWith(`${folder}/`)).map((folder) => file.slice(folder.length + 1))];
    const snippet = await readLines(file, written, "", expansion, candidates);
    if (!snippet) return null;
    let lines = snippet.lines;
    if (from || to) lines = numberedLines(lines, from ? Number(from) : 1, to ? Number(to) : Infinity);
    else if (name) lines = snippetSection(lines, name);
    const expanded = await expand(lines.join("\n"), snippet.relativePath, expansion, depth + 1);
    included.push(...expanded.split("\n"));
  }
  return included.map((line) => (line === "" ? line : indent + line)).join("\n");
}

/** The lines between `--8<-- [start:name]` and `--8<-- [end:name]`, other sections' marks left out. */
function snippetSection(lines: readonly string[], name: string): string[] {
  const chosen: string[] = [];
  let inside = false;
  for (const line of lines) {
    const mark = SECTION_MARK.exec(line);
    if (mark && inside && mark[1]) chosen.push(line.replace(SECTION_MARK, (whole) => whole.slice(1)));
    else if (mark && mark[4] === name) {
      if (inside && mark[3] === "end") break;
      inside = true;
    } else if (inside && !mark) chosen.push(line);
  }
  return chosen;
}

// Shared

/** A fenced code block around `lines`, its fence longer than any fence inside them. */
function codeBlock(info: string, lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.map((line) => /^\s*(`{3,})/.exec(line)?.[1]?.length ?? 0));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${info}`, ...lines, fence].join("\n");
}

/** Lines `first` to `last` of a file, counted from 1. */
function numberedLines(lines: readonly string[], first: number, last: number): string[] {
  return lines.filter((_line, index) => index + 1 >= first && index + 1 <= last);
}

/** Whether an offset in some Markdown is inside fenced code, as the Markdown plugins read fences. */
function codeLineTest(markdown: string): (offset: number) => boolean {
  const lines = markdown.split("\n");
  const outside = new Set<number>();
  mapLinesOutsideCode(lines, (_lines, index) => {
    outside.add(index);
    return null;
  });
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  return (at) => {
    // The last line starting at or before `at`.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return !outside.has(low);
  };
}
