/**
 * What only a server (or a prerender) needs: the option checks and the head
 * script's source. Imported as "#server-side", which browsers' bundles
 * resolve to server-side.browser.ts instead (see "imports" in package.json).
 */
export { validateTheme } from "./validate-theme.js";
export { getThemeScript } from "./head-script.js";
