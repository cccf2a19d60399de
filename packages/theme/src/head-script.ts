import type { Theme } from "./theme.js";
import { COOKIE_ATTRIBUTES, readCookie } from "./theme-cookie.js";

/**
 * The blocking script at the top of <head>. It runs before the first paint,
 * so it is tiny and self-contained: it is sent as its own source text, and
 * everything it needs arrives as arguments. It reads the cookie and
 * localStorage itself, so the same text serves a page the server rendered
 * for this visitor and a page prerendered for nobody (prerender, SPA mode).
 *
 * - A valid cookie wins (it is what a server would have rendered), and
 *   localStorage is brought in line with it.
 * - Otherwise a valid stored value wins, and the cookie is written back so
 *   the next request renders it on the server.
 * - Otherwise the default.
 * Then `<html>` gets the resolved theme, which for "system" only the browser
 * can know, and the theme-color tags are pointed at the right colour.
 *
 * Every byte is in every page (the budget is 1 KB), hence the aliases of
 * globals and the shared ["light", "dark"]: the minifier cannot shorten
 * global names itself.
 */
export const applyThemeBeforePaint = (
  read: (header: string, name: string) => string | null,
  cookieName: string,
  storageKey: string,
  /** The data attribute that carries the resolved theme; null for the class. */
  dataAttribute: string | null,
  defaultPreference: string,
  cookieAttributes: string,
  colors: string[],
  colorScheme: boolean,
  cookieDomain: string | null,
) => {
  const valid = (value: string | null) => /^(light|dark|system)$/.test(value!) && value;
  const doc = document;
  const address = location;
  const root = doc.documentElement;
  const classes = root.classList;
  const query = "(prefers-color-scheme: ";
  const sides = ["light", "dark"];
  let cookie: string | false | null | undefined;
  let stored: string | false | null | undefined;
  // One try: where one storage is blocked (an opaque origin), both are.
  try {
    cookie = valid(read(doc.cookie, cookieName));
    stored = valid(localStorage.getItem(storageKey));
    if (cookie) {
      if (stored != cookie) localStorage.setItem(storageKey, cookie);
    } else if (stored)
      doc.cookie =
        cookieName +
        "=" +
        stored +
        cookieAttributes +
        (address.protocol == "https:" ? "; Secure" : "") +
        // Shared only from a host within the domain: anywhere else (localhost,
        // a preview host) the browser would drop the whole cookie.
        (cookieDomain && ("." + address.hostname).endsWith("." + cookieDomain) ? "; Domain=" + cookieDomain : "");
  } catch {}
  const preference = cookie || stored || defaultPreference;
  const system = preference == "system";
  // Whether it is dark, as an index into sides.
  const resolved = sides[+(system ? matchMedia(query + "dark)").matches : preference == "dark")]!;
  if (dataAttribute) root.setAttribute(dataAttribute, resolved);
  else {
    classes.remove(...sides);
    classes.add(resolved);
  }
  root.dataset.themePreference = preference;
  if (colorScheme) root.style.colorScheme = system ? "light dark" : preference;
  // Only media changes, never content: React adopts these tags on hydration
  // by their content, and would leave rewritten ones behind as strays.
  doc.querySelectorAll<HTMLMetaElement>("meta[name=theme-color]").forEach((meta) => {
    const side = sides[colors.indexOf(meta.content)];
    if (side) meta.media = system ? query + side + ")" : side == preference ? "all" : "not all";
  });
};

/**
 * The two functions' source text. The build writes them here already
 * minified (tsup.config.ts), so the script stays small however an app's
 * bundler prints the package again; tests run the source as it is.
 */
type Built = { __THEME_SCRIPT_APPLY__?: string; __THEME_SCRIPT_READ_COOKIE__?: string };
const functions: readonly [string, string] = [
  (globalThis as Built).__THEME_SCRIPT_APPLY__ ?? String(applyThemeBeforePaint),
  (globalThis as Built).__THEME_SCRIPT_READ_COOKIE__ ?? String(readCookie),
];

/**
 * The head script's source for a configuration. It depends on nothing about
 * the request, so it is the same text on every page: a Content-Security-
 * Policy can allow it by nonce or by its hash (getThemeScriptHash).
 */
export function getThemeScript(theme: Theme): string {
  return assembleThemeScript(functions, theme);
}

export function assembleThemeScript([apply, read]: readonly [string, string], theme: Theme): string {
  const args = [
    theme.cookieName,
    theme.storageKey,
    theme.attribute === "class" ? null : theme.attribute,
    theme.defaultPreference,
    COOKIE_ATTRIBUTES,
    [theme.colors.light, theme.colors.dark],
    theme.colorScheme,
    theme.cookieDomain,
  ]
    // "<" escaped, so no value can close the script element or open a comment in it.
    .map((arg) => JSON.stringify(arg).replaceAll("<", "\\u003c"))
    .join(",");
  return `(${apply})(${read},${args})`;
}
