import type { GuideNavItem } from "../guide/guide-types";

/**
 * The guide's navigation read back from its markup, so that hydration gets
 * the tree without the document sending it a second time as data (see
 * sent-once.ts). It reads what GuideNav renders: a list of entries, each a
 * link (the page) or a plain label, and for a folder a `<details>` whose
 * `<summary>` names it when it has no page of its own; a folded folder is
 * an entry of class `guide-nav-folded` holding only its link.
 */

/** The part of the DOM's Element that reading needs, so a test can hand in parsed HTML. */
export type ElementLike = {
  readonly localName: string;
  readonly children: ArrayLike<ElementLike>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
};

/** `basePath`: the site's ("/docs"; "" at the root), which the links are written with and the items' URLs are not. */
export function readNavTree(nav: ElementLike, basePath = ""): GuideNavItem[] {
  const list = childElement(nav, "ul");
  return list ? readList(list, basePath) : [];
}

function readList(list: ElementLike, basePath: string): GuideNavItem[] {
  return Array.from(list.children)
    .filter((child) => child.localName === "li")
    .map((entry) => {
      const link = childElement(entry, "a");
      const group = childElement(entry, "details");
      const label = link ?? childElement(entry, "span") ?? (group && childElement(group, "summary"));
      const children = group && childElement(group, "ul");
      const href = link?.getAttribute("href");
      const item: GuideNavItem = {
        title: label?.textContent ?? "",
        url: href ? href.slice(basePath.length) : null,
        children: children ? readList(children, basePath) : [],
      };
      if (entry.getAttribute("class")?.split(" ").includes("guide-nav-folded")) item.folded = true;
      return item;
    });
}

function childElement(parent: ElementLike, name: string): ElementLike | undefined {
  return Array.from(parent.children).find((child) => child.localName === name);
}
