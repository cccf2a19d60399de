import type express from "express";
import http from "node:http";
import { hostnameOf } from "./host-header.ts";

/**
 * What the production server (serve.ts) checks and sets on every request
 * before any page is looked at: the bodies, paths, hosts and schemes it
 * accepts, the headers every answer carries, and the answer to a request it
 * could not even parse. The methods each address answers: route-methods.ts.
 */

// Nothing on this site uses a device or a payment API: deny them all.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "usb=()",
].join(", ");

export function permissionsPolicy(_request: express.Request, response: express.Response, next: express.NextFunction) {
  response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
}

/** HSTS means something only over HTTPS (directly, or through a trusted proxy). */
export function strictTransportSecurity(request: express.Request, response: express.Response, next: express.NextFunction) {
  if (request.secure) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}

/**
 * The only body this site accepts is a theme form of a few dozen bytes, so
 * a declared length over 64 KB is refused before it is read. The theme
 * action reads at most a few KB of any body, declared or chunked.
 *
 * A refused body of up to 16 MB is read and dropped after the answer (Node
 * does that for a body nobody read), and the connection stays open: closing
 * it with the body still arriving makes the kernel reset it, and a reset
 * can reach the client before the 413 does, which then sees only EPIPE. A
 * larger one is not worth reading; its connection is closed.
 */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

export function limitRequestBody(request: express.Request, response: express.Response, next: express.NextFunction) {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    if (declared > MAX_DRAINED_BYTES) response.setHeader("Connection", "close");
    response.status(413).type("text/plain").send("413 Payload Too Large");
    return;
  }
  next();
}

/** "%E0%A4%A" decodes to nothing: answer 400 before any router tries. */
export function rejectMalformedPath(request: express.Request, response: express.Response, next: express.NextFunction) {
  try {
    decodeURIComponent(request.path);
  } catch {
    response.status(400).type("text/plain").send("400 Bad Request: the path is not valid percent-encoding");
    return;
  }
  next();
}

/**
 * A Host, or an X-Forwarded-Host where a proxy is trusted (the request's
 * address is made from it then: react-router-handler.ts), that names no
 * host the URL parser takes as written is a bad request (host-header.ts).
 */
export function rejectBadHost(request: express.Request, response: express.Response, next: express.NextFunction) {
  const { host } = request.headers;
  const forwarded = trustedForwardedHost(request);
  if ((host === undefined || hostnameOf(host) !== null) && (forwarded === undefined || hostnameOf(forwarded) !== null)) return next();
  response.status(400).type("text/plain").send("400 Bad Request: the Host header does not name a host");
}

/**
 * Whether the connection comes from a proxy TRUST_PROXY trusts: the test
 * Express applies before it reads X-Forwarded-Proto (request.protocol), so
 * both forwarded headers count from the same peers and no others.
 */
function fromTrustedProxy(request: express.Request): boolean {
  const trusts = request.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trusts(request.socket.remoteAddress, 0);
}

/** A trusted proxy's X-Forwarded-Host: the first of a list, as Express takes it; undefined where no proxy is trusted or it sent none. */
export function trustedForwardedHost(request: express.Request): string | undefined {
  return fromTrustedProxy(request) ? request.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
}

/**
 * The scheme a trusted proxy forwards (Express's request.protocol: the
 * first of an X-Forwarded-Proto list) becomes the scheme of the request's
 * URL and of the site's addresses: "a b" made the URL unparsable (a 500),
 * "javascript" wrote /llms.txt's links as "null/guide/…". Only http and
 * https name a scheme this site is reached by.
 */
export function rejectBadForwardedProto(request: express.Request, response: express.Response, next: express.NextFunction) {
  if (/^https?$/i.test(request.protocol)) return next();
  response.status(400).type("text/plain").send("400 Bad Request: X-Forwarded-Proto names neither http nor https");
}

/** A request the server could not even parse is the client's fault: say so, log nothing. */
export function answerError(error: unknown, _request: express.Request, response: express.Response, next: express.NextFunction) {
  const status = (error as { status?: unknown }).status;
  if (response.headersSent) return next(error);
  if (typeof status === "number" && status >= 400 && status < 500) {
    response.status(status).type("text/plain").send(`${status} ${http.STATUS_CODES[status] ?? "Bad request"}`);
    return;
  }
  console.error(error);
  response.status(500).type("text/plain").send("500 Internal Server Error");
}
