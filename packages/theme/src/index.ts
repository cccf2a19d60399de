// The main entry: the configuration and everything that renders.
export { createTheme, type ThemeOptions } from "./create-theme.js";
export type { Theme } from "./theme.js";
export { parseThemePreference, resolveTheme, themePreferences, type ResolvedTheme, type ThemePreference } from "./preference.js";
export { ThemeHead } from "./theme-head.js";
export { ThemeHtml, useTheme, type ThemeHtmlProps } from "./theme-html.js";
export { ThemeRadioGroup, type ThemeRadioGroupProps } from "./theme-radio-group.js";
export { ThemeSwitcher, type ThemeSwitcherProps } from "./theme-switcher.js";
