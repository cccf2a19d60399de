import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GuideContentError } from "../guide-content-error";
import type { Guide } from "./guide";
import { loadGuide, type LoadGuideOptions } from "./load-guide.server";
import type { PageDescriptions } from "./background-completion.server";
import { createPageRenderer, RenderTimeLimitError, type PageRenderer } from "./render-worker-client.server";

const fixtures = path.join(import.meta.dirname, "__fixtures__");
const fixture = (name: string) => path.join(fixtures, name);

// The first render starts Shiki: a moment, once per process.
const FIRST_RENDER_TIMEOUT = 60_000;

/** Loads with warnings collected instead of printed. */
async function load(contentDir: string, options: LoadGuideOptions = {}) {
  const warnings: string[] = [];
  const guide = await loadGuide(contentDir, { warn: (message) => warnings.push(message), ...options });
  return { guide, warnings };
}

/** The error loadGuide rejects with; fails when the folder loads. */
async function loadError(contentDir: string): Promise<GuideContentError> {
  const error = await loadGuide(contentDir, { warn: () => {} }).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, `${contentDir} should not load`).toBeInstanceOf(GuideContentError);
  return error as GuideContentError;
}

const slugs = (guide: Guide) => guide.pages.map((page) => page.slug);
/** The page at this slug with its article (rendered on first use). */
const rendered = (guide: Guide, slug: string) => guide.render(guide.findPage(slug)!);

describe("a folder of Markdown with no front matter at all", () => {
  let guide: Guide;
  beforeAll(async () => {
    ({ guide } = await load(fixture("no-front-matter")));
  }, FIRST_RENDER_TIMEOUT);

  it("titles a page by its leading # heading", () => {
    expect(guide.findPage("first-steps")?.title).toBe("Your very first steps");
  });

  it("titles a page with no heading by its file name, in sentence case, without a leading number", () => {
    expect(guide.findPage("getting-started")?.title).toBe("Getting started");
    expect(guide.findPage("02_api-reference")?.title).toBe("Api reference");
  });

  it("describes a page by its first paragraph, cut at a word near 160 characters with an ellipsis", async () => {
    const { description } = await rendered(guide, "getting-started");
    expect(description.length).toBeLessThanOrEqual(161);
    expect(description).toMatch(/^Nothing at the top of this file but prose\. .* [a-z]+…$/);
    expect((await rendered(guide, "first-steps")).description).toBe("The heading above is this page's title.");
  });

  it("describes a page with no paragraph of its own by the first text inside its list", async () => {
    expect((await rendered(guide, "02_api-reference")).description).toBe("a list, but no paragraph");
  });

  it("orders pages without any order by name, numbers first", () => {
    expect(slugs(guide)).toEqual(["02_api-reference", "first-steps", "getting-started"]);
    expect(guide.pages.every((page) => page.order === null)).toBe(true);
  });

  it("keeps a page's leading heading out of its HTML once it is the title", async () => {
    expect((await rendered(guide, "first-steps")).html).not.toContain("Your very first steps");
  });

  it("has no landing page when the folder has no top-level index", () => {
    expect(guide.landing).toBeNull();
    expect(guide.findPage("")).toBeUndefined();
  });
});

describe("the descriptions known so far, for a page that lists them without waiting", () => {
  it(
    "gives those of the pages rendered so far at once, then every page's once the completion is done",
    async () => {
      const { guide } = await load(fixture("no-front-matter"));
      const before = guide.descriptionsSoFar();
      expect(before.complete).toBe(false);
      expect(before.descriptions.count).toBe(0);
      await rendered(guide, "first-steps");
      const known = (descriptions: PageDescriptions) => guide.pages.flatMap((page) => (descriptions.of(page) === undefined ? [] : [[page.slug, descriptions.of(page)]]));
      expect(known(guide.descriptionsSoFar().descriptions)).toEqual([["first-steps", "The heading above is this page's title."]]);
      await guide.complete();
      const after = guide.descriptionsSoFar();
      expect(after.complete).toBe(true);
      expect(known(after.descriptions).map(([slug]) => slug).sort()).toEqual(slugs(guide).sort());
    },
    FIRST_RENDER_TIMEOUT,
  );
});

