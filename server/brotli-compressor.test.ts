import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { CompressRequest } from "./brotli-compressor-process.ts";
import { createBrotliCompressor } from "./brotli-compressor.ts";
import { standInText } from "./nonce-stand-in.ts";
import { stitchBrotli } from "./stitched-brotli.ts";
import { prepareStitchedGzip, stitchGzip } from "./stitched-gzip.ts";

const NONCE_LENGTH = 24;
const nonce = () => crypto.randomBytes(16).toString("base64");
const article = Array.from({ length: 400 }, (_, index) => `<p>Paragraph ${index} of the article, in the light theme.</p>`).join("");
const parts = [`<head><script nonce="`, `">theme()</script></head><main>${article}</main><script nonce="`, `"></script>`];

describe("the brotli compressor process", () => {
  it("compresses a kept page, given as its gzip, to brotli that decodes with any response's nonce", async () => {
    const compressor = createBrotliCompressor();
    const brotli = await compressor.compress(prepareStitchedGzip(parts, NONCE_LENGTH), parts.length);
    expect(brotli).not.toBeNull();
    // Kept for the life of the server: no segment holds on to the message it came in.
    for (const segment of brotli!.segments) expect(segment.buffer.byteLength).toBe(segment.byteLength);
    for (let round = 0; round < 3; round++) {
      const value = nonce();
      expect(zlib.brotliDecompressSync(Buffer.concat(stitchBrotli(brotli!, value))).toString("utf8")).toBe(parts.join(value));
    }
  });

  it("compresses pages one after another in one process, and ends it once idle", async () => {
    const compressor = createBrotliCompressor();
    const pages = [0, 1, 2].map((index) => [`<p>${index}</p><script nonce="`, `">${article}</script>`]);
    const results = await Promise.all(pages.map((page) => compressor.compress(prepareStitchedGzip(page, NONCE_LENGTH), page.length)));
    const value = nonce();
    results.forEach((brotli, index) => expect(zlib.brotliDecompressSync(Buffer.concat(stitchBrotli(brotli!, value))).toString()).toBe(pages[index]!.join(value)));
    expect(compressor.running).toBe(true);
    await expect.poll(() => compressor.running, { timeout: 5_000 }).toBe(false);
    // And starts again for the next page.
    expect(await compressor.compress(prepareStitchedGzip(parts, NONCE_LENGTH), parts.length)).not.toBeNull();
  });

  it("skips a page no longer wanted when its turn comes, and starts no process for it", async () => {
    const compressor = createBrotliCompressor();
    expect(await compressor.compress(prepareStitchedGzip(parts, NONCE_LENGTH), parts.length, () => false)).toBeNull();
    expect(compressor.running).toBe(false);
  });

  it("leaves gzipped a page whose own text holds the stand-in, whose nonces cannot be found again", async () => {
    const standIn = standInText(NONCE_LENGTH)!;
    const tricky = [`<p>${standIn}</p><script nonce="`, `"></script>`];
    expect(await createBrotliCompressor().compress(prepareStitchedGzip(tricky, NONCE_LENGTH), tricky.length)).toBeNull();
  });

  it("ends quietly when the server goes away while a page is being compressed", async () => {
    const child = fork(fileURLToPath(new URL("./brotli-compressor-process.ts", import.meta.url)), [], {
      serialization: "advanced",
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      execArgv: [],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const request: CompressRequest = { gzipWithStandIn: Buffer.concat(stitchGzip(prepareStitchedGzip(parts, NONCE_LENGTH), standInText(NONCE_LENGTH)!)), partCount: parts.length, nonceLength: NONCE_LENGTH };
    await new Promise<void>((resolve) => child.once("spawn", resolve));
    child.send(request, () => child.disconnect());
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(output).toBe("");
    expect(code).toBe(0);
  });

  it("answers null, not an error, when the child process dies", async () => {
    const crashing = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "compressor-")), "crashing.ts");
    fs.writeFileSync(crashing, "process.exit(3);\n");
    const compressor = createBrotliCompressor(pathToFileURL(crashing));
    expect(await compressor.compress(prepareStitchedGzip(parts, NONCE_LENGTH), parts.length)).toBeNull();
    fs.rmSync(path.dirname(crashing), { recursive: true });
  });

  it("never sends to a child whose channel has closed before it exited: it starts another", async () => {
    // Answers once, then closes its channel and lingers, as a dying child can.
    const lingering = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "compressor-")), "lingering.ts");
    fs.writeFileSync(lingering, 'process.once("message", () => process.send({ brotli: null }, () => { process.disconnect(); setTimeout(() => {}, 3000); }));\n');
    const compressor = createBrotliCompressor(pathToFileURL(lingering));
    const page = prepareStitchedGzip(parts, NONCE_LENGTH);
    expect(await compressor.compress(page, parts.length)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A send on the closed channel would emit an 'error' nobody listens to, and end the server.
    expect(await compressor.compress(page, parts.length)).toBeNull();
    fs.rmSync(path.dirname(lingering), { recursive: true });
  });
});
