import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";
import { parseAttributes } from "../rewrite-source";

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
 *
 * A VitePress or Starlight badge in the heading (`# Cache <Badge text="beta" />`)
 * keeps its text in the title: the page's <h1> shows the title as plain text,
 * and the badge would otherwise be nowhere on the page. A badge written
 * with its text inside (`<Badge>beta</Badge>`) reads the same.
 */
export default function remarkLeadingTitle() {
  return (tree: Root, file: VFile) => {
    file.data.title = null;
    const index = tree.children.findIndex((node) => !(node.type === "html" && /^\s*(?:<!--[\s\S]*?-->\s*)*$/.test(node.value)));
    const first = tree.children[index];
    if (first?.type !== "heading" || first.depth !== 1) return;
    const title = titleText(first).replace(/\s+/g, " ").trim();
    if (!title) return;
    file.data.title = title;
    tree.children.splice(index, 1);
  };
}

function titleText(heading: Heading): string {
  return heading.children.map((child) => (child.type === "html" ? badgeText(child.value) : toString(child, { includeHtml: false }))).join("");
}

/** The `text` of an opening <Badge> tag, set apart by spaces; nothing for other raw HTML, which may sit inside a word. */
function badgeText(html: string): string {
  const attributes = /^<Badge\b([^>]*)>/i.exec(html.trim())?.[1];
  const text = attributes === undefined ? undefined : parseAttributes(attributes).text;
  return text ? ` ${text} ` : "";
}
