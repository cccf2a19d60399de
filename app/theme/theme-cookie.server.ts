import { parse } from "cookie";
import { THEME_STORAGE_KEY, parseThemePreference, type ThemePreference } from "./theme.ts";

/**
 * The preference a request's cookie carries, or null when there is none that
 * can be trusted. Two `theme` cookies (say, one left at another path) are
 * ambiguous, so they count as none and the page follows the system.
 */
export function readThemeCookie(request: Request): ThemePreference | null {
  return themeFromCookieHeader(request.headers.get("Cookie"));
}

/** The same, from a raw Cookie header (the production server reads it before React Router does). */
export function themeFromCookieHeader(header: string | null | undefined): ThemePreference | null {
  if (!header) return null;
  const cookies = parse(header);
  if (countCookies(header, THEME_STORAGE_KEY) !== 1) return null;
  return parseThemePreference(cookies[THEME_STORAGE_KEY]);
}

function countCookies(header: string, name: string): number {
  return header.split(";").filter((pair) => pair.split("=", 1)[0]?.trim() === name).length;
}
