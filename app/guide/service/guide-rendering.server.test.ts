import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageDescriptions } from "./background-completion.server";
import type { Guide } from "./guide";
import { loadGuide, type LoadGuideOptions } from "./load-guide.server";
import { createPageRenderer, type PageRenderer } from "./render-worker-client.server";
import * as markdown from "../render/markdown/render-markdown.server";
import { PageFileGoneError } from "../guide-content-error";

// The real renderer, watched: which files it renders, and a way to make one fail.
const rendering = vi.hoisted(() => ({ rendered: [] as string[], failOn: null as string | null, retitle: null as string | null }));
vi.mock("../render/markdown/render-markdown.server", async (importOriginal) => {
  const actual = await importOriginal<typeof markdown>();
  return {
    ...actual,
    renderMarkdown: async (source: string, context: markdown.MarkdownContext) => {
      rendering.rendered.push(context.relativePath);
      if (context.relativePath === rendering.failOn) throw new Error("the highlighter fell over");
      const result = await actual.renderMarkdown(source, context);
      if (rendering.retitle) context.title?.(rendering.retitle);
      return result;
    },
  };
});

// The first render starts Shiki: a moment, once per process.
const FIRST_RENDER_TIMEOUT = 60_000;

let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-rendering-"));
  const write = (file: string, text: string) => fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true }).then(() => fs.writeFile(path.join(folder, file), text));
  await write("index.md", "# Field notes\n\nA landing page.\n");
  await write("alpha.md", "# Alpha\n\nThe first page speaks of quillworts.\n\n## Storage\n\nKept [with beta](beta.md) and [nowhere](gone.md).\n");
  await write("beta.md", "---\ntitle: Beta page\ndescription: Set in front matter.\n---\n# Beta heading\n\nBody of beta.\n");
  await write("gamma/logo.png", "");
  await write("gamma/index.md", "<p align=\"center\"><img src=\"logo.png\" alt=\"\"></p>\n\n<h1 align=\"center\">Gamma</h1>\n\nThe gamma section.\n");
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

beforeEach(() => {
  rendering.rendered = [];
  rendering.failOn = null;
  rendering.retitle = null;
});

async function load(options: LoadGuideOptions = {}) {
  const warnings: string[] = [];
  const guide = await loadGuide(folder, { warn: (message) => warnings.push(message), ...options });
  return { guide, warnings };
}

const page = (guide: Guide, slug: string) => guide.findPage(slug)!;
/** Every page's description, by slug: undefined for a page not described. */
const described = (guide: Guide, descriptions: PageDescriptions) => Object.fromEntries(guide.pages.map((listed) => [listed.slug, descriptions.of(listed)]));

describe("loading a folder", () => {
  it("lists every page with its title and navigation without rendering one article", async () => {
    const { guide } = await load();
    expect(rendering.rendered).toEqual([]);
    expect(guide.pages.map((each) => each.title)).toEqual(["Field notes", "Alpha", "Beta page", "Gamma"]);
    expect(guide.nav.map((item) => item.title)).toEqual(["Field notes", "Alpha", "Beta page", "Gamma"]);
  });
});

