import type { Paragraph, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

declare module "vfile" {
  interface DataMap {
    /** Plain text of the first paragraph with words in it, whitespace collapsed. */
    firstParagraph: string | null;
  }
}

/**
 * A description for pages whose front matter gives none: the first
 * top-level paragraph, else, for a page that opens with a callout, a list
 * or a quote and has no paragraph of its own, the first paragraph inside
 * any of them. A paragraph of badges or raw HTML alone is passed over.
 */
export default function remarkFirstParagraph() {
  return (tree: Root, file: VFile) => {
    const topLevel = tree.children.filter((node) => node.type === "paragraph");
    const nested: Paragraph[] = [];
    visit(tree, "paragraph", (node) => {
      nested.push(node);
    });
    file.data.firstParagraph = firstText(topLevel) ?? firstText(nested);
  };
}

function firstText(paragraphs: readonly Paragraph[]): string | null {
  for (const node of paragraphs) {
    const text = toString(node, { includeImageAlt: false, includeHtml: false }).replace(/\s+/g, " ").trim();
    if (text) return text;
  }
  return null;
}
