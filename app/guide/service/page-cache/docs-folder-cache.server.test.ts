import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { warnOnceOfCacheFolder, writableCacheFolder } from "./docs-folder-cache.server";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "writable-cache-folder-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a cache folder tried before use", () => {
  it("is made with its parents, and left as it was found but for that: no file of the trial stays", () => {
    const warnings: string[] = [];
    const folder = path.join(root, "cache", "site");
    expect(writableCacheFolder(folder, warnOnceOfCacheFolder(folder, (message) => warnings.push(message)))).toBe(folder);
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("loses the file of descriptions an earlier version kept there, and nothing else", () => {
    const folder = path.join(root, "site");
    fs.mkdirSync(folder);
    for (const name of ["descriptions.json", "search.sqlite", "start.json"]) fs.writeFileSync(path.join(folder, name), "{}");
    expect(writableCacheFolder(folder, warnOnceOfCacheFolder(folder, () => {}))).toBe(folder);
    expect(fs.readdirSync(folder).sort()).toEqual(["search.sqlite", "start.json"]);
  });

  it("is not used where it cannot be made, and said once however often it is tried", () => {
    const warnings: string[] = [];
    fs.writeFileSync(path.join(root, "file"), "kept");
    const folder = path.join(root, "file", "site");
    // Tried again as `themed-guide dev` does on every save, each time with a reporter of its own.
    expect(writableCacheFolder(folder, warnOnceOfCacheFolder(folder, (message) => warnings.push(message)))).toBeNull();
    expect(writableCacheFolder(folder, warnOnceOfCacheFolder(folder, (message) => warnings.push(message)))).toBeNull();
    expect(warnings).toEqual([`Cache folder ${folder}: cannot write (ENOTDIR); from now on pages are rendered on demand and the search index is kept in memory`]);
    expect(fs.readFileSync(path.join(root, "file"), "utf8")).toBe("kept");
  });
});