describe("rendering a page", () => {
  it(
    "renders on the first request and keeps the result for the next ones, concurrent or later",
    async () => {
      const { guide } = await load();
      const [first, second] = await Promise.all([guide.render(page(guide, "alpha")), guide.render(page(guide, "alpha"))]);
      expect(second).toBe(first);
      expect(await guide.render(page(guide, "alpha"))).toBe(first);
      expect(rendering.rendered).toEqual(["alpha.md"]);
      expect(first).toMatchObject({ title: "Alpha", titleId: "alpha", description: "The first page speaks of quillworts.", url: "/guide/alpha" });
      expect(first.headings).toEqual([{ depth: 2, id: "storage", text: "Storage" }]);
      expect(first.html).toContain('href="/guide/beta"');
    },
    FIRST_RENDER_TIMEOUT,
  );

  it("drops the least recently read articles beyond the memory budget and renders them again when asked", async () => {
    const { guide } = await load({ renderedBytesKept: 1 });
    await guide.render(page(guide, "alpha"));
    await guide.render(page(guide, "beta"));
    await guide.render(page(guide, "beta"));
    await guide.render(page(guide, "alpha"));
    expect(rendering.rendered).toEqual(["alpha.md", "beta.md", "alpha.md"]);
  });

  it("reads the page's Markdown from its file when it renders it, so an edit since the start shows and no page's text is held", async () => {
    const { guide } = await load({ renderedBytesKept: 1 });
    expect((await guide.render(page(guide, "alpha"))).html).toContain("quillworts");
    const file = path.join(folder, "alpha.md");
    const before = await fs.readFile(file, "utf8");
    await fs.writeFile(file, before.replace("quillworts", "marsh marigolds"));
    try {
      await guide.render(page(guide, "beta")); // alpha is let go
      expect((await guide.render(page(guide, "alpha"))).html).toContain("marsh marigolds");
      expect(await guide.markdown(page(guide, "alpha"))).toContain("marsh marigolds");
    } finally {
      await fs.writeFile(file, before);
    }
  });

  it("says a page whose file was removed, or made a link or a named pipe, since the folder was read is gone, for its article and its Markdown alike", async () => {
    const { guide } = await load();
    const file = path.join(folder, "beta.md");
    const before = await fs.readFile(file, "utf8");
    try {
      await fs.rm(file);
      await expect(guide.render(page(guide, "beta"))).rejects.toThrow(new PageFileGoneError(`${file}: gone since the folder was read (ENOENT)`, file));
      await fs.symlink(path.join(folder, "alpha.md"), file);
      await expect(guide.markdown(page(guide, "beta"))).rejects.toThrow(new PageFileGoneError(`${file}: gone since the folder was read (ELOOP)`, file));
      // A named pipe opens at once, without a writer, and is no page.
      await fs.rm(file);
      execFileSync("mkfifo", [file]);
      await expect(guide.markdown(page(guide, "beta"))).rejects.toThrow(new PageFileGoneError(`${file}: no longer a file`, file));
      await expect(guide.render(page(guide, "alpha"))).resolves.toMatchObject({ title: "Alpha" });
    } finally {
      await fs.rm(file, { force: true });
      await fs.writeFile(file, before);
    }
  });

  it("says a page is gone when a folder on its path was made a link out of the folder since it was read, and reads nothing there", async () => {
    const { guide } = await load();
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "outside-the-folder-"));
    await fs.writeFile(path.join(outside, "index.md"), "# Not for the web\n\nA file outside the folder.\n");
    const gamma = path.join(folder, "gamma");
    const file = path.join(gamma, "index.md");
    await fs.rename(gamma, `${gamma}-before`);
    try {
      await fs.symlink(outside, gamma);
      const gone = new PageFileGoneError(`${file}: gone since the folder was read (a folder on its path is a link now)`, file);
      await expect(guide.markdown(page(guide, "gamma"))).rejects.toThrow(gone);
      await expect(guide.render(page(guide, "gamma"))).rejects.toThrow(gone);
    } finally {
      await fs.rm(gamma, { force: true });
      await fs.rename(`${gamma}-before`, gamma);
      await fs.rm(outside, { recursive: true, force: true });
    }
  });

  it("shows a page the renderer throws on as plain text, for good, naming the problem once, and renders the others", async () => {
    rendering.failOn = "beta.md";
    const { guide, warnings } = await load();
    for (let attempt = 0; attempt < 2; attempt++) {
      const shown = await guide.render(page(guide, "beta"));
      expect(shown.html).toContain("This page could not be formatted, so its text is shown as it is written.");
      expect(shown.html).toContain("Body of beta.");
    }
    expect(rendering.rendered.filter((file) => file === "beta.md")).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/beta\.md: could not be rendered: the highlighter fell over; it is shown as plain text$/)]);
    await expect(guide.render(page(guide, "alpha"))).resolves.toMatchObject({ title: "Alpha" });
  });

  it("warns when the article's title differs from the one read at start", async () => {
    rendering.retitle = "Something else";
    const { guide, warnings } = await load();
    await guide.render(page(guide, "alpha"));
    expect(warnings).toEqual([expect.stringMatching(/alpha\.md: its title was read as "Alpha" at start but renders as "Something else"$/)]);
  });
});

