import type { Element, ElementContent, Root, RootContent } from "hast";
import { toString } from "hast-util-to-string";
import type { VFile } from "vfile";

/**
 * The leading <h1> of a page that remark-leading-title could not see, as
 * READMEs write it: in raw HTML (`<h1 align="center">Project</h1>`), often
 * after a centred logo or a row of badges, sometimes all inside one
 * `<div align="center">`. Like a leading `# Heading`, it gives the page its
 * title and is taken out, so the page has one <h1>. Runs on the sanitised
 * tree, so it sees the elements a browser would.
 *
 * What may come before it: blocks holding only pictures, links around
 * pictures and line breaks. Pictures inside the <h1> itself (a logo above
 * the name) stay on the page, in a paragraph of their own.
 */
export default function rehypeLeadingTitle() {
  return (tree: Root, file: VFile) => {
    if (file.data.title) return;
    const found = findLeadingH1(tree.children) ?? findInLeadingDiv(tree.children);
    if (!found) return;
    const { siblings, index, heading } = found;
    const media = heading.children.filter((child): child is Element => isMedia(child));
    const title = collapse(toString(heading)) || altText(media);
    if (!title) return;
    file.data.title = title;
    const align = heading.properties.align;
    const replacement: Element[] = media.length > 0 ? [{ type: "element", tagName: "p", properties: align ? { align } : {}, children: media }] : [];
    siblings.splice(index, 1, ...replacement);
  };
}

type Found = { siblings: (RootContent | ElementContent)[]; index: number; heading: Element };

function findLeadingH1(siblings: (RootContent | ElementContent)[]): Found | null {
  for (const [index, node] of siblings.entries()) {
    if (isBlank(node)) continue;
    if (node.type !== "element") return null;
    if (node.tagName === "h1") return { siblings, index, heading: node };
    if (!isMediaBlock(node) && !isMedia(node) && !isBreak(node)) return null;
  }
  return null;
}

/** `<div align="center">` holding the logo, the <h1> and more: GitHub's usual centred header. */
function findInLeadingDiv(siblings: RootContent[]): Found | null {
  const first = siblings.find((node) => !isBlank(node));
  if (first?.type !== "element" || first.tagName !== "div" || first.properties.className) return null;
  return findLeadingH1(first.children);
}

function isBlank(node: RootContent | ElementContent): boolean {
  return node.type === "comment" || node.type === "doctype" || (node.type === "text" && node.value.trim() === "");
}

function isMediaBlock(node: Element): boolean {
  if (!["p", "div", "picture", "a"].includes(node.tagName) || node.properties.className) return false;
  return node.children.length > 0 && node.children.every((child) => isBlank(child) || isMedia(child) || isBreak(child));
}

function isBreak(node: RootContent | ElementContent): boolean {
  return node.type === "element" && node.tagName === "br";
}

/** A picture, or a link whose content is only pictures (a badge, a linked logo). */
function isMedia(node: RootContent | ElementContent): boolean {
  if (node.type !== "element") return false;
  if (node.tagName === "img" || node.tagName === "picture") return true;
  return node.tagName === "a" && node.children.some(isMedia) && node.children.every((child) => isBlank(child) || isMedia(child));
}

function altText(media: Element[]): string {
  for (const node of media) {
    if (node.tagName === "img" && typeof node.properties.alt === "string" && node.properties.alt.trim()) return collapse(node.properties.alt);
    const inner = altText(node.children.filter((child): child is Element => child.type === "element"));
    if (inner) return inner;
  }
  return "";
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
