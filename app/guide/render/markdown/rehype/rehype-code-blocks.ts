import type { Element, Root } from "hast";
import { SKIP, visit } from "unist-util-visit";

/**
 * Every <pre> sits in a `.code-block` box, which the copy button
 * (app/components/code-blocks.ts) and the title hang on. A fence's title,
 * from `title="app.ts"`, `filename=app.ts` or VitePress' `[app.ts]`, makes
 * the box a <figure> with the title as its <figcaption>, so it also names
 * the code for assistive technology.
 */
export function codeTitle(meta: string): string | null {
  const match = findTitle(meta);
  const title = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim();
  return title || null;
}

/** The meta without its title: a code group's fence, whose title is its tab's label (remark-tab-sets.ts). */
export function withoutCodeTitle(meta: string): string {
  const match = findTitle(meta);
  return match ? `${meta.slice(0, match.index)} ${meta.slice(match.index + match[0].length)}`.trim() : meta;
}

function findTitle(meta: string): RegExpExecArray | null {
  return /(?:^|\s)(?:title|filename)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(meta) ?? /(?:^|\s)\[([^\]]+)\](?=\s|$)/.exec(meta);
}

export default function rehypeCodeBlocks() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      // A diagram's source (rehype-diagrams.ts) is no code block: it has no box and no copy button.
      if (parent.type === "element" && parent.properties.dataDiagram !== undefined) return SKIP;
      const code = node.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
      const meta = code?.properties.metastring;
      const title = typeof meta === "string" ? codeTitle(meta) : null;
      const box: Element = title
        ? {
            type: "element",
            tagName: "figure",
            properties: { className: ["code-block"] },
            children: [{ type: "element", tagName: "figcaption", properties: { className: ["code-title"] }, children: [{ type: "text", value: title }] }, node],
          }
        : { type: "element", tagName: "div", properties: { className: ["code-block"] }, children: [node] };
      parent.children[index] = box;
      return SKIP;
    });
  };
}
