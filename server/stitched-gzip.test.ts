import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareStitchedGzip, stitchGzip } from "./stitched-gzip.ts";

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
    const prepared = prepareStitchedGzip(parts);
    for (let round = 0; round < 5; round++) {
      const value = nonce();
      const body = stitchGzip(prepared, value);
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(parts.join(value));
    }
  });

  it("decodes the same in a streaming decoder, as a browser reads it", async () => {
    const parts = ["a", page(200_000), "b", ""];
    const value = nonce();
    const body = stitchGzip(prepareStitchedGzip(parts), value);
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
    expect(zlib.gunzipSync(stitchGzip(prepareStitchedGzip(["just text"]), nonce())).toString()).toBe("just text");
    expect(zlib.gunzipSync(stitchGzip(prepareStitchedGzip([""]), nonce())).toString()).toBe("");
  });

  it("is about as small as gzipping the whole page at once", () => {
    const parts = [page(30_000), page(30_000)];
    const value = nonce();
    const stitched = stitchGzip(prepareStitchedGzip(parts), value).length;
    const whole = zlib.gzipSync(parts.join(value), { level: 9 }).length;
    expect(stitched).toBeLessThan(whole * 1.1 + 64);
  });
});
