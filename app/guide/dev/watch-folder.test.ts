import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchContentFolder } from "./watch-folder";

let root: string;
let docs: string;
let reported: string[];
let watcher: { close(): void } | null = null;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "watch-folder-"));
  docs = path.join(root, "docs");
  fs.mkdirSync(docs);
  fs.writeFileSync(path.join(docs, "index.md"), "# Home\n");
  reported = [];
});
afterEach(() => {
  watcher?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Waits until a change to `file` has been reported; the watch is set up in the background, so an edit is repeated until it is heard. */
async function heard(file: string, edit: () => void = () => fs.writeFileSync(file, `# Edited ${Date.now()}\n`)): Promise<void> {
  for (let waited = 0; !reported.includes(file); waited += 100) {
    if (waited >= 15_000) throw new Error(`no change reported of ${file}; heard ${JSON.stringify(reported)}`);
    if (waited % 1_000 === 0) edit();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("watching the content folder", () => {
  it("reports an edit, a new file and a removed one", async () => {
    watcher = watchContentFolder(docs, (file) => reported.push(file));
    await heard(path.join(docs, "index.md"));
    await heard(path.join(docs, "new.md"));
    fs.rmSync(path.join(docs, "new.md"));
    reported = [];
    await heard(path.join(docs, "new.md"), () => {});
  });

  it("does not report the folder's symbolic links as added when the watch starts (one out of the folder, one to a folder above)", async () => {
    fs.writeFileSync(path.join(root, "outside.md"), "# Outside\n");
    fs.symlinkSync(path.join(root, "outside.md"), path.join(docs, "outside.md"));
    fs.symlinkSync("..", path.join(docs, "loop"));
    watcher = watchContentFolder(docs, (file) => reported.push(file));
    await heard(path.join(docs, "index.md"));
    expect(reported.filter((file) => file !== path.join(docs, "index.md"))).toEqual([]);
  });

  it("follows the folder when it is removed and made again (a branch checked out without it, then back), reporting the folder itself for the guide to load again", async () => {
    watcher = watchContentFolder(docs, (file) => reported.push(file));
    await heard(path.join(docs, "index.md"));
    reported = [];
    fs.rmSync(docs, { recursive: true });
    // Gone for a while, as for a checkout: the removal is reported, and the watch of the old folder ends.
    await heard(path.join(docs, "index.md"), () => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, "back.md"), "# Back\n");
    // The new folder as a whole, for the guide to load again, then its files' changes as before.
    reported = [];
    await heard(docs, () => {});
    await heard(path.join(docs, "back.md"));
  });

  it("does not watch the same folder afresh when only its time changes", async () => {
    let readied = 0;
    watcher = watchContentFolder(docs, (file) => {
      reported.push(file);
      if (file === docs) readied++;
    });
    await heard(path.join(docs, "index.md"));
    fs.utimesSync(docs, new Date(), new Date(Date.now() - 60_000));
    fs.mkdirSync(path.join(docs, "guide"));
    await heard(path.join(docs, "guide", "setup.md"));
    expect(readied).toBe(0);
  });
});
