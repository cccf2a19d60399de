import fs from "node:fs/promises";
import path from "node:path";
import { GuideContentError } from "../guide-content-error";
import { createCodeSampleCollector, type CodeSample } from "../render/code-samples.server";
import type { BrokenLink } from "./link-report";
import type { ContentListing, MarkdownEntry } from "./list-content-folder.server";
import type { PageMeta } from "./page-meta.server";
import { goneIsNull, markdownReader, parsePage, readPageText, type ReadText } from "./page-markdown.server";
import { folderStamp, readStartIndex, writeStartIndex, type NotUtf8File } from "./start-index.server";
import { mapLimit } from "../map-limit";

/**
 * Every page's Markdown, read at start and let go: its front matter parsed
 * (a file whose front matter does not parse stops the start, named with
 * its line and column, unless the caller lists such files: `onFrontMatterError`), drafts left out, the files it includes expanded,
 * its leading title read and a code block of each language noted. Only
 * what the navigation and the renderer's warm-up need is kept, so a folder
 * of 50,000 pages is never held in memory; a page's text is read again from
 * its file when it is rendered (`readMarkdown`). With a cache folder, what
 * was found is kept there, and a start on unchanged files reads no page
 * (start-index.server.ts); under `themed-guide dev`, a reading after a
 * change reads again only the pages it may have changed (`LastRead`).
 */

// Reading files overlaps a little; the CPU work is on one thread anyway.
const READ_CONCURRENCY = 8;

/**
 * What is kept of a page read at start. `leadingTitle` is read only when the
 * front matter gives no title. `selfContained`: read from its own file
 * alone (it includes no other), so it is the same while that file is.
 */
export type PageSource = {
  entry: MarkdownEntry;
  meta: PageMeta;
  leadingTitle: string | null;
  selfContained: boolean;
  /** The line of the first character of its file that is not UTF-8 text (shown as �); null when all of it is. */
  notUtf8Line: number | null;
};

/**
 * What the last reading of the same folder found, by page path (`themed-guide
 * dev` reads the folder again on every change): a self-contained page whose
 * file has the size and time it had is taken from there, not read again.
 */
export type LastRead = { sources: ReadonlyMap<string, PageSource>; samples: CodeSample[] };

export type PageSources = {
  /** The published pages, in the listing's order. */
  sources: PageSource[];
  missingIncludes: BrokenLink[];
  /** Pages whose includes reached their limit, each with the first include left as written. */
  includesPastLimit: BrokenLink[];
  /** Pages and included files that are not UTF-8 text, each once, with the line of the first character that is not. */
  notUtf8: NotUtf8File[];
  repositoryPaths: string[];
  /** A code block of each language the pages use, most used first (render/code-samples.server.ts). */
  samples: CodeSample[];
  /** The page's Markdown as the site reads it, from its file as it is now: front matter removed, includes expanded. */
  readMarkdown(entry: MarkdownEntry): Promise<string>;
  /** Whether the files are as the last start found them, and what it read was taken from the start index. */
  unchangedSinceLastStart: boolean;
  /** The folder's stamp (start-index.server.ts); null without a start index file. */
  stamp: string | null;
};

export type ReadPageSourcesOptions = {
  /** Where what this reading finds is kept for the next start on the same files (start-index.server.ts). */
  startIndexFile?: string | null;
  lastRead?: LastRead;
  /**
   * Told of each page whose front matter does not parse, which is then read
   * as if it had none (`themed-guide check`, which lists every such page
   * with the folder's other problems). Without it, the first such page
   * stops the reading, as it stops a server's start.
   */
  onFrontMatterError?: (error: GuideContentError) => void;
};

