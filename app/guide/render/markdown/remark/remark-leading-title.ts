import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";

declare module "vfile" {
  interface DataMap {
    /** Plain text of the document's leading `# Heading`, which is taken out of the document. */
    title: string | null;
  }
}

/**
 * The page renders its own single <h1>, so a document that opens with an h1
 * (ATX or Setext) gives that heading's text as the title and loses the
 * heading. Comments before it do not count as content. A later `#` heading
 * stays where it is, as on GitHub.
 */
export default function remarkLeadingTitle() {
  return (tree: Root, file: VFile) => {
    file.data.title = null;
    const index = tree.children.findIndex((node) => !(node.type === "html" && /^\s*(?:<!--[\s\S]*?-->\s*)*$/.test(node.value)));
    const first = tree.children[index];
    if (first?.type !== "heading" || first.depth !== 1) return;
    const title = toString(first, { includeHtml: false }).replace(/\s+/g, " ").trim();
    if (!title) return;
    file.data.title = title;
    tree.children.splice(index, 1);
  };
}
