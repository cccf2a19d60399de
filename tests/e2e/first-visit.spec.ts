import { expect, test } from "./fixtures";

/**
 * What a first visit has to fetch before it can paint: one stylesheet, asked
 * for before anything else, and no script that blocks but the theme's.
 * (Sizes and timings are the benchmarks' business: `npm run bench:browser`.)
 */

const PAGES = ["/", "/guide", "/guide/themes", "/appearance", "/no-such-page"];

for (const path of PAGES) {
  test(`${path} links one stylesheet, first in the head, ahead of every preload`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const links = head.match(/<link\b[^>]*>/g) ?? [];
    const stylesheets = links.filter((tag) => /rel="stylesheet"/.test(tag));
    expect(stylesheets).toHaveLength(1);
    expect(links[0]).toBe(stylesheets[0]);
    expect((html.match(/rel="stylesheet"/g) ?? []).length, "stylesheets in the whole page").toBe(1);
  });

  test(`${path} blocks on no script but the inline theme script`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const blocking = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !/\b(type="module"|async|defer)\b/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag),
    );
    // The theme script in <head>; React Router's inline context script at the
    // end of <body> runs after the content is parsed and blocks nothing.
    expect(blocking.filter((tag) => !/id="react-router-theme"/.test(tag) && html.indexOf(tag) < html.indexOf("<body"))).toEqual([]);
    expect(blocking.filter((tag) => /id="react-router-theme"/.test(tag))).toHaveLength(1);
    expect(blocking.filter((tag) => /\bsrc=/.test(tag)), "blocking external scripts").toEqual([]);
  });
}
