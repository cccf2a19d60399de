import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RenderResult } from "../../render/render-page.server";
import { openDiskPageCache, PAGE_CACHE_FORMAT, type PageCacheFileSystem } from "./disk-page-cache.server";
import { payload } from "./__fixtures__/payloads";

const made: string[] = [];
let folder: string;
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "disk-page-cache-"));
  made.push(folder);
});
afterAll(() => Promise.all(made.map((each) => fs.rm(each, { recursive: true, force: true }))));

const keyOf = (text: string) => createHash("sha256").update(text).digest("hex");
const entryFile = (key: string) => path.join(folder, `pages-v${PAGE_CACHE_FORMAT}`, key.slice(0, 2), key);
const quiet = () => {};
const brotli = promisify(zlib.brotliCompress);

function page(html: string): RenderResult {
  return {
    leadingTitle: "Install",
    titleId: "install",
    description: "How to install it.",
    subtitle: null,
    html,
    headings: [{ depth: 2, id: "from-npm", text: "From npm" }],
    brokenHrefs: ["missing.md"],
    sections: [{ url: "/guide/install", pageTitle: "Install", sectionTitle: "From npm", parentTitle: null, context: "Install", text: "Run npm install." }],
    links: [
      { kind: "link", href: "missing.md", resolution: { missing: "missing.md" } },
      { kind: "image", href: "./logo.png", resolution: { url: "/guide-files/logo.png?v=1a" } },
      { kind: "link", href: "https://example.com/", resolution: null },
    ],
  };
}

