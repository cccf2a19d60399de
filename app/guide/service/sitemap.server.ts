import { escapeMarkup } from "../../escape-markup";
import { getGuide, getSiteConfig } from "./guide-service.server";
import { keptAnswer } from "./kept-answers.server";

/**
 * The sitemaps protocol's limit (sitemaps.org): search engines refuse a
 * sitemap of more addresses. A folder near the 100,000-page limit has
 * twice as many, so past it /sitemap.xml is an index of sitemaps of this
 * many addresses each, at /sitemaps/1.xml, /sitemaps/2.xml, …
 */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = { path: string; lastmod: string | null };

/** Every address the sitemap lists, root-relative, in reading order, with the date it last changed where git knows it. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const guide = await getGuide();
  // A page's date is when git last saw its file change (W3C date, as sitemaps write it).
  const lastModified = new Map(guide.pages.flatMap((page) => (page.lastUpdated === null ? [] : [[page.url, new Date(page.lastUpdated).toISOString().slice(0, 10)]])));
  const paths = new Set([...(await listedBesidePages()), ...guide.pages.map((page) => page.url)]);
  return [...paths].map((path) => ({ path, lastmod: lastModified.get(path) ?? null }));
}

/** How many addresses sitemapEntries lists, without listing them: what a request for a sitemap's part is checked against. */
export async function sitemapAddressCount(): Promise<number> {
  const { pages } = await getGuide();
  const besides = await listedBesidePages();
  return pages.length + besides.filter((path) => !pages.some((page) => page.url === path)).length;
}

/** The addresses listed whether or not a page is there: the home page (unless the site is the folder's own guide), and /guide. */
async function listedBesidePages(): Promise<string[]> {
  const { ownFolder } = await getSiteConfig();
  return [...(ownFolder ? [] : ["/"]), "/guide"];
}

/** How many sitemaps the addresses take: one is /sitemap.xml itself; more are listed by it. */
export function sitemapCount(urlCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return urlCount <= maxUrls ? 1 : Math.ceil(urlCount / maxUrls);
}

export function sitemapPartPath(number: number): string {
  return `/sitemaps/${number}.xml`;
}

/** The sitemap a file name under /sitemaps/ names ("2.xml" → 2), or null for any other name or a number past the last. */
export function sitemapPart(file: string | undefined, urlCount: number, maxUrls = SITEMAP_MAX_URLS): number | null {
  const number = /^([1-9][0-9]{0,3})\.xml$/.exec(file ?? "")?.[1];
  const count = sitemapCount(urlCount, maxUrls);
  return number !== undefined && count > 1 && Number(number) <= count ? Number(number) : null;
}

/** The addresses of sitemap `number` of those `entries` take. */
export function sitemapPartEntries(entries: readonly SitemapEntry[], number: number, maxUrls = SITEMAP_MAX_URLS): readonly SitemapEntry[] {
  return entries.slice((number - 1) * maxUrls, number * maxUrls);
}

/** `siteAddress`: the origin and base path the site is served from, without a final "/". */
export function urlsetXml(siteAddress: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => `<url><loc>${escapeMarkup(siteAddress + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`);
  return xml("urlset", urls);
}

export function sitemapIndexXml(siteAddress: string, count: number): string {
  const sitemaps = Array.from({ length: count }, (_, at) => `<sitemap><loc>${escapeMarkup(siteAddress + sitemapPartPath(at + 1))}</loc></sitemap>`);
  return xml("sitemapindex", sitemaps);
}

function xml(root: "urlset" | "sitemapindex", children: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, ...children, `</${root}>`, ""].join("\n");
}

/**
 * A sitemap's answer, `name` its path without the first "/": built and
 * compressed once for the guide and address (kept-answers.server.ts), and
 * cacheable for an hour, as the pages change only with a new deployment
 * (or, in development, an edit).
 */
export function sitemapResponse(request: Request, name: string, siteAddress: string, xml: () => Promise<string>): Promise<Response> {
  const build = async () => ({ text: await xml(), complete: true });
  return keptAnswer(request, { name, siteAddress, build, contentType: "application/xml; charset=utf-8", maxAgeSeconds: 3600 });
}
