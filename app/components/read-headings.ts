import type { PageHeading } from "../guide/guide-types";
import type { ElementLike } from "./read-nav-tree";

/**
 * The page's sections read back from the "On this page" list, so that
 * hydration gets them without the document sending them a second time as
 * data (see sent-once.ts). It reads what OnThisPage renders: one entry per
 * heading, `data-depth` on the entry, a link to `#id` holding the text.
 * No list (a page of fewer than two sections shows none) reads as none.
 */
export function readHeadings(nav: ElementLike | null): PageHeading[] {
  const list = nav && Array.from(nav.children).find((child) => child.localName === "ul");
  if (!list) return [];
  return Array.from(list.children).flatMap((entry): PageHeading[] => {
    const link = Array.from(entry.children).find((child) => child.localName === "a");
    const href = link?.getAttribute("href");
    const depth = Number(entry.getAttribute("data-depth"));
    if (!link || !href?.startsWith("#") || (depth !== 2 && depth !== 3)) return [];
    return [{ depth, id: decodeURIComponent(href.slice(1)), text: link.textContent ?? "" }];
  });
}
