import { describe, expect, it } from "vitest";
import type { GuideNavItem } from "../guide-types";
import { categoryCards } from "./category-cards";

const nav: GuideNavItem[] = [
  { title: "Home", url: "/guide", children: [] },
  {
    title: "Bikes",
    url: "/guide/bikes",
    children: [
      { title: "Brakes", url: "/guide/bikes/brakes", children: [] },
      { title: "Wheels", url: "/guide/bikes/wheels", children: [] },
      { title: "Tools", url: null, children: [{ title: "Chain tool", url: "/guide/bikes/tools/chain-tool", children: [] }] },
    ],
  },
  { title: "About", url: "/guide/about", children: [] },
];
const describe_ = (url: string) => (url === "/guide/bikes/brakes" ? "Pads and cables." : null);

describe("the cards of a <DocCardList />", () => {
  it("on a folder's own page are the folder's entries, a folder without a page leading to its first", () => {
    expect(categoryCards(nav, "/guide/bikes", describe_)).toEqual([
      { title: "Brakes", url: "/guide/bikes/brakes", description: "Pads and cables." },
      { title: "Wheels", url: "/guide/bikes/wheels", description: null },
      { title: "Tools", url: "/guide/bikes/tools/chain-tool", description: null },
    ]);
  });

  it("on another page are the entries beside it, itself left out", () => {
    expect(categoryCards(nav, "/guide/bikes/wheels", describe_).map((card) => card.title)).toEqual(["Brakes", "Tools"]);
    expect(categoryCards(nav, "/guide/about", describe_).map((card) => card.title)).toEqual(["Home", "Bikes"]);
  });

  it("are none for a page the navigation does not hold", () => {
    expect(categoryCards(nav, "/guide/elsewhere", describe_)).toEqual([]);
  });
});
