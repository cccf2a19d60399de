import { expect, it } from "vitest";
import { laterListPartUrls, LIST_PART_PAGES, listPart, listPartAt, listPartRange, listPartUrl } from "./page-list-parts";

it("keeps a list of up to LIST_PART_PAGES pages in one part, at /guide, with no later parts", () => {
  expect(listPartAt(1, LIST_PART_PAGES)).toEqual({ number: 1, count: 1, first: 1, last: LIST_PART_PAGES, of: LIST_PART_PAGES });
  expect(laterListPartUrls(LIST_PART_PAGES)).toEqual([]);
  expect(listPart("2", LIST_PART_PAGES)).toBeNull();
});

it("splits a longer list into parts of LIST_PART_PAGES in reading order, the last holding the rest", () => {
  const pages = 2 * LIST_PART_PAGES + 5;
  expect(laterListPartUrls(pages)).toEqual(["/guide-pages/2", "/guide-pages/3"]);
  expect(listPartAt(1, pages)).toMatchObject({ count: 3, first: 1, last: LIST_PART_PAGES });
  expect(listPart("2", pages)).toEqual({ number: 2, count: 3, first: LIST_PART_PAGES + 1, last: 2 * LIST_PART_PAGES, of: pages });
  expect(listPart("3", pages)).toMatchObject({ first: 2 * LIST_PART_PAGES + 1, last: pages });
  expect(listPartUrl(1)).toBe("/guide");
});

it("names each part by one address only: not 1 (that is /guide), not past the last, no leading zero, sign, space or other digits", () => {
  const pages = 3 * LIST_PART_PAGES;
  for (const text of [undefined, "", "1", "0", "4", "02", "+2", "-2", "2.0", " 2", "2 ", "٢", "2e0", "0x2", "9".repeat(400)]) {
    expect(listPart(text, pages), JSON.stringify(text)).toBeNull();
  }
  expect(listPart("3", pages)?.number).toBe(3);
});

it("says a part's pages as a range with thousands separated, or one number for a part of one page", () => {
  expect(listPartRange({ first: 1001, last: 2000 })).toBe("1,001–2,000");
  expect(listPartRange({ first: 50001, last: 50001 })).toBe("50,001");
});
