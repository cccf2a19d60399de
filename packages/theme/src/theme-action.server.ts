import type { Theme } from "./theme.js";
import { parseThemePreference, type ThemePreference } from "./preference.js";
import { readSmallForm } from "./read-form.server.js";
import { safeRedirectPath } from "./safe-redirect.server.js";
import { isCrossSiteRequest } from "./same-origin.server.js";
import { readCookie, themeCookieWrites } from "./theme-cookie.js";

/**
 * The preference a request's cookie carries, or null when there is none that
 * can be trusted (none, two of them, an unknown or badly encoded value).
 */
export function getThemePreference(request: Request | { cookie: string | null | undefined }, theme: Theme): ThemePreference | null {
  // A server of one's own (Express, a cache in front of React Router) has the
  // raw Cookie header: it need not build a Request to ask.
  const header = request instanceof Request ? request.headers.get("Cookie") : request.cookie;
  return header ? parseThemePreference(readCookie(header, theme.cookieName)) : null;
}

// A theme form is a few dozen bytes; redirectTo is the longest part.
const MAX_FORM_BYTES = 4096;

/**
 * Answers a theme form post. A plain form gets 303 See Other back to its
 * `redirectTo` (only ever a path on this site, else "/"); the components'
 * background request asks for JSON and gets `{"theme": …}`. Either way the
 * cookie is set, and only for a valid request: a cross-site post gets 403,
 * anything but exactly one valid `theme` 400, a body over 4 KB 413, and a
 * body that is not urlencoded 415.
 *
 * It reads the request's body: call it only for a request that is the theme form.
 */
export async function handleThemeAction(request: Request, theme: Theme): Promise<Response> {
  if (isCrossSiteRequest(request)) {
    return refuse(403, "This request came from another site, so the theme was not changed.");
  }
  const body = await readSmallForm(request, MAX_FORM_BYTES);
  if (!body.ok) return refuse(body.status, `The theme was not changed. ${body.reason}`);
  const { form } = body;
  const values = form.getAll("theme");
  const preference = values.length === 1 ? parseThemePreference(values[0]) : null;
  if (!preference) {
    return refuse(400, 'The theme was not changed: send exactly one "theme", and make it light, dark or system.');
  }

  // The host as React Router's adapter read it from the request (Host, or a
  // forwarded host it trusts): the cookie is shared across cookieDomain only
  // when this host is within it, so a forged Host cannot point it elsewhere.
  const { protocol, hostname } = new URL(request.url);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of themeCookieWrites(theme, preference, { secure: protocol === "https:", hostname })) {
    headers.append("Set-Cookie", cookie);
  }
  if (request.headers.get("Accept")?.includes("application/json")) {
    return Response.json({ theme: preference }, { headers });
  }
  headers.set("Location", safeRedirectPath(form.get("redirectTo")));
  return new Response(null, { status: 303, headers });
}

/** A route `action` for the theme route: `export const action = themeAction(theme)`. */
export function themeAction(theme: Theme): (args: { request: Request }) => Promise<Response> {
  return ({ request }) => handleThemeAction(request, theme);
}

/** A route `loader` for the theme route: a GET (a typed URL, a stale link) goes home. */
export function themeLoader(): Response {
  return new Response(null, { status: 303, headers: { Location: "/" } });
}

function refuse(status: 400 | 403 | 413 | 415, reason: string): Response {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  // The rest of an oversized body was never read: the connection cannot
  // carry another request, so say it closes.
  if (status === 413) headers.set("Connection", "close");
  return new Response(`${reason}\n`, { status, headers });
}
