import { expect } from "./fixtures";
import { testDocs } from "./support/docs-server";

/**
 * What programs read: /llms.txt and /llms-full.txt in the llms.txt format,
 * and each page's Markdown at its URL plus `.md` or for `Accept:
 * text/markdown`, on the MkDocs fixture (front matter, snippets, a folder).
 */
const test = testDocs("mkdocs", { port: 3287 });
test.describe.configure({ mode: "default" });

test("/llms.txt names the site, says what it is, and links every page's Markdown with its description, in reading order", async ({ request, baseURL }) => {
  // Descriptions come from each page's rendering: until the server has read every page, the answer is kept from caches.
  await expect.poll(async () => (await request.get("/llms.txt")).headers()["cache-control"]).toBe("public, max-age=300");
  const response = await request.get("/llms.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const lines = (await response.text()).split("\n");
  expect(lines.join("\n")).not.toContain("so far");
  expect(lines[0]).toBe("# Tidewater Tide Tables");
  expect(lines[2]).toBe("> Tidewater predicts tide heights for any harbour from a small table of constants.");
  const links = lines.filter((line) => line.startsWith("- ["));
  expect(links).toEqual([
    `- [Tidewater](${baseURL}/guide/index.md): Tidewater predicts tide heights for any harbour from a small table of constants.`,
    expect.stringMatching(new RegExp(`^- \\[Installation\\]\\(${baseURL}/guide/installation\\.md\\): `)),
    expect.stringMatching(new RegExp(`^- \\[Station files\\]\\(${baseURL}/guide/user-guide/station-files\\.md\\): `)),
    expect.stringMatching(new RegExp(`^- \\[Plotting\\]\\(${baseURL}/guide/user-guide/plotting\\.md\\): `)),
    `- [Licence](${baseURL}/guide/about/license.md): Tidewater is free software under the ISC licence.`,
  ]);
  // Every link it gives answers with that page's Markdown.
  for (const line of links) {
    const url = /\]\(([^)]+)\)/.exec(line)![1]!;
    const page = await request.get(url);
    expect(page.status(), url).toBe(200);
    expect(page.headers()["content-type"], url).toBe("text/markdown; charset=utf-8");
  }
});

test("a page's URL plus .md is its Markdown: front matter removed, includes expanded, headed by its title", async ({ request }) => {
  const licence = await (await request.get("/guide/about/license.md")).text();
  expect(licence).toMatch(/^# Licence\n\nTidewater is free software under the ISC licence\./);
  expect(licence).not.toContain("title: Licence");
  const installation = await (await request.get("/guide/installation.md")).text();
  expect(installation).toContain("*[TOML]: Tom's Obvious Minimal Language");
  expect(installation).not.toContain('--8<-- "_snippets/abbreviations.md"');
  // The landing page, at its URL plus .md and inside its folder.
  expect(await (await request.get("/guide.md")).text()).toBe(await (await request.get("/guide/index.md")).text());
});

test("a page's URL answers Accept: text/markdown with its Markdown, and a browser's Accept with the page", async ({ request }) => {
  // As a browser asks, twice: the page is rendered, then answered from memory.
  for (let time = 0; time < 2; time++) {
    const html = await request.get("/guide/installation", { headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" } });
    expect(html.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers()["vary"]).toMatch(/\bAccept\b/);
  }
  // The page kept in memory is not what a program asking for Markdown gets.
  const markdown = await request.get("/guide/installation", { headers: { Accept: "text/markdown" } });
  expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(markdown.headers()["vary"]).toMatch(/\bAccept\b/);
  expect(await markdown.text()).toBe(await (await request.get("/guide/installation.md")).text());
  const preferred = await request.get("/guide/installation", { headers: { Accept: "text/html;q=0.5, text/markdown" } });
  expect(preferred.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
});

test("/llms-full.txt holds every page's Markdown in reading order", async ({ request }) => {
  const full = await (await request.get("/llms-full.txt")).text();
  const order = ["# Tidewater\n", "# Installation\n", "# Station files\n", "# Plotting\n", "# Licence\n"].map((heading) => full.indexOf(heading));
  expect(order.every((at) => at > 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(full).toContain(await (await request.get("/guide/about/license.md")).text());
});

test("Markdown is asked for only of pages: an unknown page, a file and a path outside the guide are not found", async ({ request }) => {
  for (const path of ["/guide/no-such-page.md", "/guide/installation/index.md", "/guide/images/tide-chart.png.md", "/guide/../index.md", "/README.md"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await request.get("/guide/no-such-page", { headers: { Accept: "text/markdown" } })).status()).toBe(404);
});

test("what programs read is compressed for a client that takes it, as the pages are: /llms.txt, /llms-full.txt, a page's Markdown, the sitemap", async ({ request }) => {
  for (const address of ["/llms.txt", "/llms-full.txt", "/guide/user-guide/station-files.md", "/sitemap.xml"]) {
    const response = await request.get(address, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status(), address).toBe(200);
    expect(response.headers()["content-encoding"], address).toBe("gzip");
    expect(await response.text(), address).not.toBe("");
  }
});
