import { expect, test } from "vitest";
import { isSearchIndexPartFolder, searchIndexPartFolder } from "./search-index-meta";

test("the parts file names folders under the index's own folder only: what the writer writes, nothing that leads elsewhere", () => {
  for (const n of [2, 3, 89, 200]) expect(isSearchIndexPartFolder(searchIndexPartFolder(n))).toBe(true);
  expect(searchIndexPartFolder(1)).toBe("");
  for (const entry of ["", "parts/2", "/parts/2/", "parts/../../2/", "../parts/2/", "https://example.com/parts/2/", "//example.com/", "parts/0/", "parts/2/x/", 2, null, {}]) {
    expect(isSearchIndexPartFolder(entry)).toBe(false);
  }
});
