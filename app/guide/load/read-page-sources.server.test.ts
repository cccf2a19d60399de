import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listContentFolder } from "./list-content-folder.server";
import { readPageSources, type PageSources } from "./read-page-sources.server";

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

  it("handed the last reading, reads again only the pages whose files changed and those that include another file", async () => {
    const write = (file: string, text: string) => fs.writeFile(path.join(root, file), text);
    await write("index.md", "# Home\n\n```ts\nconst home = 1;\n```\n");
    await write("alpha.md", "---\ntitle: Alpha\n---\nThe first.\n");
    await write("shared.md", "# Shared\n\nSaid once.\n");
    await write("beta.md", "# Beta\n\n<!--@include: ./shared.md-->\n");
    const first = await readPageSources(root, await listContentFolder(root), { startIndexFile: path.join(root, ".start.json") });
    // A start on the same files takes every page from the start index, and knows the same of each.
    const again = await readPageSources(root, await listContentFolder(root), { startIndexFile: path.join(root, ".start.json") });
    expect(again.unchangedSinceLastStart).toBe(true);
    expect(again.sources).toEqual(first.sources);
    const lastRead = (read: PageSources) => ({ sources: new Map(read.sources.map((source) => [source.entry.relativePath, source])), samples: read.samples });
    expect(first.sources.map((source) => [source.entry.relativePath, source.selfContained])).toEqual([
      ["alpha.md", true],
      ["beta.md", false],
      ["index.md", true],
      ["shared.md", true],
    ]);

    await write("alpha.md", "---\ntitle: Alpha, renamed\n---\nThe first.\n\n```py\nprint(1)\n```\n");
    const opened = vi.spyOn(fs, "open");
    try {
      const second = await readPageSources(root, await listContentFolder(root), { lastRead: lastRead(again) });
      const read = opened.mock.calls.map(([file]) => path.basename(String(file)));
      expect(read).toContain("alpha.md");
      expect(read).toContain("beta.md");
      expect(read).not.toContain("index.md");
      expect(second.sources.find((source) => source.entry.relativePath === "alpha.md")!.meta.title).toBe("Alpha, renamed");
      expect(second.sources.find((source) => source.entry.relativePath === "index.md")!.leadingTitle).toBe("Home");
      // The languages of the pages not read again are kept, and the changed page's added.
      expect(second.samples.map((sample) => sample.language)).toEqual(["ts", "py"]);
    } finally {
      opened.mockRestore();
    }
  });

  it("still stops at a page it cannot read for another reason", async () => {
    await fs.writeFile(path.join(root, "index.md"), "# Home\n");
    const listing = await listContentFolder(root);
    await fs.rm(path.join(root, "index.md"));
    await fs.mkdir(path.join(root, "index.md"));

    await expect(readPageSources(root, listing)).rejects.toThrow(/EISDIR|illegal operation on a directory/);
  });

  it("told of front matter that does not parse, reads every page on as if it had none, and keeps no start index that would hide the error", async () => {
    await fs.writeFile(path.join(root, "index.md"), "# Home\n");
    await fs.writeFile(path.join(root, "broken.md"), "---\ntitle: [unclosed\n---\n# Broken\n\nIts text.\n");
    const startIndexFile = path.join(root, ".start.json");
    const told: string[] = [];

    const read = await readPageSources(root, await listContentFolder(root), { startIndexFile, onFrontMatterError: (error) => told.push(error.message) });

    expect(told).toEqual([expect.stringMatching(/broken\.md:2:\d+: front matter is not valid YAML/)]);
    const broken = read.sources.find((source) => source.entry.relativePath === "broken.md")!;
    expect(broken.leadingTitle).toBe("Broken");
    expect(await read.readMarkdown(broken.entry)).toBe("# Broken\n\nIts text.\n");
    expect(told).toHaveLength(1);
    // A server's start on the same files stops at the page, as it would have without that reading.
    await expect(readPageSources(root, await listContentFolder(root), { startIndexFile })).rejects.toThrow(/broken\.md:2:\d+: front matter is not valid YAML/);
  });

  it("notes the line of a page's first character that is not UTF-8, and keeps it in the start index for the next start", async () => {
    await fs.writeFile(path.join(root, "index.md"), "# Home\n\nAll UTF-8: caf\u00e9.\n");
    await fs.writeFile(path.join(root, "legacy.md"), Buffer.from("# Legacy\n\nPlain line.\nCaf\u00e9 in Latin-1.\n", "latin1"));
    const startIndexFile = path.join(root, ".start.json");
    const lines = (read: PageSources) => Object.fromEntries(read.sources.map((source) => [source.entry.relativePath, source.notUtf8Line]));

    const first = await readPageSources(root, await listContentFolder(root), { startIndexFile });
    const again = await readPageSources(root, await listContentFolder(root), { startIndexFile });

    expect(lines(first)).toEqual({ "index.md": null, "legacy.md": 4 });
    expect(again.unchangedSinceLastStart).toBe(true);
    expect(lines(again)).toEqual({ "index.md": null, "legacy.md": 4 });
  });

  it("names an included file that is not UTF-8 text once, however many pages include it, and a page it includes as that page", async () => {
    await fs.mkdir(path.join(root, "snippets"));
    await fs.writeFile(path.join(root, "snippets", "legacy.py"), Buffer.from("# caf\u00e9\nprint('ok')\n", "latin1"));
    await fs.writeFile(path.join(root, "legacy.md"), Buffer.from("# Legacy\n\nCaf\u00e9.\n", "latin1"));
    await fs.writeFile(path.join(root, "index.md"), "# Home\n\n```py\n{{#include snippets/legacy.py}}\n```\n\n{{#include legacy.md}}\n");
    await fs.writeFile(path.join(root, "more.md"), "# More\n\n```py\n{{#include snippets/legacy.py}}\n```\n");
    const startIndexFile = path.join(root, ".start.json");

    const first = await readPageSources(root, await listContentFolder(root), { startIndexFile });
    const again = await readPageSources(root, await listContentFolder(root), { startIndexFile });

    const named = [
      { relativePath: "legacy.md", line: 3 },
      { relativePath: "snippets/legacy.py", line: 1 },
    ];
    expect(first.notUtf8).toEqual(named);
    expect(again.unchangedSinceLastStart).toBe(true);
    expect(again.notUtf8).toEqual(named);
  });
});
