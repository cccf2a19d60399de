import fs from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { FIXTURES_DIR, testDocs } from "./support/docs-server";

/**
 * The files of a docs folder (images, downloads) as browsers and caches
 * fetch them from /guide-files: the versioned URL a page links is kept for
 * good, the bare URL is revalidated, and conditional and range requests get
 * their short answers. Requests that try to leave the folder or reach its
 * dotfiles and links out are docs-hostile.spec.ts' part.
 */
const test = testDocs("mkdocs", { port: 3284 });
test.describe.configure({ mode: "default" });

const IMAGE = "images/tide-chart.png";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** The URL the landing page gives the image: /guide-files/<path>?v=<current version>. */
async function linkedImageUrl(request: APIRequestContext): Promise<URL> {
  const html = await (await request.get("/guide")).text();
  const src = /<img[^>]*\ssrc="([^"]*tide-chart\.png[^"]*)"/.exec(html)?.[1];
  expect(src, "the landing page links the tide chart").toBeTruthy();
  return new URL(src!.replaceAll("&amp;", "&"), "http://docs.test");
}

test("the URL a page links carries the file's version and is cached for good", async ({ request }) => {
  const url = await linkedImageUrl(request);
  expect(url.pathname).toBe(`/guide-files/${IMAGE}`);
  const version = url.searchParams.get("v");
  expect(version).toMatch(/^[\w-]{4,}$/);

  const response = await request.get(url.pathname + url.search);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toBe(IMMUTABLE);
  expect(await response.body()).toEqual(await fs.readFile(path.join(FIXTURES_DIR, "mkdocs", IMAGE)));
});

test("a version that is not the file's current one is not cached for good", async ({ request }) => {
  for (const query of ["?v=0000000", "?v=", "?v=a&v=b"]) {
    const response = await request.get(`/guide-files/${IMAGE}${query}`);
    expect(response.status(), query).toBe(200);
    expect(response.headers()["cache-control"], query).toBe(REVALIDATE);
  }
});

test("without ?v the file is revalidated: its ETag or date gets 304 Not Modified, a stale one the file", async ({ request }) => {
  const first = await request.get(`/guide-files/${IMAGE}`);
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe(REVALIDATE);
  const etag = first.headers()["etag"];
  const lastModified = first.headers()["last-modified"];
  expect(etag).toMatch(/^"[^"]+"$/);
  expect(lastModified).toBeTruthy();

  const byTag = await request.get(`/guide-files/${IMAGE}`, { headers: { "If-None-Match": etag! } });
  expect(byTag.status()).toBe(304);
  expect(byTag.headers()["etag"]).toBe(etag);
  expect(byTag.headers()["cache-control"]).toBe(REVALIDATE);
  expect((await byTag.body()).length).toBe(0);

  const weakInList = await request.get(`/guide-files/${IMAGE}`, { headers: { "If-None-Match": `"other", W/${etag}` } });
  expect(weakInList.status()).toBe(304);

  const byDate = await request.get(`/guide-files/${IMAGE}`, { headers: { "If-Modified-Since": lastModified! } });
  expect(byDate.status()).toBe(304);

  const stale = await request.get(`/guide-files/${IMAGE}`, { headers: { "If-None-Match": '"not-this-one"' } });
  expect(stale.status()).toBe(200);
  expect((await stale.body()).length).toBe(Number(first.headers()["content-length"]));
});

test("a Range request gets 206 and exactly the bytes asked for, with the right Content-Range", async ({ request }) => {
  const whole = await fs.readFile(path.join(FIXTURES_DIR, "mkdocs", IMAGE));
  const size = whole.length;
  const cases = [
    { range: "bytes=0-9", start: 0, end: 9 },
    { range: "bytes=10-", start: 10, end: size - 1 },
    { range: "bytes=-16", start: size - 16, end: size - 1 },
    { range: `bytes=20-${size + 1000}`, start: 20, end: size - 1 },
  ];
  for (const { range, start, end } of cases) {
    const response = await request.get(`/guide-files/${IMAGE}`, { headers: { Range: range } });
    expect(response.status(), range).toBe(206);
    expect(response.headers()["content-range"], range).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers()["content-length"], range).toBe(String(end - start + 1));
    expect(await response.body(), range).toEqual(whole.subarray(start, end + 1));
  }
  expect((await request.get(`/guide-files/${IMAGE}`)).headers()["accept-ranges"]).toBe("bytes");
});

test("a range past the end is 416 with the size; a stale If-Range or several ranges get the whole file", async ({ request }) => {
  const size = (await fs.stat(path.join(FIXTURES_DIR, "mkdocs", IMAGE))).size;
  const past = await request.get(`/guide-files/${IMAGE}`, { headers: { Range: `bytes=${size}-` } });
  expect(past.status()).toBe(416);
  expect(past.headers()["content-range"]).toBe(`bytes */${size}`);

  const staleIfRange = await request.get(`/guide-files/${IMAGE}`, { headers: { Range: "bytes=0-9", "If-Range": '"old-version"' } });
  expect(staleIfRange.status()).toBe(200);
  expect((await staleIfRange.body()).length).toBe(size);

  const several = await request.get(`/guide-files/${IMAGE}`, { headers: { Range: "bytes=0-1,4-5" } });
  expect(several.status()).toBe(200);
  expect((await several.body()).length).toBe(size);
});

test("HEAD describes the file without sending it", async ({ request }) => {
  const response = await request.head(`/guide-files/${IMAGE}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["content-length"]).toBe(String((await fs.stat(path.join(FIXTURES_DIR, "mkdocs", IMAGE))).size));
  expect((await response.body()).length).toBe(0);
});

test("Markdown sources and files the folder does not have answer 404, never a page", async ({ request }) => {
  for (const file of ["index.md", "user-guide/plotting.md", "images/missing.png", "images", "images/", "IMAGES/tide-chart.png"]) {
    const response = await request.get(`/guide-files/${file}`, { maxRedirects: 0 });
    expect(response.status(), file).toBe(404);
    expect(response.headers()["content-type"], file).toMatch(/^text\/plain/);
  }
});
