import { serialize } from "cookie";
import { THEME_COOKIE_MAX_AGE_SECONDS, THEME_STORAGE_KEY, type ThemePreference } from "./theme";

/**
 * The `theme` cookie, written the same way by the server (Set-Cookie) and by
 * the page (document.cookie) so the two can never disagree on its attributes.
 * Not HttpOnly: it holds nothing secret, and the page keeps it in step with
 * localStorage.
 */
export function serializeThemeCookie(preference: ThemePreference, { secure }: { secure: boolean }): string {
  return serialize(THEME_STORAGE_KEY, preference, {
    path: "/",
    sameSite: "lax",
    maxAge: THEME_COOKIE_MAX_AGE_SECONDS,
    secure,
  });
}
