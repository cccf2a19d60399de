import { describe, expect, it } from "vitest";
import { ContentFiles } from "./content-files.server";
import type { ContentListing } from "./list-content-folder.server";
import { folderStamp } from "./start-index.server";

/**
 * A listing of `pages` Markdown files and as many images: at 2,000 its lines are several times what is hashed at once.
 * `images`: how many images, and the size of the last one.
 */
function listing(pages: number, { images = pages, lastImageSize }: { images?: number; lastImageSize?: number } = {}): ContentListing {
  const markdown = Array.from({ length: pages }, (_, index) => ({
    relativePath: `part-${index % 7}/page-${index}.md`,
    path: `/docs/part-${index % 7}/page-${index}.md`,
    size: 1_000 + index,
    mtimeMs: 1_764_201_234_567.25 + index,
  }));
  const files = new ContentFiles("/docs");
  for (let index = 0; index < images; index++) {
    files.add("img", `figure-${index}.png`, null, index === images - 1 ? (lastImageSize ?? 500 + index) : 500 + index, 1_764_201_234_000 + index);
  }
  return { markdown, partials: new Map(), files, folderLabels: new Map(), bookContents: null, warnings: [] };
}

describe("a folder's stamp", () => {
  it("is the same for the same names, sizes and times", () => {
    expect(folderStamp(listing(2_000))).toBe(folderStamp(listing(2_000)));
  });

  it("changes with any one file's size or time, wherever the file is in a large folder", () => {
    const stamp = folderStamp(listing(2_000));
    for (const index of [0, 1_000, 1_999]) {
      const resized = listing(2_000);
      resized.markdown[index]!.size += 1;
      expect(folderStamp(resized)).not.toBe(stamp);
      const touched = listing(2_000);
      touched.markdown[index]!.mtimeMs += 1_000;
      expect(folderStamp(touched)).not.toBe(stamp);
    }
    expect(folderStamp(listing(2_000, { lastImageSize: 500 + 1_999 + 1 }))).not.toBe(stamp);
  });

  it("changes when a file is added, removed or renamed", () => {
    const stamp = folderStamp(listing(2_000));
    expect(folderStamp(listing(2_001))).not.toBe(stamp);
    expect(folderStamp(listing(2_000, { images: 1_999 }))).not.toBe(stamp);
    const renamed = listing(2_000);
    renamed.markdown[1_999]!.relativePath = "part-0/renamed.md";
    expect(folderStamp(renamed)).not.toBe(stamp);
  });
});
