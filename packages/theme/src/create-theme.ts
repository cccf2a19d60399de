import { validateTheme } from "#server-side";
import type { ThemePreference } from "./preference.js";
import type { Theme } from "./theme.js";

export type ThemeOptions = {
  /** What a visitor who has not chosen gets. Default: "system" (not choosing is not choosing light). */
  defaultPreference?: ThemePreference;
  /**
   * How `<html>` carries the resolved theme: `"class"` (`class="dark"`) or a
   * data attribute such as `"data-theme"` (`data-theme="dark"`). Default: "class".
   */
  attribute?: "class" | `data-${string}`;
  /** The cookie the server reads. Default: "theme". */
  cookieName?: string;
  /** The localStorage key the browser keeps the preference under. Default: "theme". */
  storageKey?: string;
  /**
   * The domain whose subdomains all share the cookie, so one choice holds on
   * `example.com`, `www.example.com` and `docs.example.com`: a lower-case
   * host name such as "example.com". It is only set from a host within it
   * (on any other host, say localhost, the cookie stays with that host).
   * Default: null, the cookie belongs to the host that set it.
   */
  cookieDomain?: string | null;
  /** `<meta name="theme-color">` for each side; match your page background. */
  colors?: { light: string; dark: string };
  /**
   * Whether `<html>` gets `style="color-scheme: …"`, so form controls,
   * scrollbars and `light-dark()` follow the theme with no CSS of yours.
   * Turn it off under a Content-Security-Policy that forbids style
   * attributes, and set `color-scheme` in your stylesheet. Default: true.
   */
  colorScheme?: boolean;
  /**
   * The path the switchers post to, where the theme route is mounted.
   * `null` when there is no server (`ssr: false`). Default: "/theme".
   */
  endpoint?: string | null;
  /**
   * Whether a visitor's switch animates through the browser's View
   * Transitions (`document.startViewTransition`: the old page cross-fades
   * to the new one, never a half-painted frame). Skipped, the switch
   * instant, where the browser lacks them or the visitor asks for reduced
   * motion. Default: false.
   */
  viewTransition?: boolean;
};

/**
 * The one configuration of an app's theme: call it once in a module both the
 * server and the browser import (say `app/theme.ts`), and hand the result to
 * `ThemeHtml`, `getThemePreference` and `themeAction`. Invalid options throw
 * on the server (and when prerendering), naming the option.
 */
export function createTheme(options: ThemeOptions = {}): Theme {
  const theme = {
    defaultPreference: options.defaultPreference ?? "system",
    attribute: options.attribute ?? "class",
    cookieName: options.cookieName ?? "theme",
    storageKey: options.storageKey ?? "theme",
    cookieDomain: options.cookieDomain ?? null,
    colors: Object.freeze({ light: "#ffffff", dark: "#121212", ...options.colors }),
    colorScheme: options.colorScheme ?? true,
    endpoint: options.endpoint === undefined ? "/theme" : options.endpoint,
    viewTransition: options.viewTransition ?? false,
  };
  // The checks stay out of the browser's bundle (see "imports" in
  // package.json): the server renders every page first, so it sees any
  // mistake before a browser could.
  validateTheme(theme);
  return Object.freeze(theme) as Theme;
}
