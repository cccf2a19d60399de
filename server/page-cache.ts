/**
 * Pages rendered once per (path, theme cookie) and served from memory.
 *
 * Every page of this site depends only on its path and the theme cookie:
 * the guide is fixed for the life of the process, and nothing else is read
 * from the request. So the first request for a (path, theme) renders through
 * React Router as usual; the HTML is kept with its nonce cut out, and every
 * later request gets the same HTML with a fresh nonce in it and in the
 * Content-Security-Policy. The HTML is gzipped once when it is kept, around
 * the nonce, so a response is stitched together rather than compressed
 * (stitched-gzip.ts); once the page is asked for again, a child process
 * compresses it with brotli the same way (stitched-brotli.ts,
 * brotli-compressor.ts), which browsers then get instead. Only the
 * compressed forms are kept. A route that must
 * not be cached says so with `Cache-Control: no-store`.
 *
 * Two layers of the server: renderAndKeep, after the server's own layers
 * (security headers, refusals), renders and keeps a page; serveKept, before
 * them, answers a page already kept, with the headers those layers set the
 * first time. A path is kept only once it has passed them, and they decide
 * by nothing a kept page's request can change but whether it is secure
 * (kept apart) and whether it carries a body (those go through them).
 *
 * The cache belongs to one loaded build and dies with the process, so a new
 * build (which needs a restart) can never be served a page from the old one.
 */
import type express from "express";
import type { RequestHandler } from "react-router";
import type { ServerSeam } from "../app/server-seam.server.ts";
import { createBrotliCompressor, type BrotliCompressor } from "./brotli-compressor.ts";
import { requestOrigin } from "./react-router-handler.ts";
import { createBytesBoundedCache } from "./bytes-bounded-cache.ts";
import { sendPage, type CachedPage } from "./send-kept-page.ts";
import { prepareStitchedGzip } from "./stitched-gzip.ts";
import { sendResponse } from "./send-response.ts";

type LayerHeaders = [string, number | string | string[]][];

/** A page to keep, or an answer (a 404, a redirect) to pass on once and forget. */
type Rendered = { page: CachedPage } | { response: Response };

/** Bytes kept besides a page's compressed forms: its headers, the map's entry, the CRC table of its gzip. */
const ENTRY_OVERHEAD = 2_048;
const bytesOf = (segments: Buffer[]) => segments.reduce((sum, segment) => sum + segment.byteLength, 0);
const sizeOf = (page: CachedPage) => ENTRY_OVERHEAD + bytesOf(page.gzip.segments) + (page.brotli ? bytesOf(page.brotli.segments) : 0);
/**
 * `bytesKept`: what the kept pages may hold together, their brotli
 * included once it is ready (their share of the memory budget, less while
 * a render worker runs: server/memory-budget.ts), or a function that gives
 * it as it is now; past it the page least recently asked for goes first,
 * and is rendered again if it is asked for again.
 */