describe("a Docusaurus folder", () => {
  let guide: Guide;
  beforeAll(async () => {
    ({ guide } = await load(fixture("docusaurus")));
  }, FIRST_RENDER_TIMEOUT);

  it("reads title and description and ignores keys it does not know", async () => {
    expect(await rendered(guide, "intro")).toMatchObject({ title: "Welcome aboard", description: "Where everything starts.", order: 1 });
  });

  it("gives each page's <h1> the slug of its title as id, from front matter or the leading heading", async () => {
    expect((await rendered(guide, "intro")).titleId).toBe("welcome-aboard");
    expect((await rendered(guide, "extras/versioning")).titleId).toBe("versioning");
  });

  it("orders by sidebar_position, pages with a position before pages without", () => {
    expect(slugs(guide)).toEqual(["intro", "basics/well-done", "basics/make-a-page", "basics/unplaced", "extras/versioning"]);
  });

  it("names and places a folder by its _category_ file, and a page by its sidebar_label", () => {
    expect(guide.nav[1]).toEqual({
      title: "The basics",
      url: null,
      children: [
        { title: "Well done", url: "/guide/basics/well-done", children: [] },
        { title: "New page", url: "/guide/basics/make-a-page", children: [] },
        { title: "Not placed", url: "/guide/basics/unplaced", children: [] },
      ],
    });
    expect(guide.findPage("basics/make-a-page")?.title).toBe("Making a page of your own");
  });

  it("keeps a folder without an index as a group named from the folder, not flattened into its parent", () => {
    expect(guide.nav[2]).toEqual({ title: "Extras", url: null, children: [{ title: "Versioning", url: "/guide/extras/versioning", children: [] }] });
  });

  it("publishes no partials (Markdown whose name or folder starts with _) and not the category file", () => {
    expect(guide.pages.map((page) => page.relativePath).filter((file) => file.includes("_"))).toEqual([]);
    expect([...guide.files.keys()]).toEqual([]);
  });
});

describe("an MkDocs-style folder with a top-level index.md", () => {
  let guide: Guide;
  beforeAll(async () => {
    ({ guide } = await load(fixture("mkdocs")));
  }, FIRST_RENDER_TIMEOUT);

  it("makes the top-level index.md the landing page at /guide, first in the reading order", () => {
    expect(guide.landing).toMatchObject({ slug: "", url: "/guide", title: "Harbour tides", relativePath: "index.md" });
    expect(guide.pages[0]).toBe(guide.landing);
    expect(guide.findPage("")).toBe(guide.landing);
  });

  it("orders by order, nav_order or weight, numbers only, and reads depth first", () => {
    expect(slugs(guide)).toEqual(["", "install", "user-guide", "user-guide/advanced", "user-guide/advanced/plugins", "user-guide/writing", "about/license"]);
    expect(guide.findPage("user-guide/writing")?.order).toBeNull();
  });

  it("gives each folder with an index.md the index's URL and title in the navigation", () => {
    expect(guide.nav).toEqual([
      { title: "Harbour tides", url: "/guide", children: [] },
      { title: "Installing", url: "/guide/install", children: [] },
      {
        title: "User guide",
        url: "/guide/user-guide",
        children: [
          { title: "Advanced use", url: "/guide/user-guide/advanced", children: [{ title: "Plugins", url: "/guide/user-guide/advanced/plugins", children: [] }] },
          { title: "Writing station files", url: "/guide/user-guide/writing", children: [] },
        ],
      },
      { title: "About", url: null, children: [{ title: "Licence", url: "/guide/about/license", children: [] }] },
    ]);
  });

  it("does not publish a draft", () => {
    expect(guide.pages.find((page) => page.relativePath === "unfinished.md")).toBeUndefined();
  });

  it("lists every other file with its real path, size and a version", async () => {
    expect([...guide.files.keys()].sort()).toEqual(["images/chart.png", "public/logo.svg"]);
    const chart = guide.files.get("images/chart.png")!;
    const stat = await fs.stat(fixture("mkdocs/images/chart.png"));
    expect(chart).toMatchObject({ path: await fs.realpath(fixture("mkdocs/images/chart.png")), size: stat.size, mtimeMs: stat.mtimeMs });
    expect(chart.version).toMatch(/^[\w-]{6,}$/);
  });

  it("finds every page by its slug, and nothing for slugs that are not a page's", () => {
    for (const page of guide.pages) expect(guide.findPage(page.slug)).toBe(page);
    for (const slug of ["../package.json", "..%2findex", "user-guide/../install", "install.md", "install/", "user-guide/index", "unfinished"]) {
      expect(guide.findPage(slug), slug).toBeUndefined();
    }
  });
});

