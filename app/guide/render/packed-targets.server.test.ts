import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, test } from "vitest";
import { packTargets, unpackTargets } from "./packed-targets.server";
import type { UrlTargets } from "./resolve-url.server";

// Keys that sort close together: prefixes of each other, the root folder's
// empty name, letters outside ASCII, and a character outside the Basic
// Multilingual Plane (two UTF-16 code units) beside one above the surrogates.
const FILES = ["", "a", "a/b", "a/b.md", "a/b.mdx", "a-b.md", "A.md", "ä/ü.md", "日本/はじめに.md", "😀.md", "\uff01.md", "z/index.md"];
const ABSENT = ["a/", "a/b.m", "a/b.mdxx", "b", "ä", "日本", "😀", "\uff01", "z/index", " a", "A"];

function targetsOf(files: string[]): UrlTargets {
  return {
    pages: new Map(files.map((file) => [file, `/guide/${file}#page`])),
    folders: new Map(files.map((file) => [file, `/guide/${file}#folder`])),
    pageUrls: new Set(files.map((file) => `/guide/${file}`)),
    files: new Map(files.map((file) => [file, { path: `/docs/${file}`, size: 1, mtimeMs: 2, version: `v-${file}` }])),
    sitePaths: new Set(["/appearance"]),
    repositoryPaths: ["docs"],
    basePath: "/base",
  };
}

describe("the link targets a render worker is sent", () => {
  test("answer every lookup as the Maps they were packed from do, for each key and for keys that are not there", () => {
    const targets = targetsOf(FILES);
    const lookups = unpackTargets(packTargets(targets));

    for (const key of [...FILES, ...ABSENT]) {
      expect(lookups.pages.get(key), key).toBe(targets.pages.get(key));
      expect(lookups.folders.get(key), key).toBe(targets.folders.get(key));
      expect(lookups.pageUrls.has(`/guide/${key}`), key).toBe(targets.pageUrls.has(`/guide/${key}`));
      expect(lookups.files.get(key), key).toEqual(targets.files.has(key) ? { version: `v-${key}` } : undefined);
    }
    expect(lookups).toMatchObject({ sitePaths: targets.sitePaths, repositoryPaths: ["docs"], basePath: "/base" });
  });

  test("answer nothing when the folder has no pages or files", () => {
    const lookups = unpackTargets(packTargets(targetsOf([])));

    expect(lookups.pages.get("")).toBeUndefined();
    expect(lookups.pageUrls.has("/guide")).toBe(false);
    expect(lookups.files.get("a.png")).toBeUndefined();
  });

  test("cross to a process as a few strings and arrays whatever the folder's size, not an object for each target", () => {
    const files = Array.from({ length: 5000 }, (_, index) => `section-${index % 50}/page-${index}.md`);
    const packed = packTargets(targetsOf(files));

    for (const table of [packed.pages, packed.folders, packed.pageUrls, packed.files]) {
      expect(Object.values(table).map((part) => (typeof part === "string" ? "string" : part.constructor.name))).toEqual([
        "string",
        "Uint32Array",
        "string",
        "Uint32Array",
      ]);
    }
    // As the worker receives it: structured-cloned ("advanced" serialisation).
    const received = unpackTargets(v8.deserialize(v8.serialize(packed)));
    expect(received.pages.get("section-7/page-4007.md")).toBe("/guide/section-7/page-4007.md#page");
    expect(received.files.get("section-49/page-4999.md")).toEqual({ version: "v-section-49/page-4999.md" });
    expect(received.pages.get("section-8/page-4008.md")).toBe("/guide/section-8/page-4008.md#page");
    expect(received.pages.get("section-7/page-40.md")).toBeUndefined();
  });

  test("are packed once for every worker they are sent to", () => {
    const targets = targetsOf(FILES);

    expect(packTargets(targets)).toBe(packTargets(targets));
    expect(packTargets(targetsOf(FILES))).not.toBe(packTargets(targets));
  });

  test("are not kept once sent: the server does not hold them all its life for a worker it may start later", async () => {
    const targets = targetsOf(FILES);
    const sent = new WeakRef(packTargets(targets));
    // What a WeakRef points to is kept until the end of the job that made it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    v8.setFlagsFromString("--expose-gc");
    (vm.runInNewContext("gc") as () => void)();

    expect(sent.deref()).toBeUndefined();
    expect(unpackTargets(packTargets(targets)).files.get("a/b.md")).toEqual({ version: "v-a/b.md" });
  });
});
