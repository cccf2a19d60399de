import { isUtf8 } from "node:buffer";
import path from "node:path";
import { GuideContentError, PageFileGoneError } from "../guide-content-error";
import { expandIncludes } from "./includes/expand-includes.server";
import { FrontMatterError, parseFrontMatter, withoutFrontMatter } from "./front-matter.server";
import type { MarkdownEntry } from "./list-content-folder.server";
import { LIMITS } from "./listing-limits";
import { openListedFile } from "../files/open-listed-file.server";
import { readPageMeta, type PageMeta } from "./page-meta.server";

/**
 * A page's file read as the site reads it: through no link put in its
 * place since the folder was listed, no larger than a page may be, its
 * front matter parsed and the files it includes expanded. Used at start
 * (read-page-sources.server.ts) and whenever a page is rendered.
 */

export type ReadText = (relativePath: string) => Promise<string | null>;

type Publishable = { path: string; size: number };

/**
 * Reading a page's Markdown and the files it includes, for the life of the
 * guide. Made apart from readPageSources, so that it keeps the folder's
 * listing by path and nothing else that reading every page at start used.
 */
export function markdownReader(
  listed: Record<"files" | "partials" | "pages", ReadonlyMap<string, Publishable>>,
  folderInRepository: string[],
  parse: (entry: MarkdownEntry, text: string) => { content: string },
) {
  // mdBook's, VitePress' and MkDocs' includes and Docusaurus' imported partials,
  // from the files the folder publishes and its partials only (never a file
  // outside it, a dotfile, or one over the size of a page).
  const includable = (relativePath: string) => {
    const file = listed.files.get(relativePath) ?? listed.partials.get(relativePath) ?? listed.pages.get(relativePath);
    return file && file.size <= LIMITS.markdownBytes ? file : null;
  };
  const readIncluded: ReadText = (relativePath) => {
    const file = includable(relativePath);
    return file ? readPageFile(file.path).catch(() => null) : Promise.resolve(null);
  };
  /** As readIncluded, with where the file is not UTF-8 text (readPageText): asked at start only. */
  const readIncludedText = (relativePath: string) => {
    const file = includable(relativePath);
    return file ? readPageText(file.path).catch(() => null) : Promise.resolve(null);
  };
  const expand = (text: string, entry: MarkdownEntry, read: ReadText) =>
    expandIncludes(text, entry.relativePath, read, { repositoryPaths: folderInRepository });
  const readMarkdown = async (entry: MarkdownEntry) => {
    const { content } = parse(entry, await readPageFile(entry.path));
    return (await expand(content, entry, readIncluded)).markdown;
  };
  return { readIncludedText, expand, readMarkdown };
}

/**
 * A file of the folder, read as the listing saw it: through no symbolic link
 * put in its place since (the listing resolved every link), and no larger
 * than a page may be (it may have grown since it was listed).
 */
export async function readPageFile(file: string): Promise<string> {
  return (await readPageBytes(file)).toString("utf8");
}

/**
 * As readPageFile, and where the file is not UTF-8 text (Latin-1, UTF-16, a
 * stray byte): the line of its first character that is not, which the page
 * shows as �; null when all of it is. Asked at start only, not on each render.
 */
export async function readPageText(file: string): Promise<{ text: string; notUtf8Line: number | null }> {
  const bytes = await readPageBytes(file);
  const text = bytes.toString("utf8");
  if (isUtf8(bytes)) return { text, notUtf8Line: null };
  // The first replacement character is the first byte that is not UTF-8, unless the file wrote one itself before it.
  const first = text.indexOf("\uFFFD");
  return { text, notUtf8Line: first === -1 ? 1 : text.slice(0, first).split("\n").length };
}

async function readPageBytes(file: string): Promise<Buffer> {
  // Only the file listed there, through no link put in its place or above it since (open-listed-file.server.ts).
  const opened = await openListedFile(file);
  if (!opened) throw new PageFileGoneError(`${file}: gone since the folder was read (a folder on its path is a link now)`, file);
  const { handle, stat } = opened;
  try {
    // A folder fails as it always did, on reading (EISDIR); a pipe or a device would be read as empty, or forever.
    if (!stat.isFile() && !stat.isDirectory()) throw new PageFileGoneError(`${file}: no longer a file`, file);
    const { size } = stat;
    if (size > LIMITS.markdownBytes) throw new GuideContentError(`${file}: grew over the limit of ${LIMITS.markdownBytes} bytes for one page`, file);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function goneIsNull(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof PageFileGoneError) return null;
  throw error;
}

/** `unparsed`: the front matter did not parse, `onError` was told, and the page is read as if it had none. */
export function parsePage(root: string, entry: MarkdownEntry, text: string, onError?: (error: GuideContentError) => void): { content: string; meta: PageMeta; unparsed: boolean } {
  const file = path.join(root, entry.relativePath);
  try {
    const { data, content } = parseFrontMatter(text);
    return { content, meta: readPageMeta(data), unparsed: false };
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    const unreadable = new GuideContentError(`${file}:${error.line}:${error.column}: ${error.reason}`, file, error.line, error.column);
    if (!onError) throw unreadable;
    onError(unreadable);
    return { content: withoutFrontMatter(text), meta: readPageMeta({}), unparsed: true };
  }
}
