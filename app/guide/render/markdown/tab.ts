import type { Element, ElementContent, Properties } from "hast";
import type { BlockContent, DefinitionContent, Parent } from "mdast";
import type { Options as ToHastOptions } from "remark-rehype";

/**
 * Tab sets, as every tool writes them: MkDocs' `=== "npm"` (consecutive
 * blocks are one set), VitePress' `::: code-group`, Docusaurus' and
 * Starlight's <Tabs>/<TabItem> (rehype-foreign-components.ts). Here they
 * become one markup, before sanitising:
 *
 *   <div class="tabs" data-tab-group="…">          a set (the group: see below)
 *     <div class="tab" data-tab-key="…" data-tab-default>
 *       <p class="tab-label">npm</p> …             a panel, under its label
 *
 * Without a script every panel is shown under its label, so no content is
 * hidden; rehype-tab-sets.ts adds the tab row a script makes real tabs of.
 *
 * The group says which sets switch together and under which name the
 * choice is remembered: Docusaurus' `groupId`, Starlight's `syncKey`; for
 * MkDocs and code groups, which have no such name, sets with the same labels
 * (`implicitGroup`). A set without a group stands alone. The key is what is
 * chosen: a TabItem's `value`, else the label.
 *
 * A Starlight TabItem's `icon` is kept as the panel's `data-tab-icon`, a
 * name only: the icon itself is drawn after sanitising, where raw HTML
 * cannot write one (rehype-docs-components.ts, starlight-icons.ts).
 */
export type Tab = Parent & {
  type: "tab";
  label: string;
  key?: string;
  /** Shown first (MkDocs' `===+`, a TabItem's `default`). */
  selected?: boolean;
  /** Starts a set of its own even right after another tab (MkDocs' `===!`). */
  startsSet?: boolean;
  children: Array<BlockContent | DefinitionContent>;
};

export type TabSet = Parent & {
  type: "tabSet";
  group: string | null;
  /** A VitePress code group: its children are fences until remark-tab-sets.ts makes each a tab. */
  codeGroup?: boolean;
  children: Tab[];
};

declare module "mdast" {
  interface RootContentMap {
    tab: Tab;
    tabSet: TabSet;
  }
  interface BlockContentMap {
    tab: Tab;
    tabSet: TabSet;
  }
}

/** The group of a set that names none: its labels, so sets of the same choices switch together. */
export function implicitGroup(labels: string[]): string {
  return JSON.stringify([...new Set(labels)].sort());
}

export function tabElement(label: string, body: ElementContent[], { key, selected, icon }: { key?: string; selected?: boolean; icon?: string } = {}): Element {
  const children: ElementContent[] = label
    ? [{ type: "element", tagName: "p", properties: { className: ["tab-label"] }, children: [{ type: "text", value: label }] }, ...body]
    : body;
  const properties: Properties = { className: ["tab"] };
  if (key) properties.dataTabKey = key;
  if (selected) properties.dataTabDefault = true;
  if (icon && label) properties.dataTabIcon = icon;
  return { type: "element", tagName: "div", properties, children };
}

export function tabSetElement(group: string | null, children: ElementContent[]): Element {
  const properties: Properties = { className: ["tabs"] };
  if (group) properties.dataTabGroup = group;
  return { type: "element", tagName: "div", properties, children };
}

type Handler = NonNullable<NonNullable<ToHastOptions["handlers"]>["blockquote"]>;

export const tabHandler: Handler = (state, node: Tab) => {
  const element = tabElement(node.label, state.wrap(state.all(node) as ElementContent[], true), node);
  state.patch(node, element);
  return state.applyData(node, element);
};

export const tabSetHandler: Handler = (state, node: TabSet) => {
  const element = tabSetElement(node.group, state.wrap(state.all(node) as ElementContent[], true));
  state.patch(node, element);
  return state.applyData(node, element);
};
