import type { Element, ElementContent, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Images written for one colour scheme show in the site's theme, not only in
 * the visitor's OS setting. Docs mark them in two ways:
 * - a fragment on the image: GitHub's `logo.png#gh-dark-mode-only` and
 *   `#gh-light-mode-only`, MkDocs Material's `#only-dark` and `#only-light`;
 * - a <picture> whose <source> has `media="(prefers-color-scheme: dark)"`.
 * A media query can only ask the OS, so a reader who chose the dark theme on
 * a light system would get the light logo on a dark page. Each such image
 * gets a class instead (`theme-only-dark`, `theme-only-light`), which
 * app.css hides unless its scheme is the one in force: the theme the reader
 * chose, or the OS's when they follow the system, with or without script. A
 * <picture> becomes two, one per scheme, each keeping only its sources.
 */

type Scheme = "light" | "dark";

const SCHEMES: Scheme[] = ["light", "dark"];
const FRAGMENTS: Record<string, Scheme> = {
  "gh-dark-mode-only": "dark",
  "only-dark": "dark",
  "gh-light-mode-only": "light",
  "only-light": "light",
};
const SCHEME_QUERY = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/i;

export const themeOnlyClass = (scheme: Scheme) => `theme-only-${scheme}`;

export default function rehypeThemeImages() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName === "img") {
        const scheme = fragmentScheme(node.properties.src);
        if (scheme) addClass(node, themeOnlyClass(scheme));
        return;
      }
      if (node.tagName !== "picture" || !parent || index === undefined) return;
      if (!node.children.some((child) => sourceScheme(child) !== null)) return;
      const copies = SCHEMES.map((scheme) => pictureFor(node, scheme));
      parent.children.splice(index, 1, ...copies);
      // The copies hold no <picture> of their own to look into.
      return index + copies.length;
    });
  };
}

/** The picture as the scheme sees it: the other scheme's sources gone, this one's always in force. */
function pictureFor(picture: Element, scheme: Scheme): Element {
  const children: ElementContent[] = [];
  for (const child of picture.children) {
    const childScheme = sourceScheme(child);
    if (childScheme === null) children.push(structuredClone(child));
    else if (childScheme === scheme) children.push(withoutSchemeQuery(child as Element));
  }
  const copy: Element = { ...picture, properties: { ...picture.properties }, children };
  addClass(copy, themeOnlyClass(scheme));
  return copy;
}

function sourceScheme(node: ElementContent): Scheme | null {
  if (node.type !== "element" || node.tagName !== "source" || typeof node.properties.media !== "string") return null;
  const match = SCHEME_QUERY.exec(node.properties.media);
  return match ? (match[1]!.toLowerCase() as Scheme) : null;
}

/** "(prefers-color-scheme: dark)" gone from the query; what else it asks (a width) stays. */
function withoutSchemeQuery(source: Element): Element {
  const media = String(source.properties.media)
    .replace(SCHEME_QUERY, "")
    .replace(/^\s*and\s+|\s+and\s*$/i, "")
    .replace(/\s+and\s+and\s+/i, " and ")
    .trim();
  const properties = { ...source.properties };
  if (media) properties.media = media;
  else delete properties.media;
  return { ...source, properties, children: [] };
}

function fragmentScheme(src: unknown): Scheme | null {
  if (typeof src !== "string") return null;
  const hash = src.indexOf("#");
  return hash < 0 ? null : (FRAGMENTS[src.slice(hash + 1).toLowerCase()] ?? null);
}

function addClass(node: Element, name: string) {
  const current = node.properties.className;
  // The sanitiser leaves className a list (or absent).
  node.properties.className = [...(Array.isArray(current) ? current : []), name];
}
