import { parse as parseToml, TomlError } from "smol-toml";
import { parseDocument } from "yaml";

/**
 * Front matter of a Markdown file, as the docs tools write it: a YAML block
 * between `---` lines at the very top (VitePress, Docusaurus, MkDocs,
 * Jekyll, Hugo), or Hugo's TOML between `+++` lines. It is optional, and any
 * mapping is accepted: the guide reads the few keys it knows and ignores the
 * rest, so a folder written for another tool loads unedited. What cannot be
 * read at all is an error with the line it is on, so the author can find it.
 */

export type FrontMatter = {
  /** The mapping; empty when the file has none. */
  data: Record<string, unknown>;
  /** The Markdown after the front matter. */
  content: string;
};

export class FrontMatterError extends Error {
  override name = "FrontMatterError";
  readonly reason: string;
  /** 1-based, in the whole file. */
  readonly line: number;
  readonly column: number;
  constructor(reason: string, line: number, column: number) {
    super(`line ${line}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

// The opening fence, the block, and a closing fence on a line of its own.
// Without a closing fence a leading `---` is Markdown's thematic break.
const YAML_BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const TOML_BLOCK = /^\+\+\+[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?\+\+\+[ \t]*(?:\r?\n|$)/;

export function parseFrontMatter(source: string): FrontMatter {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  const yaml = YAML_BLOCK.exec(text);
  if (yaml) return { data: parseYaml(yaml[1] ?? ""), content: text.slice(yaml[0].length) };
  const toml = TOML_BLOCK.exec(text);
  if (toml) return { data: readToml(toml[1] ?? ""), content: text.slice(toml[0].length) };
  return { data: {}, content: text };
}

/**
 * The Markdown after a front matter block, without reading the block: for a
 * part included into a page (includes/expand-includes.server.ts), whose front matter
 * is the part's own and is not shown.
 */
export function withoutFrontMatter(source: string): string {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  const block = YAML_BLOCK.exec(text) ?? TOML_BLOCK.exec(text);
  return block ? text.slice(block[0].length) : text;
}

function parseYaml(block: string): Record<string, unknown> {
  // The block starts on the file's second line, after the opening fence.
  const FIRST_LINE = 2;
  const document = parseDocument(block);
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0] ?? { line: 1, col: 1 };
    // yaml's message repeats the position and quotes the source; the first clause is the reason.
    const reason = error.message.split(/ at line \d+, column \d+/)[0] ?? error.message;
    throw new FrontMatterError(`front matter is not valid YAML: ${reason}`, FIRST_LINE + position.line - 1, position.col);
  }
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // yaml refuses to expand aliases past a bound (a "billion laughs" block).
    throw new FrontMatterError(`front matter cannot be read: ${(error as Error).message}`, FIRST_LINE, 1);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new FrontMatterError(`front matter must be a mapping of keys to values, not ${Array.isArray(value) ? "a list" : `a ${typeof value}`}`, FIRST_LINE, 1);
  }
  return value as Record<string, unknown>;
}

/** Hugo's TOML front matter. Like YAML, a block that does not parse is refused with its line. */
function readToml(block: string): Record<string, unknown> {
  // The block starts on the file's second line, after the opening fence.
  const FIRST_LINE = 2;
  try {
    return parseToml(block);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message quotes the source after its first line; the first line is the reason.
    const reason = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
    throw new FrontMatterError(`front matter is not valid TOML: ${reason}`, FIRST_LINE + error.line - 1, error.column);
  }
}
