import type express from "express";
import net from "node:net";
import { hostnameOf } from "./host-header.ts";
import { trustedForwardedHost } from "./request-guards.ts";

/**
 * `themed-guide dev` serves a folder nobody has published yet, on this
 * machine. Any web page its user visits could read it by DNS rebinding: the
 * page's own name (attacker.example) made to resolve to 127.0.0.1, its
 * scripts then read http://attacker.example:4413/guide.md as their own
 * origin. Such a request still names that name in its Host, which a page
 * cannot change, so the development server answers only names no one else
 * can point at it: localhost and *.localhost (browsers resolve them to this
 * machine themselves), IP addresses (no DNS involved), and the host name it
 * was told to listen on. Not for `serve`: production answers whatever
 * domain its proxy and DNS send it.
 */
export function isDevelopmentHost(hostname: string, listenHost: string | undefined): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    net.isIPv4(hostname) ||
    (hostname.startsWith("[") && net.isIPv6(hostname.slice(1, -1))) ||
    (listenHost !== undefined && listenHost !== "" && hostname === listenHost.toLowerCase())
  );
}

/**
 * Refuses a request whose Host (or trusted X-Forwarded-Host: a page that
 * rebinds a name is same-origin with it and may send that header too) names
 * another host. One without a Host at all came from no browser.
 */
export function answerDevelopmentHostsOnly(listenHost: string | undefined): express.RequestHandler {
  // The name it listens on is worth saying where the others do not cover it: "docs.internal", not "localhost" or "::".
  const ownName = listenHost && net.isIP(listenHost) === 0 && !isDevelopmentHost(listenHost.toLowerCase(), undefined) ? [listenHost] : [];
  const names = ["localhost", "*.localhost", "an IP address", ...ownName];
  const refusal = `403 Forbidden: the development server answers only requests addressed to ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return (request, response, next) => {
    const named = [request.headers.host, trustedForwardedHost(request)].filter((host) => host !== undefined);
    if (named.every((host) => isDevelopmentHost(hostnameOf(host) ?? "", listenHost))) return next();
    response.status(403).type("text/plain").send(refusal);
  };
}
