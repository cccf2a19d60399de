import { describe, expect, it } from "vitest";
import { pageUrl, resolveContentUrl, resolvesAsBefore, resolveUrl, type AskedLink, type UrlTargets } from "./resolve-url.server";

// A VitePress-like folder: a landing page, a folder with an index, one with a
// README, a folder with no index, a public/ folder, and awkward names.
const pages = new Map([
  ["index.md", "/guide"],
  ["guide/index.md", "/guide/guide"],
  ["guide/getting-started.md", "/guide/guide/getting-started"],
  ["guide/my file.md", "/guide/guide/my%20file"],
  ["config/README.md", "/guide/config"],
  ["config/options.md", "/guide/config/options"],
  ["loose/page.md", "/guide/loose/page"],
  ["Upper.MD", "/guide/Upper"],
  ["guide/dashboard.mdx", "/guide/guide/dashboard"],
]);
const targets: UrlTargets = {
  pages,
  folders: new Map([
    ["", "/guide"],
    ["guide", "/guide/guide"],
    ["config", "/guide/config"],
  ]),
  pageUrls: new Set(pages.values()),
  files: new Map([
    ["public/logo.png", { version: "pub1" }],
    ["logo.png", { version: "root1" }],
    ["banner.png", { version: "ban1" }],
    ["guide/images/shot one.png", { version: "img1" }],
    ["guide/manual.pdf", { version: "pdf1" }],
  ]),
  sitePaths: new Set(["/", "/appearance"]),
};

const from = "guide/getting-started.md";
const link = (url: string, source = from) => resolveUrl(targets, source, url, "link");
const image = (url: string, source = from) => resolveUrl(targets, source, url, "image");

describe("links to pages", () => {
  it.each([
    ["a sibling with .md", "./my%20file.md", "/guide/guide/my%20file"],
    ["a sibling without .md", "my%20file", "/guide/guide/my%20file"],
    ["a sibling named with a raw space", "my file.md", "/guide/guide/my%20file"],
    ["a sibling with VitePress' .html", "my%20file.html", "/guide/guide/my%20file"],
    ["the folder's index.md", "./index.md", "/guide/guide"],
    ["the folder's index.html", "index.html", "/guide/guide"],
    ["the folder itself", "./", "/guide/guide"],
    ["the folder as .", ".", "/guide/guide"],
    ["a folder by its README.md", "../config/README.md", "/guide/config"],
    ["a folder with a trailing slash", "../config/", "/guide/config"],
    ["a folder without one", "../config", "/guide/config"],
    ["a page in another folder", "../config/options", "/guide/config/options"],
    ["the landing page", "../", "/guide"],
    ["the landing page by index.md", "../index.md", "/guide"],
    ["a root-relative page", "/config/options", "/guide/config/options"],
    ["a root-relative folder", "/config/", "/guide/config"],
    ["a root-relative page written as a folder, as Starlight links", "/config/options/", "/guide/config/options"],
    ["a root-relative page with .md", "/guide/getting-started.md", "/guide/guide/getting-started"],
    ["the root", "/", "/guide"],
    ["a name cased as on disk", "../Upper.MD", "/guide/Upper"],
    ["an MDX page with .mdx", "./dashboard.mdx#charts", "/guide/guide/dashboard#charts"],
    ["an MDX page without it", "dashboard", "/guide/guide/dashboard"],
    ["an MDX page by .html", "dashboard.html", "/guide/guide/dashboard"],
  ])("%s: %j → %j", (_name, url, expected) => {
    expect(link(url)).toBe(expected);
  });

  it("keeps the anchor and drops the query", () => {
    expect(link("../config/options.md#the-port")).toBe("/guide/config/options#the-port");
    expect(link("../config/options?tab=2#the-port")).toBe("/guide/config/options#the-port");
    expect(link("./?x=1")).toBe("/guide/guide");
  });

  it("accepts this site's own URLs when they lead to a page", () => {
    expect(resolveUrl({ ...targets, folders: new Map() }, "index.md", "/guide/config/options", "link")).toBe("/guide/config/options");
    expect(link("/guide/config/options#top")).toBe("/guide/config/options#top");
  });

  it("points an anchor written for a heading whose slug had to change at the heading's id", () => {
    expect(link("../config/options.md#__dirname")).toBe("/guide/config/options#section-__dirname");
    expect(link("/guide/config/options#__dirname")).toBe("/guide/config/options#section-__dirname");
    expect(link("../config/options.md#dirname")).toBe("/guide/config/options#dirname");
    expect(link("./manual.pdf#__page")).toBe("/guide-files/guide/manual.pdf?v=pdf1#__page");
  });

  it("reads a root-relative link from the repository's root when the folder's root has nothing there", () => {
    const inRepository = { ...targets, repositoryPaths: ["website/docs", "docs"] };
    const resolve = (url: string, kind: "link" | "image" = "link") => resolveUrl(inRepository, from, url, kind);
    expect(resolve("/website/docs/config/options.md#port")).toBe("/guide/config/options#port");
    expect(resolve("/docs/config/")).toBe("/guide/config");
    expect(resolve("/docs/banner.png", "image")).toBe("/guide-files/banner.png?v=ban1");
    // The folder's own root first: VitePress' and MkDocs' reading.
    expect(resolveUrl({ ...targets, repositoryPaths: ["guide"] }, from, "/guide/getting-started", "link")).toBe("/guide/guide/getting-started");
    expect(resolveContentUrl(inRepository, from, "/src/index.ts", "link")).toEqual({ missing: "/src/index.ts" });
    expect(resolveContentUrl(targets, from, "/docs/config/", "link")).toEqual({ missing: "/docs/config/" });
  });

  it("finds nothing for a name in another case than on disk", () => {
    expect(resolveContentUrl(targets, from, "../upper.md", "link")).toEqual({ missing: "../upper.md" });
  });
});

