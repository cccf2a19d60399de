import { describe, expect, it } from "vitest";
import { readPageMeta } from "../../../load/page-meta.server";
import { renderMarkdown } from "../render-markdown.server";
import { safeHref } from "./rehype-home-sections";

const vitepressHome = {
  layout: "home",
  hero: {
    name: "Lanternfish",
    text: "Feeds from plain files",
    tagline: "Write notes, get a feed.",
    image: { src: "/logo.svg" },
    actions: [
      { theme: "brand", text: "Get started", link: "/guide/getting-started" },
      { theme: "alt", text: "Source", link: "https://example.org/lanternfish" },
      { theme: "alt", text: "No link" },
    ],
  },
  features: [{ icon: "🐟", title: "One binary", details: "Download it." }, { title: "Readable", link: "./reference" }, { details: "No title: left out" }],
};

async function renderHome(data: Record<string, unknown>, markdown = "") {
  const meta = readPageMeta(data);
  return renderMarkdown(markdown, { relativePath: "index.md", resolveUrl: () => null, home: meta.home });
}

describe("a home page's hero and features", () => {
  it("reads VitePress' hero and features, and Starlight's hero title and actions", () => {
    const meta = readPageMeta(vitepressHome);
    expect(meta.heroTitle).toBe("Lanternfish");
    expect(meta.home).toEqual({
      text: "Feeds from plain files",
      tagline: "Write notes, get a feed.",
      actions: [
        { text: "Get started", link: "/guide/getting-started" },
        { text: "Source", link: "https://example.org/lanternfish" },
      ],
      features: [
        { title: "🐟 One binary", details: "Download it.", link: null },
        { title: "Readable", details: null, link: "./reference" },
      ],
    });
    const starlight = readPageMeta({ template: "splash", hero: { title: "Docs", tagline: "Read them", actions: [{ text: "Start", link: "/start/", variant: "primary" }] } });
    expect(starlight.heroTitle).toBe("Docs");
    expect(starlight.home?.actions).toEqual([{ text: "Start", link: "/start/" }]);
    expect(readPageMeta({ title: "A page" }).home).toBeNull();
  });

  it("shows them above the Markdown: the hero's tagline, its actions as buttons, the first the main one, then the features", async () => {
    const { html } = await renderHome(vitepressHome, "Body text.");
    expect(html).toBe(
      [
        '<div class="home-hero"><p class="home-hero-tagline">Write notes, get a feed.</p>',
        '<p class="home-hero-actions"><a href="/guide/getting-started" class="md-button md-button--primary">Get started</a> <a href="https://example.org/lanternfish" class="md-button">Source</a></p></div>',
        '<ul class="home-features"><li><p class="home-feature-title">🐟 One binary</p><p>Download it.</p></li><li><p class="home-feature-title"><a href="./reference">Readable</a></p></li></ul>',
        "<p>Body text.</p>",
      ].join(""),
    );
  });

  it("shows the front matter's text as text and keeps no link that would run script", async () => {
    const { html } = await renderHome({
      hero: { tagline: "<img src=x onerror=alert(1)>", actions: [{ text: "Run", link: "javascript:alert(1)" }, { text: "Tab", link: "java\tscript:alert(1)" }] },
      features: [{ title: "<b>Bold</b>", link: "data:text/html,<script>alert(1)</script>" }],
    });
    expect(html).toBe(
      '<div class="home-hero"><p class="home-hero-tagline">&#x3C;img src=x onerror=alert(1)></p></div><ul class="home-features"><li><p class="home-feature-title">&#x3C;b>Bold&#x3C;/b></p></li></ul>',
    );
  });

  it("keeps web, mail and relative links as written", () => {
    expect(["/a", "./b.md", "../c", "#d", "https://e.org", "mailto:f@g.org", "//h.org/i"].map(safeHref)).toEqual([
      "/a",
      "./b.md",
      "../c",
      "#d",
      "https://e.org",
      "mailto:f@g.org",
      "//h.org/i",
    ]);
    expect([" JavaScript:x", "vbscript:x", "file:///etc/passwd", null].map(safeHref)).toEqual([null, null, null, null]);
  });
});
