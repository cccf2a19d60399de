import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PagefindIndex } from "pagefind";
import { describePackage, noticeSection } from "../../../scripts/third-party-licenses.ts";

/**
 * The static export's search index: Pagefind, a search engine made for
 * static sites, fed each exported page as it is written (the article only,
 * which the page marks `data-pagefind-body`). The index is written in small
 * pieces under /pagefind/, and a browser fetches only those a query needs
 * (app/static-site/pagefind-search.ts reads it).
 */
export async function createSearchIndexWriter() {
  const pagefind = await import("pagefind");
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`The search index could not be started: ${errors.join("; ")}`);
  const ready: PagefindIndex = index;

  return {
    async addPage(url: string, html: string): Promise<void> {
      const { errors } = await ready.addHTMLFile({ url, content: html });
      if (errors.length > 0) throw new Error(`${url} could not be indexed for search: ${errors.join("; ")}`);
    },
    /** Writes the index into `out`/pagefind and returns the files written, relative to `out`. */
    async write(out: string): Promise<string[]> {
      const outputPath = path.join(out, "pagefind");
      const { errors } = await ready.writeFiles({ outputPath });
      await pagefind.close();
      if (errors.length > 0) throw new Error(`The search index could not be written: ${errors.join("; ")}`);
      return fs
        .readdirSync(outputPath, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)));
    },
  };
}

/**
 * Pagefind's notice, for the export's third-party notices: its script and
 * WebAssembly are in every export (/pagefind/), written by the installed
 * package, whose licence is read from it.
 */
export function searchIndexNotice(): string {
  return noticeSection(describePackage(path.dirname(path.dirname(fileURLToPath(import.meta.resolve("pagefind"))))));
}
