import fs from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { UNSEARCHED_ELEMENTS } from "../../../app/guide/render/unsearched-elements.ts";
import { SEARCH_INDEX_PARTS_FILE, searchIndexPartFolder } from "../../../app/static-site/search-index-meta.ts";
import { describePackage, noticeSection } from "../../../scripts/third-party-licenses.ts";
import type { ExportWriter } from "./export-writer.ts";
import { type IndexFile, UnknownIndexFormat, withSmallerChunks } from "./search-index-chunks.ts";

/**
 * The static export's search index: Pagefind, a search engine made for
 * static sites, fed each exported page (the article only, which the page
 * marks `data-pagefind-body`). The index is written in small pieces under
 * /pagefind/, and a browser fetches only those a query needs
 * (app/static-site/pagefind-search.ts reads it).
 *
 * Pagefind holds its whole index in memory and needs about 0.42 MB a page
 * when it writes it (measured on the generated code-heavy folder: 429 MB
 * for 1,000 pages, 838 MB for 2,000), so one index of 50,000 pages would
 * need some 20 GB. The index is written in parts of `pagesPerPart` pages
 * instead, each by a Pagefind process of its own that ends once the part is
 * written: the first in /pagefind/, the others in /pagefind/parts/<n>/,
 * listed in /pagefind/parts.json, which the browser merges into one search.
 *
 * A search fetches, for each of its words, the chunk of the index that
 * holds it from every part, however rare the word, so fewer parts and
 * smaller chunks (search-index-chunks.ts) make every search smaller. The
 * parts are written once every page is, from the pages' files, when the
 * render workers have ended and left Pagefind their share of the budget
 * (server/memory-budget.ts, searchPartPages): 3 parts rather than 9 at
 * 5,000 pages, and a search of 225-354 KB rather than 405-622; 214-219 KB
 * once the chunks are cut smaller (BENCHMARKS.md).
 */
type IndexedPage = { url: string; file: string };

export async function createSearchIndexWriter({ pagesPerPart, output }: { pagesPerPart: number; output: Pick<ExportWriter, "write" | "folder"> }) {
  const pagefind = await import("pagefind");
  // By their place in the export, not as they finished rendering, so that the same folder makes the
  // same parts, and so the same ranking, every time (BM25 counts words within a part).
  const pages: Array<IndexedPage | null> = [];

  async function writePart(part: readonly IndexedPage[], n: number): Promise<void> {
    const { index, errors: startErrors } = await pagefind.createIndex({});
    if (!index) throw new Error(`The search index could not be started: ${startErrors.join("; ")}`);
    for (const { url, file } of part) {
      const { errors } = await index.addHTMLFile({ url, content: searchableHtml(fs.readFileSync(path.join(output.folder, file), "utf8")) });
      if (errors.length > 0) throw new Error(`${url} could not be indexed for search: ${errors.join("; ")}`);
    }
    // Taken from Pagefind and written here, not by Pagefind: a file it cannot write (a full disk) ends its process
    // with a panic, and the request waiting on it is never answered.
    const { files: written, errors } = await index.getFiles();
    // The process ends with its part: a new one starts small, where one that went on kept what the last part grew to.
    await pagefind.close();
    if (errors.length > 0) throw new Error(`The search index could not be made: ${errors.join("; ")}`);
    const files = inSmallerChunks(written);
    const folder = searchIndexPartFolder(n);
    for (const file of files) {
      if (folder === "" || isIndexFile(file.path)) output.write(path.posix.join("pagefind", folder, file.path), file.content);
    }
  }

  return {
    /** The export's page at `position` (from 0, each once): its URL and its HTML file as the export wrote it, once written; or null for one that is not indexed. */
    addPage(position: number, page: IndexedPage | null): void {
      pages[position] = page;
    },
    /**
     * Writes the index from the pages' files, and the list of its parts.
     * `memoryFreeAt` (as `performance.now()` reads): when the memory the
     * parts' size counts on is free (the render workers' heaps), which an
     * index of more than one part, its parts as large as the budget holds,
     * waits for before it starts.
     */
    async finish(memoryFreeAt = 0): Promise<void> {
      const indexed = pages.filter((page): page is IndexedPage => page != null);
      const laterParts: string[] = [];
      // An export with no page still gets an index, so that a search finds nothing rather than fails.
      const partCount = Math.max(1, Math.ceil(indexed.length / pagesPerPart));
      if (partCount > 1) await delay(Math.max(0, memoryFreeAt - performance.now()));
      for (let n = 1; n <= partCount; n++) {
        await writePart(indexed.slice((n - 1) * pagesPerPart, n * pagesPerPart), n);
        if (n > 1) laterParts.push(searchIndexPartFolder(n));
      }
      output.write(path.posix.join("pagefind", SEARCH_INDEX_PARTS_FILE), `${JSON.stringify(laterParts)}\n`);
    },
  };
}