describe("an mdBook or GitHub folder of README.md files", () => {
  let guide: Guide;
  beforeAll(async () => {
    ({ guide } = await load(fixture("readme-folders")));
  }, FIRST_RENDER_TIMEOUT);

  it("makes the top-level README.md the landing page and each folder's README.md the folder's page", () => {
    expect(guide.landing).toMatchObject({ url: "/guide", title: "The Book of Tiles" });
    expect(guide.findPage("chapter-1")).toMatchObject({ relativePath: "chapter-1/README.md", url: "/guide/chapter-1" });
  });

  it("prefers index.md to README.md, which is then a page of its own", () => {
    expect(guide.findPage("both")?.relativePath).toBe("both/index.md");
    expect(guide.findPage("both/README")?.title).toBe("Both, by README.md");
  });

  it("follows SUMMARY.md's order, and does not show SUMMARY.md as a page", () => {
    expect(slugs(guide)).toEqual(["", "chapter-2", "chapter-2/section", "chapter-1", "both", "both/README"]);
  });
});

describe("the content folder's own files and links", () => {
  let temporary: string | undefined;
  afterEach(async () => {
    if (temporary) await fs.rm(temporary, { recursive: true, force: true });
    temporary = undefined;
  });

  async function makeFolders() {
    temporary = await fs.mkdtemp(path.join(os.tmpdir(), "guide-test-"));
    const content = path.join(temporary, "content");
    const outside = path.join(temporary, "outside");
    await fs.mkdir(content);
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, "secret.md"), "# Secret\n");
    await fs.writeFile(path.join(outside, "secret.png"), "secret");
    await fs.writeFile(path.join(content, "page.md"), "# Page\n");
    return { content, outside };
  }

  it(
    "ignores dotfiles, dot-folders and node_modules",
    async () => {
      const { content } = await makeFolders();
      for (const folder of [".vitepress", ".git", "node_modules/pkg", "docs/node_modules"]) {
        await fs.mkdir(path.join(content, folder), { recursive: true });
        await fs.writeFile(path.join(content, folder, "hidden.md"), "# Hidden\n");
        await fs.writeFile(path.join(content, folder, "hidden.png"), "hidden");
      }
      await fs.writeFile(path.join(content, ".env"), "SECRET=1");
      await fs.writeFile(path.join(content, ".hidden.md"), "# Hidden\n");
      const { guide } = await load(content);
      expect(slugs(guide)).toEqual(["page"]);
      expect([...guide.files.keys()]).toEqual([]);
    },
    FIRST_RENDER_TIMEOUT,
  );

  it(
    "skips a symbolic link out of the folder, Markdown or not, with a warning naming it",
    async () => {
      const { content, outside } = await makeFolders();
      await fs.symlink(path.join(outside, "secret.md"), path.join(content, "leak.md"));
      await fs.symlink(path.join(outside, "secret.png"), path.join(content, "leak.png"));
      await fs.symlink(outside, path.join(content, "linked"));
      const { guide, warnings } = await load(content);
      expect(slugs(guide)).toEqual(["page"]);
      expect([...guide.files.keys()]).toEqual([]);
      expect(warnings).toHaveLength(3);
      for (const name of ["leak.md", "leak.png", "linked"]) {
        expect(warnings.some((warning) => warning.includes(path.join(content, name)) && /outside the content folder/.test(warning)), name).toBe(true);
      }
    },
    FIRST_RENDER_TIMEOUT,
  );

  it(
    "follows a symbolic link inside the folder, and stops at one that loops back up",
    async () => {
      const { content } = await makeFolders();
      await fs.mkdir(path.join(content, "alias"));
      await fs.writeFile(path.join(content, "picture.png"), "png");
      await fs.symlink(path.join(content, "page.md"), path.join(content, "alias", "page.md"));
      await fs.symlink(path.join(content, "picture.png"), path.join(content, "alias", "picture.png"));
      await fs.symlink(content, path.join(content, "alias", "loop"));
      const { guide, warnings } = await load(content);
      expect(slugs(guide)).toEqual(["alias/page", "page"]);
      expect(guide.files.get("alias/picture.png")?.path).toBe(await fs.realpath(path.join(content, "picture.png")));
      expect(warnings).toEqual([expect.stringMatching(/alias\/loop: links back to a folder above it/)]);
    },
    FIRST_RENDER_TIMEOUT,
  );

  it(
    "reads a root-relative link GitHub's way, and an MkDocs snippet path, from the repository's root, when the folder's own root has nothing there",
    async () => {
      temporary = await fs.mkdtemp(path.join(os.tmpdir(), "guide-test-"));
      const repository = path.join(temporary, "project");
      const content = path.join(repository, "website", "docs");
      await fs.mkdir(path.join(repository, ".git"), { recursive: true });
      await fs.mkdir(path.join(content, "api"), { recursive: true });
      await fs.writeFile(path.join(content, "api", "client.md"), "# Client\n\n## Options\n");
      await fs.writeFile(path.join(content, "shot.png"), "png");
      await fs.writeFile(path.join(content, "_note.md"), "Included from the project's root.");
      await fs.writeFile(
        path.join(content, "index.md"),
        [
          "# Home",
          '--8<-- "website/docs/_note.md"',
          "[from the repository](/website/docs/api/client.md#options)",
          "[by the folder's name](/docs/api/client.md)",
          "![shot](/website/docs/shot.png)",
          "[outside the folder](/README.md)",
        ].join("\n\n"),
      );
      const { guide, warnings } = await load(content);
      const { html } = await rendered(guide, "");
      expect(html).toContain("<p>Included from the project's root.</p>");
      expect(html).toContain('<a href="/guide/api/client#options">from the repository</a>');
      expect(html).toContain('<a href="/guide/api/client">by the folder\'s name</a>');
      expect(html).toMatch(/<img src="\/guide-files\/shot\.png\?v=[^"]+" alt="shot"/);
      expect(html).toContain('<a href="/README.md">outside the folder</a>');
      await guide.complete();
      expect(warnings.join("\n")).toMatch(/1 link leads nowhere[^\n]*index\.md → \/README\.md$/);
    },
    FIRST_RENDER_TIMEOUT,
  );

  it(
    "expands mdBook's and VitePress' includes from the folder's own files and partials, and never from a file outside it, reached by path or by link",
    async () => {
      const { content, outside } = await makeFolders();
      await fs.mkdir(path.join(content, "listings"));
      await fs.mkdir(path.join(content, "_parts"));
      await fs.writeFile(path.join(content, "_parts", "shared.md"), "---\ntitle: Part\n---\nShared *words*.\n");
      await fs.writeFile(path.join(content, "listings", "main.rs"), "// ANCHOR: body\nprintln!(\"tiles\");\n// ANCHOR_END: body\n");
      await fs.symlink(path.join(outside, "secret.md"), path.join(content, "listings", "leak.md"));
      await fs.writeFile(
        path.join(content, "book.md"),
        "# Book\n\n```rust\n{{#include listings/main.rs:body}}\n```\n\n{{#include ../outside/secret.md}}\n\n{{#include listings/leak.md}}\n",
      );
      await fs.writeFile(path.join(content, "vitepress.md"), "# VitePress\n\n<!--@include: ./_parts/shared.md-->\n");
      const { guide, warnings } = await load(content);
      const { html } = await rendered(guide, "book");
      expect((await rendered(guide, "vitepress")).html).toContain("<p>Shared <em>words</em>.</p>");
      expect(html).toMatch(/<pre[^>]*><code>.*println.*tiles.*<\/code><\/pre>/s);
      expect(html).not.toContain("ANCHOR");
      expect(slugs(guide)).toEqual(["book", "page", "vitepress"]);
      expect(html).not.toContain("Secret");
      expect(html).toContain("{{#include ../outside/secret.md}}");
      expect(warnings).toContainEqual(expect.stringMatching(/^2 includes name no file in .* left as written: book\.md → \.\.\/outside\/secret\.md, book\.md → listings\/leak\.md$/));
    },
    FIRST_RENDER_TIMEOUT,
  );

  it("warns at start of a page whose includes reach their limit, naming the include from which the rest are left as written", async () => {
    const { content } = await makeFolders();
    const mb = `${"x".repeat(1024 * 1024)}\n`;
    for (const part of ["a", "b", "c"]) await fs.writeFile(path.join(content, `_${part}.md`), mb);
    await fs.writeFile(path.join(content, "big.md"), "# Big\n\n<!--@include: ./_a.md-->\n\n<!--@include: ./_b.md-->\n\n<!--@include: ./_c.md-->\n");
    const { guide, warnings } = await load(content);
    expect(warnings).toContainEqual(expect.stringMatching(/^1 page's includes reach a limit in .* \(10 deep, 2 MB or about 2,000 files a page\); the rest are left as written, from: big\.md → \.\/_c\.md$/));
    expect(guide.includesPastLimit).toEqual([{ from: "big.md", href: "./_c.md" }]);
  });

  it("refuses an empty folder, and one with only drafts and partials", async () => {
    const { content } = await makeFolders();
    await fs.rm(path.join(content, "page.md"));
    expect((await loadError(content)).message).toMatch(/No Markdown files/);
    await fs.writeFile(path.join(content, "draft.md"), "---\ndraft: true\n---\n");
    await fs.writeFile(path.join(content, "_partial.md"), "Partial\n");
    expect((await loadError(content)).message).toMatch(/No Markdown files/);
  });
});