describe("links and images to files", () => {
  it("serves a relative image at /guide-files with its version, path segments encoded", () => {
    expect(image("images/shot%20one.png")).toBe("/guide-files/guide/images/shot%20one.png?v=img1");
    expect(image("./images/shot one.png")).toBe("/guide-files/guide/images/shot%20one.png?v=img1");
  });

  it("looks a root-relative file up in public/ first, then at the root", () => {
    expect(image("/logo.png")).toBe("/guide-files/public/logo.png?v=pub1");
    expect(image("/banner.png")).toBe("/guide-files/banner.png?v=ban1");
    expect(image("../banner.png")).toBe("/guide-files/banner.png?v=ban1");
  });

  it("links to a file that is not a page, keeping an anchor such as a PDF's page", () => {
    expect(link("manual.pdf#page=3")).toBe("/guide-files/guide/manual.pdf?v=pdf1#page=3");
  });

  it("does not take a page for an image", () => {
    expect(resolveContentUrl(targets, from, "my%20file.md", "image")).toEqual({ missing: "my%20file.md" });
  });
});

describe("URLs that are not the folder's", () => {
  it.each([
    ["another site", "https://example.com/docs/"],
    ["plain http", "http://example.com"],
    ["mail", "mailto:someone@example.com"],
    ["a telephone number", "tel:+100"],
    ["script", "javascript:alert(1)"],
    ["data", "data:image/png;base64,AAAA"],
    ["an anchor on the same page", "#usage"],
    ["protocol-relative", "//example.com/logo.png"],
    ["protocol-relative with backslashes", "\\\\example.com/logo.png"],
    ["a slash and a backslash", "/\\example.com"],
    ["nothing", ""],
    ["a query alone", "?page=2"],
  ])("leaves %s as written: %j", (_name, url) => {
    expect(resolveContentUrl(targets, from, url, "link")).toBeNull();
    expect(resolveContentUrl(targets, from, url, "image")).toBeNull();
  });

  it("leaves this site's pages outside the guide as written, not reported as broken", () => {
    expect(resolveContentUrl(targets, from, "/appearance", "link")).toBeNull();
  });
});

