import type { Route } from "./+types/sitemap-part";
import { notFound } from "../guide/files/content-file-response.server";
import { siteAddress } from "../guide/service/guide-service.server";
import { sitemapAddressCount, sitemapEntries, sitemapPart, sitemapPartEntries, sitemapPartPath, sitemapResponse, urlsetXml } from "../guide/service/sitemap.server";

/** /sitemaps/1.xml and on: the sitemaps /sitemap.xml lists when a folder has more addresses than one may hold. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const part = sitemapPart(params.file, await sitemapAddressCount());
  if (part === null) return notFound();
  const address = siteAddress(request);
  return sitemapResponse(request, sitemapPartPath(part).slice(1), address, async () => urlsetXml(address, sitemapPartEntries(await sitemapEntries(), part)));
}
