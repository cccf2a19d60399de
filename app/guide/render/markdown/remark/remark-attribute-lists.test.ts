import { describe, expect, it } from "vitest";
import { render, textOf } from "../__fixtures__/read-fixture";

describe("MkDocs attribute lists", () => {
  it("size an image and leave no braces", async () => {
    const { html } = await render('![Logo](logo.png){ width="160" height=90 } Text after.');
    expect(html).toBe('<p><img src="logo.png" alt="Logo" width="160" height="90" decoding="async"> Text after.</p>');
  });

  it("accept the `{: … }` spelling, a title and alignment, and drop classes the site does not know", async () => {
    const { html } = await render("![Chart](chart.png){: .center align=right title=\"Weekly\" }");
    expect(html).toBe('<p><img src="chart.png" alt="Chart" title="Weekly" align="right" decoding="async"></p>');
  });

  it("make a link a button with MkDocs Material's classes, and only those", async () => {
    const { html } = await render("[Download](file.zip){ .md-button .md-button--primary .evil } and [more](more.md){.x}");
    expect(html).toBe('<p><a href="file.zip" class="md-button md-button--primary">Download</a> and <a href="more.md">more</a></p>');
  });

  it("apply to reference-style images and links", async () => {
    const { html } = await render("![Map][map]{ width=200 } [Get it][get]{ .md-button }\n\n[map]: map.png\n[get]: get.zip");
    expect(html).toContain('<img src="map.png" alt="Map" width="200"');
    expect(html).toContain('<a href="get.zip" class="md-button">Get it</a>');
  });

  it("drop everything unsafe: handlers, styles, ids and sizes that are not numbers", async () => {
    const { html } = await render('![x](x.png){ onerror="alert(1)" style="position:fixed" #top width="100%;" height="1e9" }');
    expect(html).toBe('<p><img src="x.png" alt="x" decoding="async"></p>');
  });

  it("take a list on a paragraph's last line off the page, keeping its alignment", async () => {
    const { html } = await render("A centred paragraph.\n{: align=center .lead }\n\nNext.");
    expect(html).toBe('<p align="center">A centred paragraph.</p>\n<p>Next.</p>');
  });

  it("remove `{ .class }` from a heading as `{ #id }` is", async () => {
    const { html } = await render("## Plain { .wide }\n\n## Custom {: #here .wide }");
    expect(html).toContain('<h2 id="plain">Plain<a ');
    expect(html).toContain('<h2 id="here">Custom<a ');
  });

  it("leave braces that are prose, separated from the image, or in code", async () => {
    const { html } = await render("A set {a, b} and {name}.\n\n![x](x.png) { width=1 }\n\n`![x](x.png){ width=1 }`");
    const text = textOf(html);
    expect(text).toContain("A set {a, b} and {name}.");
    expect(text).toContain("{ width=1 }");
    expect(html).toContain("<code>![x](x.png){ width=1 }</code>");
    expect(html).not.toContain('width="1"');
  });
});