describe("completing the guide", () => {
  it("renders every page not yet rendered, once, in reading order", async () => {
    const { guide } = await load();
    await guide.render(page(guide, "beta"));
    const [complete, again] = await Promise.all([guide.complete(), guide.complete()]);
    expect(again).toBe(complete);
    expect(rendering.rendered).toEqual(["beta.md", "index.md", "alpha.md", "gamma/index.md"]);
    expect(described(guide, complete.descriptions)).toEqual({
      "": "A landing page.",
      alpha: "The first page speaks of quillworts.",
      beta: "Set in front matter.",
      gamma: "The gamma section.",
    });
  });

  it("builds the search index from every page's sections", async () => {
    const { guide } = await load();
    const { search } = await guide.complete();
    expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
    expect(search.search("storage")[0]).toMatchObject({ url: "/guide/alpha#storage", sectionTitle: "Storage" });
    expect(search.search("gamma")[0]?.url).toBe("/guide/gamma");
  });

  it("reports broken links once, after the last page", async () => {
    const { guide, warnings } = await load();
    expect(warnings).toEqual([]);
    const { brokenLinks } = await guide.complete();
    expect(brokenLinks).toEqual([{ from: "alpha.md", href: "gone.md" }]);
    expect(warnings).toEqual([expect.stringMatching(/^1 link leads nowhere in .* alpha\.md → gone\.md$/)]);
  });

  it("resolves with the pages shown as plain text as failures, warned about once, and searches them by their text", async () => {
    rendering.failOn = "alpha.md";
    const { guide, warnings } = await load();
    const { failures, search } = await guide.complete();
    expect(failures.map((failure) => [failure.file, failure.message])).toEqual([
      [path.join(await fs.realpath(folder), "alpha.md"), expect.stringMatching(/alpha\.md: could not be rendered: the highlighter fell over; it is shown as plain text$/)],
    ]);
    expect(warnings.filter((warning) => warning.includes("alpha.md: could not be rendered"))).toHaveLength(1);
    expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
    expect(search.search("beta")[0]?.url).toBe("/guide/beta");
  });
});

describe("a Docusaurus <DocCardList />", () => {
  it("shows the other pages of its folder as cards, in navigation order, with their front matter's descriptions", async () => {
    const docs = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cards-"));
    try {
      const write = (file: string, text: string) => fs.mkdir(path.dirname(path.join(docs, file)), { recursive: true }).then(() => fs.writeFile(path.join(docs, file), text));
      await write("index.md", "# Home\n\nStart here.\n");
      await write("bikes/index.md", "# Bikes\n\n<DocCardList />\n");
      await write("bikes/wheels.md", "---\nsidebar_position: 2\n---\n# Wheels\n\nTrue them yearly.\n");
      await write("bikes/brakes.md", "---\nsidebar_position: 1\ndescription: Pads, cables and discs.\n---\n# Brakes\n");
      const guide = await loadGuide(docs, { warn: () => {} });
      const { html } = await guide.render(guide.findPage("bikes")!);
      expect(html).toBe(
        '<div class="card-grid"><div class="card link-card"><a class="link-card-title" href="/guide/bikes/brakes">Brakes</a><p class="link-card-description">Pads, cables and discs.</p></div><div class="card link-card"><a class="link-card-title" href="/guide/bikes/wheels">Wheels</a></div></div>',
      );
      await guide.complete();
    } finally {
      await fs.rm(docs, { recursive: true, force: true });
    }
  }, FIRST_RENDER_TIMEOUT);
});

