import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import { themeOnlyClass } from "./rehype-theme-images";

/**
 * Images below the first load as they near the viewport; the first is likely
 * in view at once (often the page's largest paint), so it loads eagerly.
 * When the first is one of a light and dark pair (rehype-theme-images.ts),
 * both of the pair load eagerly: which one shows is known only in the
 * browser. All decode off the main thread. Neither attribute moves
 * anything: space for an image is reserved only by its width/height, which
 * are kept.
 */
export default function rehypeLazyImages() {
  return (tree: Root) => {
    // The schemes of the eager images so far; eager ends with an image for every scheme.
    const eagerSchemes = new Set<string>();
    let eager = true;
    visit(tree, "element", (node: Element, _index, parent) => {
      if (node.tagName !== "img") return;
      node.properties.decoding = "async";
      const scheme = themeScheme(node) ?? (parent?.type === "element" && parent.tagName === "picture" ? themeScheme(parent) : null);
      if (eager && scheme && !eagerSchemes.has(scheme)) {
        eagerSchemes.add(scheme);
        eager = eagerSchemes.size < 2;
      } else if (eager && eagerSchemes.size === 0) {
        // The first image, for every scheme.
        eager = false;
      } else {
        eager = false;
        node.properties.loading = "lazy";
      }
    });
  };
}

function themeScheme(node: Element): string | null {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return null;
  if (classes.includes(themeOnlyClass("light"))) return "light";
  if (classes.includes(themeOnlyClass("dark"))) return "dark";
  return null;
}
