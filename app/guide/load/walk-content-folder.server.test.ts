import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeWrittenDocsFolders, writeDocsFolder } from "../__fixtures__/written-docs-folder";
import { describeFolderWarning, type FolderWarning } from "./folder-warning";
import { walkContentFolder, type FoundFile } from "./walk-content-folder.server";

afterEach(removeWrittenDocsFolders);

const folderWith = async (files: Record<string, string>) => writeDocsFolder(files, "walk-");

function walk(folder: string): { found: string[]; warnings: string[] } {
  const found: FoundFile[] = [];
  const warnings: FolderWarning[] = [];
  walkContentFolder(folder, found, warnings);
  return { found: found.map((file) => file.relative).toSorted(), warnings: warnings.map(describeFolderWarning).toSorted() };
}

describe("a symbolic link inside the content folder", () => {
  it("to a dotfile, into .git or node_modules, is skipped with a warning, so that it publishes none of them under its own name", async () => {
    const folder = await folderWith({ "index.md": "# Home\n", ".env": "API_TOKEN=1\n", ".git/config": "[remote]\n", "node_modules/pkg/README.md": "# Pkg\n" });
    await fs.symlink(path.join(folder, ".env"), path.join(folder, "notes.txt"));
    await fs.symlink(path.join(folder, ".git"), path.join(folder, "gitstuff"));
    await fs.symlink(path.join(folder, "node_modules/pkg"), path.join(folder, "pkg"));
    const { found, warnings } = walk(folder);
    expect(found).toEqual(["index.md"]);
    expect(warnings).toEqual(
      [
        ["gitstuff", ".git"],
        ["notes.txt", ".env"],
        ["pkg", "node_modules/pkg"],
      ].map(([link, target]) => `${path.join(folder, link!)}: links to ${path.join(folder, target!)}, which the guide never lists (a dotfile, node_modules, a name with a control character); skipped`),
    );
  });

  it("to a page or a folder the guide lists is followed as before", async () => {
    const folder = await folderWith({ "index.md": "# Home\n", "guide/setup.md": "# Setup\n" });
    await fs.symlink(path.join(folder, "guide/setup.md"), path.join(folder, "setup-link.md"));
    await fs.symlink(path.join(folder, "guide"), path.join(folder, "handbook"));
    expect(walk(folder)).toEqual({ found: ["guide/setup.md", "handbook/setup.md", "index.md", "setup-link.md"], warnings: [] });
  });

  it("out of the folder, to a name with a control character, is named quoted, on one line and with no raw escape", async () => {
    const folder = await folderWith({ "index.md": "# Home\n" });
    const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "walk-outside-")));
    try {
      await fs.writeFile(path.join(outside, "\u001b[2Jclear.md"), "# Out\n");
      await fs.symlink(path.join(outside, "\u001b[2Jclear.md"), path.join(folder, "out.md"));
      const { warnings } = walk(folder);
      expect(warnings).toEqual([`${path.join(folder, "out.md")}: links to ${JSON.stringify(path.join(outside, "\u001b[2Jclear.md"))}, outside the content folder; skipped`]);
      expect(warnings[0]).not.toContain("\u001b");
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });
});
