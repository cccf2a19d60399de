import { describe, expect, it } from "vitest";
import { render, renderFixture } from "../__fixtures__/read-fixture";

describe("GitHub alerts", () => {
  it("turns each of the five kinds into a callout, whatever the marker's case", async () => {
    const { html } = await renderFixture("github.md");
    expect(html).toContain('<div class="callout callout-note" role="note"><p class="callout-title">Note</p>\n<p>Descale it every month.</p>\n</div>');
    expect(html).toContain('<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>');
    expect(html).toContain('<div class="callout callout-important" role="note"><p class="callout-title">Important</p>');
    expect(html).toContain('<div class="callout callout-warning" role="note"><p class="callout-title">Warning</p>');
    // GitHub's caution is its red alert.
    expect(html).toContain('<div class="callout callout-danger" role="note"><p class="callout-title">Caution</p>');
  });

  it("leaves an ordinary blockquote alone", async () => {
    const { html } = await renderFixture("github.md");
    expect(html).toContain("<blockquote>\n<p>A plain quote stays a quote.</p>\n</blockquote>");
  });

  it("keeps every paragraph of the alert's body", async () => {
    const { html } = await render("> [!WARNING]\n> First line\n> same paragraph.\n>\n> Second paragraph.");
    expect(html).toMatch(/<p class="callout-title">Warning<\/p>\s*<p>First line\nsame paragraph.<\/p>\s*<p>Second paragraph.<\/p>/);
  });

  it("reads a title and a fold mark after the marker, as Obsidian writes them", async () => {
    const { html } = await render("> [!faq]- Why boil?\n> To kill germs.");
    expect(html).toMatch(/<details class="callout callout-important"><summary class="callout-title">Why boil\?<\/summary>\s*<p>To kill germs.<\/p>/);
  });

  it("does not take a marker that is not at the start of the quote", async () => {
    const { html } = await render("> Some text [!NOTE] here.");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("[!NOTE]");
  });
});
