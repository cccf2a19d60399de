import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { readKeptDescriptions, writeKeptDescriptions } from "./kept-descriptions.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
function keptFile(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kept-descriptions-"));
  folders.push(folder);
  return path.join(folder, "site", "descriptions.json");
}

test("every page's description is read back as written, written a thousand at a time: quotes, two-byte text, none at all", async () => {
  const file = keptFile();
  const descriptions = new Map(Array.from({ length: 2_345 }, (_, n) => [`part-${n}/page`, n % 3 === 0 ? `Says "${n}" — über’s \\ line\nnext` : n % 3 === 1 ? "" : `About ${n}.`]));
  await writeKeptDescriptions(file, "stamp\nfingerprint", descriptions);
  expect(await readKeptDescriptions(file, "stamp\nfingerprint")).toEqual(descriptions);
  // Exactly a thousand, and none: each a whole file.
  for (const size of [1_000, 0]) {
    const exact = new Map([...descriptions].slice(0, size));
    await writeKeptDescriptions(file, "stamp\nfingerprint", exact);
    expect(await readKeptDescriptions(file, "stamp\nfingerprint")).toEqual(exact);
  }
  expect(fs.readdirSync(path.dirname(file))).toEqual(["descriptions.json"]);
});

test("descriptions kept for other files, or a file cut short, read as none", async () => {
  const file = keptFile();
  await writeKeptDescriptions(file, "stamp\nfingerprint", new Map([["a", "About a."]]));
  expect(await readKeptDescriptions(file, "another stamp\nfingerprint")).toBeNull();
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").slice(0, -3));
  expect(await readKeptDescriptions(file, "stamp\nfingerprint")).toBeNull();
});
