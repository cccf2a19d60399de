import { expect, test } from "vitest";
import { pageCount } from "./page-count";

test("one page is a page, and any other number pages, grouped by thousands", () => {
  expect([0, 1, 2, 50_000].map(pageCount)).toEqual(["0 pages", "1 page", "2 pages", "50,000 pages"]);
});
