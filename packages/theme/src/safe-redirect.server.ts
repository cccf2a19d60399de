/**
 * Turns an untrusted "where to go next" value into a path on this site.
 * Anything that could lead elsewhere, or that browsers and URL parsers
 * might read differently, becomes "/".
 */
const FALLBACK = "/";
const MAX_LENGTH = 2048;
// The origin is only a base for parsing; it is never part of the answer.
const PARSE_BASE = "http://site.invalid";

export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return FALLBACK;
  // Browsers drop tabs and newlines and treat "\" as "/", which is how
  // "/\tevil.example" or "/\evil.example" become "//evil.example".
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return FALLBACK;
  if (!value.startsWith("/") || value.startsWith("//")) return FALLBACK;

  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== PARSE_BASE) return FALLBACK;
  // "/./" and "/../" segments can normalise to a protocol-relative "//host".
  if (url.pathname.startsWith("//")) return FALLBACK;
  // The URL serialiser percent-encodes what does not belong in a header.
  return url.pathname + url.search;
}
