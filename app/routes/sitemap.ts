import type { Route } from "./+types/sitemap";
import { siteBasePath } from "../guide/service/guide-service.server";
import { sitemapCount, sitemapEntries, sitemapIndexXml, sitemapResponse, urlsetXml } from "../guide/service/sitemap.server";

/**
 * /sitemap.xml: every page's absolute address, and when it last changed
 * where git knows, for search engines; past the protocol's 50,000
 * addresses, an index of the sitemaps that hold them (routes/sitemap-part.ts).
 * The origin is the request's own, as the server resolved it: behind a
 * proxy it reflects X-Forwarded-* only when TRUST_PROXY says so.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const siteAddress = new URL(request.url).origin + siteBasePath();
  const entries = await sitemapEntries();
  const count = sitemapCount(entries.length);
  return sitemapResponse(request, count === 1 ? urlsetXml(siteAddress, entries) : sitemapIndexXml(siteAddress, count));
}