/** Every file under the folder, relative to it. */
async function filesIn(top: string): Promise<string[]> {
  return (await fs.readdir(top, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(top, path.join(entry.parentPath, entry.name)));
}

describe("the disk cache of rendered pages", () => {
  it("gives back a result it stored, equal, whatever characters its HTML holds", async () => {
    const cache = openDiskPageCache(folder, { warn: quiet });
    const html = `<h2 id="a">Ünïcödé</h2>\n<p>λόγος 日本語 🎉 "quoted" \\ back\u0000slash</p>\n`;
    const result = { ...page(html), description: "Two lines,\nthe second «quoted»." };
    await cache.set(keyOf("a"), result);
    expect(await cache.get(keyOf("a"))).toEqual(result);
    // Another cache on the folder, as after a restart.
    expect(await openDiskPageCache(folder, { warn: quiet }).get(keyOf("a"))).toEqual(result);
  });

  it("gives undefined for a key it never stored", async () => {
    const cache = openDiskPageCache(folder, { warn: quiet });
    expect(await cache.get(keyOf("never"))).toBeUndefined();
  });

  it("refuses a key that is not 64 lowercase hex characters, so no key names a file outside its folder", async () => {
    const cache = openDiskPageCache(folder, { warn: quiet });
    const hostile = ["../../outside", `${keyOf("a").slice(0, 62)}/x`, keyOf("a").toUpperCase(), keyOf("a").slice(1), `${keyOf("a")}0`, ""];
    for (const key of hostile) await cache.set(key, page("<p>x</p>"));
    expect(await filesIn(folder)).toEqual([]);
    for (const key of hostile) expect(await cache.get(key)).toBeUndefined();
  });

  it("makes its folders again when they are removed while it runs, warning once", async () => {
    const warnings: string[] = [];
    const cache = openDiskPageCache(folder, { warn: (message) => warnings.push(message) });
    await cache.set(keyOf("a"), page("<p>a</p>"));
    await fs.rm(path.join(folder, `pages-v${PAGE_CACHE_FORMAT}`), { recursive: true });
    await cache.set(keyOf("a"), page("<p>lost</p>"));
    await cache.set(keyOf("a"), page("<p>a again</p>"));
    expect(await cache.get(keyOf("a"))).toEqual(page("<p>a again</p>"));
    expect(warnings).toEqual([`Page cache ${folder}: could not write an entry (ENOENT); trying again with the next page`]);
  });

  /** An entry as the cache lays it out, compressed: a line of JSON, then the HTML. */
  const rawEntry = (header: unknown, html = "<p>x</p>") => brotli(Buffer.from(`${JSON.stringify(header)}\n${html}`));
  const headerOf = (key: string, result: Record<string, unknown>, format = PAGE_CACHE_FORMAT) => {
    const { html: _, ...rest } = result;
    return { format, key, result: rest };
  };
  async function writeRaw(key: string, bytes: Buffer) {
    await fs.mkdir(path.dirname(entryFile(key)), { recursive: true });
    await fs.writeFile(entryFile(key), bytes);
  }

  describe("an entry that is not a good one is taken as absent, and the next set makes it good", () => {
    const key = keyOf("page");
    const corruptions: [string, () => Promise<Buffer>][] = [
      ["garbage bytes", async () => Buffer.from("not brotli at all \x00\xff")],
      ["a truncated entry", async () => (await rawEntry(headerOf(key, page("")), "<p>x</p>".repeat(500))).subarray(0, 40)],
      ["an entry without its line of JSON", async () => brotli(Buffer.from("<p>only HTML</p>"))],
      ["a line that is not JSON", async () => brotli(Buffer.from("{format: 1\n<p>x</p>"))],
      ["JSON that is not an object", async () => rawEntry(null)],
      ["a result with a title id that is not a string", async () => rawEntry(headerOf(key, { ...page(""), titleId: 42 }))],
      ["a result with a heading of the wrong shape", async () => rawEntry(headerOf(key, { ...page(""), headings: [{ depth: 7, id: "a", text: "A" }] }))],
      ["a result without its sections", async () => rawEntry(headerOf(key, { ...page(""), sections: undefined }))],
      ["a result without the links it resolved", async () => rawEntry(headerOf(key, { ...page(""), links: undefined }))],
      ["a link resolved to something that is not a resolution", async () => rawEntry(headerOf(key, { ...page(""), links: [{ kind: "link", href: "a.md", resolution: { url: 1 } }] }))],
      ["another key's entry", async () => rawEntry(headerOf(keyOf("other"), page("")))],
      ["an entry of an older format", async () => rawEntry(headerOf(key, page(""), PAGE_CACHE_FORMAT - 1))],
    ];
    it.each(corruptions)("%s", async (_, corrupt) => {
      const cache = openDiskPageCache(folder, { warn: quiet });
      await writeRaw(key, await corrupt());
      expect(await cache.get(key)).toBeUndefined();
      await cache.set(key, page("<p>rendered again</p>"));
      expect(await cache.get(key)).toEqual(page("<p>rendered again</p>"));
    });
  });

  it("keeps only the fields of a result, its HTML always the text after the line of JSON", async () => {
    const key = keyOf("extra");
    await writeRaw(key, await rawEntry({ ...headerOf(key, page("")), result: { ...headerOf(key, page("")).result, html: { toString: "<script>" }, extra: "<script>" } }, "<p>x</p>"));
    expect(await openDiskPageCache(folder, { warn: quiet }).get(key)).toEqual(page("<p>x</p>"));
  });

  it("gives back a lone surrogate in the HTML as U+FFFD, as a response would send it", async () => {
    const cache = openDiskPageCache(folder, { warn: quiet });
    await cache.set(keyOf("a"), page("<p>\ud800</p>"));
    expect((await cache.get(keyOf("a")))?.html).toBe("<p>\ufffd</p>");
  });

  it("warns once of a folder it cannot write, never throws, and gives undefined", async () => {
    const file = path.join(folder, "a-file");
    await fs.writeFile(file, "");
    const warnings: string[] = [];
    const cache = openDiskPageCache(path.join(file, "cache"), { warn: (message) => warnings.push(message) });
    await Promise.all([cache.set(keyOf("a"), page("<p>a</p>")), cache.set(keyOf("b"), page("<p>b</p>"))]);
    await cache.set(keyOf("c"), page("<p>c</p>"));
    expect(warnings).toEqual([`Page cache ${path.join(file, "cache")}: cannot write (ENOTDIR); pages are rendered on demand`]);
    expect(await cache.get(keyOf("a"))).toBeUndefined();
  });

  it("warns once of a full disk, leaves no partial file, and still reads what it holds", async () => {
    await openDiskPageCache(folder, { warn: quiet }).set(keyOf("kept"), page("<p>kept</p>"));
    const fullDisk: PageCacheFileSystem = {
      ...fs,
      async writeFile(file, _data, options) {
        await fs.writeFile(file, "half an ent", options);
        throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
      },
    };
    const warnings: string[] = [];
    const cache = openDiskPageCache(folder, { warn: (message) => warnings.push(message), fileSystem: fullDisk });
    await Promise.all(["a", "b", "c"].map((name) => cache.set(keyOf(name), page(`<p>${name}</p>`))));
    await cache.set(keyOf("d"), page("<p>d</p>"));
    expect(warnings).toEqual([`Page cache ${folder}: cannot write (ENOSPC); pages are rendered on demand`]);
    expect(await cache.get(keyOf("a"))).toBeUndefined();
    expect(await cache.get(keyOf("kept"))).toEqual(page("<p>kept</p>"));
    expect(await filesIn(folder)).toEqual([path.relative(folder, entryFile(keyOf("kept")))]);
  });

  /**
   * Reads the key until `writing` settles. The key holds a whole entry before
   * the writers start, and an entry is replaced by renaming: every read finds
   * one writer's whole payload, never a torn one, and never none at all.
   */
  async function readWhile(key: string, writing: () => Promise<unknown>) {
    const reader = openDiskPageCache(folder, { warn: quiet });
    await reader.set(key, payload("before", 0));
    let done = false;
    const stop = () => (done = true);
    const written = writing();
    written.then(stop, stop);
    let reads = 0;
    while (!done) {
      const found = await reader.get(key);
      const [, writer, time] = /^\[(\w+):(\d+)\]$/.exec(found?.leadingTitle ?? "") ?? [];
      expect(found).toEqual(payload(writer!, Number(time)));
      reads++;
    }
    await written;
    return reads;
  }

  it("never shows a reader half an entry while two caches write the same key at once", async () => {
    const key = keyOf("shared");
    const [first, second] = [openDiskPageCache(folder, { warn: quiet }), openDiskPageCache(folder, { warn: quiet })];
    const writeMany = async (cache: typeof first, writer: string) => {
      for (let time = 0; time < 40; time++) await Promise.all([cache.set(key, payload(writer, time)), cache.set(key, payload(writer, time + 1000))]);
    };
    expect(await readWhile(key, () => Promise.all([writeMany(first, "one"), writeMany(second, "two")]))).toBeGreaterThan(10);
    expect(await filesIn(folder)).toEqual([path.relative(folder, entryFile(key))]);
  });

  it("never shows a reader half an entry while two processes write the same key at once", async () => {
    const key = keyOf("shared by processes");
    const writer = new URL("./__fixtures__/write-entries.ts", import.meta.url).pathname;
    const writeInChild = async (name: string) => {
      const child = spawn(process.execPath, [writer, folder, key, name, "60"], { stdio: ["ignore", "ignore", "pipe"] });
      let errors = "";
      child.stderr.on("data", (chunk) => (errors += chunk));
      const [code] = await once(child, "exit");
      expect(errors).toBe("");
      expect(code).toBe(0);
    };
    expect(await readWhile(key, () => Promise.all([writeInChild("one"), writeInChild("two")]))).toBeGreaterThan(10);
    expect(await filesIn(folder)).toEqual([path.relative(folder, entryFile(key))]);
  });
});
