import type { Route } from "./+types/sitemap";
import { escapeMarkup } from "../escape-markup";
import { getGuide, getSiteConfig } from "../guide/service/guide-service.server";

/**
 * /sitemap.xml: every page's absolute address, and when it last changed
 * where git knows, for search engines. The origin is the request's own, as
 * the server resolved it: behind a proxy it reflects X-Forwarded-* only when
 * TRUST_PROXY says so.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const guide = await getGuide();
  const { ownFolder, basePath } = await getSiteConfig();
  const siteAddress = new URL(request.url).origin + basePath;
  // A page's date is when git last saw its file change (W3C date, as sitemaps write it).
  const lastModified = new Map(guide.pages.flatMap((page) => (page.lastUpdated === null ? [] : [[page.url, new Date(page.lastUpdated).toISOString().slice(0, 10)]])));
  const paths = new Set([...(ownFolder ? [] : ["/"]), "/guide", ...guide.pages.map((page) => page.url)]);
  const entries = [...paths].map((path) => {
    const lastmod = lastModified.get(path);
    return `<url><loc>${escapeMarkup(siteAddress + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // The pages change only with a new deployment (or, in development, an
      // edit); an hour is fresh enough for a crawler.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