describe("content that cannot be served", () => {
  it("stops on front matter that is not valid YAML, naming the file and the line", async () => {
    const error = await loadError(fixture("broken-yaml"));
    const file = path.join(fixture("broken-yaml"), "page.md");
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:4:\\d+: front matter is not valid YAML`));
    expect(error).toMatchObject({ file, line: 4 });
  });

  it("stops on front matter that is not a mapping, naming the file", async () => {
    const error = await loadError(fixture("not-a-mapping"));
    expect(error.message).toContain(path.join(fixture("not-a-mapping"), "page.md"));
    expect(error.message).toMatch(/must be a mapping of keys to values, not a list/);
  });

  it("refuses two files that give the same page, naming both", async () => {
    const error = await loadError(fixture("duplicate-slug"));
    expect(error.message).toContain(path.join(fixture("duplicate-slug"), "setup.md"));
    expect(error.message).toContain(path.join(fixture("duplicate-slug"), "setup", "index.md"));
    expect(error.message).toContain("/guide/setup");
  });

  it("refuses a folder that does not exist", async () => {
    const error = await loadError(fixture("no-such-folder"));
    expect(error.message).toContain(fixture("no-such-folder"));
  });
});

describe("the site's own content", () => {
  it(
    "loads, with a title and a description on every page",
    async () => {
      const { guide } = await load(path.resolve("content"), { sitePaths: ["/", "/appearance"] });
      const files = (await fs.readdir("content", { recursive: true })).filter((file) => file.endsWith(".md"));
      expect(guide.pages).toHaveLength(files.length);
      const { descriptions, failures } = await guide.complete();
      expect(failures).toEqual([]);
      for (const page of guide.pages) {
        expect(page.title.trim(), page.slug).not.toBe("");
        expect(descriptions.of(page)?.trim(), page.slug).not.toBe("");
        expect(guide.findPage(page.slug)).toBe(page);
      }
    },
    FIRST_RENDER_TIMEOUT,
  );
});

describe("a home page made of front matter alone, as VitePress writes one", () => {
  let folder: string;
  afterEach(async () => {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  });

  it("is titled by its hero's name, subtitled by its hero's text, described by its tagline, and shows the hero above its Markdown", async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-home-"));
    await fs.writeFile(
      path.join(folder, "index.md"),
      "---\nlayout: home\nhero:\n  name: Tidelog\n  text: Tide tables from plain files\n  tagline: Tides, logged.\n  actions:\n    - text: Start\n      link: /start\n---\n",
    );
    await fs.writeFile(path.join(folder, "start.md"), "# Start\n\nText.\n");
    const { guide } = await load(folder);
    expect(guide.landing?.title).toBe("Tidelog");
    const home = await guide.render(guide.landing!);
    expect(home.description).toBe("Tides, logged.");
    expect(home.subtitle).toBe("Tide tables from plain files");
    expect(home.html).not.toContain("Tide tables");
    expect((await rendered(guide, "start")).subtitle).toBeNull();
    expect(home.html).toContain('<p class="home-hero-tagline">Tides, logged.</p>');
    expect(home.html).toContain('<a href="/guide/start" class="md-button md-button--primary">Start</a>');
  }, FIRST_RENDER_TIMEOUT);
});

describe("a page whose rendering runs past its time limit", () => {
  it("is shown as plain text, for good: asked for again it does not hold the renderer up again, and the other pages still render", async () => {
    const inProcess = createPageRenderer(null);
    const overruns: string[] = [];
    const renderer: PageRenderer = {
      where: inProcess.where,
      version: inProcess.version,
      prepare: (targets, samples) => inProcess.prepare(targets, samples),
      release: () => inProcess.release(),
      async render(job, background) {
        if (job.relativePath !== "first-steps.md") return inProcess.render(job, background);
        overruns.push(job.url);
        throw new RenderTimeLimitError("rendering took longer than 5.1 s, the limit for a page of its size, and was stopped");
      },
    };
    const { guide, warnings } = await load(fixture("no-front-matter"), { renderer });
    const source = await fs.readFile(path.join(fixture("no-front-matter"), "first-steps.md"), "utf8");

    for (let attempt = 0; attempt < 3; attempt++) {
      const page = await rendered(guide, "first-steps");
      expect(page.html).toContain("Shown as plain text");
      expect(page.html).toContain(`<pre class="page-source">${source.split("\n")[0]}`);
    }
    expect(overruns).toHaveLength(1);
    expect(warnings.filter((warning) => warning.includes("first-steps.md: rendering took longer than 5.1 s"))).toHaveLength(1);
    expect((await rendered(guide, "getting-started")).html).not.toContain("Shown as plain text");

    const { failures, search } = await guide.complete();
    // A failure all the same, for `check` to report; warned of once, when it happened.
    expect(failures.map((failure) => failure.message)).toEqual([expect.stringMatching(/first-steps\.md: rendering took longer than 5\.1 s, .*; it is shown as plain text$/)]);
    expect(warnings.filter((warning) => warning.includes("first-steps.md"))).toHaveLength(1);
    expect(overruns).toHaveLength(1);
    const firstWord = source.replace(/^#.*\n/, "").match(/[A-Za-z]{6,}/)![0];
    expect(search.search(firstWord).map((result) => result.url)).toContain("/guide/first-steps");
  }, FIRST_RENDER_TIMEOUT);
});

describe("a page with more sections than a function call takes arguments", () => {
  it("is completed and found by search like any other", async () => {
    const inProcess = createPageRenderer(null);
    const sectionCount = 300_000;
    const renderer: PageRenderer = {
      where: inProcess.where,
      version: inProcess.version,
      prepare: (targets, samples) => inProcess.prepare(targets, samples),
      release: () => inProcess.release(),
      async render(job, background) {
        const result = await inProcess.render(job, background);
        if (job.relativePath !== "first-steps.md") return result;
        // What a generated page of that many headings gives, without rendering one.
        const sections = Array.from({ length: sectionCount }, (_, index) => ({
          url: `${job.url}#s${index}`,
          pageTitle: job.title,
          sectionTitle: `Heading ${index}`,
          parentTitle: null,
          context: job.title,
          text: index === sectionCount - 1 ? "zebrafish" : "",
        }));
        return { ...result, sections };
      },
    };
    const { guide } = await load(fixture("no-front-matter"), { renderer });
    const { failures, search } = await guide.complete();
    expect(failures).toEqual([]);
    expect(search.search("zebrafish").map((result) => result.url)).toEqual([`/guide/first-steps#s${sectionCount - 1}`]);
  }, FIRST_RENDER_TIMEOUT);
});

