import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareStitchedBrotli, stitchBrotli, type StitchedBrotli } from "./stitched-brotli.ts";

/** The body as a client receives it. */
const stitchedBrotli = (prepared: StitchedBrotli, nonce: string) => Buffer.concat(stitchBrotli(prepared, nonce));

const NONCE_LENGTH = 24;
const nonce = () => crypto.randomBytes(16).toString("base64");
// Nonces as unlike each other and the test nonce as a nonce can be.
const unusualNonces = ["A".repeat(NONCE_LENGTH), "/".repeat(NONCE_LENGTH), `${"9+".repeat(11)}==`];

function page(size: number): string {
  const words = ["theme", "light", "dark", "system", "<p>", "</p>", "cookie", "é", "→", "\n"];
  let text = "";
  for (let i = 0; text.length < size; i++) text += words[(i * 7919) % words.length] + " ";
  return text;
}

// Real prose, on which the encoder models literals by context unless told not to.
const guideText = ["themes", "typography", "serving-your-docs"]
  .map((name) => fs.readFileSync(new URL(`../content/${name}.md`, import.meta.url), "utf8"))
  .join("\n");

/** A page laid out as the site's are: nonces in the head, the article, nonces in the closing scripts. */
function sitePage(article: string): string[] {
  return [
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="`,
    `"/><script nonce="`,
    `">document.documentElement.dataset.theme="dark"</script></head><body><main>${article}</main><script nonce="`,
    `">window.__context=${JSON.stringify({ article })}</script><script type="module" nonce="`,
    `">import "/assets/entry.js";</script></body></html>`,
  ];
}

async function prepared(parts: string[]): Promise<StitchedBrotli> {
  const result = await prepareStitchedBrotli(parts, NONCE_LENGTH);
  if (!result) throw new Error("the page was not compressed");
  return result;
}

describe("a page in brotli around its nonce", () => {
  it("decodes to the page with the response's nonce in every place, whatever the nonce", async () => {
    const parts = sitePage(guideText);
    const compressed = await prepared(parts);
    for (const value of [...unusualNonces, ...Array.from({ length: 10 }, nonce)]) {
      expect(zlib.brotliDecompressSync(stitchedBrotli(compressed, value)).toString("utf8")).toBe(parts.join(value));
    }
  });

  it("hands out the kept segments themselves, so a response copies none of the page", async () => {
    const compressed = await prepared(sitePage(guideText));
    const pieces = stitchBrotli(compressed, nonce());
    for (const segment of compressed.segments) expect(pieces.filter((piece) => piece === segment)).toHaveLength(1);
    expect(pieces).toHaveLength(2 * compressed.segments.length - 1);
  });

  it("decodes the same in a streaming decoder, as a browser reads it", async () => {
    const parts = sitePage(page(200_000));
    const value = nonce();
    const body = stitchedBrotli(await prepared(parts), value);
    const chunks: Buffer[] = [];
    const decoder = zlib.createBrotliDecompress();
    decoder.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve, reject) => decoder.on("end", resolve).on("error", reject));
    for (let start = 0; start < body.length; start += 1000) decoder.write(body.subarray(start, start + 1000));
    decoder.end();
    await done;
    expect(Buffer.concat(chunks).toString("utf8")).toBe(parts.join(value));
  });

  it("sends a nonce that occurs many times about as compactly as brotli of the whole page does", async () => {
    const parts = Array.from({ length: 40 }, (_, index) => `${page(500)}"/><link rel="modulepreload" href="/assets/chunk-${index}.js" nonce="`);
    const compressed = await prepared(parts);
    const value = nonce();
    const whole = zlib.brotliCompressSync(parts.join(value), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    // Forty nonces sent as they are would add more than a kilobyte.
    expect(stitchedBrotli(compressed, value).length).toBeLessThan(whole + 200);
  });

  it("is smaller than gzip at its best level, about as small as brotli of the whole page", async () => {
    const parts = sitePage(page(60_000));
    const value = nonce();
    const stitched = stitchedBrotli(await prepared(parts), value).length;
    const whole = parts.join(value);
    expect(stitched).toBeLessThan(zlib.gzipSync(whole, { level: 9 }).length);
    expect(stitched).toBeLessThan(zlib.brotliCompressSync(whole, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length * 1.05 + 64);
  });

  it("works for a page with no nonce at all, and for an empty page", async () => {
    expect(zlib.brotliDecompressSync(stitchedBrotli(await prepared(["just text"]), nonce())).toString()).toBe("just text");
    expect(zlib.brotliDecompressSync(stitchedBrotli(await prepared([""]), nonce())).toString()).toBe("");
  });

  it("declines a page that holds the stand-in's control characters, which is then served gzipped", async () => {
    expect(await prepareStitchedBrotli([`a\u0001${page(2_000)}`, "b"], NONCE_LENGTH)).toBeNull();
  });

  it("refuses a nonce of another length than the page was compressed for", async () => {
    const compressed = await prepared(["a", "b"]);
    expect(() => stitchedBrotli(compressed, "short")).toThrow(RangeError);
  });
});
