import type { Route } from "./+types/sitemap";
import { siteAddress } from "../guide/service/guide-service.server";
import { sitemapCount, sitemapEntries, sitemapIndexXml, sitemapResponse, urlsetXml } from "../guide/service/sitemap.server";

/**
 * /sitemap.xml: every page's absolute address, and when it last changed
 * where git knows, for search engines; past the protocol's 50,000
 * addresses, an index of the sitemaps that hold them (routes/sitemap-part.ts).
 * The address is SITE_URL's, else the request's (siteAddress).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const address = siteAddress(request);
  return sitemapResponse(request, "sitemap.xml", address, async () => {
    const entries = await sitemapEntries();
    const count = sitemapCount(entries.length);
    return count === 1 ? urlsetXml(address, entries) : sitemapIndexXml(address, count);
  });
}
