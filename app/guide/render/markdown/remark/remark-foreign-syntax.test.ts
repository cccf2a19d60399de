import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "../__fixtures__/read-fixture";

describe("other tools' components and syntax", () => {
  it("drops MDX import and export lines at the top", async () => {
    const { html, title } = await renderFixture("docusaurus.md");
    expect(title).toBe("Bicycle care");
    expect(html).not.toContain("@theme/Tabs");
    expect(html).not.toContain("season");
  });

  it("keeps a prose paragraph that starts with the word import", async () => {
    const { html } = await render("import the module from the shared folder first.");
    expect(html).toBe("<p>import the module from the shared folder first.</p>");
  });

  it("drops MDX comments, even with stars inside", async () => {
    const { html } = await render("Before {/*a *note* here*/} after.\n\n{/*\n  several\n  lines\n*/}\n\nEnd.");
    expect(textOf(html)).toBe("Before after. End.");
  });

  it("keeps TabItem content labelled by its label, or its value", async () => {
    const { html } = await renderFixture("docusaurus.md");
    expect(html).toMatch(/<div class="tab"[^>]*><p class="tab-label">Road bike<\/p>\s*<p>Road tyres want higher pressure.<\/p>\s*<\/div>\s*<div class="tab"[^>]*><p class="tab-label">mtb<\/p>/);
  });

  it("shows a VitePress badge's text and keeps the words after it outside the badge", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(html).toContain('watering <span class="badge badge-tip">new</span> in one place.');
  });

  it("runs no <script setup> and shows no <style> text", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(html).not.toContain("useData");
    expect(html).not.toContain("color: green");
  });

  it("drops a [[toc]] placeholder", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(html).not.toContain("toc");
  });

  it("turns mdBook's warning div into a warning callout", async () => {
    const { html } = await renderFixture("mdbook.md");
    expect(html).toMatch(/<div class="callout callout-warning" role="note"><p class="callout-title">Warning<\/p>\s*Error recovery is not finished yet./);
  });
});
