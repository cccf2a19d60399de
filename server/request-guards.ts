import type express from "express";
import http from "node:http";

/**
 * What the production server (serve.ts) checks and sets on every request
 * before any page is looked at: the methods, bodies and paths it accepts,
 * the headers every answer carries, and the answer to a request it could
 * not even parse.
 */

/**
 * A site of pages and one form: GET, HEAD and POST. Anything else (TRACE,
 * PROPFIND, …) gets 405 here rather than reaching code that cannot represent it.
 */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

export function allowKnownMethods(request: express.Request, response: express.Response, next: express.NextFunction) {
  if (ALLOWED_METHODS.has(request.method)) return next();
  response.setHeader("Allow", "GET, HEAD, POST");
  response.status(405).type("text/plain").send("405 Method Not Allowed");
}

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
 * The host a request names is written into the site's own addresses, once
 * per page, in /llms.txt, /llms-full.txt and the sitemaps: a Host of 15,000
 * characters made a 5,000-page folder's /llms.txt 75 MB and took the server
 * past its memory budget (679 MB) for one request, and at 50,000 pages it
 * would not have fitted at all. A host is a DNS name (at most 253
 * characters) or an IP address, with a port or without; anything else in
 * Host, or in X-Forwarded-Host where a proxy is trusted (the request's
 * address is made from it then: react-router-handler.ts), is a bad request.
 */
const HOST = /^(?:[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

function isHost(value: string): boolean {
  const match = HOST.exec(value.trim());
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** A trusted proxy's X-Forwarded-Host: the first of a list, as Express takes it; undefined where no proxy is trusted or it sent none. */
export function trustedForwardedHost(request: express.Request): string | undefined {
  return request.app.enabled("trust proxy") ? request.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
}

export function rejectBadHost(request: express.Request, response: express.Response, next: express.NextFunction) {
  const { host } = request.headers;
  const forwarded = trustedForwardedHost(request);
  if ((host === undefined || isHost(host)) && (forwarded === undefined || isHost(forwarded))) return next();
  response.status(400).type("text/plain").send("400 Bad Request: the Host header does not name a host");
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
