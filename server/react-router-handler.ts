import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { trustedForwardedHost } from "./request-guards.ts";

/**
 * React Router's request handler as the server's last layer: each request
 * made a Fetch Request by @remix-run/node-fetch-server (what React Router's
 * own Node listener uses), at the address `requestOrigin` reads, and the
 * answer sent by it too.
 *
 * Not React Router's Express adapter: it took a Host's port as what
 * follows the Host's first ':', which an IPv6 address has several of. At
 * http://[::1]:3000 every request's URL lost its port, so a theme form
 * posted from the site's own page was refused as cross-site (403), and
 * /llms.txt and the sitemaps named the site's pages on port 80.
 */
export function reactRouterHandler(build: ServerBuild, requestContext: () => RouterContextProvider): express.RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (request, response, next) => {
    try {
      await sendResponse(response, await handle(createRequest(request, response, requestOrigin(request)), requestContext()));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The scheme and host, port and all, a request was made to: those a
 * trusted proxy forwarded (X-Forwarded-Proto, the first X-Forwarded-Host,
 * as Express reads them) else the connection's and the Host header's. The
 * site's addresses in /llms.txt and the sitemaps are made from them. Both
 * were checked before (request-guards.ts: rejectBadHost, rejectBadForwardedProto).
 */
export function requestOrigin(request: express.Request): { protocol: string; host: string } {
  // http or https, in any case (request-guards.ts, rejectBadForwardedProto): the URL's is lower case.
  return { protocol: `${request.protocol.toLowerCase()}:`, host: trustedForwardedHost(request) || request.get("Host") || "localhost" };
}