/** The index's words in chunks a tenth the size of Pagefind's (search-index-chunks.ts), or as Pagefind wrote them where its format is not the one known. */
function inSmallerChunks(files: readonly IndexFile[]): readonly IndexFile[] {
  try {
    return withSmallerChunks(files);
  } catch (error) {
    if (!(error instanceof UnknownIndexFormat)) throw error;
    console.warn(`themed-guide: the search index is left in Pagefind's own chunks, which a search fetches more of: ${error.message}`);
    return files;
  }
}

/**
 * What Pagefind is given of a page: the document's opening tag, for its
 * language, and the article it indexes (marked `data-pagefind-body`), not
 * the navigation, header and footer around it, which it would parse only to
 * pass over. Its index comes out byte for byte the same from either (the
 * 1,001 pages of a generated export compared), from 57% of the text: 5.8 s
 * of Pagefind's time to take them whole, 4.1 s for this. The article is
 * ours and ends last among the page's articles (one in the author's
 * Markdown is inside it); a page without one is given whole.
 */
export function searchableHtml(html: string): string {
  const opening = /<html\b[^>]*>/.exec(html);
  const marker = html.indexOf("data-pagefind-body");
  const start = html.lastIndexOf("<article", marker);
  const end = html.lastIndexOf("</article>");
  if (!opening || marker === -1 || start === -1 || end < marker) return ignoreUnsearched(html);
  return `${opening[0]}<body>${ignoreUnsearched(html.slice(start, end + "</article>".length))}</body></html>`;
}

/** An opening tag: its name, and its attributes up to the first `>` (one inside an attribute's value ends the match early, and the element is then indexed as before). */
const OPENING_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*)?>/g;
const ARIA_HIDDEN = /\saria-hidden="true"/;
const HIDDEN = /\shidden(?=[\s=/]|$)/;
/** Attribute values are written in double quotes, a quote inside one as an entity: emptied, only the names are left to test. */
const attributeNames = (attributes: string) => attributes.replace(/"[^"]*"/g, '""');

/**
 * Marks `data-pagefind-ignore` on what the server's search passes over
 * (app/guide/render/unsearched-elements.ts), which Pagefind would index:
 * the "#" each heading ends with would otherwise end every section's title
 * in the export's results ("Install#") and run into its words. A `<` in
 * text is always written as an entity, so only markup matches.
 */
function ignoreUnsearched(html: string): string {
  return html.replace(OPENING_TAG, (tag, name: string, attributes = "") =>
    UNSEARCHED_ELEMENTS.has(name.toLowerCase()) || ARIA_HIDDEN.test(attributes) || HIDDEN.test(attributeNames(attributes))
      ? `<${name} data-pagefind-ignore=""${attributes}>`
      : tag,
  );
}

/**
 * A part after the first keeps only its index, not Pagefind's scripts and
 * WebAssembly: the browser runs the first part's for all of them, and
 * Pagefind's own search interfaces are not used.
 */
function isIndexFile(file: string): boolean {
  return /^(fragment|index)\/|^pagefind-entry\.json$|\.pf_meta$/.test(file);
}

/**
 * Pagefind's notice, for the export's third-party notices: its script and
 * WebAssembly are in every export (/pagefind/), written by the installed
 * package, whose licence is read from it.
 */
export function searchIndexNotice(): string {
  return noticeSection(describePackage(path.dirname(path.dirname(fileURLToPath(import.meta.resolve("pagefind"))))));
}
