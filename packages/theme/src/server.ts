// The server entry: what root loaders and the theme route import.
export { getThemePreference, handleThemeAction, themeAction, themeLoader } from "./theme-action.server.js";
export { serializeThemeCookie } from "./theme-cookie.js";
export { getThemeScript } from "./head-script.js";
export { getThemeScriptHash } from "./theme-script-hash.server.js";
