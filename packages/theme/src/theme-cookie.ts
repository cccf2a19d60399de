import type { Theme } from "./theme.js";
import type { ThemePreference } from "./preference.js";

/**
 * The value of the one cookie called `name` in a Cookie header (or
 * `document.cookie`), percent-decoded; null when there is none, when the
 * name appears more than once (say, one left at another path: ambiguous),
 * or when the value is badly encoded.
 *
 * Self-contained on purpose: the head script carries this very function as
 * source text, so the server and the browser read the cookie identically.
 */
export const readCookie = (header: string, name: string): string | null => {
  const pairs = header.split(";").filter((pair) => pair.split("=", 1)[0]!.trim() == name);
  const pair = pairs.length == 1 ? pairs[0]! : "";
  const equals = pair.indexOf("=");
  try {
    return equals < 0 ? null : decodeURIComponent(pair.slice(equals + 1).trim());
  } catch {
    return null;
  }
};

export const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/**
 * Everything after `name=value` in the theme cookie, except `Secure`, which
 * depends on the page's protocol. The server's Set-Cookie and the page's
 * document.cookie share it, so the two never disagree on attributes.
 * Not HttpOnly: the value is not secret, and the page keeps it in step with
 * localStorage. No Domain: the cookie stays with this host.
 */
export const COOKIE_ATTRIBUTES = `; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;

/** A Set-Cookie value (or a document.cookie assignment) storing the preference. */
export function serializeThemeCookie(theme: Theme, preference: ThemePreference, { secure }: { secure: boolean }): string {
  return `${theme.cookieName}=${preference}${COOKIE_ATTRIBUTES}${secure ? "; Secure" : ""}`;
}
