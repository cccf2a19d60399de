import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { EXPORT_MARKER } from "./export-folder.ts";
import { createExportWriter, removedIfStopped } from "./export-writer.ts";

let out: string;
beforeEach(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "export-writer-"));
});
afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

/** Every file and link under `folder`, relative to it. */
const filesIn = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();

describe("the export's writer", () => {
  // /dev/full answers every write as a full disk does; a link to it stands in for one.
  test.runIf(fs.existsSync("/dev/full"))("a write the disk has no room for fails naming the file, which Node's own message does not", () => {
    const output = createExportWriter(out);
    fs.mkdirSync(path.join(output.folder, "guide"));
    fs.symlinkSync("/dev/full", path.join(output.folder, "guide", "index.html"));
    let failure: NodeJS.ErrnoException | undefined;
    try {
      output.write("guide/index.html", "<!DOCTYPE html>");
    } catch (error) {
      failure = error as NodeJS.ErrnoException;
    }
    expect(failure).toMatchObject({ code: "ENOSPC", path: path.join(output.folder, "guide", "index.html") });
    expect(failure!.message).toBe(`ENOSPC: no space left on device, write '${path.join(output.folder, "guide", "index.html")}'`);
  });

  test("abandoning removes every file written, the folders made for them, and nothing of the user's beside them", () => {
    fs.writeFileSync(path.join(out, "CNAME"), "docs.example.com\n");
    fs.mkdirSync(path.join(out, "guide"));
    fs.writeFileSync(path.join(out, "guide", "notes.txt"), "mine\n");
    const output = createExportWriter(out);
    output.write("index.html", "<!DOCTYPE html>");
    output.write("guide/index.html", "<!DOCTYPE html>");
    output.write("guide/setup/index.html", "<!DOCTYPE html>");
    expect(output.abandon()).toBe(3);
    expect(filesIn(out)).toEqual(["CNAME", "guide/notes.txt"]);
    expect(fs.readdirSync(out).sort()).toEqual(["CNAME", "guide"]);
  });

  test("an export that fails removes what it wrote and says so in the failure's own message", async () => {
    const output = createExportWriter(out);
    const failed = removedIfStopped(output, async () => {
      output.write("index.html", "<!DOCTYPE html>");
      output.write("guide/index.html", "<!DOCTYPE html>");
      throw new Error("/guide/setup answered 500 while exporting");
    });
    await expect(failed).rejects.toThrow("/guide/setup answered 500 while exporting; the 2 files it had written were removed");
    expect(filesIn(out)).toEqual([]);
    // One that fails before writing anything (front matter that does not parse) is its own message alone.
    await expect(removedIfStopped(createExportWriter(out), async () => Promise.reject(new Error("a.md:3:1: bad front matter")))).rejects.toThrow(/^a\.md:3:1: bad front matter$/);
  });

  test.runIf(fs.existsSync("/dev/full"))("the file whose write failed is removed with the rest, though the disk may have taken part of it", async () => {
    const output = createExportWriter(out);
    fs.symlinkSync("/dev/full", path.join(output.folder, "404.html"));
    const failed = removedIfStopped(output, async () => {
      output.write("index.html", "<!DOCTYPE html>");
      output.write("404.html", "<!DOCTYPE html>");
    });
    await expect(failed).rejects.toMatchObject({ code: "ENOSPC", message: `ENOSPC: no space left on device, write '${path.join(output.folder, "404.html")}'; the 2 files it had written were removed` });
    expect(filesIn(out)).toEqual([]);
  });

  test("until it is whole, an export is written beside the earlier one, which an export that fails leaves as it was", async () => {
    const before = earlierExport();
    const output = createExportWriter(out, before.files);
    const failed = removedIfStopped(output, async () => {
      output.write("index.html", "<p>new</p>");
      expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toBe("<p>old</p>");
      throw new Error("/guide/setup answered 500 while exporting");
    });
    await expect(failed).rejects.toThrow("/guide/setup answered 500 while exporting; the file it had written was removed");
    expect(contentsOf(out)).toEqual(before.contents);
  });

  test("once whole, it replaces the earlier export's files, and the user's files beside them stay", () => {
    const { files } = earlierExport();
    const output = createExportWriter(out, files);
    output.write("index.html", "<p>new</p>");
    output.write("guide/setup/index.html", "<p>new</p>");
    output.finish();
    expect(contentsOf(out)).toEqual({
      [EXPORT_MARKER]: `${JSON.stringify({ writtenBy: "themed-guide build", files: ["guide/setup/index.html", "index.html"] }, null, 1)}\n`,
      CNAME: "docs.example.com\n",
      "guide/notes.txt": "mine\n",
      "guide/setup/index.html": "<p>new</p>",
      "index.html": "<p>new</p>",
    });
  });

  test("a file of the user's where the export writes one stops it at that write, and the earlier export stays", async () => {
    const before = earlierExport();
    const output = createExportWriter(out, before.files);
    const failed = removedIfStopped(output, async () => {
      output.write("index.html", "<p>new</p>");
      output.write("CNAME", "new.example.com\n");
    });
    await expect(failed).rejects.toThrow(`--out ${out} holds CNAME, which this export writes and no earlier export wrote: move it out of the folder, then build again; the file it had written was removed`);
    expect(contentsOf(out)).toEqual(before.contents);
  });

  test("a file of the user's put in the way while the export ran is found before anything is replaced", async () => {
    const before = earlierExport();
    const output = createExportWriter(out, before.files);
    const failed = removedIfStopped(output, async () => {
      output.write("robots.txt", "User-agent: *\n");
      fs.writeFileSync(path.join(out, "robots.txt"), "mine\n");
      output.finish();
    });
    await expect(failed).rejects.toThrow(`--out ${out} holds robots.txt, which this export writes`);
    expect(contentsOf(out)).toEqual({ ...before.contents, "robots.txt": "mine\n" });
  });

  test("a link where the export needs a folder is refused, never written through", () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "export-writer-elsewhere-"));
    try {
      fs.symlinkSync(elsewhere, path.join(out, "assets"));
      const output = createExportWriter(out);
      expect(() => output.write("assets/app.js", "new")).toThrow(`--out ${out} holds assets, which this export writes`);
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true });
    }
  });

  // In a child process: the signal ends the process the export runs in.
  test("an export interrupted (SIGTERM, as a CI job's time limit sends) removes what it wrote and ends with 143", () => {
    const { status, stderr } = exportInAProcess(`
  output.write("index.html", "<!DOCTYPE html>");
  output.write("guide/index.html", "<!DOCTYPE html>");
  setTimeout(() => process.kill(process.pid, "SIGTERM"), 10);
  await new Promise((resolve) => setTimeout(resolve, 20_000));`);
    expect({ status, stderr }).toEqual({ status: 143, stderr: "themed-guide: build stopped by SIGTERM; the 2 files it had written were removed\n" });
    expect(filesIn(out)).toEqual([]);
  });

  test("an export left waiting on a process that ended without answering stops with one line and exit status 1, removing what it wrote", () => {
    // A promise nothing will settle, as when Pagefind's process is killed while the export waits on its answer.
    const { status, stderr } = exportInAProcess(`
  output.write("index.html", "<!DOCTYPE html>");
  await new Promise(() => {});`);
    expect({ status, stderr }).toEqual({ status: 1, stderr: "themed-guide: build stopped: a process it was waiting on ended without answering (out of memory?); the file it had written was removed\n" });
    expect(filesIn(out)).toEqual([]);
  });
});

