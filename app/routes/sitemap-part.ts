import type { Route } from "./+types/sitemap-part";
import { notFound } from "../guide/files/content-file-response.server";
import { siteAddress } from "../guide/service/guide-service.server";
import { sitemapEntries, sitemapPart, sitemapPartEntries, sitemapResponse, urlsetXml } from "../guide/service/sitemap.server";

/** /sitemaps/1.xml and on: the sitemaps /sitemap.xml lists when a folder has more addresses than one may hold. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const entries = await sitemapEntries();
  const part = sitemapPart(params.file, entries.length);
  if (part === null) return notFound();
  return sitemapResponse(request, urlsetXml(siteAddress(request), sitemapPartEntries(entries, part)));
}
