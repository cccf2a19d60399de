import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceContext } from "./nonce";
import { SentOnceContext } from "./sent-once";
import { dropModulePreloads } from "./module-preloads.server";
import { keptBackValues } from "./sent-once.server";
import { requestNonce } from "./request-nonce.server";
import { contentSecurityPolicy, createNonce, developmentContentSecurityPolicy } from "./security/content-security-policy.server";

// The production server reaches the app through this one export (server-seam.server.ts).
export { serverSeam } from "./server-seam.server";
export { handleError } from "./request-errors.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestNonce) ?? createNonce();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", import.meta.env.DEV ? developmentContentSecurityPolicy(nonce) : contentSecurityPolicy(nonce));
  // The page depends on the theme cookie: no shared cache may hand it to
  // someone else. A route's no-store (a list still being completed) stays:
  // no cache, the server's own included (server/page-cache.ts), keeps it.
  const noStore = responseHeaders.get("Cache-Control")?.includes("no-store");
  responseHeaders.set("Cache-Control", noStore ? "private, no-store" : "private, no-cache");
  responseHeaders.append("Vary", "Cookie");
  // A guide page's URL answers with its Markdown to a client that prefers it.
  responseHeaders.append("Vary", "Accept");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // No page streams deferred data, so the whole document is ready at once;
    // waiting for it gives crawlers and browsers the same complete HTML.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        {/* What the loaders kept out of this document's data (sent-once.ts). */}
        <SentOnceContext value={keptBackValues(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SentOnceContext>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(dropModulePreloads())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
