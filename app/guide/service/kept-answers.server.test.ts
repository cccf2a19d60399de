import { promisify } from "node:util";
import zlib from "node:zlib";
import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The answers that list every page, built and compressed once per guide,
 * site name and address: the guide service stood in for, and an answer
 * like /llms.txt's, to count how often its text is built.
 */
const state = vi.hoisted(() => ({ guide: {} as object, siteName: "Acme", complete: true, builds: 0 }));

vi.mock("./guide-service.server", () => ({
  getGuide: async () => state.guide,
  getSiteConfig: async () => ({ name: state.siteName }),
}));

const { keptAnswer } = await import("./kept-answers.server");
const ADDRESS = "https://docs.example.com";

async function llmsLike(siteAddress: string) {
  state.builds++;
  const pages = Array.from({ length: 2_000 }, (_, index) => `- [Page ${index}](${siteAddress}/guide/page-${index}.md): What page ${index} is about.`);
  return { text: `# ${state.siteName}\n\n${state.complete ? "" : "Descriptions so far.\n\n"}## Pages\n\n${pages.join("\n")}\n`, complete: state.complete };
}

function get(encodings: string | null, address = ADDRESS, method = "GET", name = "llms.txt") {
  const request = new Request(`${address}/${name}`, { method, headers: encodings === null ? {} : { "Accept-Encoding": encodings } });
  return keptAnswer(request, { name, siteAddress: address, build: () => llmsLike(address), contentType: "text/plain; charset=utf-8", maxAgeSeconds: 300 });
}

async function decoded(response: Response): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("Content-Encoding");
  return String(encoding === "br" ? await promisify(zlib.brotliDecompress)(body) : encoding === "gzip" ? await promisify(zlib.gunzip)(body) : body);
}

beforeEach(() => {
  state.guide = {};
  state.siteName = "Acme";
  state.complete = true;
  state.builds = 0;
});

describe("an answer that lists every page (/llms.txt, the sitemaps)", () => {
  it("is built and gzipped once, compressed in brotli once it is asked for again, and sent as each client takes it best, the same text in all", async () => {
    const browser = "gzip, deflate, br, zstd";
    const answers = [await get(browser), await get(browser), await get("gzip"), await get(null), await get("br;q=0, gzip;q=0"), await get("deflate"), await get(browser)];
    expect(state.builds).toBe(1);
    expect(answers.map((answer) => answer.headers.get("Content-Encoding"))).toEqual(["gzip", "br", "gzip", null, null, null, "br"]);
    const texts = await Promise.all(answers.map(decoded));
    expect(texts[0]).toContain(`- [Page 1999](${ADDRESS}/guide/page-1999.md): What page 1999 is about.`);
    expect(new Set(texts).size).toBe(1);
    for (const answer of answers) {
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    }
    // Kept compressed: the brotli is a small part of the text, and smaller than the gzip.
    const [gzipLength, brotliLength] = [answers[0]!, answers[1]!].map((answer) => Number(answer.headers.get("Content-Length")));
    expect(brotliLength).toBeLessThan(texts[0]!.length / 4);
    expect(brotliLength).toBeLessThan(gzipLength!);
  });

  it("answers an address asked for once in gzip, never in brotli: addresses asked for in turn cost a build and a gzip each", async () => {
    const browser = "gzip, deflate, br, zstd";
    const answers = [];
    for (let round = 0; round < 3; round++) for (const address of [ADDRESS, "http://other.example"]) answers.push(await get(browser, address));
    expect(state.builds).toBe(6);
    expect(answers.map((answer) => answer.headers.get("Content-Encoding"))).toEqual(Array(6).fill("gzip"));
  });

  it("is built once for concurrent requests, and a HEAD has the headers without the body", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("gzip")));
    expect(state.builds).toBe(1);
    const head = await get("gzip", ADDRESS, "HEAD");
    expect(head.headers.get("Content-Length")).toBe(answers[0]!.headers.get("Content-Length"));
    expect(await head.text()).toBe("");
  });

  it("is built again for a new guide (an edit in development), a new site name, or another address, whose links it gives", async () => {
    await get("br");
    state.guide = {};
    await get("br");
    state.siteName = "Acme Docs";
    expect(await decoded(await get("br"))).toMatch(/^# Acme Docs\n/);
    const other = await decoded(await get("br", "http://other.example"));
    expect(other).toContain("(http://other.example/guide/page-0.md)");
    expect(other).not.toContain(ADDRESS);
    expect(state.builds).toBe(4);
    // One kept at a time: the first address again builds again, rather than a second being kept.
    await get("br");
    expect(state.builds).toBe(5);
  });

  it("is kept for each name: answers of other names, asked for in turn, build each once and do not take each other's place", async () => {
    for (let round = 0; round < 3; round++) for (const name of ["llms.txt", "sitemap.xml", "sitemaps/1.xml"]) await get("gzip", ADDRESS, "GET", name);
    expect(state.builds).toBe(3);
  });

  it("while descriptions are still being read, is built for each request and kept by no cache", async () => {
    state.complete = false;
    const answers = [await get("br"), await get("br")];
    expect(state.builds).toBe(2);
    for (const answer of answers) {
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(await answer.text()).toContain("Descriptions so far.");
    }
    state.complete = true;
    await get("br");
    await get("br");
    expect(state.builds).toBe(3);
  });
});
