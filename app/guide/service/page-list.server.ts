import { navAncestors } from "../nav/fold-nav";
import { listPartAt, type ListPart } from "../nav/page-list-parts";
import { getGuide, getSiteConfig, listedDescriptions } from "./guide-service.server";

export type PageListEntry = { url: string; title: string; description: string; depth: number };

export type PageListData = {
  part: ListPart;
  /** While a first start is still reading descriptions: how many it has of how many. */
  described: { count: number; of: number } | null;
  /** For a later part: the groups its first page sits in, outermost first, which the part before listed. */
  beginsWithin: string[];
  pages: PageListEntry[];
  description: string;
};

/**
 * One part of the generated list of every page (nav/page-list-parts.ts), or
 * null when the folder has no such part. Its descriptions are those known so
 * far during a first start: the part says so, and its headers keep it from
 * every cache (the server's own page cache too) until it is whole.
 */
export async function pageListPart(number: number): Promise<{ list: PageListData; headers: HeadersInit } | null> {
  const guide = await getGuide();
  const part = listPartAt(number, guide.pages.length);
  if (!part) return null;
  const site = await getSiteConfig();
  const { descriptions, complete } = await listedDescriptions();
  const list: PageListData = {
    part,
    described: complete ? null : { count: descriptions.count, of: guide.pages.length },
    beginsWithin: part.number > 1 ? navAncestors(guide.nav, guide.pages[part.first - 1]!.url).map((group) => group.title) : [],
    pages: guide.pages.slice(part.first - 1, part.last).map((page) => ({
      url: page.url,
      title: page.title,
      description: descriptions.of(page) ?? "",
      depth: page.slug.split("/").length - 1,
    })),
    description: site.ownFolder
      ? "Every page of the documentation, in reading order."
      : "How this site renders the right theme on the first paint, sets its type, and runs in production.",
  };
  return { list, headers: complete ? {} : { "Cache-Control": "no-store" } };
}

/** A list route's `headers`: the Cache-Control its loader chose (no-store while descriptions are still being read). */
export function loaderCacheControl({ loaderHeaders }: { loaderHeaders: Headers }): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}
