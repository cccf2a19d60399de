import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { calloutElement, calloutTone } from "../callout";
import { tabElement, tabSetElement } from "../tab";

/**
 * Components of other docs tools, met after raw HTML is parsed (so tag names
 * are lower-cased), turned into what they mean here before sanitising:
 * Docusaurus' and Starlight's <Tabs>/<TabItem label> become a tab set
 * (tab.ts), VitePress' <Badge text="beta" type> and Starlight's
 * <Badge text variant> a badge coloured by its callout tone, Starlight's
 * <Aside type title> and mdBook's <div class="warning"> a callout: markup whose
 * classes the sanitiser already lets raw HTML write.
 * Starlight's and Docusaurus' layout components, whose markup raw HTML may
 * not write, pass the sanitiser as they are and are turned into it after
 * (rehype-docs-components.ts). Anything else unknown is left to the
 * sanitiser, which drops the tag and keeps its text.
 */
export default function rehypeForeignComponents() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (!parent || index === undefined) return;
      const replacement = convert(node);
      if (replacement) parent.children[index] = replacement;
    });
  };
}

function convert(node: Element): Element | null {
  switch (node.tagName) {
    case "tabs": {
      // Docusaurus' `groupId`, Starlight's `syncKey` (attribute names arrive lower-cased).
      const group = stringProperty(node, "groupid") ?? stringProperty(node, "synckey") ?? null;
      const defaultValue = stringProperty(node, "defaultvalue");
      if (defaultValue) {
        for (const item of node.children) {
          if (item.type === "element" && stringProperty(item, "value") === defaultValue) item.properties.default = "";
        }
      }
      return tabSetElement(group, node.children);
    }
    case "tabitem":
    case "tab": {
      const value = stringProperty(node, "value");
      const label = stringProperty(node, "label") ?? stringProperty(node, "title") ?? value ?? "";
      const selected = node.properties.default !== undefined && node.properties.default !== null && node.properties.default !== false;
      // Starlight's `icon`: a name of its icon set, drawn after sanitising (tab.ts).
      const icon = stringProperty(node, "icon");
      return tabElement(label, node.children, { ...(value && { key: value }), ...(icon && { icon }), selected });
    }
    case "badge": {
      const text = stringProperty(node, "text");
      // VitePress' `type` (info, tip, warning, danger), Starlight's `variant` (note, tip, caution, danger, success, default).
      const type = (stringProperty(node, "type") ?? stringProperty(node, "variant"))?.toLowerCase();
      const children: ElementContent[] = text ? [{ type: "text", value: text }] : node.children;
      if (!toString({ type: "root", children }).trim()) return null;
      const tone = type ? calloutTone(type, "other") : "neutral";
      // Starlight's `size`: small, medium (the badge as it is) or large.
      const size = stringProperty(node, "size")?.toLowerCase();
      const className = ["badge", ...(tone === "neutral" ? [] : [`badge-${tone}`]), ...(size === "small" || size === "large" ? [`badge-${size}`] : [])];
      return { type: "element", tagName: "span", properties: { className }, children };
    }
    case "aside": {
      // Starlight's: note (the default), tip, caution, danger; the title defaults to the type's name.
      const kind = stringProperty(node, "type")?.toLowerCase() ?? "note";
      const title = stringProperty(node, "title");
      const tone = calloutTone(kind, "other");
      return calloutElement({ kind, tone, collapsible: false, open: false }, title ? [{ type: "text", value: title }] : null, node.children);
    }
    case "div":
      if (classNames(node).includes("warning")) return calloutElement({ kind: "warning", tone: "warning", collapsible: false, open: false }, null, node.children);
      return null;
    default:
      return null;
  }
}

function stringProperty(node: Element, name: string): string | undefined {
  const value = node.properties[name];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function classNames(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}
