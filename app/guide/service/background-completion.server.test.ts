import { describe, expect, it } from "vitest";
import type { GuidePage } from "../guide-types";
import { openSearchStore, type SearchStore } from "../search/search-store.server";
import { createBackgroundCompletion } from "./background-completion.server";
import { PageFileGoneError } from "../guide-content-error";

const pages = ["index.md", "alpha.md"].map((relativePath) => ({ relativePath, slug: relativePath.replace(/(index)?\.md$/, ""), file: `/docs/${relativePath}` }) as GuidePage);

describe("completing the guide in the background", () => {
  it("completes, never rejecting, when the search store cannot be completed: it answers as it is, and says why", async () => {
    const warnings: string[] = [];
    const store = openSearchStore(":memory:");
    // Another server holding the store's file for longer than SQLite waits.
    const held: SearchStore = { ...store, keepOnly: () => { throw new Error("database is locked"); } };
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async (page) => `About ${page.slug || "the guide"}.`, warn: (message) => warnings.push(message), onDone: () => {}, search: held });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: [{ url: "/guide/alpha", pageTitle: "Alpha", sectionTitle: null, parentTitle: null, context: "", text: "Quillworts." }] }, "k1");

    const { failures, descriptions, search } = await completion.complete();
    expect(failures).toEqual([]);
    expect(descriptions.get("alpha")).toBe("About alpha.");
    expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
    expect(warnings).toEqual(["Search index: not completed (database is locked)"]);
    expect(store.isComplete()).toBe(false);
    store.close();
  });

  it("says in one line that pages' files are gone, however many, and counts each as a failure", async () => {
    const warnings: string[] = [];
    const many = ["a.md", "b.md", "c.md"].map((relativePath) => ({ relativePath, slug: relativePath.slice(0, -3), file: `/docs/${relativePath}` }) as GuidePage);
    const describe = async (page: GuidePage): Promise<string> => {
      throw new PageFileGoneError(`${page.file}: gone since the folder was read (ENOENT)`, page.file);
    };
    const completion = createBackgroundCompletion({ root: "/docs", pages: many, describe, warn: (message) => warnings.push(message), onDone: () => {}, search: null });
    const { failures } = await completion.complete();
    expect(failures).toHaveLength(3);
    expect(warnings).toEqual(["/docs/a.md: gone since the folder was read (ENOENT), and the files of 2 other pages: they answer 404 until the folder is read again (serve reads it at start)"]);
  });

  it("lists a restart's descriptions whole once those kept for its files are read, rather than the none known so far", async () => {
    let read!: (descriptions: ReadonlyMap<string, string> | null) => void;
    const keptDescriptions = new Promise<ReadonlyMap<string, string> | null>((resolve) => (read = resolve));
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: null, keptDescriptions });
    const listed = completion.descriptionsOnceRead();
    expect(completion.descriptionsSoFar()).toEqual({ descriptions: new Map(), complete: false });
    const kept = new Map([["", "About the guide."], ["alpha", "About alpha."]]);
    read(kept);
    expect(await listed).toEqual({ descriptions: kept, complete: true });
  });

  it("lists the descriptions known so far at once when none were kept for these files", async () => {
    const first = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: null });
    expect(await first.descriptionsOnceRead()).toEqual({ descriptions: new Map(), complete: false });
    const notTheirs = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: null, keptDescriptions: Promise.resolve(null) });
    expect(await notTheirs.descriptionsOnceRead()).toEqual({ descriptions: new Map(), complete: false });
  });

  it("lists a first start's descriptions from the one map the completed guide then gives, not a copy made for each request", async () => {
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async (page) => `About ${page.slug || "the guide"}.`, warn: () => {}, onDone: () => {}, search: null });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: null }, "k1");
    const soFar = completion.descriptionsSoFar();
    expect(soFar).toEqual({ descriptions: new Map([["alpha", "About alpha."]]), complete: false });
    expect(completion.descriptionsSoFar().descriptions).toBe(soFar.descriptions);
    const { descriptions } = await completion.complete();
    expect(descriptions).toBe(soFar.descriptions);
    expect(descriptions).toEqual(new Map([["alpha", "About alpha."], ["", "About the guide."]]));
  });

  it("reports a page's links that lead nowhere as its last render found them", async () => {
    const warnings: string[] = [];
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: (message) => warnings.push(message), onDone: () => {}, search: null });
    completion.onRendered(pages[0]!, { description: "", brokenHrefs: ["gone.md"], problem: null, sections: null }, "k0");
    completion.onRendered(pages[1]!, { description: "", brokenHrefs: ["missing.md"], problem: null, sections: null }, "k1");
    // Mended, then rendered again.
    completion.onRendered(pages[0]!, { description: "", brokenHrefs: [], problem: null, sections: null }, "k0b");
    const { brokenLinks } = await completion.complete();
    expect(brokenLinks).toEqual([{ from: "alpha.md", href: "missing.md" }]);
    expect(warnings.join("\n")).toContain("missing.md");
    expect(warnings.join("\n")).not.toContain("gone.md");
  });

  it("keeps every page's description when those kept for its files are read only after it completed", async () => {
    let read!: (descriptions: ReadonlyMap<string, string> | null) => void;
    const keptDescriptions = new Promise<ReadonlyMap<string, string> | null>((resolve) => (read = resolve));
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async (page) => `About ${page.slug || "the guide"}.`, warn: () => {}, onDone: () => {}, search: null, keptDescriptions });
    const { descriptions } = await completion.complete();
    read(new Map([["", "About the guide."], ["alpha", "About alpha."]]));
    await completion.descriptionsOnceRead();
    expect(descriptions).toEqual(new Map([["", "About the guide."], ["alpha", "About alpha."]]));
    expect(completion.descriptionsSoFar()).toEqual({ descriptions, complete: true });
  });
});

