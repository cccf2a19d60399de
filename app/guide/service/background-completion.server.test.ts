import { describe, expect, it } from "vitest";
import type { GuidePage } from "../guide-types";
import { openSearchStore, type SearchStore } from "../search/search-store.server";
import { createBackgroundCompletion } from "./background-completion.server";
import { PageFileGoneError } from "../guide-content-error";

const alphaSection = { url: "/guide/alpha", pageTitle: "Alpha", sectionTitle: null, parentTitle: null, context: "", text: "Quillworts." };

/** A render's findings, as page-rendering.server.ts tells them, put into the store by the completion it belongs to. */
function renderedInto(store: SearchStore) {
  return async (page: GuidePage) => {
    const description = `About ${page.slug || "the guide"}.`;
    store.putPage(page.relativePath, `key of ${page.relativePath}`, [{ ...alphaSection, url: `/guide/${page.slug}` }], description);
    return description;
  };
}

const pages = ["index.md", "alpha.md"].map((relativePath) => ({ relativePath, slug: relativePath.replace(/(index)?\.md$/, ""), file: `/docs/${relativePath}` }) as GuidePage);

describe("completing the guide in the background", () => {
  it("completes, never rejecting, when the search store cannot be completed: it answers as it is, and says why", async () => {
    const warnings: string[] = [];
    const store = openSearchStore(":memory:");
    // Another server holding the store's file for longer than SQLite waits.
    const held: SearchStore = { ...store, keepOnly: () => { throw new Error("database is locked"); } };
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async (page) => `About ${page.slug || "the guide"}.`, warn: (message) => warnings.push(message), onDone: () => {}, search: held, descriptionsState: null });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: [alphaSection] }, "k1");

    const { failures, descriptions, search } = await completion.complete();
    expect(failures).toEqual([]);
    expect(descriptions.of(pages[1]!)).toBe("About alpha.");
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
    const completion = createBackgroundCompletion({ root: "/docs", pages: many, describe, warn: (message) => warnings.push(message), onDone: () => {}, search: null, descriptionsState: null });
    const { failures } = await completion.complete();
    expect(failures).toHaveLength(3);
    expect(warnings).toEqual(["/docs/a.md: gone since the folder was read (ENOENT), and the files of 2 other pages: they answer 404 until the folder is read again (serve reads it at start)"]);
  });

  it("keeps each rendered page's description in the search store beside its sections, and lists it from there", async () => {
    const store = openSearchStore(":memory:");
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: store, descriptionsState: "files 1" });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: [alphaSection] }, "k1");
    expect(store.pageDescription("alpha.md")).toBe("About alpha.");
    const { descriptions, complete } = completion.descriptionsSoFar();
    expect(complete).toBe(false);
    expect([descriptions.of(pages[0]!), descriptions.of(pages[1]!), descriptions.count]).toEqual([undefined, "About alpha.", 1]);
    // Read from the store when asked, not from a copy held beside it.
    store.putPage("alpha.md", "k2", [alphaSection], "About alpha, edited.");
    expect(descriptions.of(pages[1]!)).toBe("About alpha, edited.");
    store.close();
  });

  it("lists every page's description at once on a restart whose store a complete pass left for the same files and renderer, and none of another's", async () => {
    const store = openSearchStore(":memory:");
    const first = createBackgroundCompletion({ root: "/docs", pages, describe: renderedInto(store), warn: () => {}, onDone: () => {}, search: store, descriptionsState: "files 1" });
    await first.complete();
    expect(store.describedFor()).toBe("files 1");

    const restart = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: store, descriptionsState: "files 1" });
    const { descriptions, complete } = restart.descriptionsSoFar();
    expect(complete).toBe(true);
    expect(pages.map((page) => descriptions.of(page))).toEqual(["About the guide.", "About alpha."]);

    const edited = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: store, descriptionsState: "files 2" });
    const soFar = edited.descriptionsSoFar();
    expect([soFar.complete, soFar.descriptions.count, soFar.descriptions.of(pages[1]!)]).toEqual([false, 0, undefined]);
    store.close();
  });

  it("notes the descriptions complete only when every page was described into the store", async () => {
    const store = openSearchStore(":memory:");
    const describe = async (page: GuidePage) => {
      if (page.slug === "alpha") throw new Error("cannot parse");
      return renderedInto(store)(page);
    };
    await createBackgroundCompletion({ root: "/docs", pages, describe, warn: () => {}, onDone: () => {}, search: store, descriptionsState: "files 1" }).complete();
    expect(store.describedFor()).toBe(null);

    // A store that cannot take a page: its description is held here, and the store is not said to have every page's.
    const full: SearchStore = { ...store, putPage: () => { throw new Error("database or disk is full"); } };
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: () => {}, onDone: () => {}, search: full, descriptionsState: "files 1" });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: [alphaSection] }, "k9");
    await completion.complete();
    expect(completion.descriptionsSoFar().descriptions.of(pages[1]!)).toBe("About alpha.");
    expect(store.describedFor()).toBe(null);
    store.close();
  });

  it("holds the descriptions itself where no search store is made (an export)", async () => {
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async (page) => `About ${page.slug || "the guide"}.`, warn: () => {}, onDone: () => {}, search: null, descriptionsState: null });
    completion.onRendered(pages[1]!, { description: "About alpha.", brokenHrefs: [], problem: null, sections: null }, "k1");
    expect(completion.descriptionsSoFar().descriptions.count).toBe(1);
    const { descriptions } = await completion.complete();
    expect(pages.map((page) => descriptions.of(page))).toEqual(["About the guide.", "About alpha."]);
    expect(completion.descriptionsSoFar().complete).toBe(true);
  });

  it("reports a page's links that lead nowhere as its last render found them", async () => {
    const warnings: string[] = [];
    const completion = createBackgroundCompletion({ root: "/docs", pages, describe: async () => "", warn: (message) => warnings.push(message), onDone: () => {}, search: null, descriptionsState: null });
    completion.onRendered(pages[0]!, { description: "", brokenHrefs: ["gone.md"], problem: null, sections: null }, "k0");
    completion.onRendered(pages[1]!, { description: "", brokenHrefs: ["missing.md"], problem: null, sections: null }, "k1");
    // Mended, then rendered again.
    completion.onRendered(pages[0]!, { description: "", brokenHrefs: [], problem: null, sections: null }, "k0b");
    const { brokenLinks } = await completion.complete();
    expect(brokenLinks).toEqual([{ from: "alpha.md", href: "missing.md" }]);
    expect(warnings.join("\n")).toContain("missing.md");
    expect(warnings.join("\n")).not.toContain("gone.md");
  });
});
