import { MAX_QUERY_TERMS, withoutStopWords } from "../guide/search/query-terms";
import type { SearchResult } from "../guide/search/search-index.server";
import { isSearchIndexPartFolder, SEARCH_INDEX_META, SEARCH_INDEX_PARTS_FILE } from "./search-index-meta";

/**
 * Search on a static export (`themed-guide build`), in the browser: the
 * export holds a Pagefind index, written from the very pages it exports,
 * which the browser fetches in pieces, only those a query needs. Results
 * come back in the shape of the server's search, a section each, so the
 * search box and the results page show them the same way.
 */

/** The index's script on an exported page; null on the server's pages, which search on the server. */
export function staticSearchIndex(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${SEARCH_INDEX_META}"]`)?.content || null;
}

type PagefindAnchor = { element: string; id: string; text: string; location: number };
type PagefindSection = { title: string; url: string; excerpt: string; anchor?: PagefindAnchor; weighted_locations?: { weight: number }[] };
type PagefindPage = { url: string; meta: { title?: string }; excerpt: string; anchors?: PagefindAnchor[]; sub_results?: PagefindSection[] };
type PagefindResult = { id: string; score: number; data(): Promise<PagefindPage> };
type Pagefind = {
  options(options: { baseUrl: string }): Promise<void>;
  mergeIndex(indexPath: string, options: { baseUrl: string }): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] }>;
};

let pagefind: Promise<Pagefind> | null = null;

/**
 * The best `limit` sections for the query, best first, and whether more
 * match. As on the server, the pages with every word come first, then, to
 * fill the list, those with some: Pagefind answers a query of several
 * words with the pages that have them all, so a question whose words are
 * on no one page ("licence conda") would list nothing here and something
 * there. Each word is then searched alone, and the pages merged by score.
 */
export async function searchStaticIndex(indexUrl: string, query: string, limit: number): Promise<{ results: SearchResult[]; more: boolean }> {
  pagefind ??= loadPagefind(indexUrl);
  const engine = await pagefind;
  const searched = withoutStopWords(query);
  const sections: SearchResult[] = [];
  const listedPages = new Set<string>();
  const { results: withEvery } = await engine.search(searched);
  await addSections(withEvery, sections, listedPages, limit);
  // Each word once, and no more of them than the server searches for: a pasted error message is 200 characters of words.
  const words = [...new Set(searched.split(" "))].slice(0, MAX_QUERY_TERMS);
  if (sections.length <= limit && words.length > 1) {
    // The words' chunks are fetched already, for the search of them all: these searches fetch no more of the index.
    const withSome = (await Promise.all(words.map(async (word) => (await engine.search(word)).results))).flat();
    await addSections(withSome.sort((a, b) => b.score - a.score), sections, listedPages, limit);
  }
  return { results: sections.slice(0, limit), more: sections.length > limit };
}

/** The sections of `pages` not listed yet, in order, until there is one more than `limit` (to tell whether more match). */
async function addSections(pages: PagefindResult[], sections: SearchResult[], listedPages: Set<string>, limit: number) {
  // Pages come best first; each page's data is a fetch, so only as many as can fill the list.
  for (const page of pages) {
    if (sections.length > limit) return;
    if (listedPages.has(page.id)) continue;
    listedPages.add(page.id);
    const data = await page.data();
    const pageTitle = data.meta.title ?? data.url;
    const best = [...(data.sub_results ?? [])].sort((a, b) => weight(b) - weight(a));
    if (best.length === 0) best.push({ title: pageTitle, url: data.url, excerpt: data.excerpt });
    const listed = new Set<string>();
    for (const section of best) {
      const place = sectionOf(section.anchor, data.anchors ?? [], data.url);
      // Two of Pagefind's results in one of the server's sections (an h4 and the h3 it is under): the better one stands for it.
      if (listed.has(place.url)) continue;
      listed.add(place.url);
      sections.push({ ...place, pageTitle, snippet: snippetParts(section.excerpt) });
    }
  }
}

/**
 * The server's section (app/guide/render/search-sections.server.ts) that
 * one of Pagefind's results is in. Pagefind starts a result at every heading
 * with an id, the page's h1 and any h4 included; the server keeps the
 * introduction (all before the first h2), each h2 and each h3, and an h4's
 * words in the section above it. So the h1 is the introduction, and an h4
 * is its h2's or h3's section, with the same address and title as there.
 */
export function sectionOf(anchor: PagefindAnchor | undefined, anchors: PagefindAnchor[], pageUrl: string): Pick<SearchResult, "url" | "parentTitle" | "sectionTitle"> {
  const above = anchor ? anchors.filter((heading) => /^h[23]$/i.test(heading.element) && heading.location <= anchor.location).sort((a, b) => a.location - b.location) : [];
  const own = above.at(-1);
  if (!own) return { url: pageUrl, parentTitle: null, sectionTitle: null };
  const parent = /^h3$/i.test(own.element) ? above.findLast((heading) => /^h2$/i.test(heading.element)) : undefined;
  return { url: `${pageUrl}#${own.id}`, parentTitle: parent?.text ?? null, sectionTitle: own.text };
}

/**
 * The index holds the router's addresses (`/guide/x`), which the results
 * link to through the router; Pagefind would put the folder it is served
 * from before them (`/docs/guide/x` under a base path), and the router
 * would then add the base a second time.
 */
async function loadPagefind(indexUrl: string): Promise<Pagefind> {
  const pagefind = (await import(/* @vite-ignore */ indexUrl)) as Pagefind;
  await pagefind.options({ baseUrl: "/" });
  // A large site's index comes in parts, each searched with the others as one index.
  const folder = new URL(".", new URL(indexUrl, document.baseURI));
  await Promise.all((await indexParts(folder)).map((part) => pagefind.mergeIndex(new URL(part, folder).pathname, { baseUrl: "/" })));
  return pagefind;
}

/** The folders of the index's other parts, as its parts file lists them; anything else in the file is passed over. */
async function indexParts(folder: URL): Promise<string[]> {
  const response = await fetch(new URL(SEARCH_INDEX_PARTS_FILE, folder));
  const listed: unknown = response.ok ? await response.json().catch(() => []) : [];
  return Array.isArray(listed) ? listed.filter(isSearchIndexPartFolder) : [];
}

function weight(section: PagefindSection): number {
  return (section.weighted_locations ?? []).reduce((sum, location) => sum + location.weight, 0);
}

/** Pagefind's excerpt marks the matched words with <mark>: parsed, never inserted as HTML, into the parts the snippet shows. */
function snippetParts(excerpt: string): SearchResult["snippet"] {
  const body = new DOMParser().parseFromString(`<p>${excerpt}</p>`, "text/html").body;
  const parts: SearchResult["snippet"] = [];
  for (const node of body.firstElementChild?.childNodes ?? []) {
    const text = node.textContent ?? "";
    if (text !== "") parts.push({ text, match: node.nodeName === "MARK" });
  }
  return parts;
}
