import path from "node:path";

/**
 * What every kind of include shares while a page is expanded: how files are
 * read, what could not be, the limits, and the way back into the expander
 * for an included file's own includes. The expander hands this to each
 * tool's module, so those modules never import the expander back.
 */

export type ReadIncluded = (relativePath: string) => Promise<string | null>;

export type Expansion = {
  read: ReadIncluded;
  /** Includes whose file is not in the folder, as written; filled as the page is expanded. */
  missing: string[];
  /** The first include left as written because the page's includes had reached a limit (MAX_DEPTH, MAX_EXPANDED_CHARACTERS), as written. */
  pastLimit: string | null;
  /** The folder's path in its repository ("docs"), longest first. */
  repositoryPaths: readonly string[];
  /** Expands the includes of an included file's text, relative to that file, one level deeper. */
  expand(source: string, fromRelativePath: string, depth: number): Promise<string>;
  /** What the page's includes have cost so far (INCLUDE_COST and the characters of each file read), against MAX_EXPANDED_CHARACTERS. */
  spent: number;
};

/** mdBook's limit, against files that include each other. */
export const MAX_DEPTH = 10;
/** A page with its includes stays a page a browser can read. */
export const MAX_EXPANDED_CHARACTERS = 2 * 1024 * 1024;
/**
 * What one include costs of a page's budget beside its file's characters:
 * files that include each other five times each, ten deep, asked for 5^10
 * reads of a page, and held the server's thread for as long as they took;
 * a page's includes now stop at about 2,000 files or 2 MB read, and the
 * rest are left as written.
 */
const INCLUDE_COST = 1024;
/** The limits above, as the warnings and `check` name them: "10 deep, 2 MB or about 2,000 files". */
export const INCLUDE_LIMITS = `${MAX_DEPTH} deep, ${MAX_EXPANDED_CHARACTERS / 1024 / 1024} MB or about ${(Math.round(MAX_EXPANDED_CHARACTERS / INCLUDE_COST / 1000) * 1000).toLocaleString("en")} files`;

/** Whether an include `depth` levels down is past MAX_DEPTH (a file that includes itself); if so, it is the page's first include past its limits, unless one was before. */
export function tooDeep(depth: number, written: string, expansion: Expansion): boolean {
  if (depth < MAX_DEPTH) return false;
  expansion.pastLimit ??= written;
  return true;
}

/** The file's lines, or null (reported) when it is not the folder's to include. `@/` and `candidates` start at the folder's root. */
export async function readLines(
  file: string,
  written: string,
  fromRelativePath: string,
  expansion: Expansion,
  candidates: string[] = [file.startsWith("@/") ? file.slice(2) : path.posix.join(path.posix.dirname(fromRelativePath), file)],
): Promise<{ lines: string[]; relativePath: string } | null> {
  // The page has spent its budget: left as written, and reported as such rather than as naming no file.
  if (expansion.spent > MAX_EXPANDED_CHARACTERS) {
    expansion.pastLimit ??= written;
    return null;
  }
  for (const candidate of candidates) {
    const relativePath = path.posix.normalize(candidate);
    const outside = file === "" || path.posix.isAbsolute(file) || relativePath === ".." || relativePath.startsWith("../");
    const text = outside ? null : await expansion.read(relativePath);
    if (text !== null) expansion.spent += INCLUDE_COST + text.length;
    if (text !== null) return { lines: text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n"), relativePath };
  }
  expansion.missing.push(written);
  return null;
}
