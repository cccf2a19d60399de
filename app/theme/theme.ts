import { createTheme, type ThemePreference } from "react-router-theme";

/**
 * The site's theme, for the server, the browser and the production server's
 * page cache alike. Every option is spelt out, the package's defaults
 * included, so that a new default in the package cannot change what
 * returning visitors have stored or what the page looks like.
 *
 * colorScheme is off because app.css already pins `color-scheme` from the
 * class on <html>, and so <html> needs no style attribute, whatever the
 * Content-Security-Policy says about those.
 */
const options = {
  defaultPreference: "system",
  attribute: "class",
  cookieName: "theme",
  storageKey: "theme",
  // Browser chrome colours; they match `--surface` in app.css.
  colors: { light: "#ffffff", dark: "#0f1115" },
  colorScheme: false,
  // A visitor's switch cross-fades where the browser can and the visitor has not asked for reduced motion.
  viewTransition: true,
} as const;

export const theme = createTheme({ ...options, endpoint: "/theme" });

/**
 * The theme of a static export (`themed-guide build`): no server answers a
 * form there, so a choice is made and kept in the browser only, and a page
 * is rendered for nobody, its preference applied by the head script before
 * the first paint. Same cookie and key, so a choice carries over.
 */
export const staticSiteTheme = createTheme({ ...options, endpoint: null });

/** The site's words for each preference. */
export const themeLabels: Record<ThemePreference, string> = {
  light: "Light",
  dark: "Dark",
  system: "System",
};
