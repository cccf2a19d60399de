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
  const [pair = "", another] = header.split(";").filter((pair) => pair.split("=", 1)[0]!.trim() == name);
  const equals = pair.indexOf("=");
  try {
    return another || equals < 0 ? null : decodeURIComponent(pair.slice(equals + 1).trim());
  } catch {
    return null;
  }
};

export const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/**
 * Everything after `name=value` in the theme cookie, except `Secure`, which
 * depends on the page's protocol, and `Domain`, which depends on the host.
 * The server's Set-Cookie and the page's document.cookie share it, so the
 * two never disagree on attributes. Not HttpOnly: the value is not secret,
 * and the page keeps it in step with localStorage.
 */
export const COOKIE_ATTRIBUTES = `; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;

type CookieContext = {
  /** Whether the page or request is HTTPS. */
  secure: boolean;
  /**
   * The host the cookie is set from, in lower case without a port, as
   * `URL` and `location` give it. Without it the cookie stays host-only.
   */
  hostname?: string;
};

/**
 * Every cookie write that stores a preference, in order: what the theme
 * route sends as Set-Cookie headers and the page assigns to document.cookie.
 *
 * With cookieDomain, the cookie is shared across the domain only from a host
 * that is the domain or one of its subdomains. From any other host (a forged
 * Host header, localhost, a preview deployment) it stays with that host:
 * nothing is ever set for someone else's domain, and the browser, which
 * would drop such a cookie outright, still gets one. (The head script has
 * its own copy of this test, in fewer bytes.) A shared cookie comes after
 * the removal of a host-only one left from before the option was set: the
 * browser would keep and send both, and two cookies of the name count as none.
 */
export function themeCookieWrites(theme: Theme, preference: ThemePreference, { secure, hostname = "" }: CookieContext): string[] {
  const { cookieName, cookieDomain } = theme;
  const cookie = `${cookieName}=${preference}${COOKIE_ATTRIBUTES}${secure ? "; Secure" : ""}`;
  const shared = cookieDomain !== null && (hostname === cookieDomain || hostname.endsWith(`.${cookieDomain}`));
  return shared ? [`${cookieName}=; Max-Age=0; Path=/`, `${cookie}; Domain=${cookieDomain}`] : [cookie];
}

/** A Set-Cookie value (or a document.cookie assignment) storing the preference. */
export function serializeThemeCookie(theme: Theme, preference: ThemePreference, context: CookieContext): string {
  const writes = themeCookieWrites(theme, preference, context);
  return writes[writes.length - 1]!;
}