/** An earlier export in `out` (its marker lists index.html and guide/old/index.html), with two files of the user's beside it. */
function earlierExport() {
  fs.mkdirSync(path.join(out, "guide", "old"), { recursive: true });
  fs.writeFileSync(path.join(out, "index.html"), "<p>old</p>");
  fs.writeFileSync(path.join(out, "guide", "old", "index.html"), "<p>old</p>");
  fs.writeFileSync(path.join(out, EXPORT_MARKER), JSON.stringify({ files: ["guide/old/index.html", "index.html"] }));
  fs.writeFileSync(path.join(out, "CNAME"), "docs.example.com\n");
  fs.writeFileSync(path.join(out, "guide", "notes.txt"), "mine\n");
  return { files: ["guide/old/index.html", "index.html"], contents: contentsOf(out) };
}

/** Every file under `folder` with what it holds; nothing else may be there (a folder left empty, the export's own). */
function contentsOf(folder: string): Record<string, string> {
  const entries = fs.readdirSync(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => !entry.isDirectory());
  const emptyFolders = entries.filter((entry) => entry.isDirectory() && fs.readdirSync(path.join(entry.parentPath, entry.name)).length === 0);
  expect(emptyFolders.map((entry) => entry.name)).toEqual([]);
  return Object.fromEntries(files.map((entry) => [path.relative(folder, path.join(entry.parentPath, entry.name)), fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8")]));
}

/** Runs `body` as an export's work into `out`, in a process of its own, with a time limit. */
function exportInAProcess(body: string) {
  const module = JSON.stringify(fileURLToPath(new URL("./export-writer.ts", import.meta.url)));
  const script = `import { createExportWriter, removedIfStopped } from ${module};
const output = createExportWriter(${JSON.stringify(out)});
await removedIfStopped(output, async () => {${body}
});`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
}
