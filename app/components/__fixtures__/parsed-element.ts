import type { Element as HastElement } from "hast";
import { toString } from "hast-util-to-string";
import type { ElementLike } from "../read-nav-tree";

/**
 * Parsed HTML (hast) through the few Element members that reading markup
 * back uses, so a test can read what a component rendered on the server.
 * hast names attributes as properties: `data-depth` is `dataDepth`, `class`
 * is `className`, a list.
 */
export function asElement(node: HastElement): ElementLike {
  return {
    localName: node.tagName,
    children: node.children.filter((child) => child.type === "element").map(asElement),
    textContent: toString(node),
    getAttribute: (name) => {
      const property = name === "class" ? "className" : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      const value = node.properties[property];
      if (value === undefined || value === null) return null;
      return Array.isArray(value) ? value.join(" ") : String(value);
    },
  };
}
