import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GuideContentError, loadGuide, slugFromFile, type Guide } from "./guide.server";

const fixtures = path.join(import.meta.dirname, "__fixtures__");
const fixture = (name: string) => path.join(fixtures, name);

// The first render starts Shiki, which loads every grammar it bundles: seconds, once per process.
const FIRST_RENDER_TIMEOUT = 60_000;

const frontMatter = (title: string) => `---\ntitle: ${title}\ndescription: About ${title}.\norder: 1\n---\n\nText.\n`;

/** The error loadGuide rejects with; fails when the folder loads. */
async function loadError(contentDir: string): Promise<Error> {
  const error = await loadGuide(contentDir).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, `${contentDir} should not load`).toBeInstanceOf(GuideContentError);
  return error as Error;
}

describe("a valid content folder", () => {
  let guide: Guide;
  beforeAll(async () => {
    guide = await loadGuide(fixture("valid"));
  }, FIRST_RENDER_TIMEOUT);

  it("lists pages in reading order: by order, each folder's index.md as its page, children after their parent", () => {
    expect(guide.pages.map((page) => page.slug)).toEqual(["setup", "markdown", "advanced", "advanced/scaling", "advanced/tuning"]);
  });

  it("gives each page its URL below /guide and the title, description and order of its front matter", () => {
    const page = guide.findPage("advanced/scaling");
    expect(page).toMatchObject({
      slug: "advanced/scaling",
      url: "/guide/advanced/scaling",
      title: "Scaling",
      description: "First child by order, second by name.",
      order: 1,
    });
    expect(guide.findPage("advanced")).toMatchObject({ url: "/guide/advanced", title: "Advanced" });
  });

  it("builds the navigation tree with a folder's pages under the folder's own page", () => {
    expect(guide.nav).toEqual([
      { title: "Setup", url: "/guide/setup", children: [] },
      { title: "Markdown", url: "/guide/markdown", children: [] },
      {
        title: "Advanced",
        url: "/guide/advanced",
        children: [
          { title: "Scaling", url: "/guide/advanced/scaling", children: [] },
          { title: "Tuning", url: "/guide/advanced/tuning", children: [] },
        ],
      },
    ]);
  });

  it("finds every page by its slug", () => {
    for (const page of guide.pages) expect(guide.findPage(page.slug)).toBe(page);
  });

  it.each([
    ["a path out of the folder", "../package.json"],
    ["an encoded path out of the folder", "..%2fpackage.json"],
    ["the empty slug", ""],
    ["a path that climbs back into the folder", "advanced/../setup"],
    ["a file name instead of a slug", "setup.md"],
    ["a slug with a trailing slash", "setup/"],
    ["a folder's index by name", "advanced/index"],
  ])("finds nothing for %s (%j)", (_name, slug) => {
    expect(guide.findPage(slug)).toBeUndefined();
  });
});

describe("slugFromFile", () => {
  it.each([
    [["themes.md"], "themes"],
    [["deployment", "index.md"], "deployment"],
    [["deployment", "replicas.md"], "deployment/replicas"],
    [["a", "b", "index.md"], "a/b"],
    [["Upper.MD"], "Upper"],
    [["index.md"], ""],
  ])("turns %j into %j", (parts, slug) => {
    expect(slugFromFile(path.join(...parts))).toBe(slug);
  });
});

