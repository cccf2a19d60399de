import { afterAll, describe, expect, it } from "vitest";
import { GuideContentError } from "../guide-content-error";
import { removeWrittenDocsFolders, writeDocsFolder } from "../__fixtures__/written-docs-folder";
import { checkGuide } from "./check-guide.server";
import { loadGuide } from "./load-guide.server";

const folderOf = (files: Record<string, string>) => writeDocsFolder(files, "taken-addresses-");
afterAll(removeWrittenDocsFolders);

// a.md.md's address, /guide/a.md, is where a.md's Markdown is served; b.data.md's, /guide/b.data, where b.md's data is.
const COLLIDING = {
  "index.md": "# Home\n\nSee [a](a.md), [b](b.md) and [the other a](a.md.md).\n",
  "a.md": "# A\n",
  "a.md.md": "# A, in Markdown\n",
  "b.md": "# B\n",
  "b.data.md": "# B's data\n",
};

describe("a page at another page's Markdown or data address", () => {
  it("stops the guide's load with one line naming both files, as serve and build load it", async () => {
    const root = folderOf(COLLIDING);
    const error = await loadGuide(root, { warn: () => {} }).then(() => null, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(GuideContentError);
    expect((error as Error).message).toBe(`${root}/a.md.md: its address /guide/a.md is where ${root}/a.md's Markdown is served; rename one`);
  });

  it("is listed by check as a problem, each such file with the file it collides with, where check found no problem before", async () => {
    expect(await checkGuide(folderOf(COLLIDING))).toEqual([
      { kind: "same-address", file: "a.md.md", line: null, message: "its address /guide/a.md is where a.md's Markdown is served; rename one" },
      { kind: "same-address", file: "b.data.md", line: null, message: "its address /guide/b.data is where b.md's data is served; rename one" },
    ]);
  });
});
