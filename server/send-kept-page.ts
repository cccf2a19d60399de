import zlib from "node:zlib";
import type express from "express";
import type { ServerSeam } from "../app/server-seam.server.ts";
import { stitchBrotli, type StitchedBrotli } from "./stitched-brotli.ts";
import { stitchGzip, type StitchedGzip } from "./stitched-gzip.ts";

/**
 * A page as the page cache keeps it (page-cache.ts), and how it is sent:
 * compressed once, each response's nonce stitched in.
 */
export type CachedPage = {
  /**
   * The HTML split where the nonce stood, gzipped once, for a response's
   * nonce to be stitched in. Only this is kept, not the HTML: it is a fifth
   * of the size, and the rare client that does not take gzip gets it
   * unzipped (a fraction of a millisecond).
   */
  gzip: StitchedGzip;
  /**
   * The same in brotli, a sixth smaller for a long page: null until it is
   * ready, or if the page could not be prepared safely (then gzip serves).
   */
  brotli: StitchedBrotli | null;
  /** How many parts the nonces cut the page into: what the compressor must find again. */
  partCount: number;
  /** Whether its brotli has been asked of the compressor: on the page's second request, not its first. */
  brotliAsked: boolean;
  headers: [string, string][];
};

// Only for a client that takes brotli but not gzip (none of today's
// browsers) while the page's own brotli is not ready: compressed per
// response, so at a fast setting.
const BROTLI_FAST = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};

/** The page with a fresh nonce, in the best encoding the client takes. */
export function sendPage(page: CachedPage, request: express.Request, response: express.Response, seam: ServerSeam) {
  const nonce = seam.createNonce();
  // Brotli whenever the client takes it and the page's is ready (browsers
  // list gzip first, at the same weight), else gzip: both are stitched from
  // a page compressed once, where brotli on demand would compress it all again.
  const encoding = page.brotli && request.acceptsEncodings("br") === "br" ? "br" : request.acceptsEncodings("gzip", "br", "identity");
  // The kept segments and a few bytes for this nonce, written as they are:
  // a body copied for each response would be garbage the size of the page,
  // which makes V8 collect its old generation more often under load.
  const pieces =
    encoding === "br" && page.brotli
      ? stitchBrotli(page.brotli, nonce)
      : encoding === "gzip"
        ? stitchGzip(page.gzip, nonce)
        : encoding === "br"
          ? [zlib.brotliCompressSync(zlib.gunzipSync(Buffer.concat(stitchGzip(page.gzip, nonce))), BROTLI_FAST)]
          : [zlib.gunzipSync(Buffer.concat(stitchGzip(page.gzip, nonce)))];

  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader("Content-Security-Policy", seam.contentSecurityPolicy(nonce));
  response.setHeader("Vary", "Cookie, Accept, Accept-Encoding");
  if (encoding === "br" || encoding === "gzip") response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", pieces.reduce((length, piece) => length + piece.length, 0));
  response.status(200);
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  // One write to the socket for the headers and every piece.
  response.cork();
  for (const piece of pieces) response.write(piece);
  response.end();
}