describe("the cache folder of rendered pages", () => {
  /** The in-process renderer with a version, as the built worker has: pages are then kept on disk. */
  const versioned = (version: string): PageRenderer => ({ ...createPageRenderer(null), version });
  /** `versioned`, noting what the guide tells it when it lets it go. */
  const noticed = (version: string) => {
    const releases: ({ now?: boolean } | undefined)[] = [];
    return { renderer: { ...versioned(version), release: async (options?: { now?: boolean }) => void releases.push(options) }, releases };
  };
  const cacheEntries = async (cacheFolder: string) => (await fs.readdir(cacheFolder, { recursive: true })).filter((name) => /[0-9a-f]{64}$/.test(name));

  it("gives back a page let go from memory without rendering it again, and a second start on unchanged files renders none and keeps no worker waiting", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    try {
      const first = noticed("1");
      const { guide } = await load({ renderer: first.renderer, cacheFolder, renderedBytesKept: 1 });
      // Changed files (here, new ones): the worker stays ready for the pages to render.
      expect(first.releases).toEqual([]);
      const alpha = await guide.render(page(guide, "alpha"));
      await guide.render(page(guide, "beta"));
      // Written in the background, a moment after each page is served.
      await vi.waitFor(async () => expect(await cacheEntries(cacheFolder)).toHaveLength(2), { timeout: 10_000 });
      expect(await guide.render(page(guide, "alpha"))).toEqual(alpha);
      expect(rendering.rendered).toEqual(["alpha.md", "beta.md"]);
      await guide.complete();

      rendering.rendered = [];
      const second = noticed("1");
      const { guide: restarted } = await load({ renderer: second.renderer, cacheFolder });
      // Unchanged files: no worker waits for pages the cache folder holds.
      expect(second.releases).toEqual([{ now: true }]);
      const { failures, search } = await restarted.complete();
      expect(failures).toEqual([]);
      expect(rendering.rendered).toEqual([]);
      expect(restarted.renderCounts()).toEqual({ rendered: 0, fromDiskCache: 4, unchanged: 0 });
      expect(await restarted.render(restarted.findPage("alpha")!)).toEqual(alpha);
      expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
    } finally {
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });

  it("starts again on unchanged files without reading a page: titles come from what the first start kept, and any change reads them all", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    const file = path.join(folder, "alpha.md");
    const before = await fs.readFile(file, "utf8");
    // A whole second: a time read back from stat is rounded to the millisecond, and written back
    // it could differ from the file's own by that fraction, a change of the folder's stamp.
    const mtime = new Date("2026-01-01T00:00:00Z");
    await fs.utimes(file, mtime, mtime);
    try {
      expect((await load({ renderer: versioned("1"), cacheFolder })).guide.findPage("alpha")!.title).toBe("Alpha");
      // The same size and time, another title: a start that read the file would see it.
      await fs.writeFile(file, before.replace("# Alpha", "# Omega"));
      await fs.utimes(file, mtime, mtime);
      expect((await load({ renderer: versioned("1"), cacheFolder })).guide.findPage("alpha")!.title).toBe("Alpha");
      // Another time: the folder's stamp changes and every page is read again.
      await fs.utimes(file, mtime, new Date(mtime.getTime() + 2_000));
      expect((await load({ renderer: versioned("1"), cacheFolder })).guide.findPage("alpha")!.title).toBe("Omega");
    } finally {
      await fs.writeFile(file, before);
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });

  it("renders again a page whose file changed, and every page for another renderer version", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    const file = path.join(folder, "beta.md");
    const before = await fs.readFile(file, "utf8");
    try {
      await (await load({ renderer: versioned("1"), cacheFolder })).guide.complete();
      await fs.writeFile(file, before.replace("Body of beta.", "Beta, rewritten."));
      rendering.rendered = [];
      const edited = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      await edited.complete();
      expect(rendering.rendered).toEqual(["beta.md"]);
      expect((await edited.render(edited.findPage("beta")!)).html).toContain("Beta, rewritten.");
      // Once every page's key is known, the entry of beta as it was is removed: one copy of the folder is kept.
      expect(await cacheEntries(cacheFolder)).toHaveLength(4);

      rendering.rendered = [];
      await (await load({ renderer: versioned("2"), cacheFolder })).guide.complete();
      expect(rendering.rendered.toSorted()).toEqual(["alpha.md", "beta.md", "gamma/index.md", "index.md"]);
    } finally {
      await fs.writeFile(file, before);
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });

  it("warns once of a cache folder it cannot write, on every load, and still renders every page and answers searches", async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    // A file where the folder would be: a folder that cannot be made, whoever runs the test (root writes anywhere else).
    const cacheFolder = path.join(parent, "a-file");
    await fs.writeFile(cacheFolder, "");
    // alpha.md's broken link is warned of too: not this test's.
    const ofTheCache = (warnings: string[]) => warnings.filter((warning) => !warning.includes("leads nowhere"));
    try {
      const first = await load({ renderer: versioned("1"), cacheFolder });
      const { failures, search } = await first.guide.complete();
      expect(failures).toEqual([]);
      expect((await first.guide.render(page(first.guide, "alpha"))).html).toContain("quillworts");
      expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
      expect(ofTheCache(first.warnings)).toEqual([expect.stringMatching(/^Cache folder .*a-file\/[0-9a-f]{32}: cannot write \(ENOTDIR\); from now on pages are rendered on demand and the search index is kept in memory$/)]);
      // `themed-guide dev` loads again on every save: said once.
      const again = await load({ renderer: versioned("1"), cacheFolder });
      await again.guide.complete();
      expect(ofTheCache(again.warnings)).toEqual([]);
    } finally {
      await fs.rm(parent, { recursive: true, force: true });
    }
  });

  it("renders again, for a page added or removed, only that page and those whose links lead to where it is", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    const added = path.join(folder, "gone.md");
    try {
      const first = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      expect((await first.complete()).brokenLinks).toEqual([{ from: "alpha.md", href: "gone.md" }]);

      // alpha.md links to gone.md: its entry, rendered with the link leading nowhere, no longer holds.
      await fs.writeFile(added, "# Gone no more\n\nWritten at last.\n");
      rendering.rendered = [];
      const withPage = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      expect((await withPage.complete()).brokenLinks).toEqual([]);
      expect(rendering.rendered.toSorted()).toEqual(["alpha.md", "gone.md"]);
      expect(withPage.renderCounts()).toEqual({ rendered: 2, fromDiskCache: 3, unchanged: 0 });
      expect((await withPage.render(withPage.findPage("alpha")!)).html).toContain('href="/guide/gone"');

      await fs.rm(added);
      rendering.rendered = [];
      const without = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      expect((await without.complete()).brokenLinks).toEqual([{ from: "alpha.md", href: "gone.md" }]);
      expect(rendering.rendered).toEqual(["alpha.md"]);
      expect((await without.render(without.findPage("alpha")!)).html).not.toContain('href="/guide/gone"');
      // One entry a page, each under its page's own key, rewritten in place: the folder holds one copy.
      expect(await cacheEntries(cacheFolder)).toHaveLength(4);
    } finally {
      await fs.rm(added, { force: true });
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });

  it("takes, when handed what the last load found, every unchanged page from it without reading the cache folder, and renders the rest", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    const edited = path.join(folder, "beta.md");
    const before = await fs.readFile(edited, "utf8");
    const added = path.join(folder, "gone.md");
    const reading = vi.spyOn(fs, "readFile");
    const entriesRead = () => reading.mock.calls.filter(([file]) => /[0-9a-f]{64}$/.test(String(file))).length;
    const opening = vi.spyOn(fs, "open");
    const pagesOpened = () => opening.mock.calls.map(([file]) => path.relative(folder, String(file))).filter((file) => file.endsWith(".md"));
    try {
      const first = (await load({ renderer: versioned("1"), cacheFolder, keepFindings: true })).guide;
      await first.complete();

      await fs.writeFile(edited, before.replace("Body of beta.", "Beta, rewritten."));
      rendering.rendered = [];
      reading.mockClear();
      opening.mockClear();
      const second = (await load({ renderer: versioned("1"), cacheFolder, keepFindings: true, known: first.known() })).guide;
      const { brokenLinks, descriptions, search } = await second.complete();
      expect(rendering.rendered).toEqual(["beta.md"]);
      expect(second.renderCounts()).toEqual({ rendered: 1, fromDiskCache: 0, unchanged: 3 });
      // Only the edited page's, looked for under its new key before it was rendered.
      expect(entriesRead()).toBe(1);
      // Nor are the other pages' files read: neither to list them nor to make their keys.
      expect(new Set(pagesOpened())).toEqual(new Set(["beta.md"]));
      // What the unchanged pages found is all there: their broken links, descriptions and search sections.
      expect(brokenLinks).toEqual([{ from: "alpha.md", href: "gone.md" }]);
      expect(descriptions.of(page(second, "alpha"))).toBe("The first page speaks of quillworts.");
      expect(search.search("quillworts").map((result) => result.url)).toEqual(["/guide/alpha"]);
      expect(search.search("rewritten").map((result) => result.url)).toEqual(["/guide/beta"]);

      // alpha.md's link now leads somewhere: what the last load found of it no longer holds.
      await fs.writeFile(added, "# Gone no more\n\nWritten at last.\n");
      rendering.rendered = [];
      const third = (await load({ renderer: versioned("1"), cacheFolder, keepFindings: true, known: second.known() })).guide;
      expect((await third.complete()).brokenLinks).toEqual([]);
      expect(rendering.rendered.toSorted()).toEqual(["alpha.md", "gone.md"]);
      expect(third.renderCounts()).toEqual({ rendered: 2, fromDiskCache: 0, unchanged: 3 });
    } finally {
      reading.mockRestore();
      opening.mockRestore();
      await fs.writeFile(edited, before);
      await fs.rm(added, { force: true });
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });

  it("lists every page's description at once on a restart on unchanged files, and never those of other files or another renderer", async () => {
    const cacheFolder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-cache-"));
    const file = path.join(folder, "alpha.md");
    const before = await fs.readFile(file, "utf8");
    const known = (guide: Guide) => guide.descriptionsSoFar();
    try {
      const first = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      expect(known(first).complete).toBe(false);
      const { descriptions } = await first.complete();
      expect(descriptions.of(page(first, "alpha"))).toBe("The first page speaks of quillworts.");

      // The same files and renderer: whole before the completion has read a page back.
      const restarted = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      await vi.waitFor(() => expect(known(restarted).complete).toBe(true));
      expect(restarted.renderCounts()).toEqual({ rendered: 0, fromDiskCache: 0, unchanged: 0 });
      expect(described(restarted, known(restarted).descriptions)).toEqual(described(first, descriptions));

      // Another renderer may describe a page otherwise: its start waits for its own pass.
      const otherRenderer = (await load({ renderer: versioned("2"), cacheFolder })).guide;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(known(otherRenderer).complete).toBe(false);

      // An edited page: nothing kept is used, and the next pass keeps the new description.
      await fs.writeFile(file, before.replace("speaks of quillworts", "speaks of hornworts and mosses"));
      const edited = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(known(edited).complete).toBe(false);
      await edited.complete();
      const again = (await load({ renderer: versioned("1"), cacheFolder })).guide;
      await vi.waitFor(() => expect(known(again).complete).toBe(true));
      expect(known(again).descriptions.of(page(again, "alpha"))).toBe("The first page speaks of hornworts and mosses.");
    } finally {
      await fs.writeFile(file, before);
      await fs.rm(cacheFolder, { recursive: true, force: true });
    }
  });
});
