import type { PhrasingContent, Root, RootContent, Text } from "mdast";
import { visit } from "unist-util-visit";

/**
 * `==text==`: no space just inside the marks, no `=` or line break within,
 * and, as in pymdownx.mark's smart mode, no letter or digit just outside
 * them, so `c==d and e==f` is not a mark.
 */
const MARKED = /(?<![\p{L}\p{N}_])==([^\s=](?:[^=\n]*[^\s=])?)==(?![\p{L}\p{N}_])/gu;

/**
 * MkDocs Material's highlighted text (pymdownx.mark, also Obsidian's):
 * `==text==` is shown as <mark>. Only a run of plain text is read, so
 * `a == b`, code and marks around other formatting stay as written.
 */
export default function remarkMark() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (!("children" in node) || !node.children.some((child) => child.type === "text" && child.value.includes("=="))) return;
      node.children = node.children.flatMap((child): RootContent[] => (child.type === "text" ? withMarks(child) : [child])) as typeof node.children;
    });
  };
}

function withMarks(text: Text): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of text.value.matchAll(MARKED)) {
    if (match.index > last) nodes.push({ type: "text", value: text.value.slice(last, match.index) });
    nodes.push({ type: "inlineCode", value: match[1]!, data: { hName: "mark" } });
    last = match.index + match[0].length;
  }
  if (last === 0) return [text];
  if (last < text.value.length) nodes.push({ type: "text", value: text.value.slice(last) });
  return nodes;
}
