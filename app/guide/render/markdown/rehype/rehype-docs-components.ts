import type { Element, ElementContent, Root, RootContent } from "hast";
import { toString } from "hast-util-to-string";
import type { VFile } from "vfile";
import { cardElement, cardGridElement, linkCardElement, type CategoryCard } from "../cards";
import { fileTreeElement } from "../file-tree";
import { starlightIcon } from "../starlight-icons";

declare module "vfile" {
  interface DataMap {
    /** The cards a <DocCardList /> shows: the other pages of the page's folder, in navigation order. */
    categoryCards: CategoryCard[];
  }
}

/**
 * Starlight's and Docusaurus' layout components, after sanitising, as this
 * site's markup: <Steps> an ordered list of numbered steps, <Card title> a
 * titled box (its Starlight `icon` before the title), <CardGrid> a grid of them, <LinkCard title href description> a
 * card that is one link, <FileTree> a tree of files and folders (file-tree.ts),
 * <DocCardList /> the cards of the page's folder; and a Starlight tab's icon
 * (tab.ts) before its label. The sanitiser lets only
 * these tags and their own attributes through (sanitize-schema.ts), so the
 * classes written here come from here alone. Innermost first: a card's
 * content is converted before the card.
 */
export default function rehypeDocsComponents() {
  return (tree: Root, file: VFile) => {
    convertChildren(tree, file.data.categoryCards ?? []);
  };
}

function convertChildren(parent: Root | Element, cards: CategoryCard[]) {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type !== "element") return [child];
    convertChildren(child, cards);
    return convert(child, cards);
  }) as typeof parent.children;
}

function convert(node: Element, cards: CategoryCard[]): ElementContent[] {
  switch (node.tagName) {
    case "steps": {
      const content = node.children.filter((child) => !(child.type === "text" && child.value.trim() === ""));
      const [list] = content;
      if (content.length === 1 && list?.type === "element" && list.tagName === "ol") {
        return [{ ...list, properties: { ...list.properties, className: ["steps"] } }];
      }
      return node.children;
    }
    case "card":
      return [cardElement(attribute(node, "title"), node.children, attribute(node, "icon"))];
    case "cardgrid":
      return [cardGridElement(node.children)];
    case "linkcard": {
      const href = attribute(node, "href");
      const title = attribute(node, "title") ?? (toString(node).trim() || href);
      return title ? [linkCardElement(title, href, attribute(node, "description"))] : [];
    }
    case "filetree":
      return [fileTreeElement(node.children)];
    case "doccardlist":
      return cards.length > 0 ? [cardGridElement(cards.map((card) => linkCardElement(card.title, card.url, card.description)))] : [];
    case "div":
      if (node.properties.dataTabIcon !== undefined) drawTabIcon(node);
      return [node];
    default:
      return [node];
  }
}

/** The icon a tab names (`data-tab-icon`, tab.ts) before its label, and the name taken off. */
function drawTabIcon(node: Element) {
  const name = node.properties.dataTabIcon;
  delete node.properties.dataTabIcon;
  const classes = node.properties.className;
  const label = node.children.find((child): child is Element => child.type === "element");
  const icon = typeof name === "string" ? starlightIcon(name.trim(), "tab-icon") : null;
  if (!icon || !Array.isArray(classes) || !classes.includes("tab") || label?.tagName !== "p") return;
  const labelClasses = label.properties.className;
  if (Array.isArray(labelClasses) && labelClasses.includes("tab-label")) label.children.unshift(icon);
}

function attribute(node: Element, name: string): string | null {
  const value = node.properties[name];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}
