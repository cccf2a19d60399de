import type { Element, Root } from "hast";
import { SKIP, visit } from "unist-util-visit";

/**
 * A formula on its own line (rehype-katex's `<span class="katex">` around a
 * `<math display="block">`) becomes a block of its own that scrolls sideways
 * when wider than the column, as a code block does, and like a code block it
 * is a figure and a tab stop, so a keyboard can scroll it too. (A focusable
 * <div> has no role a screen reader can announce; axe's focus-order-semantics
 * says so.)
 */
export default function rehypeDisplayMath() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "span" || !isDisplayFormula(node)) return;
      node.tagName = "figure";
      node.properties = { className: ["math-display"], tabIndex: 0 };
      return SKIP;
    });
  };
}

function isDisplayFormula(node: Element): boolean {
  const classes = node.properties.className;
  if (!Array.isArray(classes) || !classes.includes("katex")) return false;
  const [math] = node.children;
  return math?.type === "element" && math.tagName === "math" && math.properties.display === "block";
}
