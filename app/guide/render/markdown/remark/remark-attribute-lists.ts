import type { Data, Paragraph, Parent, PhrasingContent, Root } from "mdast";
import { SKIP, visit } from "unist-util-visit";
import { leadingAttributeList, parseAttributeList, safeProperties, trailingAttributeList } from "../attribute-list";

/**
 * MkDocs' attribute lists on images and links, and on a paragraph's last
 * line: `![Logo](logo.png){ width="160" }`, `![x](a.png){: .center }`,
 * `[Download](file.zip){ .md-button }`, `{: align=right }`. The braces
 * leave the text and what is safe of them goes on the element
 * (attribute-list.ts). Heading lists are remark-custom-heading-ids'.
 * Code is left alone; a list that is not right after its image or link
 * (a space between) is prose, as in MkDocs.
 */
export default function remarkAttributeLists() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (node.type === "code" || node.type === "inlineCode" || node.type === "heading") return SKIP;
      if (node.type === "paragraph") takeTrailingList(node);
      if ("children" in node) takeInlineLists(node as Parent);
      return undefined;
    });
  };
}

const INLINE_TARGETS = new Set(["image", "imageReference", "link", "linkReference"]);

function takeInlineLists(parent: Parent) {
  const children = parent.children as PhrasingContent[];
  for (let index = 1; index < children.length; index++) {
    const text = children[index]!;
    const target = children[index - 1]!;
    if (text.type !== "text" || !INLINE_TARGETS.has(target.type)) continue;
    const match = leadingAttributeList.exec(text.value);
    const list = match && parseAttributeList(match[1]!);
    if (!match || !list) continue;
    const isImage = target.type === "image" || target.type === "imageReference";
    addProperties(target, safeProperties(list, isImage ? "img" : "a"));
    text.value = text.value.slice(match[0].length);
    if (text.value === "") children.splice(index, 1);
  }
}

/** `{: .class }` alone on the last line of a paragraph styles the paragraph. */
function takeTrailingList(paragraph: Paragraph) {
  const last = paragraph.children.at(-1);
  if (last?.type !== "text") return;
  const lineStart = last.value.lastIndexOf("\n") + 1;
  const onOwnLine = lineStart > 0;
  const match = trailingAttributeList.exec(last.value.slice(lineStart));
  const list = match && parseAttributeList(match[1]!);
  if (!onOwnLine || !match || !list || match.index !== 0) return;
  addProperties(paragraph, safeProperties(list, "p"));
  last.value = last.value.slice(0, lineStart).replace(/\n$/, "");
  if (last.value === "") paragraph.children.pop();
}

function addProperties(node: { data?: Data }, properties: Record<string, string | string[]>) {
  if (Object.keys(properties).length === 0) return;
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, ...properties } };
}
