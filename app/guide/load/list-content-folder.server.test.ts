import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeWrittenDocsFolders, writeDocsFolder } from "../__fixtures__/written-docs-folder";
import { describeFolderWarning } from "./folder-warning";
import { fileVersion } from "./content-files.server";
import { listContentFolder } from "./list-content-folder.server";
import { LIMITS } from "./listing-limits";

afterEach(removeWrittenDocsFolders);

const folderWith = async (files: Record<string, string | Buffer>) => writeDocsFolder(files, "listing-");

describe("the limits of a content folder", () => {
  it("refuses a 5 MB Markdown file with a message naming the file, its size and the limit", async () => {
    const paragraph = "The keeper writes down every lantern before the bell rings twice.\n\n";
    const root = await folderWith({
      "index.md": "# Docs\n",
      "reference/changelog.md": `# Changelog\n\n${paragraph.repeat(Math.ceil((5 * 1000 * 1000) / paragraph.length))}`,
    });
    await expect(listContentFolder(root)).rejects.toThrow(
      new RegExp(`${escape(path.join(root, "reference/changelog.md"))}: 4\\.8 MB of Markdown, over the limit of 2\\.0 MB for one page`),
    );
  });

  it("holds mdBook's SUMMARY.md to the same limit, before it is parsed", async () => {
    const root = await folderWith({ "README.md": "# Book\n", "SUMMARY.md": `# Summary\n\n${"- [Chapter](README.md)\n".repeat(LIMITS.markdownBytes / 20)}` });
    await expect(listContentFolder(root)).rejects.toThrow(/SUMMARY\.md: 2\.\d MB of Markdown, over the limit/);
  });

  it(`refuses a folder of more than ${LIMITS.pages.toLocaleString("en")} pages, or ${LIMITS.files.toLocaleString("en")} files, with a message saying so`, async () => {
    const root = await folderWith({ "a.md": "# A\n", "b.md": "# B\n", "c.md": "# C\n", "img/d.png": "png", "img/e.png": "png" });
    // The limits as they are, made small: a folder of 100,001 pages is a minute of writing files.
    const limits = LIMITS as { pages: number; files: number };
    const { pages, files } = limits;
    try {
      limits.pages = 2;
      await expect(listContentFolder(root)).rejects.toThrow(`${root}: more than 2 Markdown files, the most one guide serves`);
      limits.pages = pages;
      limits.files = 4;
      await expect(listContentFolder(root)).rejects.toThrow(`${root}: more than 4 files, the most one guide lists`);
    } finally {
      Object.assign(limits, { pages, files });
    }
    expect((await listContentFolder(root)).markdown).toHaveLength(3);
  });

  it("lists a large folder's files statted on two threads as on one", async () => {
    const root = await folderWith({ "index.md": "# Docs\n", "_shared.md": "Shared\n", "guide/setup.md": "# Setup\n", "guide/_category_.json": '{"label":"The guide"}', "img/a.png": "png", "img/b.svg": "<svg/>" });
    await fs.symlink(path.join(root, "guide/setup.md"), path.join(root, "setup-link.md"));
    expect(await listContentFolder(root, { statInWorkerFrom: 1 })).toEqual(await listContentFolder(root));
  });

  it("lists a Markdown file just under the limit", async () => {
    const root = await folderWith({ "big.md": `# Big\n\n${"a".repeat(LIMITS.markdownBytes - 20)}\n` });
    const listing = await listContentFolder(root);
    expect(listing.markdown.map((entry) => entry.relativePath)).toEqual(["big.md"]);
  });

  it("lists Markdown as pages and other files as files, never a dotfile", async () => {
    const root = await folderWith({ "a.md": "# A\n", "b.md": "# B\n", "img/logo.png": Buffer.from([0x89, 0x50]), ".env": "SECRET=1\n" });
    const listing = await listContentFolder(root);
    expect(listing.markdown).toHaveLength(2);
    expect([...listing.files.keys()]).toEqual(["img/logo.png"]);
  });

  it("skips a file or folder whose name has a control character, with a warning naming it on one line", async () => {
    const root = await folderWith({ "a.md": "# A\n", "new\nline.md": "# B\n", "tab\there/c.md": "# C\n", "img/bell\u0007.png": "png" });
    const listing = await listContentFolder(root);
    expect(listing.markdown.map((entry) => entry.relativePath)).toEqual(["a.md"]);
    expect([...listing.files.keys()]).toEqual([]);
    expect(listing.warnings.map(describeFolderWarning).toSorted()).toEqual(
      ["img/bell\u0007.png", "new\nline.md", "tab\there"].map((name) => `${JSON.stringify(path.join(root, name))}: a name with a control character (a line break, a tab); skipped`).toSorted(),
    );
  });

  it("lists MDX files (Docusaurus, Starlight) as pages, not as files to download", async () => {
    const root = await folderWith({ "index.mdx": "# Home\n", "guides/charts.MDX": "# Charts\n", "guides/chart.png": "png" });
    const listing = await listContentFolder(root);
    expect(listing.markdown.map((entry) => entry.relativePath)).toEqual(["guides/charts.MDX", "index.mdx"]);
    expect([...listing.files.keys()]).toEqual(["guides/chart.png"]);
  });

  it("lists partials (`_name.md`, Markdown in `_folders`) apart, for pages to include, and never as pages or files", async () => {
    const root = await folderWith({ "a.md": "# A\n", "_shared.md": "Shared\n", "_parts/intro.md": "Intro\n", "_parts/chart.png": "png" });
    const listing = await listContentFolder(root);
    expect(listing.markdown.map((entry) => entry.relativePath)).toEqual(["a.md"]);
    expect([...listing.partials.keys()].sort()).toEqual(["_parts/intro.md", "_shared.md"]);
    expect([...listing.files.keys()]).toEqual(["_parts/chart.png"]);
  });
});

describe("a file's version", () => {
  it("is the same for the same size and time, and changes with either, down to a microsecond of the time", () => {
    const mtimeMs = 1_795_000_000_123.456;
    expect(fileVersion(2048, mtimeMs)).toBe(fileVersion(2048, mtimeMs));
    expect(fileVersion(2049, mtimeMs)).not.toBe(fileVersion(2048, mtimeMs));
    expect(fileVersion(2048, mtimeMs + 0.001)).not.toBe(fileVersion(2048, mtimeMs));
    expect(fileVersion(2048, mtimeMs)).toMatch(/^[\w-]{6,}$/);
  });

  it("is the one a listed file carries, taken from its size and time", async () => {
    const root = await folderWith({ "index.md": "# Docs\n", "img/chart.svg": "<svg/>" });
    const stat = await fs.stat(path.join(root, "img/chart.svg"));
    expect((await listContentFolder(root)).files.get("img/chart.svg")?.version).toBe(fileVersion(stat.size, stat.mtimeMs));
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
