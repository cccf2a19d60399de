import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareStitchedGzip, stitchGzip, type StitchedGzip } from "./stitched-gzip.ts";

/** The body as a client receives it. */
const stitchedGzip = (prepared: StitchedGzip, nonce: string) => Buffer.concat(stitchGzip(prepared, nonce));

const NONCE_LENGTH = 24;
const nonce = () => crypto.randomBytes(16).toString("base64");

function page(size: number): string {
  const words = ["theme", "light", "dark", "system", "<p>", "</p>", "cookie", "é", "→", "\n"];
  let text = "";
  for (let i = 0; text.length < size; i++) text += words[(i * 7919) % words.length] + " ";
  return text;
}

describe("a page gzipped around its nonce", () => {
  it("decodes to the page with the response's nonce in every place, under gunzip's CRC and length checks", () => {
    const parts = [`<!DOCTYPE html><script nonce="`, `">x</script>${page(70_000)}<script nonce="`, `"></script></html>`];
    const prepared = prepareStitchedGzip(parts, NONCE_LENGTH);
    for (let round = 0; round < 5; round++) {
      const value = nonce();
      const body = stitchedGzip(prepared, value);
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(parts.join(value));
    }
  });

  it("hands out the kept segments themselves, so a response copies none of the page", () => {
    const prepared = prepareStitchedGzip(["<p>one</p><script nonce=\"", "\">two</script><style nonce=\"", "\"></style>"], NONCE_LENGTH);
    const pieces = stitchGzip(prepared, nonce());
    for (const segment of prepared.segments) expect(pieces.filter((piece) => piece === segment)).toHaveLength(1);
  });

  it("decodes the same in a streaming decoder, as a browser reads it", async () => {
    const parts = ["a", page(200_000), "b", ""];
    const value = nonce();
    const body = stitchedGzip(prepareStitchedGzip(parts, NONCE_LENGTH), value);
    const chunks: Buffer[] = [];
    const gunzip = zlib.createGunzip();
    gunzip.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve, reject) => gunzip.on("end", resolve).on("error", reject));
    for (let start = 0; start < body.length; start += 1000) gunzip.write(body.subarray(start, start + 1000));
    gunzip.end();
    await done;
    expect(Buffer.concat(chunks).toString("utf8")).toBe(parts.join(value));
  });

  it("works for a page with no nonce at all, and for an empty page", () => {
    expect(zlib.gunzipSync(stitchedGzip(prepareStitchedGzip(["just text"], NONCE_LENGTH), nonce())).toString()).toBe("just text");
    expect(zlib.gunzipSync(stitchedGzip(prepareStitchedGzip([""], NONCE_LENGTH), nonce())).toString()).toBe("");
  });

  it("decodes right when a part repeats text from before a nonce, when nonces are far apart, and when the page holds control characters", () => {
    const article = page(20_000);
    const farApart = crypto.randomBytes(30_000).toString("base64");
    for (const parts of [
      [`<main>${article}</main><script nonce="`, `">data(${JSON.stringify(article)})</script><script nonce="`, `">${article}</script>`],
      [`<head nonce="`, `">${farApart}<script nonce="`, `"></script><script nonce="`, `">`],
      [`a\u0001${article}`, `${article}\u001fb`, "c"],
    ]) {
      const prepared = prepareStitchedGzip(parts, NONCE_LENGTH);
      for (let round = 0; round < 3; round++) {
        const value = nonce();
        expect(zlib.gunzipSync(stitchedGzip(prepared, value)).toString("utf8")).toBe(parts.join(value));
      }
    }
  });

  it("sends a nonce that occurs many times about as compactly as gzip of the whole page does", () => {
    const parts = Array.from({ length: 20 }, (_, index) => `"/><link rel="modulepreload" href="/assets/chunk-${index}.js" nonce="`);
    const value = nonce();
    const stitched = stitchedGzip(prepareStitchedGzip(parts, NONCE_LENGTH), value).length;
    const whole = zlib.gzipSync(parts.join(value), { level: 9 }).length;
    expect(stitched).toBeLessThan(whole * 1.1 + 64);
  });

  it("keeps about the compressed bytes in memory, not zlib's output buffers", () => {
    const parts = [`<script nonce="`, `">x</script>${page(6_000)}<link nonce="`, `"><p>short</p><script nonce="`, `"></script>`];
    const { segments } = prepareStitchedGzip(parts, NONCE_LENGTH);
    const compressed = segments.reduce((sum, segment) => sum + segment.length, 0);
    const held = [...new Set(segments.map((segment) => segment.buffer))].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(held).toBe(compressed);
  });

  it("refuses a nonce of another length than the parts were compressed for", () => {
    const prepared = prepareStitchedGzip(["a", "b"], NONCE_LENGTH);
    expect(() => stitchedGzip(prepared, "short")).toThrow(RangeError);
  });

  it("is about as small as gzipping the whole page at once, also when a later part repeats an earlier one", () => {
    // Text that compresses little on its own, so that repeating it shows.
    const article = crypto.randomBytes(7_500).toString("base64");
    const parts = [`<main>${article}</main><script nonce="`, `">${JSON.stringify(article)}</script>`];
    const value = nonce();
    const stitched = stitchedGzip(prepareStitchedGzip(parts, NONCE_LENGTH), value).length;
    const whole = zlib.gzipSync(parts.join(value), { level: 9 }).length;
    expect(stitched).toBeLessThan(whole * 1.1 + 64);
  });
});
