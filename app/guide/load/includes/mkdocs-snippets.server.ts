import { MAX_EXPANDED_CHARACTERS, readLines, tooDeep, type Expansion } from "./include-expansion.server";
import { numberedLines } from "./select-lines.server";

/**
 * MkDocs' snippets (pymdownx.snippets), expanded anywhere, code blocks included:
 * - a line `--8<-- "file.md"`, with `:4` (from line 4), `::6`, `:4:6`, or
 *   `:name` (the lines between `--8<-- [start:name]` and `--8<-- [end:name]`),
 *   each included line indented as the snippet line is;
 * - a block of such paths, one a line, between two `--8<--` lines;
 * - `;--8<--` stays as written, without its first `;`.
 * Paths start at the project's root, the folder above the docs: they are
 * looked up from the folder's root, then without the folder's own path in
 * the repository (`docs/snippets/a.md` is `snippets/a.md`).
 */

const SECTION_MARK = /(;*)(-+8<-+[ \t]+)\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\]/i;

/**
 * A snippet line, found as `indent`, `escape` (its leading `;`s), `line`
 * (the rest) and the quoted `path`: the snippet, or null to leave it as written.
 */
export async function expandMkDocsSnippetLine(
  indent: string,
  escape: string,
  line: string,
  quotedPath: string,
  expansion: Expansion,
  depth: number,
): Promise<string | null> {
  if (escape) return `${indent}${escape.slice(1)}${line}`;
  return expandMkDocsSnippets([quotedPath.slice(1, -1)], indent, expansion, depth);
}

/** The paths between two `--8<--` lines, one a line; those starting with `;` are left out. */
export async function expandMkDocsSnippetBlock(block: string, expansion: Expansion, depth: number): Promise<string | null> {
  const paths = block.split("\n").map((line) => line.trim()).filter((line) => !line.startsWith(";"));
  return expandMkDocsSnippets(paths, "", expansion, depth);
}

/** `--8<-- "a.md:2:4"` and blocks of such paths: each file's lines, indented as the snippet line is. */
async function expandMkDocsSnippets(paths: string[], indent: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (tooDeep(depth, paths.find((written) => written !== "") ?? "", expansion)) return null;
  const included: string[] = [];
  let characters = 0;
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
    const expanded = await expansion.expand(lines.join("\n"), snippet.relativePath, depth + 1);
    // A block of many paths, each including more, is cut off at a page's size
    // and left as written, before it can grow without bound.
    characters += expanded.length;
    if (characters > MAX_EXPANDED_CHARACTERS) return null;
    for (const line of expanded.split("\n")) included.push(line);
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
