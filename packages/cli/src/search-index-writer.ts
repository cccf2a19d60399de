import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PagefindIndex } from "pagefind";
import { SEARCH_INDEX_PARTS_FILE, searchIndexPartFolder } from "../../../app/static-site/search-index-meta.ts";
import { describePackage, noticeSection } from "../../../scripts/third-party-licenses.ts";

/**
 * The static export's search index: Pagefind, a search engine made for
 * static sites, fed each exported page as it is written (the article only,
 * which the page marks `data-pagefind-body`). The index is written in small
 * pieces under /pagefind/, and a browser fetches only those a query needs
 * (app/static-site/pagefind-search.ts reads it).
 *
 * Pagefind holds its whole index in memory and needs about 0.42 MB a page
 * when it writes it (measured on the generated code-heavy folder: 218 MB
 * for 500 pages, 843 MB for 2,000), so one index of 50,000 pages would need
 * some 20 GB. The index is written in parts of `pagesPerPart` pages (by
 * default searchPartPages of the budget, server/memory-budget.ts)
 * instead, each by a Pagefind process of its own that ends once the part is
 * written: the first in /pagefind/, the others in /pagefind/parts/<n>/,
 * listed in /pagefind/parts.json, which the browser merges into one search.
 */
type IndexedPage = { url: string; html: string };

/** Pages the export may finish ahead of the next one the index takes, before the one that finished furthest ahead waits. */
export const MAX_PAGES_AHEAD = 64;

export async function createSearchIndexWriter(out: string, { pagesPerPart }: { pagesPerPart: number }) {
  const pagefind = await import("pagefind");
  const written: string[] = [];
  /** The folders of the parts after the first, as the parts file lists them. */
  const laterParts: string[] = [];
  let partsWritten = 0;
  let part: { index: PagefindIndex; pages: number } | null = null;
  // One step at a time: a part is written, and its process ended, before the next page goes in.
  let queue: Promise<void> = Promise.resolve();
  const inTurn = (step: () => Promise<void>) => (queue = queue.then(step));
  // Pages go in by their place in the export, not as they finish rendering, so that the same folder
  // makes the same parts, and so the same ranking, every time (BM25 counts words within a part).
  const arrived = new Map<number, IndexedPage | null>();
  let nextPosition = 0;
  // A page that finishes far ahead of one still rendering waits with it, so the pages held back stay few
  // (one slow page let the whole export pile up behind it: 3,300 pages' HTML, 190 MB, at 5,000 pages).
  const waiting: Array<{ position: number; release: () => void }> = [];

  async function startPart(): Promise<{ index: PagefindIndex; pages: number }> {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`The search index could not be started: ${errors.join("; ")}`);
    return { index, pages: 0 };
  }

  async function writePart(): Promise<void> {
    if (!part) return;
    const folder = searchIndexPartFolder(++partsWritten);
    const outputPath = path.join(out, "pagefind", folder);
    const { errors } = await part.index.writeFiles({ outputPath });
    part = null;
    // The process ends with its part: a new one starts small, where one that went on kept what the last part grew to.
    await pagefind.close();
    if (errors.length > 0) throw new Error(`The search index could not be written: ${errors.join("; ")}`);
    if (folder !== "") {
      laterParts.push(folder);
      removeScripts(outputPath);
    }
    for (const file of filesUnder(outputPath)) written.push(path.relative(out, file));
  }

  async function addInTurn({ url, html }: IndexedPage): Promise<void> {
    part ??= await startPart();
    const { errors } = await part.index.addHTMLFile({ url, content: searchableHtml(html) });
    if (errors.length > 0) throw new Error(`${url} could not be indexed for search: ${errors.join("; ")}`);
    if (++part.pages >= pagesPerPart) await writePart();
  }

  return {
    /** The export's page at `position` (from 0, each once): its URL and HTML, or null for one that is not indexed. */
    addPage(position: number, page: IndexedPage | null): Promise<void> {
      arrived.set(position, page);
      while (arrived.has(nextPosition)) {
        const next = arrived.get(nextPosition) ?? null;
        arrived.delete(nextPosition++);
        if (next) inTurn(() => addInTurn(next));
      }
      for (let index = waiting.length - 1; index >= 0; index--) {
        if (waiting[index]!.position < nextPosition + MAX_PAGES_AHEAD) waiting.splice(index, 1)[0]!.release();
      }
      if (position < nextPosition + MAX_PAGES_AHEAD) return queue;
      return new Promise<void>((release) => waiting.push({ position, release })).then(() => queue);
    },
    /** Writes what is left of the index and the list of its parts; returns every file written, relative to `out`. */
    async finish(): Promise<string[]> {
      await inTurn(async () => {
        // An export with no page still gets an index, so that a search finds nothing rather than fails.
        if (partsWritten === 0) part ??= await startPart();
        await writePart();
      });
      const list = path.join("pagefind", SEARCH_INDEX_PARTS_FILE);
      fs.writeFileSync(path.join(out, list), `${JSON.stringify(laterParts)}\n`);
      return [...written, list];
    },
  };
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
  if (!opening || marker === -1 || start === -1 || end < marker) return html;
  return `${opening[0]}<body>${html.slice(start, end + "</article>".length)}</body></html>`;
}

/**
 * A part after the first keeps only its index: the browser runs the first
 * part's script and WebAssembly for all of them, and Pagefind's own search
 * interfaces are not used.
 */
function removeScripts(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && !/^pagefind-entry\.json$|\.pf_meta$/.test(entry.name)) fs.rmSync(path.join(folder, entry.name));
  }
}

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Pagefind's notice, for the export's third-party notices: its script and
 * WebAssembly are in every export (/pagefind/), written by the installed
 * package, whose licence is read from it.
 */
export function searchIndexNotice(): string {
  return noticeSection(describePackage(path.dirname(path.dirname(fileURLToPath(import.meta.resolve("pagefind"))))));
}
