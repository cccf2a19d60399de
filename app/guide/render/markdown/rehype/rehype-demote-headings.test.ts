import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

const tags = (html: string) => [...html.matchAll(/<(h[1-6]) id="([^"]+)"/g)].map((match) => `${match[1]}#${match[2]}`);

describe("section headings written as # ", () => {
  it("move down a level under the page's title, so the page has one <h1> and its sections are in its contents", async () => {
    const { html, title, headings } = await render("# Pebble\n\nIntro.\n\n# Install\n\n## On Linux\n\n### From source\n\n# Usage\n\n###### Deep");
    expect(title).toBe("Pebble");
    expect(tags(html)).toEqual(["h2#install", "h3#on-linux", "h4#from-source", "h2#usage", "h6#deep"]);
    expect(headings.map((heading) => heading.text)).toEqual(["Install", "On Linux", "Usage"]);
  });

  it("move down under a title from front matter too, and raw HTML <h1>s with them", async () => {
    const { html } = await renderWithTitle("Text first.\n\n# One\n\n<h1>Two</h1>\n\n## Two a");
    expect(tags(html)).toEqual(["h2#one", "h2#two", "h3#two-a"]);
  });

  it("stay where they are when the article has no <h1> left", async () => {
    const { html } = await render("# Pebble\n\n## Install\n\n### On Linux");
    expect(tags(html)).toEqual(["h2#install", "h3#on-linux"]);
  });
});

async function renderWithTitle(markdown: string) {
  const { renderMarkdown } = await import("../render-markdown.server");
  // Front matter names the page; the file does not start with a heading, so its `#` are sections.
  return renderMarkdown(markdown, { relativePath: "page.md", resolveUrl: () => null, title: () => "From front matter" });
}
