import type { Element } from "hast";

/**
 * The row of tabs rehype-tab-sets.ts puts first in every tab set: site
 * markup the sanitiser lets no raw HTML write (its class is not among a
 * div's allowed ones), so its opening marks a page that has tab sets. Only
 * such a page carries the blocking script that shows them as tabs before the
 * first paint (app/components/tab-sets-script.tsx).
 */
const CLASS = "tab-list";

/**
 * How the row's markup begins, as the server writes it and as a browser
 * serialises it back (sent-once.ts reads the article from the page): the
 * attributes that follow (`hidden`) are written differently by the two.
 */
const OPENING = `<div class="${CLASS}" role="tablist"`;

/** Hidden, so a page without a script or a stylesheet shows every panel under its label. */
export function tabListElement(buttons: Element[]): Element {
  return {
    type: "element",
    tagName: "div",
    // Not indexed by a static export's search: the labels are read with their panels.
    properties: { className: [CLASS], role: "tablist", hidden: true, dataPagefindIgnore: "" },
    children: buttons,
  };
}

/** Whether an article's HTML holds a tab set. */
export function hasTabSets(html: string): boolean {
  return html.includes(OPENING);
}
