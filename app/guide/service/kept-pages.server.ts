import { createBytesBoundedCache } from "../../../server/bytes-bounded-cache.ts";
import type { GuidePage, PageContent, RenderedPage } from "../guide-types";

/**
 * Where rendered pages are kept between requests. The guide asks the store
 * before it renders and hands it every page it renders; what the store lets
 * go is rendered again (or read again from the disk cache) when asked for.
 * This one keeps them in memory up to a number of bytes, dropping the least
 * recently read first; a store that shares a budget with other caches is
 * another implementation of the same two calls.
 */
export type RenderedPageStore = {
  get(page: GuidePage): RenderedPage | undefined;
  set(page: GuidePage, rendered: RenderedPage): void;
};

/**
 * Rendered articles kept in memory, in bytes of V8 heap as keptBytes
 * estimates them. The server's memory budget gives its own share
 * (server/memory-budget.ts: 3% of it); this default is for a
 * guide loaded without one (a test, `themed-guide check`): a 200-page
 * folder of long pages (3.2 million characters of HTML, about 7 MB) is kept
 * whole, and a folder of 50,000 pages stays bounded.
 */
export const RENDERED_BYTES_KEPT = 64 * 1024 * 1024;

/** What an entry costs besides its strings: the page object, its map entry, the headings array. */
const ENTRY_OVERHEAD_BYTES = 200;
/** A heading object with its three fields. */
const HEADING_OVERHEAD_BYTES = 40;

/**
 * What a rendered page costs in the V8 heap, estimated. Two bytes per
 * character for every string the render made: V8 keeps a string with one
 * character past Latin-1 at two bytes each, and counting two for all keeps
 * the bound honest for any language. The page's own fields (title, URL)
 * are the GuidePage's strings, already held for the whole folder.
 */
export function keptBytes(rendered: PageContent): number {
  let characters = rendered.html.length + rendered.titleId.length + rendered.description.length + (rendered.subtitle?.length ?? 0);
  for (const heading of rendered.headings) characters += heading.id.length + heading.text.length;
  return ENTRY_OVERHEAD_BYTES + rendered.headings.length * HEADING_OVERHEAD_BYTES + characters * 2;
}

export function createKeptPages(bytesKept: number | (() => number) = RENDERED_BYTES_KEPT): RenderedPageStore {
  const kept = createBytesBoundedCache<GuidePage, RenderedPage>(bytesKept, keptBytes);
  return { get: (page) => kept.get(page), set: (page, rendered) => kept.set(page, rendered) };
}
