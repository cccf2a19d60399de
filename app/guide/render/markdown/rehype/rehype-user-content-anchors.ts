import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import { headingFragment } from "./rehype-heading-ids";

const prefix = "user-content-";

/**
 * Ids written in raw HTML (`<a id="faq">`) and footnotes carry the
 * sanitiser's `user-content-` prefix, so they cannot clobber the page's own
 * globals; an author's `[see](#faq)` is pointed at the prefixed id when the
 * page has that and nothing answers to the plain one. GitHub does this with a
 * script; here it is done once, on the server. A heading whose slug had to
 * change (`#__dirname`, rehype-heading-ids.ts) is linked to as it is now.
 */
export default function rehypeUserContentAnchors() {
  return (tree: Root) => {
    const ids = new Set<string>();
    visit(tree, "element", (node: Element) => {
      if (typeof node.properties.id === "string") ids.add(node.properties.id);
      if (typeof node.properties.name === "string") ids.add(node.properties.name);
    });
    visit(tree, "element", (node: Element) => {
      const href = node.tagName === "a" ? node.properties.href : undefined;
      if (typeof href !== "string" || !href.startsWith("#")) return;
      const fragment = safeDecode(href.slice(1));
      if (ids.has(fragment)) return;
      if (ids.has(prefix + fragment)) node.properties.href = `#${prefix}${href.slice(1)}`;
      else node.properties.href = headingFragment(href);
    });
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
