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

export function readNavTree(nav: ElementLike): GuideNavItem[] {
  const list = childElement(nav, "ul");
  return list ? readList(list) : [];
}

function readList(list: ElementLike): GuideNavItem[] {
  return Array.from(list.children)
    .filter((child) => child.localName === "li")
    .map((entry) => {
      const link = childElement(entry, "a");
      const group = childElement(entry, "details");
      const label = link ?? childElement(entry, "span") ?? (group && childElement(group, "summary"));
      const children = group && childElement(group, "ul");
      const item: GuideNavItem = {
        title: label?.textContent ?? "",
        url: link?.getAttribute("href") ?? null,
        children: children ? readList(children) : [],
      };
      if (entry.getAttribute("class")?.split(" ").includes("guide-nav-folded")) item.folded = true;
      return item;
    });
}

function childElement(parent: ElementLike, name: string): ElementLike | undefined {
  return Array.from(parent.children).find((child) => child.localName === name);
}
