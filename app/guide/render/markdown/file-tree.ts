import type { Element, ElementContent } from "hast";
import { toString } from "hast-util-to-string";

/**
 * Starlight's <FileTree>: a nested bullet list of names, read as Starlight
 * reads it. In each item the first word is the name (or the whole of a
 * leading **bold** name, which is highlighted, or of a leading `code` one,
 * which may hold spaces); the rest is a comment. A name ending in `/`, or an
 * item with a list inside, is a folder; `...` or `…` stands for entries left
 * out. Icons are decorative SVG, hidden from screen readers, which hear
 * "folder" after a folder's name instead.
 */

export function fileTreeElement(children: ElementContent[]): Element {
  const lists = children.filter((child): child is Element => isList(child));
  return { type: "element", tagName: "div", properties: { className: ["file-tree"] }, children: lists.map(treeList) };
}

function treeList(list: Element): Element {
  const items = list.children.filter((child): child is Element => child.type === "element" && child.tagName === "li");
  return { type: "element", tagName: "ul", properties: {}, children: items.map(treeItem) };
}

function treeItem(item: Element): Element {
  // A loose list wraps an item's text in <p>: its content counts as the item's own.
  const content = item.children.flatMap((child) => (child.type === "element" && child.tagName === "p" ? child.children : [child]));
  const sublists = content.filter((child): child is Element => isList(child));
  const phrasing = trimmed(content.filter((child) => !isList(child)));
  const { name, highlighted, comment } = splitName(phrasing);
  const isFolder = sublists.length > 0 || /\/$/.test(name);
  const shownName = name.replace(/\/+$/, "") || name;
  const nameElement: Element = {
    type: "element",
    tagName: highlighted ? "strong" : "span",
    properties: { className: highlighted ? ["file-tree-name", "file-tree-highlight"] : ["file-tree-name"] },
    children: [{ type: "text", value: shownName }],
  };
  const placeholder = name === "..." || name === "…";
  const entry: ElementContent[] =
    placeholder
      ? [
          { type: "element", tagName: "span", properties: { className: ["file-tree-name"], ariaHidden: "true" }, children: [{ type: "text", value: "…" }] },
          visuallyHidden("more entries"),
        ]
      : [icon(isFolder), nameElement, ...(isFolder ? [visuallyHidden(" folder")] : [])];
  const commentText = toString({ type: "root", children: comment }).trim();
  const commentElement: ElementContent[] = commentText
    ? [{ type: "text", value: " " }, { type: "element", tagName: "span", properties: { className: ["file-tree-comment"] }, children: trimmed(comment) }]
    : [];
  return {
    type: "element",
    tagName: "li",
    properties: { className: [placeholder ? "file-tree-placeholder" : isFolder ? "file-tree-folder" : "file-tree-file"] },
    children: [{ type: "element", tagName: "span", properties: { className: ["file-tree-entry"] }, children: entry }, ...commentElement, ...sublists.map(treeList)],
  };
}

function splitName(phrasing: ElementContent[]): { name: string; highlighted: boolean; comment: ElementContent[] } {
  const [first, ...rest] = phrasing;
  if (!first) return { name: "", highlighted: false, comment: [] };
  if (first.type === "element" && (first.tagName === "strong" || first.tagName === "code")) {
    return { name: toString(first).trim(), highlighted: first.tagName === "strong", comment: rest };
  }
  if (first.type !== "text") return { name: toString({ type: "root", children: [first] }).trim(), highlighted: false, comment: rest };
  const match = /^(\S+)\s*([\s\S]*)$/.exec(first.value) ?? ["", first.value, ""];
  const remainder = match[2] ?? "";
  return { name: match[1] ?? "", highlighted: false, comment: [...(remainder ? [{ type: "text" as const, value: remainder }] : []), ...rest] };
}

function trimmed(nodes: ElementContent[]): ElementContent[] {
  const out = [...nodes];
  while (out[0]?.type === "text" && out[0].value.trim() === "") out.shift();
  const head = out[0];
  if (head?.type === "text") out[0] = { ...head, value: head.value.trimStart() };
  while (out.at(-1)?.type === "text" && (out.at(-1) as { value: string }).value.trim() === "") out.pop();
  return out;
}

function isList(node: ElementContent): node is Element {
  return node.type === "element" && (node.tagName === "ul" || node.tagName === "ol");
}

function visuallyHidden(value: string): Element {
  return { type: "element", tagName: "span", properties: { className: ["visually-hidden"] }, children: [{ type: "text", value }] };
}

// 16×16 outlines, stroked in the text's colour by components.css.
const FOLDER_PATH = "M1.5 3.5a1 1 0 0 1 1-1h3.6l1.5 1.5h5.9a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z";
const FILE_PATH = "M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3";

function icon(isFolder: boolean): Element {
  return {
    type: "element",
    tagName: "svg",
    properties: { className: ["file-tree-icon"], viewBox: "0 0 16 16", width: "16", height: "16", ariaHidden: "true" },
    children: [
      {
        type: "element",
        tagName: "path",
        properties: { d: isFolder ? FOLDER_PATH : FILE_PATH },
        children: [],
      },
    ],
  };
}
