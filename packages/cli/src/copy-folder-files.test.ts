import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeWrittenDocsFolders, writeDocsFolder } from "../../../app/guide/__fixtures__/written-docs-folder";
import { copyFolderFiles } from "./copy-folder-files.ts";

afterEach(removeWrittenDocsFolders);

describe("the folder's files copied into an export", () => {
  it("are the files listed, read where they were listed, the ones that run script named", async () => {
    const root = writeDocsFolder({ "img/logo.png": "png", "report.html": "<p>report</p>" }, "copy-files-");
    const written = new Map<string, string>();
    const listed = ["img/logo.png", "report.html"].map((file) => ({ file, path: path.join(root, file) }));
    const copied = await copyFolderFiles(listed, (file, content) => written.set(file, content.toString()));
    expect(Object.fromEntries(written)).toEqual({ "img/logo.png": "png", "report.html": "<p>report</p>" });
    expect(copied).toEqual({ active: ["report.html"], leftOut: [] });
  });

  it("leave out a file whose folder was made a link out of the docs folder since it was listed, and one gone", async () => {
    const root = writeDocsFolder({ "img/logo.png": "png", "img/other.png": "png", "gone.pdf": "pdf" }, "copy-files-");
    const outside = writeDocsFolder({ "logo.png": "not for the web" }, "copy-outside-");
    const listed = ["img/logo.png", "gone.pdf"].map((file) => ({ file, path: path.join(root, file) }));
    fs.renameSync(path.join(root, "img"), path.join(root, "img-before"));
    fs.symlinkSync(outside, path.join(root, "img"));
    fs.rmSync(path.join(root, "gone.pdf"));
    const written: string[] = [];
    const copied = await copyFolderFiles(listed, (file) => written.push(file));
    expect(written).toEqual([]);
    expect(copied.leftOut).toEqual(["img/logo.png", "gone.pdf"]);
  });
});
