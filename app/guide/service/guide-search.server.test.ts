import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchSection } from "../render/search-sections.server";
import { openSearchStore } from "../search/search-store.server";
import { movingToMemory } from "./guide-search.server";

const page = (slug: string, text: string): SearchSection[] => [{ url: `/guide/${slug}`, pageTitle: slug, sectionTitle: null, parentTitle: null, context: "", text }];
const urls = (found: { url: string }[]) => found.map((result) => result.url);

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "guide-search-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("the guide's search store on a disk that fills", () => {
  it("moves to memory with every page it held and their descriptions, takes the write that failed and the rest, says so once, and comes complete", () => {
    const reasons: string[] = [];
    // 40 of SQLite's pages: room for the tables and two small pages, not for a long one (search-store.server.test.ts).
    const store = movingToMemory(openSearchStore(path.join(folder, "search.sqlite"), { pageLimit: 40 }), (reason) => reasons.push(reason), () => {});
    const index = store.index;
    store.putPage("alpha.md", "a1", page("alpha", "Quillworts grow in shallow water."), "About quillworts.");
    store.putPage("beta.md", "b1", page("beta", "Sedges along the bank."));
    store.markDescribed("files 1");
    expect(reasons).toEqual([]);

    store.putPage("long.md", "l1", page("long", `${Array.from({ length: 40_000 }, (_, n) => `word${n}`).join(" ")} rushes`));
    store.putPage("gamma.md", "g1", page("gamma", "Rushes in the marsh."));
    store.keepOnly(new Set(["alpha.md", "long.md", "gamma.md"]));
    store.markComplete();

    expect(reasons).toEqual(["database or disk is full"]);
    expect(store.isComplete()).toBe(true);
    expect(store.pageKeys()).toEqual(new Map([["alpha.md", "a1"], ["long.md", "l1"], ["gamma.md", "g1"]]));
    expect([store.pageDescription("alpha.md"), store.describedFor()]).toEqual(["About quillworts.", "files 1"]);
    // The index handed out before the move answers from the store in use.
    expect(urls(index.search("quillworts"))).toEqual(["/guide/alpha"]);
    expect(urls(index.search("rushes")).toSorted()).toEqual(["/guide/gamma", "/guide/long"]);
    expect(urls(index.search("sedges"))).toEqual([]);
    store.close();
  });

  it("passes on an error that is not the disk's, and stays on disk", () => {
    const reasons: string[] = [];
    const disk = openSearchStore(path.join(folder, "search.sqlite"));
    const store = movingToMemory({ ...disk, putPage: () => { throw new Error("the highlighter fell over"); } }, (reason) => reasons.push(reason), () => {});
    expect(() => store.putPage("alpha.md", "a1", page("alpha", "Quillworts."))).toThrow("the highlighter fell over");
    expect(reasons).toEqual([]);
    disk.putPage("beta.md", "b1", page("beta", "Sedges."));
    expect(store.pageKeys()).toEqual(new Map([["beta.md", "b1"]]));
    disk.close();
  });
});
