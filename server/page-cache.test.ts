import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestNonce } from "../app/request-nonce.server.ts";
import { serverSeam } from "../app/server-seam.server.ts";
import type { BrotliCompressor } from "./brotli-compressor.ts";
import { createPageCache } from "./page-cache.ts";

/**
 * A server laid out as server/serve.ts lays it out, with stand-ins for its
 * layers: one sets a header on everything (and HSTS on secure requests), one
 * refuses declared bodies over 10 bytes, and React Router's handler renders a
 * page whose script carries the nonce the cache handed it.
 */
async function startSite({ bytesKept = 64 * 1024 * 1024, brotliBytes = 0 } = {}) {
  const layerRuns = { count: 0 };
  // The compressor's own tests are brotli-compressor.test.ts: here, what the cache asks of it.
  const brotliAsked: { path: string; stillWanted: () => boolean }[] = [];
  const compressor: BrotliCompressor = {
    compress: (gzip, _partCount, stillWanted = () => true) => {
      brotliAsked.push({ path: zlib.inflateRawSync(Buffer.concat(gzip.segments), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString().match(/<p>(.*?)<\/p>/)![1]!, stillWanted });
      // A stand-in of the size asked for: never sent, as the test that asks for one takes only gzip.
      return Promise.resolve(brotliBytes > 0 ? { segments: [Buffer.alloc(brotliBytes)], nonceLength: 0 } : null);
    },
    running: false,
  };
  const cache = createPageCache(async (request, context) => {
    if (new URL(request.url).pathname === "/llms-full.txt") return new Response(streamedText(), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
    // An answer compressed by the app itself, as /llms.txt and the sitemaps are (app/guide/service/kept-answers.server.ts).
    if (new URL(request.url).pathname === "/llms.txt") {
      const gzip = /gzip/.test(request.headers.get("Accept-Encoding") ?? "");
      return new Response(gzip ? zlib.gzipSync("Every page.\n") : "Every page.\n", { headers: { "Content-Type": "text/plain; charset=utf-8", ...(gzip ? { "Content-Encoding": "gzip" } : {}) } });
    }
    const nonce = context!.get(requestNonce)!;
    return new Response(`<!DOCTYPE html><p>A kept page at ${new URL(request.url).pathname}</p><script nonce="${nonce}">hydrate()</script>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `script-src 'nonce-${nonce}'` },
    });
  }, "build-1", serverSeam, bytesKept, compressor);
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(cache.serveKept);
  app.use((request, response, next) => {
    layerRuns.count++;
    response.setHeader("X-Frame-Options", "DENY");
    if (request.secure) response.setHeader("Strict-Transport-Security", "max-age=31536000");
    next();
  });
  app.use((request, response, next) => {
    if (Number(request.headers["content-length"] ?? 0) > 10) return void response.status(413).end("Too large");
    next();
  });
  app.use(cache.renderAndKeep);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url, layerRuns, brotliAsked };
}

/** A text answer whose second half comes only once the test lets it (`streamed.release`), as a long one's would come from disk. */
const streamed = { release: () => {} };
function streamedText() {
  const later = new Promise<void>((resolve) => (streamed.release = resolve));
  return new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode("The first page.\n")),
    pull: async (controller) => {
      await later;
      controller.enqueue(new TextEncoder().encode("The last page.\n"));
      controller.close();
    },
  });
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The headers that are the same from one answer of a page to the next. */
function lastingHeaders(response: Response): Record<string, string> {
  const perResponse = new Set(["date", "content-security-policy", "content-length", "connection", "keep-alive"]);
  return Object.fromEntries([...response.headers].filter(([name]) => !perResponse.has(name)));
}

describe("pages kept in memory", () => {
  it("keep within their bytes: past the bound the page least recently asked for is let go and rendered again when asked for", async () => {
    // One kept page is about 2.2 KB (its compressed forms and its overhead): room for two.
    const site = await startSite({ bytesKept: 5_000 });
    const visit = async (path: string) => expect((await fetch(`${site.url}${path}`)).status).toBe(200);
    await visit("/a");
    await visit("/b");
    await visit("/a"); // kept: now the most recently asked for
    expect(site.layerRuns.count).toBe(2);
    await visit("/c"); // over the bound: /b goes
    expect(site.layerRuns.count).toBe(3);
    await visit("/a");
    expect(site.layerRuns.count).toBe(3);
    await visit("/b");
    expect(site.layerRuns.count).toBe(4);
  });

  it("are compressed with brotli once asked for a second time, not for a page asked for once, nor one let go while it waited", async () => {
    const site = await startSite({ bytesKept: 5_000 });
    const visit = (path: string) => fetch(`${site.url}${path}`).then((response) => response.arrayBuffer());
    await visit("/once");
    expect(site.brotliAsked).toEqual([]);
    await visit("/twice");
    await visit("/twice");
    await visit("/twice");
    expect(site.brotliAsked.map(({ path }) => path)).toEqual(["A kept page at /twice"]);
    expect(site.brotliAsked[0]!.stillWanted()).toBe(true);
    await visit("/third");
    await visit("/fourth"); // over the bound: /twice is let go before its turn came
    expect(site.brotliAsked[0]!.stillWanted()).toBe(false);
  });

  it("count a page's brotli once it is ready: the page least recently asked for is let go then, not at the next page kept", async () => {
    // Two kept pages of about 2.2 KB fit; one with 2 KB of brotli beside another does not.
    const site = await startSite({ bytesKept: 5_000, brotliBytes: 2_000 });
    const visit = (path: string) => fetch(`${site.url}${path}`, { headers: { "Accept-Encoding": "gzip" } }).then((response) => response.arrayBuffer());
    await visit("/b");
    await visit("/a");
    await visit("/a"); // asked for again: its brotli is made, and the stand-in is ready at once
    await new Promise((resolve) => setImmediate(resolve));
    expect(site.layerRuns.count).toBe(2);
    await visit("/b");
    expect(site.layerRuns.count).toBe(3);
  });

  it("a page asked for again is answered before the server's layers, with the headers they set the first time and a fresh nonce", async () => {
    const site = await startSite();
    const first = await fetch(`${site.url}/guide/themes`);
    expect(first.status).toBe(200);
    expect(site.layerRuns.count).toBe(1);

    const again = await fetch(`${site.url}/guide/themes`);
    expect(site.layerRuns.count).toBe(1);
    expect(again.status).toBe(200);
    expect(lastingHeaders(again)).toEqual(lastingHeaders(first));
    expect(again.headers.get("x-frame-options")).toBe("DENY");
    const nonce = /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy")!)![1]!;
    expect(await again.text()).toContain(`<script nonce="${nonce}">`);
    expect(first.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("headers the layers set only on secure requests go only to secure requests, each kind kept apart", async () => {
    const site = await startSite();
    const plain = () => fetch(`${site.url}/guide/themes`);
    const secure = () => fetch(`${site.url}/guide/themes`, { headers: { "X-Forwarded-Proto": "https" } });

    expect((await plain()).headers.get("strict-transport-security")).toBeNull();
    expect((await plain()).headers.get("strict-transport-security")).toBeNull();
    expect(site.layerRuns.count).toBe(1);
    // The first secure request meets the layers, and the next is answered with what they set.
    expect((await secure()).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(site.layerRuns.count).toBe(2);
    expect((await secure()).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(site.layerRuns.count).toBe(2);
    expect((await plain()).headers.get("strict-transport-security")).toBeNull();
  });

  it("a request for a kept page that declares a body meets the layers that judge bodies", async () => {
    const site = await startSite();
    await fetch(`${site.url}/guide/themes`);
    const { port } = new URL(site.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/guide/themes", method: "GET", headers: { "Content-Length": 64 } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on("error", reject);
      request.end("x".repeat(64));
    });
    expect(status).toBe(413);
    expect(site.layerRuns.count).toBe(2);
  });

  it("a URL with a query and a form post are never answered from memory", async () => {
    const site = await startSite();
    await fetch(`${site.url}/guide/themes`);
    await fetch(`${site.url}/guide/themes?q=1`);
    await fetch(`${site.url}/guide/themes`, { method: "POST", body: "theme=dark" });
    expect(site.layerRuns.count).toBe(3);
  });

  it("an answer that is not a page is sent as it comes, not gathered first: its first part reaches the client before its last is made", async () => {
    const site = await startSite();
    const reader = fetch(`${site.url}/llms-full.txt`).then((response) => response.body!.getReader());
    const first = await Promise.race([reader.then((opened) => opened.read()), new Promise<"held back">((resolve) => setTimeout(() => resolve("held back"), 10_000))]);
    expect(first === "held back" ? first : new TextDecoder().decode(first.value)).toBe("The first page.\n");
    streamed.release();
    let rest = "";
    for (let part = await (await reader).read(); !part.done; part = await (await reader).read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toBe("The last page.\n");
  });

  it("an answer that is not a page is made for the client's Accept-Encoding, which no page kept depends on", async () => {
    const site = await startSite();
    const gzipped = await new Promise<http.IncomingMessage>((resolve) => http.get(`${site.url}/llms.txt`, { headers: { "Accept-Encoding": "gzip" } }, resolve));
    const body: Buffer[] = [];
    for await (const chunk of gzipped) body.push(chunk as Buffer);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.concat(body)).toString()).toBe("Every page.\n");
    const plain = await fetch(`${site.url}/llms.txt`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe("Every page.\n");
  });
});
