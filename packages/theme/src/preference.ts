/**
 * The theme preference: what a visitor chose. Shared by the server, the
 * client and the head script, so every place agrees on what is valid.
 */
export const themePreferences = ["light", "dark", "system"] as const;

export type ThemePreference = (typeof themePreferences)[number];

/** What the page shows: a preference with "system" resolved. */
export type ResolvedTheme = "light" | "dark";

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
