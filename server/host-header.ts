/**
 * What a Host header, or a trusted proxy's X-Forwarded-Host, may say.
 *
 * Every request's URL is parsed from it (react-router-handler.ts), and the
 * site's own addresses in /llms.txt, /llms-full.txt and the sitemaps are
 * made from it, once per page. A Host of 15,000 characters made a
 * 5,000-page folder's /llms.txt 75 MB and took the server past its memory
 * budget (679 MB) for one request; a Host the URL parser refuses
 * ("[::::]", "1.2.3.4.5", "999.1.1.1", "[1.2.3.4]") made the request a 500
 * with a stack trace in the log.
 */

/** A DNS name (at most 253 characters) or a bracketed IPv6 address, with a port or without. */
const HOST = /^(?<hostname>[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The host name a Host value names, lower-cased as the URL parser writes
 * it; null where it names no host. The URL parser must take the value as
 * it is written, not only take it: "127.1" and "[0:0:0:0:0:0:0:1]" parse,
 * as 127.0.0.1 and [::1], so the address a request was made to would not
 * be the one its URL and the site's addresses name. A browser writes a
 * host as the parser does; only a request made by hand writes it otherwise.
 */
export function hostnameOf(value: string): string | null {
  const hostname = HOST.exec(value)?.groups?.hostname?.toLowerCase();
  if (hostname === undefined) return null;
  // The whole value, port and all, as the request's URL is made from it.
  return URL.parse(`http://${value}/`)?.hostname === hostname ? hostname : null;
}
