import { withoutFrontMatter } from "../front-matter.server";
import { codeLineTest } from "./code-fences.server";
import { MAX_EXPANDED_CHARACTERS, readLines, tooDeep, type Expansion } from "./include-expansion.server";

/**
 * Docusaurus (MDX): a partial imported with `import Part from './_part.mdx';`
 * and placed as `<Part />` on a line of its own: the part's Markdown, its
 * front matter left out, where the component stands. Its props are not
 * passed (nothing of MDX is run); the import line is removed later, like
 * any MDX import (remark-foreign-syntax.ts).
 */

/** An MDX default import of a Markdown file by a relative path: a partial. */
const MAYBE_PARTIAL_IMPORT = /^import[ \t]+[A-Z][\w$]*[ \t]+from[ \t]+['"]\.{1,2}\//m;
const MDX_PARTIAL_IMPORT = /^import[ \t]+([A-Z][\w$]*)[ \t]+from[ \t]+(['"])(\.{1,2}\/[^'"\n]+?\.mdx?)\2[ \t]*;?[ \t]*$/gm;

/** A quick test, so the many pages without partials are not searched for their use. */
export function mayImportPartials(markdown: string): boolean {
  return MAYBE_PARTIAL_IMPORT.test(markdown);
}

/** `import Part from './_part.mdx';` … `<Part />`: the part's Markdown where the component stands. */
export async function expandMdxPartials(markdown: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string> {
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
    const part = tooDeep(depth, file, expansion) ? null : await readLines(file, file, fromRelativePath, expansion);
    if (!part) continue;
    const text = await expansion.expand(withoutFrontMatter(part.lines.join("\n")), part.relativePath, depth + 1);
    length += text.length - written.length;
    if (length > MAX_EXPANDED_CHARACTERS) break;
    pieces.push(markdown.slice(last, match.index), text);
    last = match.index + written.length;
  }
  pieces.push(markdown.slice(last));
  return pieces.join("");
}
