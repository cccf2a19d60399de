import type { Blockquote, Parent, PhrasingContent, Root } from "mdast";
import { visit } from "unist-util-visit";
import { createCallout } from "../callout";

/**
 * GitHub alerts: a blockquote whose first line is `[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case). Other words in
 * the brackets, a title after them and Obsidian's fold marks (`[!faq]- Title`)
 * are read the same way, so no `[!…]` is left showing.
 */
const marker = /^\[!([A-Za-z][\w-]*)\]([+-]?)[ \t]*([^\n]*)(?:\n|$)/;

export default function remarkGithubAlerts() {
  return (tree: Root) => {
    visit(tree, "blockquote", (node: Blockquote, index, parent: Parent | undefined) => {
      if (!parent || index === undefined) return;
      const callout = toCallout(node);
      if (callout) parent.children[index] = callout;
    });
  };
}

function toCallout(blockquote: Blockquote) {
  const [paragraph, ...rest] = blockquote.children;
  if (paragraph?.type !== "paragraph") return null;
  const [first, ...phrasing] = paragraph.children;
  if (first?.type !== "text") return null;
  const match = marker.exec(first.value);
  if (!match) return null;
  const [whole, kind = "", fold, titleText = ""] = match;
  const remainder = first.value.slice(whole.length);
  // A title on the marker line ends at the first line break; markup after it on that line stays in the title.
  let title: PhrasingContent[] | null = null;
  let body: PhrasingContent[] = remainder ? [{ type: "text", value: remainder }, ...phrasing] : phrasing;
  const lineEnded = whole.endsWith("\n") || (remainder === "" && phrasing[0]?.type === "break");
  if (titleText.trim() && !lineEnded) {
    const breakAt = phrasing.findIndex((node) => node.type === "break" || (node.type === "text" && node.value.includes("\n")));
    const titleNodes = breakAt === -1 ? phrasing : phrasing.slice(0, breakAt);
    title = [{ type: "text", value: titleText }, ...titleNodes];
    body = breakAt === -1 ? [] : splitAfterLineBreak(phrasing.slice(breakAt), title);
  } else if (titleText.trim()) {
    title = [{ type: "text", value: titleText }];
  }
  if (body[0]?.type === "break") body = body.slice(1);
  const children = body.length > 0 ? [{ ...paragraph, children: body }, ...rest] : rest;
  return createCallout(kind, "github", {
    title,
    collapsible: fold !== "",
    open: fold === "+",
    children,
  });
}

/** The node holding the line break: its part before the break joins the title, the rest is the body. */
function splitAfterLineBreak(nodes: PhrasingContent[], title: PhrasingContent[]): PhrasingContent[] {
  const [head, ...tail] = nodes;
  if (head?.type !== "text") return tail;
  const at = head.value.indexOf("\n");
  if (at > 0) title.push({ type: "text", value: head.value.slice(0, at) });
  const after = head.value.slice(at + 1);
  return after ? [{ type: "text", value: after }, ...tail] : tail;
}
