import { slug } from "github-slugger";
import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";

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

export default function rehypeHeadingIds() {
  return (tree: Root) => {
    const taken = new Set<string>();
    visit(tree, "element", (node: Element) => {
      if (typeof node.properties.id === "string") taken.add(node.properties.id);
    });
    visit(tree, "element", (node: Element) => {
      if (!/^h[1-6]$/.test(node.tagName)) return;
      const custom = node.properties.dataHeadingId;
      delete node.properties.dataHeadingId;
      if (typeof node.properties.id === "string") return;
      const text = slug(toString(node)) || "section";
      const wanted = typeof custom === "string" && isSafeCustomId(custom) ? custom : cannotShadow(text) ? text : `section-${text}`;
      let id = wanted;
      for (let count = 1; taken.has(id); count++) id = `${wanted}-${count}`;
      taken.add(id);
      node.properties.id = id;
    });
  };
}
