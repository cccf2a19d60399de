import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { UsageError } from "./command-line.ts";
import { EXPORT_MARKER, makeStagingFolder, prepareExportFolder, recordExport, STAGING_FOLDER } from "./export-folder.ts";
import { createExportWriter } from "./export-writer.ts";

let root: string;
let docs: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "export-folder-"));
  docs = path.join(root, "docs");
  fs.mkdirSync(docs);
  fs.writeFileSync(path.join(docs, "index.md"), "# Docs\n");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const refusal = (out: string) => {
  try {
    prepareExportFolder(out, docs);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${out} was not refused`);
};

/** Every file under `folder`, relative to it. */
const filesIn = (folder: string) => fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();

describe("the export's folder", () => {
  test("a folder that does not exist is made, with its parents", () => {
    const out = path.join(root, "site", "public");
    prepareExportFolder(out, docs);
    expect(fs.statSync(out).isDirectory()).toBe(true);
  });

  // In a child process with a time limit: a hang in a synchronous call would stop the test run itself, not fail a test.
  test.runIf(fs.existsSync("/proc/self"))("a folder the system cannot make is the system's error at once, not a hang (--out /proc/x)", () => {
    const module = JSON.stringify(fileURLToPath(new URL("./export-folder.ts", import.meta.url)));
    const script = `import { prepareExportFolder } from ${module};\ntry { prepareExportFolder("/proc/themed-guide-no-such-folder", ${JSON.stringify(docs)}); console.log("made"); } catch (error) { console.log(error.code); }`;
    const { stdout, signal } = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
    expect({ signal, stdout: stdout.trim() }).toEqual({ signal: null, stdout: "ENOENT" });
  });

  test("an empty folder is used as it is", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    prepareExportFolder(out, docs);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  test("a folder with files of the user's is refused, and nothing in it is touched", () => {
    const out = path.join(root, "project");
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, "notes.txt"), "mine");
    expect(refusal(out)).toBe(`--out ${out} is not empty and is not an earlier export: choose a new or empty folder`);
    expect(filesIn(out)).toEqual(["notes.txt"]);
  });

  test("the docs folder itself, a folder inside it and a folder around it are refused", () => {
    expect(refusal(docs)).toMatch(/is inside the docs folder/);
    expect(refusal(path.join(docs, "site"))).toMatch(/is inside the docs folder/);
    expect(fs.existsSync(path.join(docs, "site"))).toBe(false);
    expect(refusal(root)).toMatch(/holds the docs folder/);
    expect(filesIn(docs)).toEqual(["index.md"]);
  });

  test("a folder inside the docs folder reached through a symbolic link is refused too", () => {
    fs.symlinkSync(docs, path.join(root, "link"));
    expect(refusal(path.join(root, "link", "site"))).toMatch(/is inside the docs folder/);
  });

  test("a file is refused", () => {
    const out = path.join(root, "site.html");
    fs.writeFileSync(out, "<p>mine</p>");
    expect(refusal(out)).toBe(`--out ${out} is not a folder`);
  });

  test("an earlier export's files are kept for the new export to replace once it is whole, and their list is returned", () => {
    const out = path.join(root, "site");
    prepareExportFolder(out, docs);
    fs.mkdirSync(path.join(out, "guide", "a"), { recursive: true });
    fs.writeFileSync(path.join(out, "index.html"), "old");
    fs.writeFileSync(path.join(out, "guide", "a", "index.html"), "old");
    recordExport(out, ["index.html", "guide/a/index.html"]);
    fs.writeFileSync(path.join(out, "CNAME"), "docs.example.com");

    expect(prepareExportFolder(out, docs)).toEqual(["guide/a/index.html", "index.html"]);
    expect(filesIn(out)).toEqual([EXPORT_MARKER, "CNAME", "guide/a/index.html", "index.html"].sort());
  });

  test("what a build killed before it could clean up left (its own folder, marked) is removed, and the folder taken as it was", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    const staging = makeStagingFolder(out);
    fs.mkdirSync(path.join(staging, "guide"));
    fs.writeFileSync(path.join(staging, "guide", "index.html"), "half");
    expect(prepareExportFolder(out, docs)).toEqual([]);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  test("a folder of that name without the export's mark is the user's: the folder is refused and nothing in it removed", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(path.join(out, STAGING_FOLDER), { recursive: true });
    fs.writeFileSync(path.join(out, STAGING_FOLDER, "notes.txt"), "mine");
    expect(refusal(out)).toBe(`--out ${out} is not empty and is not an earlier export: choose a new or empty folder`);
    expect(filesIn(out)).toEqual([path.join(STAGING_FOLDER, "notes.txt")]);
    // Beside an earlier export too, where the new export would be written: said in a sentence, not a system error.
    recordExport(out, []);
    expect(refusal(out)).toBe(`--out ${out} holds ${STAGING_FOLDER}, which no build made: move it out of the folder, then build again`);
    expect(filesIn(out)).toEqual([EXPORT_MARKER, path.join(STAGING_FOLDER, "notes.txt")].sort());
  });

  test("a marker that names files outside the folder removes nothing outside it", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, EXPORT_MARKER), JSON.stringify({ files: ["../docs/index.md", path.join(docs, "index.md"), "."] }));
    createExportWriter(out, prepareExportFolder(out, docs)).finish();
    expect(filesIn(docs)).toEqual(["index.md"]);
  });

  test("a marker that names a file through a link out of the folder removes nothing through it", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    fs.symlinkSync(docs, path.join(out, "linked"));
    fs.writeFileSync(path.join(out, EXPORT_MARKER), JSON.stringify({ files: ["linked/index.md"] }));
    createExportWriter(out, prepareExportFolder(out, docs)).finish();
    expect(filesIn(docs)).toEqual(["index.md"]);
  });

  // /dev/full answers every write as a full disk does; a link to it where the marker is written stands in for one.
  test.runIf(fs.existsSync("/dev/full"))("the marker is replaced whole or not at all: a disk that fills while it is written leaves the one before", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    recordExport(out, ["index.html"]);
    const before = fs.readFileSync(path.join(out, EXPORT_MARKER), "utf8");
    const through = path.join(root, "staging");
    fs.mkdirSync(through);
    fs.symlinkSync("/dev/full", path.join(through, `${EXPORT_MARKER}.partial`));
    expect(() => recordExport(out, ["index.html", "guide/index.html"], through)).toThrow(/ENOSPC/);
    expect(fs.readFileSync(path.join(out, EXPORT_MARKER), "utf8")).toBe(before);
  });

  test("a marker that cannot be read is refused, and nothing is removed", () => {
    const out = path.join(root, "site");
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, "page.html"), "mine");
    fs.writeFileSync(path.join(out, EXPORT_MARKER), "not json");
    expect(refusal(out)).toMatch(/cannot be read: remove the folder's files by hand/);
    expect(filesIn(out)).toEqual([EXPORT_MARKER, "page.html"].sort());
  });
});
