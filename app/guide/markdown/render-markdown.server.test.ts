import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "./__fixtures__/read-fixture";

const conventions = ["github.md", "vitepress.md", "docusaurus.md", "starlight.md", "mkdocs.md", "mdbook.md", "code-fences.md"];

describe("renderMarkdown", () => {
  it("returns a leading ATX heading as the title and leaves it out of the html", async () => {
    const result = await render("# Field *guide*\n\nBody.");
    expect(result.title).toBe("Field guide");
    expect(result.html).not.toContain("<h1");
    expect(result.html).toContain("<p>Body.</p>");
  });

  it("reads a Setext heading and one with a custom id as the title", async () => {
    expect((await render("Field guide\n===========\n\nBody.")).title).toBe("Field guide");
    const custom = await render("# Field guide {#top}\n\nBody.");
    expect(custom.title).toBe("Field guide");
    expect(custom.html).not.toContain("{#top}");
  });

  it("passes over comments before the leading heading", async () => {
    const result = await render("<!-- generated -->\n\n# Field guide\n\nBody.");
    expect(result.title).toBe("Field guide");
    expect(result.html).not.toContain("<h1");
  });

  it("gives no title and keeps everything when the document does not open with an h1", async () => {
    const result = await render("Intro first.\n\n# Later heading\n\nMore.");
    expect(result.title).toBeNull();
    expect(result.html).toMatch(/<h1 id="later-heading">Later heading/);
  });

  it("keeps an h2 at the top in the body", async () => {
    const result = await render("## Section\n\nBody.");
    expect(result.title).toBeNull();
    expect(result.html).toContain('<h2 id="section">');
  });

  it("gives the first top-level paragraph as plain text, whitespace collapsed", async () => {
    const result = await renderFixture("github.md");
    expect(result.firstParagraph).toBe("The kettle boils water for the whole office. It lives on the second shelf.");
  });

  it("does not take the first paragraph from a callout, code, imports or a badge-only line", async () => {
    const result = await render(
      "import X from '@site/x';\n\n# T\n\n[![build](https://ci.example/badge.svg)](https://ci.example)\n\n::: tip\nInside.\n:::\n\n```\ncode\n```\n\nThe *real* one.",
    );
    expect(result.firstParagraph).toBe("The real one.");
  });

  it("lists h2 and h3 with their final ids and text, without the anchor sign", async () => {
    const result = await render("# T\n\n## One\n\n### Two {#second}\n\n#### Three\n\n## One");
    expect(result.headings).toEqual([
      { depth: 2, id: "one", text: "One" },
      { depth: 3, id: "second", text: "Two" },
      { depth: 2, id: "one-1", text: "One" },
    ]);
  });

  it.each(conventions)("leaves no syntax of another tool showing in %s", async (name) => {
    const { html } = await renderFixture(name);
    // Code samples may show any syntax they like.
    const text = textOf(html.replace(/<pre[\s\S]*?<\/pre>/g, ""));
    for (const syntax of [":::", "!!!", "???", "===", "[!NOTE]", "[!tip]", "{#", "{ #", "import ", "export const", "{/*", "<Badge", "<Tabs", "TabItem", "[[toc]]", "hl_lines"]) {
      expect(text, syntax).not.toContain(syntax);
    }
    expect(html).not.toMatch(/<(?:badge|tabs|tabitem|script|style)\b/i);
  });

  it("keeps the words of every fixture", async () => {
    const cases: Record<string, string[]> = {
      "vitepress.md": ["Put tall plants", "Frost dates", "Wait for the last frost", "toxic to cats", "Click to see the soil mix", "one part sand", "new", "npm install garden-planner"],
      "docusaurus.md": ["Chain wax or oil", "Wax stays clean", "Brakes first", "Pump tyres", "Tools you need", "torque wrench", "hex keys", "Road bike", "higher pressure", "lower pressure", "mtb"],
      "mkdocs.md": ["Look for eggs", "Smoke gently", "Two puffs", "A note without a title", "Why weekly?", "Swarms start", "Open by default", "Outer text", "Inner text", "Spring", "sugar syrup", "Autumn", "mites", "Custom kind", "An unknown kind", "plain text again"],
      "prose-colons.md": ["key:value", "Note:this", "10:30:45", "16:9", ":smile:", "a::b", "colon:", "item two :: second", ':abbr[text]{title="x"}', "::leaf"],
    };
    for (const [name, phrases] of Object.entries(cases)) {
      const text = textOf((await renderFixture(name)).html);
      for (const phrase of phrases) expect(text, `${name}: ${phrase}`).toContain(phrase);
    }
  });
});
