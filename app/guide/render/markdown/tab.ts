import type { Element, ElementContent } from "hast";
import type { BlockContent, DefinitionContent, Parent } from "mdast";
import type { Options as ToHastOptions } from "remark-rehype";

/**
 * One panel of a tab set (MkDocs' `=== "npm"`, Docusaurus' <TabItem>). Without
 * a script to switch them, panels are shown one after the other, each under
 * its label, so no content is hidden.
 */
export type Tab = Parent & {
  type: "tab";
  label: string;
  children: Array<BlockContent | DefinitionContent>;
};

declare module "mdast" {
  interface RootContentMap {
    tab: Tab;
  }
  interface BlockContentMap {
    tab: Tab;
  }
}

export function tabElement(label: string, body: ElementContent[]): Element {
  const children: ElementContent[] = label
    ? [{ type: "element", tagName: "p", properties: { className: ["tab-label"] }, children: [{ type: "text", value: label }] }, ...body]
    : body;
  return { type: "element", tagName: "div", properties: { className: ["tab"] }, children };
}

export const tabHandler: NonNullable<NonNullable<ToHastOptions["handlers"]>["blockquote"]> = (state, node: Tab) => {
  const element = tabElement(node.label, state.wrap(state.all(node) as ElementContent[], true));
  state.patch(node, element);
  return state.applyData(node, element);
};
