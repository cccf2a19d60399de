import fs from "node:fs/promises";
import path from "node:path";
import { GuideContentError } from "../guide-content-error";
import { expandIncludes } from "./includes/expand-includes.server";
import { FrontMatterError, parseFrontMatter } from "./front-matter.server";
import type { BrokenLink } from "./link-report";
import { LIMITS, type ContentListing, type MarkdownEntry } from "./list-content-folder.server";
import { readPageMeta, type PageMeta } from "./page-meta.server";

/**
 * Every page's Markdown, read at start: its front matter parsed (a file
 * whose front matter does not parse stops the start, named with its line
 * and column), drafts left out, and the files it includes expanded.
 */

// Reading files overlaps a little; the CPU work is on one thread anyway.
const READ_CONCURRENCY = 8;

export type PageSource = { entry: MarkdownEntry; content: string; meta: PageMeta };

/** The published pages' sources, in the listing's order, and the includes that named no file. */
export async function readPageSources(root: string, listing: ContentListing): Promise<{ sources: PageSource[]; missingIncludes: BrokenLink[]; repositoryPaths: string[] }> {
  const read = (await mapLimit(listing.markdown, READ_CONCURRENCY, (entry) => readSource(root, entry))).filter((source) => !source.meta.draft);
  if (read.length === 0) throw new GuideContentError(`No Markdown files in ${root}`);
  const folderInRepository = await repositoryPaths(root);
  const { sources, missingIncludes } = await expandIncludedFiles(read, listing, folderInRepository);
  return { sources, missingIncludes, repositoryPaths: folderInRepository };
}

async function readSource(root: string, entry: MarkdownEntry): Promise<PageSource> {
  const file = path.join(root, entry.relativePath);
  const text = await fs.readFile(entry.path, "utf8");
  try {
    const { data, content } = parseFrontMatter(text);
    return { entry, content, meta: readPageMeta(data) };
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    throw new GuideContentError(`${file}:${error.line}:${error.column}: ${error.reason}`, file, error.line, error.column);
  }
}

/**
 * mdBook's, VitePress' and MkDocs' includes and Docusaurus' imported
 * partials (includes/expand-includes.server.ts), expanded in every page that has one
 * before anything reads it, from the files the folder
 * publishes and its partials only (never a file outside it, a dotfile, or
 * one over the size of a page). Each file is read once.
 */
async function expandIncludedFiles(
  sources: PageSource[],
  listing: ContentListing,
  folderInRepository: readonly string[],
): Promise<{ sources: PageSource[]; missingIncludes: BrokenLink[] }> {
  const publishable = new Map<string, { path: string; size: number }>([
    ...listing.files,
    ...listing.partials,
    ...listing.markdown.map((entry) => [entry.relativePath, entry] as const),
  ]);
  const texts = new Map<string, Promise<string | null>>();
  const readIncluded = (relativePath: string) => {
    const file = publishable.get(relativePath);
    if (!file || file.size > LIMITS.markdownBytes) return Promise.resolve(null);
    if (!texts.has(relativePath)) texts.set(relativePath, fs.readFile(file.path, "utf8").catch(() => null));
    return texts.get(relativePath)!;
  };
  const missingIncludes: BrokenLink[] = [];
  const expanded = await mapLimit(sources, READ_CONCURRENCY, async (source) => {
    const { markdown, missing } = await expandIncludes(source.content, source.entry.relativePath, readIncluded, { repositoryPaths: folderInRepository });
    // A loop, not a spread: a hostile page may hold more includes than a call takes arguments.
    for (const href of missing) missingIncludes.push({ from: source.entry.relativePath, href });
    return markdown === source.content ? source : { ...source, content: markdown };
  });
  return { sources: expanded, missingIncludes };
}

/**
 * Where the folder sits as GitHub's root-relative links see it: its path
 * from the repository it is in (the nearest folder above with a `.git`),
 * and its own name, for a folder copied out of its repository. Longest first.
 */
async function repositoryPaths(root: string): Promise<string[]> {
  const paths = new Set<string>();
  for (let above = path.dirname(root); above !== path.dirname(above); above = path.dirname(above)) {
    if (await fs.stat(path.join(above, ".git")).then(() => true, () => false)) {
      paths.add(path.relative(above, root).split(path.sep).join("/"));
      break;
    }
  }
  if (path.basename(root) !== "") paths.add(path.basename(root));
  return [...paths].sort((a, b) => b.length - a.length);
}

/** `Promise.all(items.map(fn))` with at most `limit` in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