export function createPageCache(handleRequest: RequestHandler, buildVersion: string, seam: ServerSeam, bytesKept: number | (() => number), brotliCompressor: BrotliCompressor = createBrotliCompressor()) {
  const pages = createBytesBoundedCache<string, CachedPage>(bytesKept, sizeOf);
  const rendering = new Map<string, Promise<Rendered>>();

  async function render(url: URL, cookie: string | undefined, acceptEncoding: string | undefined): Promise<Rendered> {
    // The page is rendered with a nonce handed to it, so the one to cut out is known.
    const nonce = seam.createNonce();
    const requestHeaders = new Headers(cookie ? { Cookie: cookie } : {});
    // For an answer not kept, sent to this request only: the app keeps /llms.txt compressed. No page depends on it.
    if (acceptEncoding) requestHeaders.set("Accept-Encoding", acceptEncoding);
    const response = await handleRequest(new Request(url, { headers: requestHeaders }), seam.requestContext(nonce));
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const isPage = response.status === 200 && response.headers.get("Content-Type")?.startsWith("text/html");
    const renderedWithNonce = response.headers.get("Content-Security-Policy")?.includes(`'nonce-${nonce}'`);
    if (!isPage || !renderedWithNonce || cacheControl.includes("no-store") || response.headers.has("Set-Cookie")) {
      return { response };
    }
    const html = await response.text();
    const headers = [...response.headers].filter(([name]) => !/^(content-security-policy|content-length)$/i.test(name));
    const parts = html.split(nonce);
    return { page: { gzip: prepareStitchedGzip(parts, Buffer.byteLength(nonce)), brotli: null, partCount: parts.length, brotliAsked: false, headers } };
  }

  /**
   * Brotli for a page asked for again. Quality 11 costs tens of milliseconds
   * of a core a page: spent on every page as it was first kept, a large
   * folder visited once (a crawler, a link checker) kept a core busy for
   * minutes and the compressor's memory up, for pages nobody asked for
   * twice. Browsers get gzip until it is ready, and nothing is compressed
   * for a page let go while it waited its turn.
   */
  function askBrotli(key: string, page: CachedPage) {
    if (page.brotliAsked) return;
    page.brotliAsked = true;
    void brotliCompressor.compress(page.gzip, page.partCount, () => pages.peek(key) === page).then((brotli) => {
      page.brotli = brotli;
      // Counted while kept (a page let go before its brotli came back is not), within the bound.
      if (pages.peek(key) === page) pages.remeasure(key);
    });
  }

  /**
   * The headers the server's own layers (security headers, mounted before
   * renderAndKeep) set on a page, as they were the first time, per whether
   * the request was secure (HSTS). Those layers set the same headers on
   * every page, so a page already kept is answered before them
   * (serveKept) with these: their work is done once, not per request.
   */
  const layerHeaders = new Map<boolean, LayerHeaders>();

  /** The first layer: a page already kept, answered from memory. */
  function serveKept(request: express.Request, response: express.Response, next: express.NextFunction) {
    if (!isPageRequest(request)) return next();
    // A request that says it carries a body meets the layers that judge bodies.
    if (request.headers["content-length"] !== undefined || request.headers["transfer-encoding"] !== undefined) return next();
    const headers = layerHeaders.get(request.secure);
    const key = cacheKey(request);
    const page = headers && pages.get(key);
    if (!headers || !page) return next();
    askBrotli(key, page);
    for (const [name, value] of headers) response.setHeader(name, value);
    sendPage(page, request, response, seam);
  }

  /** After the server's layers: renders a page the first time, keeps it and serves it; otherwise hands it on. */
  async function renderAndKeep(request: express.Request, response: express.Response, next: express.NextFunction) {
    if (!isPageRequest(request)) return next();
    const preference = seam.themePreference(request.headers.cookie);
    const key = cacheKey(request, preference);

    let page = pages.get(key);
    if (page) askBrotli(key, page);
    else {
      let pending = rendering.get(key);
      // Concurrent first requests for one page wait for a single render.
      const first = !pending;
      if (!pending) {
        pending = render(requestUrl(request), preference ? seam.themeCookie(preference) : undefined, request.headers["accept-encoding"]).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      let rendered: Rendered;
      try {
        rendered = await pending;
      } catch (error) {
        return next(error);
      }
      if ("response" in rendered) {
        // Not a page to keep (odd paths cannot fill memory). The first waiter
        // sends it; any other renders its own through the normal handler.
        return first ? sendResponse(request, response, rendered.response) : next();
      }
      page = rendered.page;
      if (pages.peek(key) === undefined) pages.set(key, page);
    }
    if (!layerHeaders.has(request.secure)) {
      layerHeaders.set(request.secure, Object.entries(response.getHeaders()) as LayerHeaders);
    }
    sendPage(page, request, response, seam);
  }

  function cacheKey(request: express.Request, preference = seam.themePreference(request.headers.cookie)): string {
    return `${buildVersion}\n${preference ?? "none"}\n${request.path}`;
  }

  return { serveKept, renderAndKeep };
}

/** The request's address as React Router's handler is given it (react-router-handler.ts), which pages rendered here must see too: /llms.txt and the sitemaps name the site's pages from it. */
function requestUrl(request: express.Request): URL {
  const { protocol, host } = requestOrigin(request);
  // Joined, not resolved: a path of "//elsewhere/x" stays a path.
  return new URL(`${protocol}//${host}${request.originalUrl}`);
}

/**
 * Pages are GETs (and HEADs) without a query. The content folder's files are
 * no pages: they need their own conditional and range answers, and
 * streaming rather than a buffered copy. A request that names Markdown in
 * its Accept header may be asking for the page's Markdown instead; the
 * app decides (markdown-middleware.server.ts).
 */
function isPageRequest(request: express.Request): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.includes("?") &&
    !request.path.startsWith("/guide-files/") &&
    !/text\/markdown/i.test(request.headers.accept ?? "")
  );
}