export async function readPageSources(root: string, listing: ContentListing, options: ReadPageSourcesOptions = {}): Promise<PageSources> {
  const { startIndexFile = null, lastRead, onFrontMatterError } = options;
  const folderInRepository = await repositoryPaths(root);
  const entries = new Map(listing.markdown.map((entry) => [entry.relativePath, entry]));
  const parse = (entry: MarkdownEntry, text: string) => parsePage(root, entry, text, onFrontMatterError);
  // A page read past its front matter's error is read so again when rendered, and not told of twice.
  const parseAgain = (entry: MarkdownEntry, text: string) => parsePage(root, entry, text, onFrontMatterError && (() => {}));
  const { readIncludedText, expand, readMarkdown } = markdownReader({ files: listing.files, partials: listing.partials, pages: entries }, folderInRepository, parseAgain);
  const stamp = startIndexFile === null ? null : folderStamp(listing);
  const kept = stamp === null ? null : await readStartIndex(startIndexFile!, stamp);
  if (kept && kept.sources.length > 0 && kept.sources.every((source) => entries.has(source.relativePath))) {
    const sources = kept.sources.map(({ relativePath, ...source }) => ({ ...source, entry: entries.get(relativePath)! }));
    const notUtf8 = notUtf8Files(sources, kept.includedNotUtf8);
    return { sources, missingIncludes: kept.missingIncludes, includesPastLimit: kept.includesPastLimit, notUtf8, repositoryPaths: folderInRepository, samples: kept.samples, readMarkdown, unchangedSinceLastStart: true, stamp };
  }

  // The Markdown parser a leading title needs is loaded only when pages are read: a start on unchanged
  // files never loads it (a fifth of the server's modules, and their memory).
  const { readLeadingTitle } = await import("./read-leading-title.server");
  // At start each included file is read once, however many pages include it.
  const includedAtStart = new Map<string, Promise<string | null>>();
  const includedNotUtf8: NotUtf8File[] = [];
  const readIncludedOnce: ReadText = (relativePath) => {
    if (!includedAtStart.has(relativePath)) {
      const read = readIncludedText(relativePath).then((file) => {
        if (file?.notUtf8Line != null) includedNotUtf8.push({ relativePath, line: file.notUtf8Line });
        return file?.text ?? null;
      });
      includedAtStart.set(relativePath, read);
    }
    return includedAtStart.get(relativePath)!;
  };
  const missingIncludes: BrokenLink[] = [];
  const includesPastLimit: BrokenLink[] = [];
  const samples = createCodeSampleCollector();
  let readBefore = 0;
  let frontMatterUnparsed = false;
  const read = await mapLimit(listing.markdown, READ_CONCURRENCY, async (entry): Promise<PageSource | null> => {
    const before = lastRead?.sources.get(entry.relativePath);
    if (before?.selfContained && before.entry.size === entry.size && before.entry.mtimeMs === entry.mtimeMs) {
      readBefore++;
      return { ...before, entry };
    }
    const file = await readPageText(entry.path).catch(goneIsNull);
    // Removed or renamed since it was listed (an editor saving, a checkout
    // running): the page is not there, and the watcher, if any, reports the change.
    if (file === null) return null;
    const { content, meta, unparsed } = parse(entry, file.text);
    frontMatterUnparsed ||= unparsed;
    if (meta.draft) return null;
    let includes = false;
    const { markdown, missing, pastLimit } = await expand(content, entry, (relativePath) => {
      includes = true;
      return readIncludedOnce(relativePath);
    });
    // A loop, not a spread: a hostile page may hold more includes than a call takes arguments.
    for (const href of missing) missingIncludes.push({ from: entry.relativePath, href });
    if (pastLimit !== null) includesPastLimit.push({ from: entry.relativePath, href: pastLimit });
    samples.add(markdown);
    const leadingTitle = meta.title === null ? readLeadingTitle(markdown, entry.relativePath) : null;
    return { entry, meta, leadingTitle, selfContained: !includes && missing.length === 0, notUtf8Line: file.notUtf8Line };
  });
  includedAtStart.clear();
  const sources = read.filter((source) => source !== null);
  if (sources.length === 0) throw new GuideContentError(`No Markdown files in ${root}`);
  // The pages not read again add their languages as the last reading found them.
  const samplesFound = readBefore > 0 && lastRead ? withLanguagesOf(lastRead.samples, samples.samples()) : samples.samples();
  const notUtf8 = notUtf8Files(sources, includedNotUtf8);
  const found = { sources, missingIncludes, includesPastLimit, notUtf8, repositoryPaths: folderInRepository, samples: samplesFound, readMarkdown, unchangedSinceLastStart: false, stamp };
  // A reading past a front matter's error is never kept: the next start on these files must stop at it.
  if (stamp !== null && !frontMatterUnparsed) {
    const index = { sources: sources.map(({ entry, ...source }) => ({ ...source, relativePath: entry.relativePath })), missingIncludes, includesPastLimit, includedNotUtf8, samples: found.samples };
    await writeStartIndex(startIndexFile!, stamp, index);
  }
  return found;
}

/** The pages that are not UTF-8 text, then the included files that are not and are not pages (named once, as pages). */
function notUtf8Files(sources: readonly PageSource[], included: readonly NotUtf8File[]): NotUtf8File[] {
  const pages = sources.flatMap(({ entry, notUtf8Line }) => (notUtf8Line === null ? [] : [{ relativePath: entry.relativePath, line: notUtf8Line }]));
  const named = new Set(pages.map((page) => page.relativePath));
  return [...pages, ...included.filter((file) => !named.has(file.relativePath)).sort((a, b) => a.relativePath.localeCompare(b.relativePath))];
}

/** `first`, then a sample of each language only `more` has. */
function withLanguagesOf(first: CodeSample[], more: CodeSample[]): CodeSample[] {
  const languages = new Set(first.map((sample) => sample.language));
  return [...first, ...more.filter((sample) => !languages.has(sample.language))];
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
