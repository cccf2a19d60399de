import { getGuide, SITE_PATHS } from "./guide-service.server";
import { markdownUrl } from "./machine-readable.server";
import { laterListPartUrls } from "../nav/page-list-parts";
import { sitemapAddressCount, sitemapCount, sitemapPartPath } from "./sitemap.server";

/**
 * What a static export of the guide holds (`themed-guide build`): every
 * address a visitor can reach, and every file of the folder that a page may
 * link to. The export asks the site's own request handler for each address,
 * so a page is exported exactly as the server would answer it.
 */
export type ExportPlan = {
  /**
   * Addresses, root-relative: the site's pages, the search page, the guide's
   * index and each of its pages, and a large folder's later parts of its list
   * of every page (/guide-pages/2, …).
   */
  pages: string[];
  /** Where each page's Markdown is asked for (`/guide/x.md`; `/guide/x/index.md` for a folder's page). */
  markdown: string[];
  /** /sitemap.xml and, for a folder of more addresses than one sitemap holds, the sitemaps it lists (/sitemaps/1.xml, …). */
  sitemaps: string[];
  /** Each file of the folder that is not a page: `file` is its path relative to /guide-files/, `path` its real path on disk. */
  files: { file: string; path: string }[];
};

const GUIDE_INDEX = "/guide";

export async function exportPlan(): Promise<ExportPlan> {
  const guide = await getGuide();
  const pages = new Set([...SITE_PATHS, "/search", ...guide.pages.map((page) => page.url)]);
  // Last: the guide's index lists every page's description, so it is made once every page is rendered,
  // and the pages exported after it would wait for it (in the search index's order) the whole export long.
  pages.delete(GUIDE_INDEX);
  pages.add(GUIDE_INDEX);
  if (!guide.landing) for (const url of laterListPartUrls(guide.pages.length)) pages.add(url);
  const files = [...guide.files].map(([file, { path }]) => ({ file, path }));
  const sitemapFiles = sitemapCount(await sitemapAddressCount());
  const sitemaps = ["/sitemap.xml", ...(sitemapFiles > 1 ? Array.from({ length: sitemapFiles }, (_, at) => sitemapPartPath(at + 1)) : [])];
  return { pages: [...pages], markdown: guide.pages.map(markdownUrl), sitemaps, files };
}
