import { unified } from "unified";
import { VFile } from "vfile";
import { safeTree } from "../render/markdown/parse-and-sanitize";

/** Up to here is read for a leading title; an h1 further down is not at the top of anything. */
const LEADING_LINES = 80;
const titleProcessor = unified().use(safeTree).freeze();

/**
 * The text of the document's leading title, as renderMarkdown finds it (a
 * leading `# Heading`, or a raw HTML <h1> after a logo), without rendering
 * the rest: the navigation needs every page's title when the server starts,
 * long before anyone reads most pages. Only the opening of the document is
 * parsed, up to the blank line after the first line that can hold an h1.
 * Markdown's blocks are read top down, so the opening parses as it does in
 * the whole document (with the document's link definitions, for a title
 * that uses one). read-leading-title.server.test.ts holds the two to the
 * same answer on every fixture.
 */
export function readLeadingTitle(markdown: string, relativePath: string): string | null {
  const opening = openingBlocks(markdown);
  if (opening === null || !likeATitle(opening)) return null;
  const file = new VFile({ path: relativePath, value: opening });
  try {
    titleProcessor.runSync(titleProcessor.parse(file), file);
  } catch {
    // Nested past the parser's stack all the same: no title read, and the file's name names the page.
    return null;
  }
  return file.data.title ?? null;
}

/** The most an opening may hold to be parsed: a README's logo, badges and <h1> take 1–4 KB. */
const OPENING_BYTES = 8 * 1024;
/** Past these, an opening is built to make the parser's work grow with the square of its size (20,000 nested quotes took 13 s). */
const QUOTES_NESTED = /^(?: {0,3}>){17}/m;
const MAX_TAGS = 200;
const MAX_BRACKET_DEPTH = 32;

/**
 * Whether the opening can be a title's, before it is parsed: the folder is
 * read at start, on the server's one thread, and a hostile page (tags,
 * quotes or brackets nested thousands deep) took seconds to parse, or
 * overflowed the parser's stack and stopped the start. Such a page's title
 * is then its file's name, and its render, which has a time limit, shows
 * what it can.
 */
function likeATitle(opening: string): boolean {
  if (opening.length > OPENING_BYTES || QUOTES_NESTED.test(opening)) return false;
  let tags = 0;
  let depth = 0;
  for (const character of opening) {
    if (character === "<" && ++tags > MAX_TAGS) return false;
    if (character === "[" && ++depth > MAX_BRACKET_DEPTH) return false;
    if (character === "]" && depth > 0) depth--;
  }
  return true;
}

/** The lines up to the blank line that ends the first block holding an h1 (ATX, Setext or raw HTML); null when none starts near the top. */
function openingBlocks(markdown: string): string | null {
  const lines = markdown.split("\n", LEADING_LINES + 40);
  const h1 = lines.findIndex((line, index) => index < LEADING_LINES && /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)|<h1[\s>]/i.test(line));
  if (h1 === -1) return null;
  // A raw <h1> may close lines later; the block ends at the blank line after it.
  let end = h1;
  if (/<h1[\s>]/i.test(lines[h1]!)) while (end < lines.length - 1 && !/<\/h1\s*>/i.test(lines[end]!)) end++;
  while (end < lines.length && lines[end]!.trim() !== "") end++;
  const opening = lines.slice(0, end).join("\n");
  // A reference link in the title (`# The [guide][g]`) needs its definition, which may come anywhere.
  if (!opening.includes("]")) return opening;
  const definitions = markdown.slice(opening.length).match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm) ?? [];
  return definitions.length > 0 ? `${opening}\n\n${definitions.join("\n")}` : opening;
}
