/**
 * The theme preference: what a visitor chose. Shared by the server, the
 * client and the inline head script, so every place agrees on what is valid.
 */
export const themePreferences = ["light", "dark", "system"] as const;

export type ThemePreference = (typeof themePreferences)[number];

/** What the page actually shows: a preference with "system" resolved. */
export type ResolvedTheme = "light" | "dark";

/** The cookie and the localStorage key hold the same value under this name. */
export const THEME_STORAGE_KEY = "theme";

export const THEME_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Browser chrome colours for `<meta name="theme-color">`; they match `--surface` in app.css. */
export const themeColors: Record<ResolvedTheme, string> = {
  light: "#ffffff",
  dark: "#0f1115",
};

/** Exact match only: "DARK", " dark" or an array are not preferences. */
export function parseThemePreference(value: unknown): ThemePreference | null {
  return typeof value === "string" && (themePreferences as readonly string[]).includes(value)
    ? (value as ThemePreference)
    : null;
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

export const themeLabels: Record<ThemePreference, string> = {
  light: "Light",
  dark: "Dark",
  system: "System",
};
