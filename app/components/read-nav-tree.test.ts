import type { Element as HastElement, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { asElement } from "./__fixtures__/parsed-element";
import type { GuideNavItem } from "../guide/guide-types";
import { foldNav } from "../guide/nav/fold-nav";
import { GuideNav } from "./guide-nav";
import { readNavTree } from "./read-nav-tree";

const tree: GuideNavItem[] = [
  { title: "Introduction", url: "/guide", children: [] },
  {
    title: "Setup",
    url: "/guide/setup",
    children: [
      { title: "Install <the> tool & run", url: "/guide/setup/install", children: [] },
      { title: "Options", url: null, children: [{ title: "Flags", url: "/guide/setup/options/flags", children: [] }] },
    ],
  },
  { title: "Reference", url: null, children: [{ title: "API", url: "/guide/reference/api", children: [] }] },
  { title: "Café", url: "/guide/caf%C3%A9", children: [] },
  { title: "Empty folder", url: null, children: [] },
];

function renderNav(items: GuideNavItem[], path: string, basename?: string): Root {
  const router = { initialEntries: [basename ? basename + path : path], basename };
  const html = renderToStaticMarkup(createElement(MemoryRouter, router, createElement(GuideNav, { items })));
  return fromHtml(html, { fragment: true });
}

function findNav(root: Root): HastElement {
  const nav = root.children.find((child) => child.type === "element" && child.tagName === "nav");
  if (nav?.type !== "element") throw new Error("no <nav> rendered");
  return nav;
}

function anchors(element: HastElement): HastElement[] {
  const own = element.tagName === "a" ? [element] : [];
  return own.concat(element.children.flatMap((child) => (child.type === "element" ? anchors(child) : [])));
}

describe("readNavTree", () => {
  it("reads back from the navigation's markup the tree it was rendered from", () => {
    expect(readNavTree(asElement(findNav(renderNav(tree, "/guide/setup/install"))))).toEqual(tree);
  });

  it("reads the same tree whichever groups the current page opens", () => {
    for (const path of ["/guide", "/guide/setup/options/flags", "/guide/reference/api", "/guide/elsewhere"]) {
      expect(readNavTree(asElement(findNav(renderNav(tree, path)))), path).toEqual(tree);
    }
  });

  it("reads back a folded navigation, its folded folders as folded", () => {
    const folded = foldNav(tree, "/guide/caf%C3%A9");
    expect(folded.filter((item) => item.folded).map((item) => item.title)).toEqual(["Setup", "Reference"]);
    expect(readNavTree(asElement(findNav(renderNav(folded, "/guide/caf%C3%A9"))))).toEqual(folded);
  });

  it("under a base path, writes the links with it, marks the current page, and reads back the router's URLs without it", () => {
    const nav = findNav(renderNav(tree, "/guide/setup/install", "/tide-tables"));
    const links = anchors(nav);
    expect(links.every((link) => String(link.properties.href).startsWith("/tide-tables/guide"))).toBe(true);
    expect(links.filter((link) => link.properties.ariaCurrent === "page").map((link) => link.properties.href)).toEqual(["/tide-tables/guide/setup/install"]);
    expect(readNavTree(asElement(nav), "/tide-tables")).toEqual(tree);
  });

  it("reads an empty navigation as no entries", () => {
    expect(readNavTree(asElement(findNav(renderNav([], "/guide"))))).toEqual([]);
  });
});

describe("GuideNav", () => {
  it("opens the groups on the way to the current page and no others", () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, { initialEntries: ["/guide/setup/options/flags"] }, createElement(GuideNav, { items: tree })),
    );
    const open = [...html.matchAll(/<details( open="")?>\s*<summary>(.*?)<\/summary>/g)].map((match) => ({
      open: Boolean(match[1]),
      summary: match[2]!.replace(/<[^>]+>/g, ""),
    }));
    expect(open).toEqual([
      { open: true, summary: "Setup: pages" },
      { open: true, summary: "Options" },
      { open: false, summary: "Reference" },
    ]);
    expect(html).toContain('<a aria-current="page" class="active" href="/guide/setup/options/flags"');
  });

  it("opens a folder's group while its own page is shown, with or without a trailing slash", () => {
    for (const path of ["/guide/setup", "/guide/setup/"]) {
      const html = renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [path] }, createElement(GuideNav, { items: tree })));
      expect(html, path).toMatch(/<details open="">\s*<summary><span class="visually-hidden">Setup: pages/);
    }
  });

  it("shows a folded folder as one link to its first page, marked as a group, with no toggle", () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, { initialEntries: ["/guide"] }, createElement(GuideNav, { items: foldNav(tree, "/guide") })),
    );
    expect(html).toContain('<li class="guide-nav-group guide-nav-folded"><a href="/guide/setup">Setup</a></li>');
    expect(html).toContain('<li class="guide-nav-group guide-nav-folded"><a href="/guide/reference/api">Reference</a></li>');
    expect(html).not.toContain("<details");
    expect(html).not.toContain("/guide/setup/install");
  });
});
