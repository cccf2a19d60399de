import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, sitemapCount, sitemapIndexXml, sitemapPart, sitemapPartEntries, urlsetXml, type SitemapEntry } from "./sitemap.server";

const entries = (count: number): SitemapEntry[] => Array.from({ length: count }, (_, n) => ({ path: `/guide/p${n}`, lastmod: n === 0 ? "2026-11-01" : null }));

describe("the sitemap of a folder", () => {
  it("is one sitemap up to the protocol's 50,000 addresses, and past them an index of sitemaps of 50,000 each", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapCount(50_000)).toBe(1);
    expect(sitemapCount(50_001)).toBe(2);
    expect(sitemapCount(100_002)).toBe(3);
  });

  it("splits the addresses in reading order, each once, the last sitemap holding the rest", () => {
    const all = entries(7);
    const parts = [1, 2, 3].map((number) => sitemapPartEntries(all, number, 3).map((entry) => entry.path));
    expect(parts).toEqual([["/guide/p0", "/guide/p1", "/guide/p2"], ["/guide/p3", "/guide/p4", "/guide/p5"], ["/guide/p6"]]);
  });

  it("names each sitemap by one file name only, and none where one sitemap holds every address", () => {
    expect(sitemapPart("2.xml", 7, 3)).toBe(2);
    expect(sitemapPart("3.xml", 7, 3)).toBe(3);
    for (const name of ["4.xml", "0.xml", "02.xml", "2", "2.XML", "2.xml.gz", "-1.xml", "", undefined]) expect(sitemapPart(name, 7, 3), String(name)).toBeNull();
    expect(sitemapPart("1.xml", 3, 3)).toBeNull();
  });

  it("writes a sitemap's addresses absolute and escaped, with the dates git knows, and an index of the sitemaps' absolute addresses", () => {
    expect(urlsetXml("https://docs.example.com/docs", [{ path: "/guide/a&b", lastmod: "2026-11-01" }, { path: "/guide/c", lastmod: null }])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<url><loc>https://docs.example.com/docs/guide/a&#38;b</loc><lastmod>2026-11-01</lastmod></url>",
        "<url><loc>https://docs.example.com/docs/guide/c</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
    expect(sitemapIndexXml("https://docs.example.com", 2)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<sitemap><loc>https://docs.example.com/sitemaps/1.xml</loc></sitemap>",
        "<sitemap><loc>https://docs.example.com/sitemaps/2.xml</loc></sitemap>",
        "</sitemapindex>",
        "",
      ].join("\n"),
    );
  });
});
