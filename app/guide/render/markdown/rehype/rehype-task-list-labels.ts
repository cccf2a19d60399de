import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";

/**
 * A task list's checkboxes (`- [x] done`) are named by their item's text.
 * GFM renders them as bare disabled inputs, which a screen reader announces
 * as "checkbox, checked" with nothing to say what was done. The name is the
 * item's own line, without the text of a list nested in it.
 */
export default function rehypeTaskListLabels() {
  return (tree: Root) => {
    visit(tree, "element", (item: Element) => {
      if (item.tagName !== "li") return;
      const checkbox = findCheckbox(item);
      if (!checkbox) return;
      const name = ownText(item).replace(/\s+/g, " ").trim();
      if (name) checkbox.properties.ariaLabel = name;
    });
  };
}

/** The checkbox GFM puts first in the item, or first in its first paragraph. */
function findCheckbox(item: Element): Element | null {
  const first = firstElement(item.children);
  const candidate = first?.tagName === "p" ? firstElement(first.children) : first;
  return candidate?.tagName === "input" && candidate.properties.type === "checkbox" ? candidate : null;
}

function firstElement(children: ElementContent[]): Element | undefined {
  return children.find((child): child is Element => child.type === "element" || (child.type === "text" && child.value.trim() !== "")) as
    | Element
    | undefined;
}

function ownText(item: Element): string {
  return item.children
    .filter((child) => !(child.type === "element" && (child.tagName === "ul" || child.tagName === "ol")))
    .map((child) => toString(child))
    .join("");
}
