import { expect, test, vi } from "vitest";
import { loader as sitemapLoader } from "./sitemap";
import { loader as sitemapPartLoader } from "./sitemap-part";

// A guide of 100,001 pages under a base path: with /guide, 100,002 addresses, more than two sitemaps hold.
const PAGES = vi.hoisted(() => 100_001);
vi.mock("../guide/service/guide-service.server", () => ({
  siteAddress: (request: Request) => `${new URL(request.url).origin}/docs`,
  getSiteConfig: async () => ({ ownFolder: true }),
  getGuide: async () => ({ pages: Array.from({ length: PAGES }, (_, n) => ({ url: `/guide/p${n}`, lastUpdated: null })) }),
}));

type SitemapArgs = Parameters<typeof sitemapLoader>[0];
type PartArgs = Parameters<typeof sitemapPartLoader>[0];
const ask = (path: string) => new Request(`https://docs.example.com/docs${path}`);
const locations = async (response: Response) => [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

test("past 50,000 addresses, /sitemap.xml is an index of sitemaps of 50,000 each, which hold every address once, in reading order", async () => {
  const index = await sitemapLoader({ request: ask("/sitemap.xml") } as SitemapArgs);
  const body = await index.clone().text();
  expect(body).toContain("<sitemapindex ");
  expect(await locations(index)).toEqual([1, 2, 3].map((n) => `https://docs.example.com/docs/sitemaps/${n}.xml`));

  const listed: string[] = [];
  for (const file of ["1.xml", "2.xml", "3.xml"]) {
    const part = await sitemapPartLoader({ request: ask(`/sitemaps/${file}`), params: { file } } as unknown as PartArgs);
    expect(part.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    listed.push(...(await locations(part)));
  }
  expect(listed).toHaveLength(PAGES + 1);
  expect(listed.slice(0, 2)).toEqual(["https://docs.example.com/docs/guide", "https://docs.example.com/docs/guide/p0"]);
  expect(listed.at(-1)).toBe(`https://docs.example.com/docs/guide/p${PAGES - 1}`);
  expect(new Set(listed).size).toBe(listed.length);

  const past = await sitemapPartLoader({ request: ask("/sitemaps/4.xml"), params: { file: "4.xml" } } as unknown as PartArgs);
  expect(past.status).toBe(404);
});
