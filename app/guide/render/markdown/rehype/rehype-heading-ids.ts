import { slug } from "github-slugger";
import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * Heading ids, set after sanitising so that they are the ids authors link to:
 * `#install` reaches `## Install` without the sanitiser's `user-content-`
 * prefix (GitHub needs a script for that; this works with JavaScript off).
 * An id is a `{#custom-id}` when it is safe, else a GitHub-style slug of the
 * text, made unique on the page. A heading from raw HTML keeps its (prefixed)
 * id. Ids other than headings' keep the prefix.
 *
 * Why unprefixed ids are safe here: an element id becomes a property of
 * `window` only where nothing else defines it. Slugs are lower-case, so they
 * cannot shadow the camel-cased names of EventTarget and Object that sit
 * below that lookup; custom ids are limited to a plain shape and refused if
 * they are one of those names or start with "__".
 */
const safeCustomId = /^[A-Za-z0-9][\w.:-]{0,99}$/;
const shadowable = new Set([
  "addEventListener",
  "removeEventListener",
  "dispatchEvent",
  "toString",
  "toLocaleString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
]);

function cannotShadow(id: string): boolean {
  return !shadowable.has(id) && !id.startsWith("__");
}

export function isSafeCustomId(id: string): boolean {
  return safeCustomId.test(id) && cannotShadow(id);
}

declare module "vfile" {
  interface DataMap {
    /**
     * The page's title when it is not the document's own leading heading
     * (front matter, the file name), given the leading heading's text.
     */
    pageTitle: (leading: string | null) => string | null;
    /** The id for the page's <h1>, unique among the article's ids. */
    titleId: string | null;
  }
}

const SHADOW_PREFIX = "section-";

/** A GitHub-style slug of a heading's text that cannot shadow a global the page's scripts use. */
export function headingSlug(text: string): string {
  const slugged = slug(text) || "section";
  return cannotShadow(slugged) ? slugged : `${SHADOW_PREFIX}${slugged}`;
}

/**
 * The fragment to write for a link an author wrote to a heading: a slug
 * `headingSlug` had to change (`#__dirname`) is written as the id the
 * heading has. Anything else, such as a custom id, stays as written.
 */
export function headingFragment(hash: string): string {
  return hash.startsWith("#__") ? `#${SHADOW_PREFIX}${hash.slice(1)}` : hash;
}

/**
 * The page's <h1> (rendered by the layout from the title) gets an id too.
 * When it is the document's own leading heading, its slug is taken first,
 * as on GitHub, so a later heading of the same text gets "-1" there as
 * here. A title from elsewhere gives way: it takes the next free id once
 * the article's headings have theirs, so no link an author wrote changes.
 */
export default function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const taken = new Set<string>();
    const unique = (wanted: string) => {
      let id = wanted;
      for (let count = 1; taken.has(id); count++) id = `${wanted}-${count}`;
      taken.add(id);
      return id;
    };
    visit(tree, "element", (node: Element) => {
      if (typeof node.properties.id === "string") taken.add(node.properties.id);
    });
    const leading = file.data.title ?? null;
    const title = file.data.pageTitle ? file.data.pageTitle(leading) : leading;
    const ownHeading = title !== null && title === leading;
    let titleId = ownHeading ? unique(headingSlug(title)) : null;
    visit(tree, "element", (node: Element) => {
      if (!/^h[1-6]$/.test(node.tagName)) return;
      const custom = node.properties.dataHeadingId;
      const written = node.properties.dataHeadingText;
      delete node.properties.dataHeadingId;
      delete node.properties.dataHeadingText;
      if (typeof node.properties.id === "string") return;
      node.properties.id = unique(
        typeof custom === "string" && isSafeCustomId(custom) ? custom : headingSlug(typeof written === "string" ? written : toString(node)),
      );
    });
    if (title !== null && !ownHeading) titleId = unique(headingSlug(title));
    file.data.titleId = titleId;
  };
}
