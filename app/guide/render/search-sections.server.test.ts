import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown/render-markdown.server";
import { searchSections, searchSectionsOfTree } from "./search-sections.server";

const FIXTURES = new URL("./markdown/__fixtures__/", import.meta.url);
const fixtureNames = fs.readdirSync(FIXTURES).filter((name) => name.endsWith(".md"));

/** Raw HTML whose tree and whose HTML read back differ: a <pre>'s first newline, a <div> in a <p>, <noscript>, a table without <tbody>. */
const RAW_HTML_EDGES = [
  "# Edges",
  "Intro with <kbd>Ctrl</kbd>+<kbd>C</kbd> and <abbr title=\"HyperText\">HTML</abbr>.",
  "<pre>\nfirst line\nsecond</pre>",
  "<p>a paragraph <div>with a block in it</div> and after</p>",
  "<noscript><p>Turn scripts on</p></noscript>",
  "<table><tr><td>cell one</td><td>cell two</td></tr></table>",
  "<details><summary>More</summary>\n\n## Inside a fold\n\nFolded text.\n\n</details>",
  "## Formula $O(n)$ here\n\n$$\nx^2\n$$\n\nAfter the formula.",
  "### Under it\n\n- [ ] a task\n- [x] done\n\n> [!NOTE]\n> A note.",
].join("\n\n");

describe("a page's search sections", () => {
  const page = { url: "/guide/page", title: "Page", description: "What the page is about." };

  it.each([...fixtureNames, "raw HTML edges"])("are the same read from the rendered tree as from its HTML parsed back: %s", async (name) => {
    const markdown = name === "raw HTML edges" ? RAW_HTML_EDGES : fs.readFileSync(new URL(name, FIXTURES), "utf8");
    const { html, tree } = await renderMarkdown(markdown, { relativePath: "page.md", resolveUrl: () => null });
    const fromTree = searchSectionsOfTree(page, tree);
    expect(fromTree.length).toBeGreaterThan(0);
    expect(fromTree).toEqual(searchSections({ ...page, html }));
  });
});
