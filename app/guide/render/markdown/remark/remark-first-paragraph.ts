import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";

declare module "vfile" {
  interface DataMap {
    /** Plain text of the first paragraph with words in it, whitespace collapsed. */
    firstParagraph: string | null;
  }
}

/**
 * A description for pages whose front matter gives none. Only top-level
 * paragraphs count (not one inside a callout, list or quote), and a
 * paragraph of badges or raw HTML alone is passed over.
 */
export default function remarkFirstParagraph() {
  return (tree: Root, file: VFile) => {
    file.data.firstParagraph = null;
    for (const node of tree.children) {
      if (node.type !== "paragraph") continue;
      const text = toString(node, { includeImageAlt: false, includeHtml: false }).replace(/\s+/g, " ").trim();
      if (text) {
        file.data.firstParagraph = text;
        return;
      }
    }
  };
}
