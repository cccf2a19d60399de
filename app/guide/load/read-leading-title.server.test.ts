import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "./front-matter.server";
import { render } from "../render/markdown/__fixtures__/read-fixture";
import { readLeadingTitle } from "./read-leading-title.server";

// The navigation is built from readLeadingTitle when the server starts; the
// page from renderMarkdown when it is first read. They must agree, or a page
// would be listed under one name and shown under another.

const repository = path.resolve(import.meta.dirname, "../../..");
const FIXTURE_FOLDERS = ["tests/fixtures/docs", "app/guide/service/__fixtures__", "app/guide/render/markdown/__fixtures__", "content"];

function markdownFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && /\.md$/i.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

function bodyOf(file: string): string | null {
  try {
    return parseFrontMatter(fs.readFileSync(file, "utf8")).content;
  } catch (error) {
    if (error instanceof FrontMatterError) return null; // a fixture of broken front matter
    throw error;
  }
}

const OPENINGS: Record<string, { markdown: string; title: string | null }> = {
  "an ATX heading": { markdown: "# Field *guide*\n\nBody.", title: "Field guide" },
  "a Setext heading": { markdown: "Field\nguide\n=====\n\nBody.", title: "Field guide" },
  "a custom id and attribute list": { markdown: "# Field guide {#top .wide}\n\nBody.", title: "Field guide" },
  "comments first": { markdown: "<!-- generated -->\n\n<!-- twice -->\n# Field guide\n\nBody.", title: "Field guide" },
  "prose first": { markdown: "Intro first.\n\n# Later heading\n\nMore.", title: null },
  "an h2 first": { markdown: "## Section\n\n# Later\n", title: null },
  "a code fence holding a # comment": { markdown: "```sh\n# install\nnpm i\n```\n\n# Later\n", title: null },
  "an indented # in code": { markdown: "    # not a heading\n\n# Later\n", title: null },
  "a logo, then a raw <h1> over lines": {
    markdown: '<p align="center"><img src="logo.png" alt="Logo"></p>\n\n<h1 align="center">\n  Field guide\n</h1>\n\nBody.',
    title: "Field guide",
  },
  "a centred div around logo and # heading": {
    markdown: '<div align="center">\n\n<img src="logo.png" alt="Logo">\n\n# Field guide\n\nA tagline.\n\n</div>\n\nBody.',
    title: "Field guide",
  },
  "badges, then a # heading": { markdown: "[![CI](ci.svg)](https://ci.example)\n\n# Field guide\n", title: "Field guide" },
  "a :: container first": { markdown: "::: tip\n# Inside\n:::\n\n# Later\n", title: null },
  "an MkDocs admonition first": { markdown: '!!! note "Read me"\n    # Inside\n\n# Later\n', title: null },
  "a heading past the opening lines": { markdown: `${"Line of prose.\n\n".repeat(60)}# Far down\n`, title: null },
  "an empty document": { markdown: "", title: null },
  "a heading with a reference link defined later": { markdown: "# The [guide][g]\n\nBody.\n\n[g]: https://example.com\n", title: "The guide" },
};

describe("readLeadingTitle", () => {
  it.each(Object.entries(OPENINGS))("reads the title renderMarkdown takes from %s", async (_name, { markdown, title }) => {
    expect(readLeadingTitle(markdown, "page.md")).toBe(title);
    expect((await render(markdown)).title).toBe(title);
  });

  const files = FIXTURE_FOLDERS.flatMap((folder) => markdownFiles(path.join(repository, folder)));

  it("has fixtures to read", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.map((file) => [path.relative(repository, file), file]))("agrees with renderMarkdown on %s", async (_name, file) => {
    const body = bodyOf(file);
    if (body === null) return;
    expect(readLeadingTitle(body, "page.md")).toBe((await render(body)).title);
  });

  it.each([
    ["tags nested 100,000 deep", `<h1>${"<b>".repeat(100_000)}x</h1>\n\nBody.`],
    ["quotes nested 5,000 deep over a Setext line", `${"> ".repeat(5_000)}title\n===\n\nBody.`],
    ["20,000 brackets around the title", `# The ${"[".repeat(20_000)}guide${"]".repeat(20_000)}\n\nBody.`],
    ["an opening of 9 KB", `# Field guide ${"word ".repeat(1_900)}\n\nBody.`],
  ])("reads no title from an opening built to overwhelm the parser (%s), rather than stop the server's start", (_name, markdown) => {
    expect(readLeadingTitle(markdown, "page.md")).toBeNull();
  });
});
