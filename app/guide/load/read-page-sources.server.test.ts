import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listContentFolder } from "./list-content-folder.server";
import { readPageSources } from "./read-page-sources.server";

describe("readPageSources", () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "page-sources-"));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it("leaves out a page whose file was removed after the folder was listed, as a rename while the guide loads does", async () => {
    await fs.writeFile(path.join(root, "index.md"), "# Home\n");
    await fs.writeFile(path.join(root, "draft-name.md"), "# Moving\n");
    const listing = await listContentFolder(root);
    await fs.rename(path.join(root, "draft-name.md"), path.join(root, "final-name.md"));

    const { sources } = await readPageSources(root, listing);

    expect(sources.map((source) => source.entry.relativePath)).toEqual(["index.md"]);
  });

  it("still stops at a page it cannot read for another reason", async () => {
    await fs.writeFile(path.join(root, "index.md"), "# Home\n");
    const listing = await listContentFolder(root);
    await fs.rm(path.join(root, "index.md"));
    await fs.mkdir(path.join(root, "index.md"));

    await expect(readPageSources(root, listing)).rejects.toThrow(/EISDIR|illegal operation on a directory/);
  });
});
