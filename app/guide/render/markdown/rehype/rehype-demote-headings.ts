import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";

const LOWER: Record<string, string> = { h1: "h2", h2: "h3", h3: "h4", h4: "h5", h5: "h6" };

/**
 * A page has one <h1>: its title. Many READMEs and wiki pages write every
 * section as a `# Heading`; once the title is taken, those would be more
 * <h1>s, missing from "On this page" and from search's sections. When the
 * article still holds an <h1>, every heading in it moves down one level
 * (h1 to h2, h2 to h3 …, h6 stays), so the outline keeps its shape under
 * the title. Ids come from the words, so links to the sections still land.
 */
export default function rehypeDemoteHeadings() {
  return (tree: Root) => {
    const headings: Element[] = [];
    visit(tree, "element", (node: Element) => {
      if (/^h[1-6]$/.test(node.tagName)) headings.push(node);
    });
    if (!headings.some((heading) => heading.tagName === "h1")) return;
    for (const heading of headings) heading.tagName = LOWER[heading.tagName] ?? heading.tagName;
  };
}
