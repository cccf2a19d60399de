import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchSection } from "../render/search-sections.server";
import { openSearchStore, type SearchStore } from "./search-store.server";

const section = (url: string, sectionTitle: string | null, text: string, pageTitle = "A page"): SearchSection => ({
  url,
  pageTitle,
  sectionTitle,
  parentTitle: null,
  context: sectionTitle === null ? "" : pageTitle,
  text,
});

const themes = [
  section("/guide/themes", null, "How the preference is stored.", "Themes"),
  section("/guide/themes#storage", "Where it is kept", "In a cookie named theme.", "Themes"),
];

let folder: string;
const opened: SearchStore[] = [];
const open = (file: string, warn?: (message: string) => void) => {
  const store = openSearchStore(file, { warn });
  opened.push(store);
  return store;
};
const urls = (store: SearchStore, query: string) => store.index.search(query).map((result) => result.url);

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "search-store-"));
});
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the search store", () => {
  it("replaces a page's sections when the page is put again", () => {
    const store = open(":memory:");
    store.putPage("themes.md", "v1", themes);
    store.putPage("themes.md", "v2", [section("/guide/themes", null, "Palettes only now.", "Colours")]);
    expect(urls(store, "cookie")).toEqual([]);
    expect(urls(store, "preference")).toEqual([]);
    expect(urls(store, "palette")).toEqual(["/guide/themes"]);
  });

  it("fails a write its disk has no room for with the disk's own error, and keeps what it held, to read and to copy", () => {
    // 40 of SQLite's pages (160 KB): the tables and one small page fit, a page of 400 KB does not.
    const store = openSearchStore(path.join(folder, "full.sqlite"), { pageLimit: 40 });
    opened.push(store);
    store.putPage("themes.md", "sha-1", themes);
    const long = [section("/guide/long", null, Array.from({ length: 40_000 }, (_, n) => `word${n}`).join(" "), "Long")];
    expect(() => store.putPage("long.md", "sha-2", long)).toThrow(expect.objectContaining({ message: "database or disk is full", errcode: 13 }));
    // No transaction is left open: the store still reads, and takes a write that fits.
    expect(urls(store, "cookie")).toEqual(["/guide/themes#storage"]);
    expect([...store.everyPage()]).toEqual([{ path: "themes.md", description: "", key: "sha-1", sections: themes }]);
    store.putPage("colours.md", "sha-3", [section("/guide/colours", null, "Palettes.", "Colours")]);
    expect(urls(store, "palette")).toEqual(["/guide/colours"]);
  });

  it("gives back the key stored with a page, and none for a page it does not hold; every page's at once", () => {
    const store = open(":memory:");
    store.putPage("themes.md", "sha-1", themes);
    store.putPage("guide/colours.md", "sha-2", themes);
    expect(store.pageKey("themes.md")).toBe("sha-1");
    expect(store.pageKey("other.md")).toBeUndefined();
    expect(store.pageKeys()).toEqual(new Map([["themes.md", "sha-1"], ["guide/colours.md", "sha-2"]]));
  });

  it("answers from the pages put so far before it is complete, and counts them", () => {
    const store = open(":memory:");
    expect(store.pageCount()).toBe(0);
    store.putPage("themes.md", "k", themes);
    store.putPage("themes.md", "k2", themes);
    expect(store.pageCount()).toBe(1);
    expect(store.isComplete()).toBe(false);
    expect(urls(store, "cookie")).toEqual(["/guide/themes#storage"]);
  });

  it("forgets the pages left out of keepOnly, sections and key", () => {
    const store = open(":memory:");
    store.putPage("themes.md", "k", themes);
    store.putPage("docker.md", "k", [section("/guide/docker", null, "Docker images.", "Docker")]);
    store.keepOnly(new Set(["docker.md"]));
    expect(urls(store, "cookie")).toEqual([]);
    expect(store.pageKey("themes.md")).toBeUndefined();
    expect(urls(store, "docker")).toEqual(["/guide/docker"]);
  });

  it("opens again from its file with its sections, its descriptions, its complete mark and the state its descriptions are every page's for", () => {
    const file = path.join(folder, "search.sqlite");
    const first = openSearchStore(file);
    expect([first.isComplete(), first.describedFor()]).toEqual([false, null]);
    first.putPage("themes.md", "k", themes, "How the theme is chosen.");
    first.markComplete();
    first.markDescribed("stamp\nfingerprint");
    first.close();
    const again = open(file);
    expect([again.isComplete(), again.describedFor()]).toEqual([true, "stamp\nfingerprint"]);
    expect(again.pageKey("themes.md")).toBe("k");
    expect(again.pageDescription("themes.md")).toBe("How the theme is chosen.");
    expect(again.pageDescription("colours.md")).toBeUndefined();
    expect(urls(again, "cookie")).toEqual(["/guide/themes#storage"]);
  });

  it("makes a file that is not a store again, with one warning", () => {
    for (const [name, write] of [
      ["garbage.sqlite", (file: string) => fs.writeFileSync(file, Buffer.alloc(8192, 0xab))],
      ["other.sqlite", (file: string) => openSearchStore(file).close()],
    ] as const) {
      const file = path.join(folder, name);
      write(file);
      if (name === "other.sqlite") fs.writeFileSync(file, rewriteVersion(fs.readFileSync(file), 99));
      const warnings: string[] = [];
      const store = open(file, (message) => warnings.push(message));
      expect(warnings, name).toHaveLength(1);
      store.putPage("themes.md", "k", themes);
      expect(urls(store, "cookie")).toEqual(["/guide/themes#storage"]);
    }
  });

  it("lets a second store on the same file read what the first wrote", () => {
    const file = path.join(folder, "shared.sqlite");
    const writer = open(file);
    const reader = open(file);
    expect(urls(reader, "cookie")).toEqual([]);
    writer.putPage("themes.md", "k", themes);
    writer.markComplete();
    expect(urls(reader, "cookie")).toEqual(["/guide/themes#storage"]);
    expect(reader.isComplete()).toBe(true);
    expect(reader.pageKey("themes.md")).toBe("k");
  });
});

