import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

describe("images for one colour scheme", () => {
  it("marks GitHub's and MkDocs Material's fragments with the scheme they are for", async () => {
    const { html } = await render(
      "![Logo](logo-light.png#gh-light-mode-only) ![Logo](logo-dark.png#gh-dark-mode-only)\n\n![Chart](a.png#only-dark) ![Chart](b.png#only-light) ![Plain](c.png#top)",
    );
    expect(html).toContain('<img src="logo-light.png#gh-light-mode-only" alt="Logo" class="theme-only-light"');
    expect(html).toContain('<img src="logo-dark.png#gh-dark-mode-only" alt="Logo" class="theme-only-dark"');
    expect(html).toContain('<img src="a.png#only-dark" alt="Chart" class="theme-only-dark"');
    expect(html).toContain('<img src="b.png#only-light" alt="Chart" class="theme-only-light"');
    expect(html).toContain('<img src="c.png#top" alt="Plain" decoding="async" loading="lazy">');
  });

  it("splits a <picture> with prefers-color-scheme sources into one picture per scheme, each with only its sources", async () => {
    const { html } = await render(
      [
        "<picture>",
        '  <source media="(prefers-color-scheme: dark)" srcset="logo-dark.png">',
        '  <source media="(prefers-color-scheme: light)" srcset="logo-light.png">',
        '  <img alt="Tessera" src="logo-fallback.png">',
        "</picture>",
      ].join("\n"),
    );
    const pictures = [...html.matchAll(/<picture[^>]*>[\s\S]*?<\/picture>/g)].map(([picture]) => picture.replace(/\s+/g, " "));
    expect(pictures).toEqual([
      '<picture class="theme-only-light"> <source srcset="logo-light.png"> <img alt="Tessera" src="logo-fallback.png" decoding="async"> </picture>',
      '<picture class="theme-only-dark"> <source srcset="logo-dark.png"> <img alt="Tessera" src="logo-fallback.png" decoding="async"> </picture>',
    ]);
    expect(html).not.toContain("prefers-color-scheme");
  });

  it("shows the fallback image for the scheme that has no source, and keeps the rest of a query", async () => {
    const { html } = await render(
      '<picture><source media="(min-width: 40em) and (prefers-color-scheme: dark)" srcset="wide-dark.png"><source media="(min-width: 40em)" srcset="wide.png"><img alt="Map" src="map.png"></picture>',
    );
    expect(html).toContain(
      '<picture class="theme-only-light"><source media="(min-width: 40em)" srcset="wide.png"><img alt="Map" src="map.png" decoding="async"></picture>',
    );
    expect(html).toContain(
      '<picture class="theme-only-dark"><source media="(min-width: 40em)" srcset="wide-dark.png"><source media="(min-width: 40em)" srcset="wide.png"><img alt="Map" src="map.png" decoding="async"></picture>',
    );
  });

  it("leaves a <picture> without colour-scheme sources as written, its width queries kept", async () => {
    const picture = '<picture><source media="(min-width: 40em)" srcset="wide.png"><img alt="Map" src="map.png"></picture>';
    const { html } = await render(picture);
    expect(html).toContain('<picture><source media="(min-width: 40em)" srcset="wide.png"><img alt="Map" src="map.png" decoding="async"></picture>');
  });

  it("loads both of a first light and dark pair at once, and lazily what follows", async () => {
    const { html } = await render("![A](a.png#gh-light-mode-only)\n![A](b.png#gh-dark-mode-only)\n\n![C](c.png)");
    expect(html.match(/loading="lazy"/g)).toHaveLength(1);
    expect(html).toContain('<img src="c.png" alt="C" decoding="async" loading="lazy">');
    const { html: single } = await render("![A](a.png#gh-light-mode-only)\n\n![C](c.png)");
    expect(single).toContain('<img src="c.png" alt="C" decoding="async" loading="lazy">');
  });
});
