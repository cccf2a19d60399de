import { slug } from "github-slugger";
import path from "node:path";
import { mapLinesOutsideCode } from "../../render/markdown/rewrite-source";
import { withoutFrontMatter } from "../front-matter.server";
import { codeBlock } from "./code-fences.server";
import { readLines, tooDeep, type Expansion } from "./include-expansion.server";
import { dedent, isRegionMark, regionLines } from "./region-lines.server";
import { numberedLines } from "./select-lines.server";

/**
 * VitePress' includes:
 * - `<!--@include: ./part.md-->`, with `{3,}`, `{,10}` or `{2,8}` for lines,
 *   and `#name` for a `#region name` … `#endregion` or for the section under
 *   the heading whose id is `name`; the part's front matter is left out;
 * - a line `<<< ./snippet.ts`: the file as a code block, with `#region`,
 *   `{2,4-6 lang}` (highlighted lines, language) and a `[title]` (else the
 *   file's name).
 * `@/` starts at the folder's root. Inside a code block, both are examples
 * and stay as written (the expander skips them there).
 */

/** `<!--@include: ./part.md#name{3,}-->`: the part's Markdown, or null to leave the comment as written. */
export async function expandVitePressInclude(argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (tooDeep(depth, argument, expansion)) return null;
  const parsed = /^(.+?)(?:#([\w-]+))?(?:\{(\d*),(\d*)\})?$/.exec(argument);
  if (!parsed) return null;
  const [, file = "", name, from, to] = parsed;
  const part = await readLines(file, argument, fromRelativePath, expansion);
  if (!part) return null;
  const text = withoutFrontMatter(part.lines.join("\n"));
  let lines = text.split("\n");
  if (name) lines = regionLines(lines, name) ?? sectionLines(lines, name);
  lines = numberedLines(lines, from ? Number(from) : 1, to ? Number(to) : Infinity);
  return expansion.expand(lines.join("\n"), part.relativePath, depth + 1);
}

/** `<<< @/snippets/a.js#name{1,2 ts} [Title]`: the file as a code block, or null to leave the line as written. */
export async function expandVitePressSnippet(argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (tooDeep(depth, argument, expansion)) return null;
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
