import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
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
    fs.mkdirSync(path.join(out, "guide"));
    fs.symlinkSync("/dev/full", path.join(out, "guide", "index.html"));
    let failure: NodeJS.ErrnoException | undefined;
    try {
      output.write("guide/index.html", "<!DOCTYPE html>");
    } catch (error) {
      failure = error as NodeJS.ErrnoException;
    }
    expect(failure).toMatchObject({ code: "ENOSPC", path: path.join(out, "guide", "index.html") });
    expect(failure!.message).toBe(`ENOSPC: no space left on device, write '${path.join(out, "guide", "index.html")}'`);
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
    expect(fs.existsSync(path.join(out, "guide", "setup"))).toBe(false);
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
    fs.symlinkSync("/dev/full", path.join(out, "404.html"));
    const failed = removedIfStopped(output, async () => {
      output.write("index.html", "<!DOCTYPE html>");
      output.write("404.html", "<!DOCTYPE html>");
    });
    await expect(failed).rejects.toMatchObject({ code: "ENOSPC", message: `ENOSPC: no space left on device, write '${path.join(out, "404.html")}'; the 2 files it had written were removed` });
    expect(filesIn(out)).toEqual([]);
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

/** Runs `body` as an export's work into `out`, in a process of its own, with a time limit. */
function exportInAProcess(body: string) {
  const module = JSON.stringify(fileURLToPath(new URL("./export-writer.ts", import.meta.url)));
  const script = `import { createExportWriter, removedIfStopped } from ${module};
const output = createExportWriter(${JSON.stringify(out)});
await removedIfStopped(output, async () => {${body}
});`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
}
