import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { tabListElement } from "../tab-list";

/**
 * Each tab set (tab.ts) gets its row of tabs, after sanitising, as this
 * site's own markup (tab-list.ts): a `hidden` <div class="tab-list"> of
 * buttons, one per panel, each with its panel's key and its label's icon,
 * if it has one (a Starlight tab's: rehype-docs-components.ts).
 *
 * Hidden, so without a script (or a stylesheet) every panel is shown under
 * its label, as before. With one, the page's blocking script
 * (app/components/tab-sets-script.tsx) has the stylesheet show the row and
 * only the chosen panel before the first paint, and tab-sets.ts makes them a
 * tablist once the page runs: the row is in the markup so that nothing moves
 * between the two.
 *
 * A set's keys are made unique (two tabs of one label stay two tabs) and
 * exactly one panel and its button carry `data-tab-default`: the one marked,
 * else the first. The row's roles and ids are written here, where they cost
 * no script: each tab names the panel it controls (`tab-set-2-panel-1`,
 * numbered in the page, past any id already there). A panel only becomes a
 * tabpanel in the browser, once it is one.
 */
export default function rehypeTabSets() {
  return (tree: Root) => {
    const taken: string[] = [];
    visit(tree, "element", (node: Element) => {
      if (typeof node.properties.id === "string") taken.push(node.properties.id);
    });
    let sets = 0;
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "div" || !hasClass(node, "tabs")) return;
      const panels = node.children.filter((child): child is Element => child.type === "element" && child.tagName === "div" && hasClass(child, "tab"));
      if (panels.length === 0) return;
      let id = `tab-set-${++sets}`;
      // A heading of those very words would have its id.
      while (taken.some((other) => other.startsWith(`${id}-`))) id = `tab-set-${++sets}`;
      const chosen = Math.max(0, panels.findIndex((panel) => isSet(panel.properties.dataTabDefault)));
      const keys = new Set<string>();
      const buttons = panels.map((panel, index): Element => {
        const label = labelOf(panel) || `Tab ${index + 1}`;
        const stated = panel.properties.dataTabKey;
        let key = typeof stated === "string" && stated ? stated : label;
        for (let copy = 2; keys.has(key); copy++) key = `${label} (${copy})`;
        keys.add(key);
        const panelId = `${id}-panel-${index + 1}`;
        panel.properties.id = panelId;
        panel.properties.dataTabKey = key;
        panel.properties.dataTabDefault = index === chosen || undefined;
        return {
          type: "element",
          tagName: "button",
          properties: {
            type: "button",
            className: ["tab-button"],
            id: `${id}-tab-${index + 1}`,
            role: "tab",
            ariaControls: [panelId],
            dataTabKey: key,
            dataTabDefault: index === chosen || undefined,
          },
          children: [...iconOf(panel), { type: "text", value: label }],
        };
      });
      node.children.unshift(tabListElement(buttons));
    });
  };
}

function labelOf(panel: Element): string {
  const first = panel.children.find((child): child is Element => child.type === "element");
  return first && first.tagName === "p" && hasClass(first, "tab-label") ? toString(first).trim() : "";
}

/** A copy of the icon before the panel's label: only this pipeline draws an <svg> (the sanitiser lets none through). */
function iconOf(panel: Element): Element[] {
  const first = panel.children.find((child): child is Element => child.type === "element");
  if (!first || first.tagName !== "p" || !hasClass(first, "tab-label")) return [];
  const icon = first.children.find((child): child is Element => child.type === "element" && child.tagName === "svg" && hasClass(child, "tab-icon"));
  return icon ? [structuredClone(icon)] : [];
}

function hasClass(node: Element, name: string): boolean {
  const value = node.properties.className;
  return Array.isArray(value) && value.includes(name);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}
