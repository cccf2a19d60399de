import { describe, expect, it } from "vitest";
import { render, renderFixture } from "../__fixtures__/read-fixture";
import { rewriteMkdocsBlocks } from "./remark-mkdocs-blocks";

describe("MkDocs blocks", () => {
  it("renders the indented body of `!!! note` as Markdown, not as code", async () => {
    const { html } = await render("!!! note\n    Look for *eggs* first.");
    expect(html).toBe('<div class="callout callout-note" role="note"><p class="callout-title">Note</p>\n<p>Look for <em>eggs</em> first.</p>\n</div>');
  });

  it("reads a body that starts after a blank line and runs over several paragraphs", async () => {
    const { html } = await renderFixture("mkdocs.md");
    expect(html).toMatch(/<p class="callout-title">Smoke gently<\/p>\s*<p>Too much smoke upsets the colony.<\/p>\s*<p>Two puffs are enough.<\/p>\s*<\/div>/);
    expect(html).not.toMatch(/<pre[^>]*>[^]*Too much smoke/);
  });

  it("shows no title for `!!! note \"\"` but still names the callout", async () => {
    const { html } = await render('!!! note ""\n    Untitled.');
    expect(html).toBe('<div class="callout callout-note" role="note" aria-label="Note">\n<p>Untitled.</p>\n</div>');
  });

  it("folds `???` closed and `???+` open", async () => {
    const closed = await render('??? question "Why weekly?"\n    Swarms.');
    expect(closed.html).toContain('<details class="callout callout-important"><summary class="callout-title">Why weekly?</summary>');
    const open = await render("???+ tip\n    Open.");
    expect(open.html).toContain('<details class="callout callout-tip" open><summary class="callout-title">Tip</summary>');
  });

  it("nests admonitions and keeps code in a body highlighted", async () => {
    const { html } = await renderFixture("mkdocs.md");
    expect(html).toMatch(/<p class="callout-title">Outer<\/p>\s*<p>Outer text.<\/p>\s*<div class="callout callout-danger" role="note"><p class="callout-title">Inner<\/p>/);
    expect(html).toMatch(/<p class="callout-title">Open by default<\/p>|<summary class="callout-title">Open by default<\/summary>[^]*<pre class="shiki has-highlighted"/);
  });

  it("turns content tabs into labelled panels", async () => {
    const { html } = await renderFixture("mkdocs.md");
    expect(html).toMatch(/<div class="tab"[^>]*><p class="tab-label">Spring<\/p>\s*<p>Feed sugar syrup.<\/p>\s*<\/div>/);
  });

  it("keeps a title with quotes and Markdown characters as plain text", async () => {
    const { html } = await render('!!! tip "Use "quotes" & *stars*"\n    Body.');
    expect(html).toContain('<p class="callout-title">Use "quotes" &#x26; *stars*</p>');
  });

  it("ends the body at the first line indented less", async () => {
    const { html } = await render("!!! note\n    Inside.\nOutside.");
    expect(html).toMatch(/<p>Inside.<\/p>\s*<\/div>\s*<p>Outside.<\/p>/);
  });

  it("does not touch `!!!` inside fenced code", () => {
    const source = "```\n!!! note\n    not a block\n```";
    expect(rewriteMkdocsBlocks(source)).toBe(source);
  });
});
