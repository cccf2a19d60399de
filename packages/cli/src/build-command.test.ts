import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { buildCommand, counted, fileOfAddress } from "./build-command.ts";
import { UsageError } from "./command-line.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "build-command-"));
fs.mkdirSync(path.join(folder, "docs"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test.each(["ftp://docs.example.com", "docs.example.com", "javascript:alert(1)"])("--site-url %s is refused before anything is written", async (siteUrl) => {
  const out = path.join(folder, "site");
  await expect(buildCommand(path.join(folder, "docs"), { out, "site-url": siteUrl })).rejects.toThrow(UsageError);
  await expect(buildCommand(path.join(folder, "docs"), { out, "site-url": siteUrl })).rejects.toThrow(/^build: --site-url must be an absolute http\(s\) address/);
  expect(fs.existsSync(out)).toBe(false);
});

test("a --site-url whose path is not --base is refused before anything is written, naming --base", async () => {
  const out = path.join(folder, "site");
  await expect(buildCommand(path.join(folder, "docs"), { out, "site-url": "https://owner.github.io/tide-tables/" })).rejects.toThrow(
    /^build: --site-url names the host \(https:\/\/owner\.github\.io\); give its path with --base \/tide-tables\//,
  );
  await expect(buildCommand(path.join(folder, "docs"), { out, base: "/other/", "site-url": "https://owner.github.io/tide-tables/" })).rejects.toThrow(UsageError);
  await expect(buildCommand(path.join(folder, "docs"), { out, base: "/../up" })).rejects.toThrow(/^build: --base /);
  expect(fs.existsSync(out)).toBe(false);
});

test.each(["0", "-5", "2.5", "many", "", "1e3"])("--search-part-pages %j is refused before anything is written", async (pages) => {
  const out = path.join(folder, "site");
  await expect(buildCommand(path.join(folder, "docs"), { out, "search-part-pages": pages })).rejects.toThrow(/^build: --search-part-pages must be a whole number of pages from 1/);
  expect(fs.existsSync(out)).toBe(false);
});

test("a page is written at the file a static host answers its address with: the address decoded, never outside the export", () => {
  expect(fileOfAddress("/guide/nested/%C3%BCn%C3%AFc%C3%B6d%C3%A9%20page%20name.md")).toBe("guide/nested/ünïcödé page name.md");
  expect(fileOfAddress("/guide/%E4%BD%BF%E7%94%A8.data")).toBe("guide/使用.data");
  expect(fileOfAddress("/guide/100%25.md")).toBe("guide/100%.md");
  expect(fileOfAddress("/")).toBe("");
  for (const url of ["/guide/%2E%2E/%2E%2E/etc/passwd", "/guide/..", "/guide/a%2Fb", "/guide/a%5Cb", "/guide/a%00"]) {
    expect(() => fileOfAddress(url), url).toThrow(/names no file inside the export/);
  }
});

test("the export's last line counts pages and files in the singular for one", () => {
  expect([counted(1, "file"), counted(0, "file"), counted(5_000, "page")]).toEqual(["1 file", "0 files", "5,000 pages"]);
});