describe("targets that exist nowhere", () => {
  it.each([
    ["a missing page", "./nope.md"],
    ["a missing folder", "../nowhere/"],
    ["a folder with no index", "../loose/"],
    ["a missing image", "/missing.png"],
    ["a climb out of the folder", "../../package.json"],
    ["an encoded climb out", "..%2f..%2fpackage.json"],
    ["an encoded climb far out", "%2e%2e/%2e%2e/%2e%2e/etc/passwd"],
    ["a bad percent-encoding", "bad%zz.md"],
    ["a backslash path", "..\\config\\options.md"],
    ["a NUL byte", "my%00file.md"],
    ["a Markdown source as a file", "/guide-files/guide/getting-started.md"],
    ["a site URL to no page", "/guide/nope"],
  ])("%s (%j) is reported missing, and left as written", (_name, url) => {
    expect(resolveContentUrl(targets, from, url, "link")).toEqual({ missing: url });
    expect(link(url)).toBeNull();
  });

  it("never produces a URL outside /guide and /guide-files", () => {
    const attempts = ["/../../x", "/..", "../../../", "/%2e%2e/", "//", "/guide/../../x", "..", "/guide-files/../../etc/passwd", "/.//logo.png"];
    for (const url of attempts) {
      const result = link(url) ?? image(url);
      if (result !== null) expect(result, url).toMatch(/^\/guide(\/|$|#)|^\/guide-files\//);
    }
  });

  it("clamps a root-relative climb at the folder's root rather than leaving it", () => {
    expect(image("/../../logo.png")).toBe("/guide-files/public/logo.png?v=pub1");
  });
});

describe("under a base path (an export built with --base)", () => {
  const based: UrlTargets = { ...targets, basePath: "/tide-tables" };
  const resolve = (url: string, kind: "link" | "image" = "link") => resolveUrl(based, from, url, kind);

  it("starts every URL it writes with the base: pages with their anchors, files, this site's own paths", () => {
    expect(resolve("../config/options.md#flags")).toBe("/tide-tables/guide/config/options#flags");
    expect(resolve("./images/shot one.png", "image")).toBe("/tide-tables/guide-files/guide/images/shot%20one.png?v=img1");
    expect(resolve("/guide/config/options")).toBe("/tide-tables/guide/config/options");
    expect(resolve("/appearance#top")).toBe("/tide-tables/appearance#top");
  });

  it("leaves alone what is not the folder's: anchors, other sites, links that lead nowhere", () => {
    expect(resolve("#fields")).toBeNull();
    expect(resolve("https://example.com/guide/x")).toBeNull();
    expect(resolve("./nowhere.md")).toBeNull();
  });
});

describe("a page rendered against other targets", () => {
  const asked = (url: string, kind: "link" | "image" = "link"): AskedLink => ({ kind, href: url, resolution: resolveContentUrl(targets, from, url, kind) });
  const links = [asked("../config/options.md#defaults"), asked("./images/shot%20one.png", "image"), asked("https://example.com/"), asked("./nowhere.md")];

  it("still holds when every link resolves there as it did", () => {
    const pageElsewhere = new Map([...pages, ["loose/new.md", "/guide/loose/new"]]);
    expect(resolvesAsBefore(targets, from, links)).toBe(true);
    expect(resolvesAsBefore({ ...targets, pages: pageElsewhere, pageUrls: new Set(pageElsewhere.values()) }, from, links)).toBe(true);
  });

  it("no longer holds once a link leads elsewhere: a page added where a link pointed, a page moved, an image changed, another base", () => {
    const withPage = new Map([...pages, ["guide/nowhere.md", "/guide/guide/nowhere"]]);
    const moved = new Map([...pages].map(([file, url]) => [file, url.replace("/options", "/settings")]));
    const newImage = new Map([...targets.files].map(([file]) => [file, { version: "changed" }]));
    expect(resolvesAsBefore({ ...targets, pages: withPage }, from, links)).toBe(false);
    expect(resolvesAsBefore({ ...targets, pages: moved }, from, links)).toBe(false);
    expect(resolvesAsBefore({ ...targets, files: newImage }, from, links)).toBe(false);
    expect(resolvesAsBefore({ ...targets, basePath: "/docs" }, from, links)).toBe(false);
  });
});

describe("a page's address", () => {
  it("escapes each segment of its slug as encodeURIComponent does, whatever characters it holds", () => {
    const characters = [...Array.from({ length: 0x250 - 0x20 }, (_, index) => String.fromCodePoint(0x20 + index)), "é", "日本", "ש", "🙂"];
    for (const character of characters) {
      const slug = `guide/a${character}b/${character}`;
      expect(pageUrl(slug)).toBe(`/guide/${slug.split("/").map(encodeURIComponent).join("/")}`);
    }
    expect(pageUrl("")).toBe("/guide");
    expect(pageUrl("reference/api.v2")).toBe("/guide/reference/api.v2");
  });
});
