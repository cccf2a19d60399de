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

  it("keeps the answers of two addresses asked for in turn: each is built once, and sent in brotli once asked for again", async () => {
    const browser = "gzip, deflate, br, zstd";
    const answers = [];
    for (let round = 0; round < 3; round++) for (const address of [ADDRESS, "http://other.example"]) answers.push(await get(browser, address));
    expect(state.builds).toBe(2);
    expect(answers.map((answer) => answer.headers.get("Content-Encoding"))).toEqual(["gzip", "gzip", "br", "br", "br", "br"]);
    expect(await decoded(answers[5]!)).toContain("(http://other.example/guide/page-0.md)");
  });

  it("builds a third address's answer in place of the one asked for longest ago, never keeping more", async () => {
    for (const address of [ADDRESS, "http://other.example", ADDRESS, "http://third.example"]) await get("gzip", address);
    expect(state.builds).toBe(3);
    // ADDRESS was asked for after other.example: it is kept, other.example is not.
    await get("gzip", ADDRESS);
    expect(state.builds).toBe(3);
    await get("gzip", "http://other.example");
    expect(state.builds).toBe(4);
  });

  it("builds one answer at a time: requests naming new hosts at once wait in turn, each given its own host's answer", async () => {
    let building = 0;
    let mostAtOnce = 0;
    const slowBuild = (address: string) => async () => {
      mostAtOnce = Math.max(mostAtOnce, ++building);
      await new Promise((resolve) => setTimeout(resolve, 5));
      building--;
      return llmsLike(address);
    };
    const addresses = Array.from({ length: 4 }, (_, index) => `http://host-${index}.example`);
    const answers = await Promise.all(
      addresses.map((address) => keptAnswer(new Request(`${address}/llms.txt`), { name: "llms.txt", siteAddress: address, build: slowBuild(address), contentType: "text/plain", maxAgeSeconds: 300 })),
    );
    expect(mostAtOnce).toBe(1);
    expect(state.builds).toBe(4);
    const texts = await Promise.all(answers.map(decoded));
    texts.forEach((text, index) => expect(text).toContain(`(http://host-${index}.example/guide/page-0.md)`));
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
    // The new guide's and site name's answer is kept beside the other address's.
    await get("br");
    await get("br", "http://other.example");
    expect(state.builds).toBe(4);
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
