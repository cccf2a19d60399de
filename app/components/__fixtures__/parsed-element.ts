import type { Element as HastElement } from "hast";
import { toString } from "hast-util-to-string";
import type { ElementLike } from "../read-nav-tree";

/**
 * Parsed HTML (hast) through the few Element members that reading markup
 * back uses, so a test can read what a component rendered on the server.
 * hast names attributes as properties: `data-depth` is `dataDepth`.
 */
export function asElement(node: HastElement): ElementLike {
  return {
    localName: node.tagName,
    children: node.children.filter((child) => child.type === "element").map(asElement),
    textContent: toString(node),
    getAttribute: (name) => {
      const value = node.properties[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())];
      return value === undefined || value === null ? null : String(value);
    },
  };
}
