import { promisify } from "node:util";
import zlib from "node:zlib";
import { expect, test, vi } from "vitest";
import { loader as sitemapLoader } from "./sitemap";
import { loader as sitemapPartLoader } from "./sitemap-part";

// A guide of 100,001 pages under a base path: with /guide, 100,002 addresses, more than two sitemaps hold.
const PAGES = vi.hoisted(() => 100_001);
const guide = vi.hoisted(() => ({ pages: Array.from({ length: 100_001 }, (_, n) => ({ url: `/guide/p${n}`, lastUpdated: null })) }));
vi.mock("../guide/service/guide-service.server", () => ({
  siteAddress: (request: Request) => `${new URL(request.url).origin}/docs`,
  getSiteConfig: async () => ({ ownFolder: true, name: "Acme" }),
  getGuide: async () => guide,
}));
// Every address a sitemap writes passes through here once: counted, to see a sitemap written once.
const escaped = vi.hoisted(() => ({ count: 0 }));
vi.mock("../escape-markup", async (importOriginal) => {
  const original = await importOriginal<typeof import("../escape-markup")>();
  return { ...original, escapeMarkup: (text: string) => (escaped.count++, original.escapeMarkup(text)) };
});

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

test("a sitemap is written once for its guide and address, then sent compressed as each client takes it, in gzip, in brotli once asked for again, or none", async () => {
  const part = (encodings: string | null, method = "GET") =>
    sitemapPartLoader({ request: new Request("https://www.docs.example.com/docs/sitemaps/2.xml", { method, headers: encodings ? { "Accept-Encoding": encodings } : {} }), params: { file: "2.xml" } } as unknown as PartArgs);
  const first = await part("gzip, deflate, br");
  const written = escaped.count;
  const again = [await part("gzip"), await part(null), await part("br", "HEAD")];
  expect(escaped.count).toBe(written);
  // Gzip at first; brotli once it is asked for again (a HEAD too), for the clients that take it.
  expect([first, ...again].map((answer) => answer.headers.get("Content-Encoding"))).toEqual(["gzip", "gzip", null, "br"]);
  const xml = String(await promisify(zlib.gunzip)(Buffer.from(await first.arrayBuffer())));
  // An address not asked for before in this file (the test above asked for docs.example.com's).
  expect(xml).toContain("<loc>https://www.docs.example.com/docs/guide/p50000</loc>");
  expect(String(await promisify(zlib.gunzip)(Buffer.from(await again[0]!.arrayBuffer())))).toBe(xml);
  expect(await again[1]!.text()).toBe(xml);
  expect(await again[2]!.text()).toBe("");
  expect(String(await promisify(zlib.brotliDecompress)(Buffer.from(await (await part("br")).arrayBuffer())))).toBe(xml);
  expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
  // Another address (no SITE_URL, another Host) is written for it.
  const other = await sitemapPartLoader({ request: new Request("http://other.example/docs/sitemaps/2.xml"), params: { file: "2.xml" } } as unknown as PartArgs);
  expect(await other.text()).toContain("<loc>http://other.example/docs/guide/p50000</loc>");
  expect(escaped.count).toBeGreaterThan(written);
});
