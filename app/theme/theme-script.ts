import { THEME_STORAGE_KEY, themeColors, themePreferences, type ThemePreference } from "./theme";
import { serializeThemeCookie } from "./theme-cookie";

/**
 * The blocking script at the top of <head>. It runs before the first paint,
 * so it must be tiny and self-contained: it is sent as source text, and
 * everything it needs arrives as arguments.
 *
 * - A valid cookie is what the server rendered: localStorage is brought in
 *   line with it.
 * - No valid cookie but a valid stored value: show that value now and
 *   restore the cookie, so the next request renders it on the server.
 * - It adds the resolved class ("light"/"dark") for "system", which the
 *   server cannot know.
 */
function applyThemeBeforePaint(
  cookiePreference: string | null,
  preferences: readonly string[],
  key: string,
  cookieAttributes: string,
  colors: Record<string, string>,
) {
  const root = document.documentElement;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key);
  } catch {}
  let preference = "system";
  if (cookiePreference) {
    preference = cookiePreference;
    if (stored !== preference)
      try {
        localStorage.setItem(key, preference);
      } catch {}
  } else if (stored && preferences.includes(stored)) {
    preference = stored;
    try {
      document.cookie = key + "=" + stored + cookieAttributes + (location.protocol == "https:" ? "; Secure" : "");
    } catch {}
    root.dataset.themePreference = stored;
    // The server sent the light/dark pair. Only their media changes, never
    // their content: React adopts these tags on hydration by content, so
    // rewritten ones would be left behind as strays once it renders its own.
    if (stored != "system")
      for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))
        if (meta.content == colors[stored]) meta.removeAttribute("media");
        else meta.media = "not all";
  }
  const dark = preference == "system" ? matchMedia("(prefers-color-scheme: dark)").matches : preference == "dark";
  root.classList.remove("light", "dark");
  root.classList.add(dark ? "dark" : "light");
}

// The attributes of the cookie the server would set, minus Secure, which the
// script adds itself when the page is on HTTPS.
const cookieAttributes = serializeThemeCookie("system", { secure: false }).slice(`${THEME_STORAGE_KEY}=system`.length);

/**
 * The script's source for one page. Only the cookie's value varies, and the
 * client can compute the same text from the loader's data, so hydration
 * finds exactly what the server sent.
 */
export function themeScriptSource(cookiePreference: ThemePreference | null): string {
  const args = [cookiePreference, themePreferences, THEME_STORAGE_KEY, cookieAttributes, themeColors]
    .map((arg) => JSON.stringify(arg))
    .join(",");
  return `(${applyThemeBeforePaint.toString()})(${args})`;
}
