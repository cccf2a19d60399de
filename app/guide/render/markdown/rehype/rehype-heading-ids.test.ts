import { describe, expect, it } from "vitest";
import { render, renderFixture } from "../__fixtures__/read-fixture";

describe("heading ids", () => {
  it("gives headings GitHub-style slugs, unique on the page, that author anchors reach", async () => {
    const { html } = await render("## Install\n\n## Install\n\n## Café & Crème!\n\n[go](#install)");
    expect(html).toContain('<h2 id="install">');
    expect(html).toContain('<h2 id="install-1">');
    expect(html).toContain('<h2 id="café--crème">');
    expect(html).toContain('<a href="#install">go</a>');
  });

  it("takes `{#custom-id}` and MkDocs' `{ #id }` as the id and removes the braces", async () => {
    const vitepress = await renderFixture("vitepress.md");
    expect(vitepress.html).toMatch(/<h2 id="garden-beds">Beds<a /);
    const mkdocs = await renderFixture("mkdocs.md");
    expect(mkdocs.html).toMatch(/<h2 id="weekly-inspection">Inspection<a /);
  });

  it("keeps braces that hold no id as text", async () => {
    const { html } = await render("## Set {a, b}");
    expect(html).toContain('<h2 id="set-a-b">Set {a, b}<a ');
  });

  it("does not let a custom id or a slug shadow a name the page's scripts use", async () => {
    const { html } = await renderFixture("hostile.md");
    expect(html).not.toContain('id="addEventListener"');
    expect(html).toContain('<h2 id="custom-id">Custom id');
    expect(html).toContain('<h2 id="section-__proto__">');
  });

  it("links an anchor written for a slug that had to change to the heading's id", async () => {
    const { html } = await render("## `__dirname`\n\nSee [`__dirname`](#__dirname).");
    expect(html).toContain('<h2 id="section-__dirname">');
    expect(html).toContain('<a href="#section-__dirname"><code>__dirname</code></a>');
  });

  it("links an anchor to a raw HTML id through its prefix", async () => {
    const { html } = await renderFixture("github.md");
    expect(html).toContain('<a href="#user-content-spares">spare parts</a>');
    expect(html).toContain('<a name="user-content-spares"></a>');
  });

  it("links footnote references to their prefixed notes and back", async () => {
    const { html } = await renderFixture("github.md");
    const reference = /<a href="(#[^"]+)" id="([^"]+)" data-footnote-ref/.exec(html);
    expect(reference).not.toBeNull();
    expect(html).toContain(`id="${reference![1]!.slice(1)}"`);
    expect(html).toContain(`href="#${reference![2]}"`);
  });

  it("appends a hidden anchor link to each heading", async () => {
    const { html } = await render("## Filling");
    expect(html).toBe('<h2 id="filling">Filling<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#filling">#</a></h2>');
  });
});
