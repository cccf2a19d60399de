import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Images below the first load as they near the viewport; the first is likely
 * in view at once (often the page's largest paint), so it loads eagerly.
 * All decode off the main thread. Neither attribute moves anything: space
 * for an image is reserved only by its width/height, which are kept.
 */
export default function rehypeLazyImages() {
  return (tree: Root) => {
    let first = true;
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "img") return;
      node.properties.decoding = "async";
      if (first) first = false;
      else node.properties.loading = "lazy";
    });
  };
}
