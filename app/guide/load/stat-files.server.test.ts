import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { statFiles } from "./stat-files.server";

let folder = "";
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

test("a worker thread stats its half as this thread would: each file's size and time, in order, and null for one gone", async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "stat-files-"));
  const files = Array.from({ length: 9 }, (_, index) => path.join(folder, `chart-${index}.svg`));
  files.forEach((file, index) => fs.writeFileSync(file, "<svg/>".repeat(index + 1)));
  fs.mkdirSync(path.join(folder, "img"));
  const all = [...files, path.join(folder, "gone.png"), path.join(folder, "img")];
  const onTwoThreads = await statFiles(all, 1);
  expect(onTwoThreads).toEqual(await statFiles(all, Number.POSITIVE_INFINITY));
  expect(onTwoThreads.map((stat) => stat?.size)).toEqual([...files.map((_, index) => 6 * (index + 1)), undefined, expect.any(Number)]);
  expect(onTwoThreads.at(-2)).toBeNull();
  expect(onTwoThreads.at(-1)?.isFile).toBe(false);
  expect(onTwoThreads[8]?.mtimeMs).toBe(fs.statSync(files[8]!).mtimeMs);
});