describe("a guide loaded for a static export (searchIndex: false)", () => {
  it("holds no page's search sections: every page renders and describes itself, and the server's index finds nothing", async () => {
    const { guide } = await load(fixture("no-front-matter"), { searchIndex: false });
    const source = await fs.readFile(path.join(fixture("no-front-matter"), "first-steps.md"), "utf8");
    const firstWord = source.replace(/^#.*\n/, "").match(/[A-Za-z]{6,}/)![0];
    expect((await rendered(guide, "first-steps")).html).toContain(firstWord);
    const { failures, search, descriptions } = await guide.complete();
    expect(failures).toEqual([]);
    expect(descriptions.count).toBe(guide.pages.length);
    expect(search.search(firstWord)).toEqual([]);
  }, FIRST_RENDER_TIMEOUT);
});

describe("completing a guide whose pages were rendered already", () => {
  it("renders each page once, even when the store kept none of them, and still indexes and describes them all", async () => {
    const rendering = createPageRenderer(null);
    const renderedUrls: string[] = [];
    const counting: PageRenderer = { ...rendering, render: (job, background) => (renderedUrls.push(job.url), rendering.render(job, background)) };
    const { guide } = await load(fixture("no-front-matter"), { renderer: counting, renderedBytesKept: 1 });
    for (const page of guide.pages) await guide.render(page);
    expect(renderedUrls).toHaveLength(guide.pages.length);

    const { search, descriptions } = await guide.complete();
    expect(renderedUrls).toHaveLength(guide.pages.length);
    expect(descriptions.count).toBe(guide.pages.length);
    const source = await fs.readFile(path.join(fixture("no-front-matter"), "first-steps.md"), "utf8");
    const firstWord = source.replace(/^#.*\n/, "").match(/[A-Za-z]{6,}/)![0];
    expect(search.search(firstWord).map((result) => result.url)).toContain("/guide/first-steps");
  }, FIRST_RENDER_TIMEOUT);
});