describe("rendered Markdown", () => {
  let html: string;
  beforeAll(async () => {
    const guide = await loadGuide(fixture("valid"));
    html = guide.findPage("markdown")!.html;
  }, FIRST_RENDER_TIMEOUT);

  it("drops raw HTML, keeping only its text", () => {
    expect(html).not.toMatch(/<script|<img|<b\b|onerror|onclick|alert\(/i);
    expect(html).toContain("<p>Inline raw markup.</p>");
  });

  it("drops links and images that would run script, keeping safe links", () => {
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('<a href="/guide/setup">a safe link</a>');
  });

  it("renders GFM tables", () => {
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Name<\/th>\s*<th>Value<\/th>/);
    expect(html).toMatch(/<td>colour<\/td>\s*<td>blue<\/td>/);
  });

  it("renders GFM task lists as disabled checkboxes", () => {
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toMatch(/<input type="checkbox" checked disabled> done task/);
    expect(html).toMatch(/<input type="checkbox" disabled> open task/);
  });

  it("gives headings an id and an anchor link to it that screen readers and Tab skip", () => {
    expect(html).toMatch(/<h2 id="tables-and-tasks">Tables and tasks<a [^>]*href="#tables-and-tasks"[^>]*>#<\/a><\/h2>/);
    const anchor = html.match(/<a [^>]*href="#tables-and-tasks"[^>]*>/)?.[0] ?? "";
    expect(anchor).toContain('class="heading-anchor"');
    expect(anchor).toContain('aria-hidden="true"');
    expect(anchor).toContain('tabindex="-1"');
  });

  it("highlights fenced code in both palettes at once", () => {
    const code = html.match(/<pre class="shiki[\s\S]*?<\/pre>/)?.[0] ?? "";
    expect(code).toContain("light-dark(");
    expect(code).toMatch(/<span style="color:light-dark\(#[0-9A-F]{6}, #[0-9A-F]{6}\)[^"]*">const<\/span>/i);
  });

  it("shows code in an unknown language as plain text", () => {
    expect(html).toMatch(/<pre class="shiki[^>]*><code><span class="line"><span>plain text in an unknown language<\/span>/);
  });
});

describe("broken content", () => {
  it.each([
    ["missing-title", /title: .*expected string/],
    ["order-not-integer", /order: .*expected int/],
    ["invalid-yaml", /front matter is not valid YAML/],
    ["unknown-key", /Unrecognized key: "draft"/],
  ])("%s: the error names the file and the problem", async (folder, problem) => {
    const error = await loadError(fixture(folder));
    expect(error.message).toContain(path.join(fixture(folder), "page.md"));
    expect(error.message).toMatch(problem);
  });

  it("refuses a top-level index.md, whose page would have no address of its own", async () => {
    const error = await loadError(fixture("top-level-index"));
    expect(error.message).toContain(path.join(fixture("top-level-index"), "index.md"));
  });

  it("refuses two files that give the same page", async () => {
    const error = await loadError(fixture("duplicate-slug"));
    expect(error.message).toContain("/guide/intro");
  });

  it("refuses a folder that does not exist", async () => {
    const error = await loadError(fixture("no-such-folder"));
    expect(error.message).toContain(fixture("no-such-folder"));
  });
});

describe("content folders with links or nothing in them", () => {
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
    await fs.writeFile(path.join(outside, "secret.md"), frontMatter("Secret"));
    return { content, outside };
  }

  it("refuses an empty folder", async () => {
    const { content } = await makeFolders();
    const error = await loadError(content);
    expect(error.message).toMatch(/No Markdown files/);
  });

  it("refuses a symbolic link to a file outside the folder, naming the link", async () => {
    const { content, outside } = await makeFolders();
    await fs.writeFile(path.join(content, "page.md"), frontMatter("Page"));
    await fs.symlink(path.join(outside, "secret.md"), path.join(content, "leak.md"));
    const error = await loadError(content);
    expect(error.message).toContain(path.join(content, "leak.md"));
    expect(error.message).toMatch(/outside the content folder/);
  });

  it(
    "accepts a symbolic link to a file inside the folder",
    async () => {
      const { content } = await makeFolders();
      await fs.writeFile(path.join(content, "page.md"), frontMatter("Page"));
      await fs.mkdir(path.join(content, "alias"));
      await fs.symlink(path.join(content, "page.md"), path.join(content, "alias", "page.md"));
      const guide = await loadGuide(content);
      expect(guide.pages.map((page) => page.slug)).toEqual(["alias/page", "page"]);
    },
    FIRST_RENDER_TIMEOUT,
  );

  it(
    "publishes nothing through a symbolic link to a folder outside",
    async () => {
      const { content, outside } = await makeFolders();
      await fs.writeFile(path.join(content, "page.md"), frontMatter("Page"));
      await fs.symlink(outside, path.join(content, "linked"));
      const guide = await loadGuide(content);
      expect(guide.pages.map((page) => page.title)).toEqual(["Page"]);
    },
    FIRST_RENDER_TIMEOUT,
  );
});

describe("the site's own content", () => {
  it(
    "loads, with a title and a description on every page",
    async () => {
      const guide = await loadGuide(path.resolve("content"));
      const files = (await fs.readdir("content", { recursive: true })).filter((file) => file.endsWith(".md"));
      expect(guide.pages).toHaveLength(files.length);
      for (const page of guide.pages) {
        expect(page.title.trim(), page.slug).not.toBe("");
        expect(page.description.trim(), page.slug).not.toBe("");
        expect(guide.findPage(page.slug)).toBe(page);
      }
    },
    FIRST_RENDER_TIMEOUT,
  );
});
