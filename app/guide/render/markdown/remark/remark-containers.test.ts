import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "../__fixtures__/read-fixture";
import { separateContainerLines } from "./remark-containers";

describe("::: containers", () => {
  it("reads `::: tip` with a space and `:::tip` without one", async () => {
    for (const opener of ["::: tip", ":::tip"]) {
      const { html } = await render(`${opener}\nKeep it short.\n:::`);
      expect(html).toBe('<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>\n<p>Keep it short.</p>\n</div>');
    }
  });

  it("takes a custom title after the kind, in brackets or as a title attribute", async () => {
    const titles = await Promise.all(
      ["::: warning Frost dates", ":::note[Frost dates]", ':::danger{title="Frost dates"}'].map(async (opener) => (await render(`${opener}\nBody.\n:::`)).html),
    );
    for (const html of titles) expect(html).toContain('<p class="callout-title">Frost dates</p>');
  });

  it("keeps Markdown in a title", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toContain('<p class="callout-title">Glaze <strong>thin</strong></p>');
  });

  it("makes `details` a closed <details> with the title as summary, and `{open}` opens it", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(html).toContain('<details class="callout callout-neutral"><summary class="callout-title">Click to see the soil mix</summary>');
    expect(html).toContain('<div class="callout callout-note" role="note"><p class="callout-title">Soil test</p>');
    const open = await render("::: details More {open}\nText.\n:::");
    expect(open.html).toContain('<details class="callout callout-neutral" open><summary class="callout-title">More</summary>');
  });

  it("nests a container with a shorter fence inside a longer one", async () => {
    const { html } = await renderFixture("docusaurus.md");
    expect(html).toMatch(/<div class="callout callout-note" role="note"><p class="callout-title">Tools you need<\/p>\s*<div class="callout callout-warning" role="note"><p class="callout-title">Caution<\/p>\s*<p>A torque wrench[^<]*<\/p>\s*<\/div>\s*<ul>/);
  });

  it("keeps lists and code inside a container", async () => {
    const { html } = await render("::: tip\n- one\n- two\n:::\n\n::: info\n```js\nlet a = 1\n```\n:::");
    expect(html).toMatch(/<div class="callout callout-tip" role="note"><p class="callout-title">Tip<\/p>\s*<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>\s*<\/div>/);
    expect(html).toMatch(/<div class="callout callout-note" role="note"><p class="callout-title">Info<\/p>\s*<div class="code-block"><pre class="shiki"/);
  });

  it("closes a container written right after a list item, not inside the item", async () => {
    const { html } = await render("::: tip\n- one\n- two\n:::\nAfter.");
    expect(html).toMatch(/<\/ul>\s*<\/div>\s*<p>After.<\/p>/);
  });

  it("makes a code-group a tab set of its fences, each under its title (tab-sets.test.ts)", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(html).toMatch(/<p class="tab-label">npm<\/p>\s*<div class="code-block"><pre/);
    expect(html).toMatch(/<p class="tab-label">pnpm<\/p>\s*<div class="code-block"><pre/);
    expect(html).not.toContain("code-group");
  });

  it("gives an unknown kind a neutral style and its name as title", async () => {
    const { html } = await render("::: recipe\nFlour, water.\n:::");
    expect(html).toContain('<div class="callout callout-neutral" role="note"><p class="callout-title">Recipe</p>');
  });

  it("leaves prose with colons exactly as written", async () => {
    const { html } = await renderFixture("prose-colons.md");
    expect(html).toContain("<p>Set key:value in the file. Note:this is not a directive. Time 10:30:45.</p>");
    expect(html).toContain("and so is 😄 (an emoji), :own-word: and a::b.");
    expect(html).toContain('<p>Directive-looking :abbr[text]{title="x"} and ::leaf stay as written.</p>');
    expect(html).not.toContain("callout");
  });

  it("does not touch `:::` lines inside fenced code", () => {
    const source = "```md\n::: tip\nx\n:::\n```";
    expect(separateContainerLines(source)).toBe(source);
  });

  it("shows the text of a container that is never closed, and drops a stray closer", async () => {
    const { html } = await render("Before.\n\n:::\n\n::: tip\nNever closed.");
    expect(textOf(html)).toBe("Before. Tip Never closed.");
  });
});
