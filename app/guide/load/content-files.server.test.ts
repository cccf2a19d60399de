import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentFile } from "../guide-types";
import { ContentFiles, fileVersion } from "./content-files.server";

const ROOT = path.join(path.sep, "docs");
const MTIME = 1_764_201_234_567.125;

function files(): ContentFiles {
  const listed = new ContentFiles(ROOT);
  listed.add("", "logo.svg", null, 10, MTIME);
  listed.add("img/charts", "q1.png", null, 2_048, MTIME + 1);
  listed.add("img", "photo.jpg", path.join(path.sep, "docs", "shared", "photo.jpg"), 4_096, MTIME + 2);
  return listed;
}

/** A file's fields, read as its users read them (its path and version are made when read). */
const fieldsOf = (file: ContentFile | undefined) => file && { path: file.path, size: file.size, mtimeMs: file.mtimeMs, version: file.version };

describe("the content folder's files", () => {
  it("answers a file by its path in the folder: where it is listed, its size and time, and its version from them", () => {
    expect(fieldsOf(files().get("img/charts/q1.png"))).toEqual({ path: path.join(ROOT, "img", "charts", "q1.png"), size: 2_048, mtimeMs: MTIME + 1, version: fileVersion(2_048, MTIME + 1) });
    expect(fieldsOf(files().get("logo.svg"))).toEqual({ path: path.join(ROOT, "logo.svg"), size: 10, mtimeMs: MTIME, version: fileVersion(10, MTIME) });
  });

  it("answers the real path of a file reached through a symbolic link", () => {
    expect(files().get("img/photo.jpg")?.path).toBe(path.join(path.sep, "docs", "shared", "photo.jpg"));
  });

  it("answers nothing for a path it does not list exactly", () => {
    const listed = files();
    for (const asked of ["", "img", "img/", "charts/q1.png", "q1.png", "/logo.svg", "./logo.svg", "img//photo.jpg", "img/charts/../photo.jpg", "../docs/logo.svg", "LOGO.svg"]) {
      expect(listed.get(asked), asked).toBeUndefined();
      expect(listed.has(asked), asked).toBe(false);
    }
  });

  it("lists its files in the order they were added, as a Map does, and a file added again in its first place with its new size and path", () => {
    const listed = files();
    listed.add("img/charts", "q1.png", path.join(path.sep, "elsewhere", "q1.png"), 3_000, MTIME + 5);
    expect(listed.size).toBe(3);
    expect([...listed.keys()]).toEqual(["logo.svg", "img/charts/q1.png", "img/photo.jpg"]);
    expect([...listed].map(([key, file]) => [key, fieldsOf(file)])).toEqual([...listed.keys()].map((key) => [key, fieldsOf(listed.get(key))]));
    expect(listed.get("img/charts/q1.png")).toMatchObject({ path: path.join(path.sep, "elsewhere", "q1.png"), size: 3_000 });
    listed.add("img/charts", "q1.png", null, 3_000, MTIME + 5);
    expect(listed.get("img/charts/q1.png")?.path).toBe(path.join(ROOT, "img", "charts", "q1.png"));
    const seen: string[] = [];
    listed.forEach((file, relativePath) => seen.push(`${relativePath} ${file.size}`));
    expect(seen).toEqual(["logo.svg 10", "img/charts/q1.png 3000", "img/photo.jpg 4096"]);
    expect([...listed.values()].map((file) => file.size)).toEqual([10, 3_000, 4_096]);
  });
});
