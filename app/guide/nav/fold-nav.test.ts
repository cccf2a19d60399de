import { describe, expect, it } from "vitest";
import { FOLD_NAV_ABOVE_PAGES, foldNav, navAncestors, navForPage } from "./fold-nav";
import type { GuideNavItem } from "../guide-types";

const page = (title: string, url: string): GuideNavItem => ({ title, url, children: [] });

const tree: GuideNavItem[] = [
  page("Home", "/guide"),
  {
    title: "Tutorials",
    url: "/guide/tutorials",
    children: [
      page("First steps", "/guide/tutorials/first-steps"),
      { title: "Migration", url: null, children: [page("From v1", "/guide/tutorials/migration/from-v1"), page("From v2", "/guide/tutorials/migration/from-v2")] },
    ],
  },
  {
    title: "Reference",
    url: null,
    children: [
      { title: "CLI", url: null, children: [page("Build", "/guide/reference/cli/build")] },
      page("Config", "/guide/reference/config"),
    ],
  },
  { title: "Empty", url: null, children: [] },
  page("Café", "/guide/caf%C3%A9"),
];

describe("foldNav", () => {
  it("on a large tree, lists the groups on the way to the page whole and every other group as one link, whichever page is asked for first", () => {
    const large: GuideNavItem[] = Array.from({ length: 200 }, (_, folder) => ({
      title: `Folder ${folder}`,
      url: `/guide/f${folder}`,
      children: Array.from({ length: 25 }, (_, each) => page(`Page ${each}`, `/guide/f${folder}/p${each}`)),
    }));
    for (const folder of [150, 3, 150]) {
      const folded = foldNav(large, `/guide/f${folder}/p7/`);
      expect(folded.filter((item) => item.children.length > 0).map((item) => item.title)).toEqual([`Folder ${folder}`]);
      expect(folded[folder]!.children).toEqual(large[folder]!.children);
      expect(folded[folder === 3 ? 150 : 3]).toEqual({ title: `Folder ${folder === 3 ? 150 : 3}`, url: `/guide/f${folder === 3 ? 150 : 3}`, children: [], folded: true });
    }
  });

  it("opens every group holding the current page when the navigation lists it twice or more", () => {
    const thrice: GuideNavItem[] = [
      { title: "Start", url: null, children: [page("Install", "/guide/install")] },
      { title: "Setup", url: null, children: [page("Install", "/guide/install"), page("Other", "/guide/other")] },
      { title: "Elsewhere", url: null, children: [page("More", "/guide/more")] },
      { title: "Again", url: null, children: [page("More", "/guide/more"), page("Install", "/guide/install/")] },
    ];
    expect(foldNav(thrice, "/guide/install").map((item) => item.children.length)).toEqual([1, 2, 0, 2]);
    expect(foldNav(thrice, "/guide/more").map((item) => item.children.length)).toEqual([0, 0, 1, 2]);
  });

  it("keeps the groups on the way to the current page whole, folding the groups inside them that it is not in", () => {
    const folded = foldNav(tree, "/guide/tutorials/first-steps");
    expect(folded[1]).toEqual({
      ...tree[1],
      children: [tree[1]!.children[0], { title: "Migration", url: "/guide/tutorials/migration/from-v1", children: [], folded: true }],
    });
  });

  it("folds every other group to a link to its own page, or to its first page in reading order when it has none", () => {
    const folded = foldNav(tree, "/guide/tutorials/migration/from-v2");
    expect(folded[1]!.children[1]).toEqual(tree[1]!.children[1]);
    expect(folded[2]).toEqual({ title: "Reference", url: "/guide/reference/cli/build", children: [], folded: true });
    expect(foldNav(tree, "/guide/reference/config")[1]).toEqual({ title: "Tutorials", url: "/guide/tutorials", children: [], folded: true });
  });

  it("leaves pages, and a group with no page to lead to, as they are", () => {
    const folded = foldNav(tree, "/guide");
    expect(folded[0]).toBe(tree[0]);
    expect(folded[3]).toBe(tree[3]);
    expect(folded[4]).toBe(tree[4]);
  });

  it("finds the current page with a trailing slash or encoded, and folds everything on a page outside the tree", () => {
    expect(foldNav(tree, "/guide/reference/cli/build/")[2]!.folded).toBeUndefined();
    expect(foldNav(tree, "/guide/reference/cli/build/")[2]!.children[0]).toEqual(tree[2]!.children[0]);
    expect(foldNav(tree, "/guide/tutorials/first-steps%2F..")[1]!.folded).toBe(true);
    expect(foldNav(tree, "/guide/no-such-page").filter((item) => item.folded)).toHaveLength(2);
  });

  it("never changes the tree it is given", () => {
    const before = structuredClone(tree);
    foldNav(tree, "/guide/reference/config");
    expect(tree).toEqual(before);
  });
});

describe("navForPage", () => {
  it("lists the whole tree up to the page count where folding starts, and folds it beyond", () => {
    expect(navForPage(tree, FOLD_NAV_ABOVE_PAGES, "/guide")).toBe(tree);
    expect(navForPage(tree, FOLD_NAV_ABOVE_PAGES + 1, "/guide")).toEqual(foldNav(tree, "/guide"));
    expect(navForPage(tree, FOLD_NAV_ABOVE_PAGES + 1, "/guide").some((item) => item.folded)).toBe(true);
  });
});

describe("navAncestors", () => {
  it("names the groups above a page, outermost first, and none for a page at the top or not in the tree", () => {
    expect(navAncestors(tree, "/guide/tutorials/migration/from-v2").map((item) => item.title)).toEqual(["Tutorials", "Migration"]);
    expect(navAncestors(tree, "/guide/reference/cli/build/").map((item) => item.title)).toEqual(["Reference", "CLI"]);
    // A folder's own page is the folder's entry: above it, its parents only.
    expect(navAncestors(tree, "/guide/tutorials")).toEqual([]);
    expect(navAncestors(tree, "/guide/café")).toEqual([]);
    expect(navAncestors(tree, "/guide/nowhere")).toEqual([]);
  });
});
