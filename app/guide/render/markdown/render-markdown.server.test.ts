import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "./__fixtures__/read-fixture";
import { renderMarkdown } from "./render-markdown.server";

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

  it("keeps a badge's text in the title of a leading heading, as a badge written with its text inside reads", async () => {
    const attribute = await render('# Scratch <Badge type="tip" text="v2" />\n\nBody.');
    expect(attribute.title).toBe("Scratch v2");
    expect(attribute.html).toBe("<p>Body.</p>");
    expect((await render('# Scratch <Badge type="tip">v2</Badge>\n\nBody.')).title).toBe("Scratch v2");
    expect((await render("# Un<em>break</em>able\n\nBody.")).title).toBe("Unbreakable");
  });

  it("passes over comments before the leading heading", async () => {
    const result = await render("<!-- generated -->\n\n# Field guide\n\nBody.");
    expect(result.title).toBe("Field guide");
    expect(result.html).not.toContain("<h1");
  });

  it("gives no title and keeps everything when the document does not open with an h1, its # headings as sections", async () => {
    const result = await render("Intro first.\n\n# Later heading\n\nMore.");
    expect(result.title).toBeNull();
    expect(result.html).toMatch(/<h2 id="later-heading">Later heading/);
  });

  it("keeps an h2 at the top in the body", async () => {
    const result = await render("## Section\n\nBody.");
    expect(result.title).toBeNull();
    expect(result.html).toContain('<h2 id="section">');
  });

  describe("a README's leading raw HTML <h1>", () => {
    it("is the title and is left out of the html, like a leading # heading", async () => {
      const result = await render('<h1 align="center">Project  <em>Name</em></h1>\n\nBody.');
      expect(result.title).toBe("Project Name");
      expect(result.html).not.toContain("<h1");
      expect(result.html).toContain("<p>Body.</p>");
    });

    it("is found after a centred logo paragraph and a row of badges, which stay", async () => {
      const result = await render(
        '<p align="center"><img src="logo.png" alt="Logo" width="120"></p>\n<h1 align="center">Project</h1>\n\n[![build](https://ci.example/b.svg)](https://ci.example)\n\n## Install',
      );
      expect(result.title).toBe("Project");
      expect(result.html).not.toContain("<h1");
      expect(result.html).toContain('<img src="logo.png" alt="Logo" width="120"');
      expect(result.html).toContain("https://ci.example/b.svg");
    });

    it("is found after a markdown badge row and a <picture>, and as a # heading after them", async () => {
      const badges = "[![a](a.svg)](https://a.example) [![b](b.svg)](https://b.example)";
      expect((await render(`${badges}\n\n<h1>Raw title</h1>\n\nText.`)).title).toBe("Raw title");
      const picture = '<picture><source srcset="logo.webp" type="image/webp"><img src="logo.png" alt="Logo"></picture>';
      const result = await render(`${picture}\n\n# Markdown title\n\nText.`);
      expect(result.title).toBe("Markdown title");
      expect(result.html).not.toContain("<h1");
      expect(result.html).toContain("<picture>");
    });

    it("is found inside a leading <div align=\"center\">, whose other content stays", async () => {
      const result = await render('<div align="center">\n<img src="logo.png" alt="Logo">\n<h1>Project</h1>\n<p>The tagline.</p>\n</div>\n\nBody.');
      expect(result.title).toBe("Project");
      expect(result.html).not.toContain("<h1");
      expect(result.html).toMatch(/<div align="center">[\s\S]*<img src="logo.png"[\s\S]*The tagline\.[\s\S]*<\/div>/);
    });

    it("keeps a logo written inside the <h1> as a picture, and takes its alt when the <h1> has no text", async () => {
      const withName = await render('<h1 align="center"><img src="logo.svg" alt="Logo" width="200"><br>Project</h1>\n\nBody.');
      expect(withName.title).toBe("Project");
      expect(withName.html).toMatch(/^<p align="center"><img src="logo.svg" alt="Logo" width="200"[^>]*><\/p>/);
      const logoOnly = await render('<h1><a href="https://project.example"><img src="logo.svg" alt="Project"></a></h1>\n\nBody.');
      expect(logoOnly.title).toBe("Project");
      expect(logoOnly.html).toContain('<a href="https://project.example"><img src="logo.svg" alt="Project"');
      expect(logoOnly.html).not.toContain("<h1");
    });

    it("stays where it is after text, and when a # heading already gave the title", async () => {
      const late = await render('Intro.\n\n<h1 align="center">Later</h1>');
      expect(late.title).toBeNull();
      // Kept, as a section under the page's own title (rehype-demote-headings.ts).
      expect(late.html).toMatch(/<h2 align="center" id="later">Later/);
      const second = await render('# First\n\n<h1 align="center">Second</h1>');
      expect(second.title).toBe("First");
      expect(second.html).toMatch(/<h2 align="center" id="second">Second/);
    });
  });

  describe("the id of the page's <h1>", () => {
    it("is the slug of the leading heading, taken first as on GitHub, so a later heading of the same text gets -1", async () => {
      const result = await render("# Quick start\n\n## Quick start\n\n## Other");
      expect(result.titleId).toBe("quick-start");
      expect(result.headings.map((heading) => heading.id)).toEqual(["quick-start-1", "other"]);
      expect((await render('<h1 align="center">Tide Water</h1>')).titleId).toBe("tide-water");
    });

    it("gives way to the article's ids when the title comes from elsewhere", async () => {
      const result = await renderMarkdown("## Installation\n\n<a id=\"installation-1\"></a>\n\nText.", {
        relativePath: "page.md",
        resolveUrl: () => null,
        title: (leading) => leading ?? "Installation",
      });
      expect(result.title).toBeNull();
      expect(result.headings[0]?.id).toBe("installation");
      expect(result.titleId).toBe("installation-1");
    });

    it("follows a front matter title that differs from the leading heading, and cannot shadow the page's globals", async () => {
      const options = { relativePath: "page.md", resolveUrl: () => null };
      const renamed = await renderMarkdown("# Old name\n\n## Old name", { ...options, title: () => "New name" });
      expect(renamed.titleId).toBe("new-name");
      expect(renamed.headings[0]?.id).toBe("old-name");
      expect((await renderMarkdown("Text.", { ...options, title: () => "__proto__" })).titleId).toBe("section-__proto__");
      expect((await render("Text.")).titleId).toBeNull();
    });
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

  it("takes the first paragraph inside a callout, a list or a quote when the page has none of its own", async () => {
    expect((await render("# T\n\n::: warning\nBack up *first*.\n:::\n\n- One item")).firstParagraph).toBe("Back up first.");
    expect((await render("# T\n\n```\ncode\n```\n\n- The [first](a.md) item\n- Second")).firstParagraph).toBe("The first item");
    expect((await render("# T\n\n> Quoted words.")).firstParagraph).toBe("Quoted words.");
    expect((await render("# T\n\n```\ncode only\n```")).firstParagraph).toBeNull();
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
    for (const syntax of [":::", "!!!", "???", "===", "[!NOTE]", "[!tip]", "{#", "{ #", "{: ", "{ .", "{ width", "import ", "export const", "{/*", "<Badge", "<Tabs", "TabItem", "[[toc]]", "hl_lines"]) {
      expect(text, syntax).not.toContain(syntax);
    }
    expect(html).not.toMatch(/<\/?(?:badge|tabs|tabitem|aside|steps|card|cardgrid|linkcard|filetree|doccardlist|script|style)\b/i);
  });

  it("keeps the words of every fixture", async () => {
    const cases: Record<string, string[]> = {
      "vitepress.md": ["Put tall plants", "Frost dates", "Wait for the last frost", "toxic to cats", "Click to see the soil mix", "one part sand", "new", "npm install garden-planner"],
      "docusaurus.md": ["Chain wax or oil", "Wax stays clean", "Brakes first", "Pump tyres", "Tools you need", "torque wrench", "hex keys", "Road bike", "higher pressure", "lower pressure", "mtb"],
      "starlight.md": ["Wedging removes", "Kiln safety", "Keep the wheel head damp", "Hot shelves", "Food safe", "Raku", "Wedge the clay", "Throwing", "Pinch, coil and slab", "Glaze recipes", "Mix your own glazes", "celadon.md", "the one we use most", "tenmoku recipe.md", "kiln-log.csv", "Unknown components keep their words"],
      "mkdocs.md": ["Look for eggs", "Smoke gently", "Two puffs", "A note without a title", "Why weekly?", "Swarms start", "Open by default", "Outer text", "Inner text", "Spring", "sugar syrup", "Autumn", "mites", "Custom kind", "An unknown kind", "plain text again"],
      "prose-colons.md": ["key:value", "Note:this", "10:30:45", "16:9", "😄", ":own-word:", "a::b", "colon:", "item two :: second", ':abbr[text]{title="x"}', "::leaf"],
    };
    for (const [name, phrases] of Object.entries(cases)) {
      const text = textOf((await renderFixture(name)).html);
      for (const phrase of phrases) expect(text, `${name}: ${phrase}`).toContain(phrase);
    }
  });
});