describe("queries on the store", () => {
  const store = openSearchStore(":memory:");
  store.putPage("themes.md", "k", themes);
  store.putPage("tokyo.md", "k", [section("/guide/tokyo", null, "東京タワー の 夜景 と 案内", "東京")]);
  store.markComplete();

  it("finds a word from its beginning and one with a typo", () => {
    expect(urls(store, "them")[0]).toBe("/guide/themes");
    expect(urls(store, "thene")).toContain("/guide/themes#storage");
    expect(urls(store, "cookue")).toEqual(["/guide/themes#storage"]);
  });

  it("finds a section written in Japanese by a word of it", () => {
    expect(urls(store, "東京")).toEqual(["/guide/tokyo"]);
    expect(urls(store, "夜景")).toEqual(["/guide/tokyo"]);
  });

  it("completes and forgives a typo in the words of a page edited once the store is complete", () => {
    const edited = openSearchStore(":memory:");
    edited.putPage("themes.md", "k", themes);
    edited.markComplete();
    edited.putPage("themes.md", "k2", [...themes, section("/guide/themes#palettes", "Palettes", "Solarized and others.", "Themes")]);
    expect(edited.index.search("solari").map((result) => result.url)).toEqual(["/guide/themes#palettes"]);
    expect(edited.index.search("solarizd").map((result) => result.url)).toEqual(["/guide/themes#palettes"]);
    edited.close();
  });

  it("answers FTS5 syntax typed as a query as plain words, never with an error", () => {
    const hostile = ['"', '""cookie', "cookie*", "*", "NEAR(cookie theme)", "cookie AND", "AND OR NOT", "-cookie", "^cookie", "title:cookie", "{title}: cookie", "cookie'); DROP TABLE sections; --"];
    for (const query of hostile) expect(() => store.index.search(query), query).not.toThrow();
    expect(urls(store, "title:cookie")).toContain("/guide/themes#storage");
    expect(urls(store, "NEAR(cookie")).toContain("/guide/themes#storage");
    expect(urls(store, "cookie'); DROP TABLE sections; --")).toContain("/guide/themes#storage");
    expect(urls(store, "cookie")).toEqual(["/guide/themes#storage"]);
  });
});

describe("a word in more sections than a query ranks", () => {
  const store = openSearchStore(":memory:");
  for (let page = 0; page < 600; page++) {
    const sections = Array.from({ length: 8 }, (_, n) =>
      section(`/guide/p${page}${n === 0 ? "" : `#s${n}`}`, n === 0 ? null : `Part ${n}`, `Common words fill page ${page} part ${n}.`, `Page ${page}`),
    );
    store.putPage(`p${page}.md`, "k", sections);
  }
  store.putPage("common.md", "k", [section("/guide/common", null, "About them.", "Common words")]);
  store.markComplete();

  it("still lists the sections whose heading has it first", () => {
    const results = store.index.search("common words", { limit: 20 });
    expect(results[0]?.url).toBe("/guide/common");
    expect(results).toHaveLength(20);
    expect(store.index.search("common", { limit: 50 })).toHaveLength(50);
  });
});

/** The SQLite file with its header's user_version (bytes 60–63) set: a store of another schema version. */
function rewriteVersion(bytes: Buffer, version: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt32BE(version, 60);
  return copy;
}
