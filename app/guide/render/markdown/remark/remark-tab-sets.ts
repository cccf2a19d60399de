import type { Parent, Root, RootContent } from "mdast";
import { codeTitle, withoutCodeTitle } from "../rehype/rehype-code-blocks";
import { implicitGroup, type Tab, type TabSet } from "../tab";

/**
 * Tab sets out of the tabs and code groups remark-containers.ts leaves:
 * - tabs one right after another (MkDocs' `=== "npm"` blocks) are one set,
 *   and `===!` starts another, as pymdownx.tabbed reads them;
 * - a VitePress code group's fences are its tabs, each labelled by its title
 *   (```js [config.js]), which leaves the fence's meta so that it is not
 *   shown twice; a fence without one is labelled by its language.
 * Neither tool names a group, so both switch with the sets of the same
 * labels (tab.ts).
 */
export default function remarkTabSets() {
  return (tree: Root) => {
    formSets(tree);
  };
}

function formSets(parent: Parent) {
  const out: RootContent[] = [];
  let current: TabSet | null = null;
  for (const child of parent.children) {
    if (child.type === "tab" && parent.type !== "tabSet") {
      if (!current || child.startsSet) {
        current = { type: "tabSet", group: null, children: [] };
        out.push(current);
      }
      current.children.push(child);
      continue;
    }
    current = null;
    out.push(...(child.type === "tabSet" && child.codeGroup ? codeGroupTabs(child) : [child]));
  }
  for (const node of out) {
    if (node.type === "tabSet" && node.group === null) node.group = implicitGroup((node.children as Tab[]).map((tab) => tab.label));
  }
  parent.children = out;
  for (const child of out) if ("children" in child && child.type !== "paragraph" && child.type !== "heading") formSets(child);
}

/** The code group as a set of one tab a fence; what else it holds stays with the fence before it. */
function codeGroupTabs(group: TabSet): RootContent[] {
  const tabs: Tab[] = [];
  const before: RootContent[] = [];
  for (const child of group.children as RootContent[]) {
    if (child.type === "code") {
      const meta = child.meta ?? "";
      const label = codeTitle(meta) ?? child.lang ?? "Code";
      child.meta = withoutCodeTitle(meta) || null;
      tabs.push({ type: "tab", label, children: [child], position: child.position });
    } else if (tabs.length > 0) {
      tabs.at(-1)!.children.push(child as Tab["children"][number]);
    } else {
      before.push(child);
    }
  }
  if (tabs.length === 0) return before;
  return [...before, { type: "tabSet", group: null, children: tabs, position: group.position }];
}
