import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import type { PageHeading } from "../../../guide-types";

declare module "vfile" {
  interface DataMap {
    headings: PageHeading[];
  }
}

/** The page's h2 and h3 for its contents list, once ids are final and before anchors add their "#". */
export default function rehypeCollectHeadings() {
  return (tree: Root, file: VFile) => {
    const headings: PageHeading[] = [];
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "h2" && node.tagName !== "h3") return;
      const id = node.properties.id;
      const text = toString(node).replace(/\s+/g, " ").trim();
      if (typeof id !== "string" || !text) return;
      headings.push({ depth: node.tagName === "h2" ? 2 : 3, id, text });
    });
    file.data.headings = headings;
  };
}
