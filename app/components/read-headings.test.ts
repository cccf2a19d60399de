import type { Element as HastElement } from "hast";
import { fromHtml } from "hast-util-from-html";
import { visit } from "unist-util-visit";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { asElement } from "./__fixtures__/parsed-element";
import type { PageHeading } from "../guide/guide-types";
import { OnThisPage } from "./on-this-page";
import { readHeadings } from "./read-headings";
import type { ElementLike } from "./read-nav-tree";

/** OnThisPage rendered as the server sends it, and the element hydration reads back. */
function renderedList(headings: PageHeading[]): ElementLike | null {
  const tree = fromHtml(renderToStaticMarkup(createElement(OnThisPage, { headings })), { fragment: true });
  let found: HastElement | null = null;
  visit(tree, "element", (node) => {
    if (node.properties.dataSentOnce === "guide-headings") found = node;
  });
  return found && asElement(found);
}

describe("the page's sections, read back from the On this page list", () => {
  it("are the sections the server rendered, ids and text exactly", () => {
    const headings: PageHeading[] = [
      { depth: 2, id: "install", text: "Install" },
      { depth: 3, id: "from-npm", text: "From npm <or> yarn & pnpm" },
      { depth: 2, id: "café-über", text: "Café über" },
      { depth: 3, id: "a/b?c#d e", text: "Odd \"id\"" },
    ];
    expect(readHeadings(renderedList(headings))).toEqual(headings);
  });

  it("are none for a page of one section, which shows no list", () => {
    expect(renderedList([{ depth: 2, id: "only", text: "Only" }])).toBeNull();
    expect(readHeadings(null)).toEqual([]);
  });
});
