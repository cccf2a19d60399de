import { serializeThemeCookie } from "./theme-cookie";
import {
  THEME_STORAGE_KEY,
  parseThemePreference,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from "./theme";

/**
 * The theme preference in the browser, for as long as the page lives. React
 * reads it with useSyncExternalStore; it keeps itself right when the OS
 * scheme changes, when another tab changes the preference, and when the
 * page comes back from the back/forward cache.
 *
 * Storage is best effort: with localStorage or cookies blocked the choice
 * still holds in memory for the life of the page.
 */

export type ThemeState = {
  preference: ThemePreference;
  /** Null only while rendering on the server, which cannot see the OS setting. */
  resolved: ResolvedTheme | null;
};

const DARK_QUERY = "(prefers-color-scheme: dark)";
/** Set on <html> for the instant of a change; app.css turns transitions off under it. */
export const SWITCHING_ATTRIBUTE = "data-theme-switching";

let state: ThemeState | null = null;
const listeners = new Set<() => void>();

export function getThemeState(): ThemeState {
  // The head script has already settled the preference and written it on <html>.
  state ??= makeState(parseThemePreference(document.documentElement.dataset.themePreference) ?? "system");
  return state;
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) startListening();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stopListening();
  };
}

/** A visitor's choice: shown at once, stored, and sent to the server in the background. */
export function chooseTheme(preference: ThemePreference) {
  setPreference(preference);
  storeInBrowser(preference);
  void sendToServer(preference);
}

/** The server's Set-Cookie outlives cookies written by script (Safari caps those at 7 days). */
async function sendToServer(preference: ThemePreference) {
  try {
    await fetch("/theme", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ theme: preference }),
      keepalive: true,
    });
  } catch {
    // Offline or refused: the page and the browser's storage already hold the choice.
  }
}

function makeState(preference: ThemePreference): ThemeState {
  return { preference, resolved: resolveTheme(preference, matchMedia(DARK_QUERY).matches) };
}

function setPreference(preference: ThemePreference) {
  const next = makeState(preference);
  const current = getThemeState();
  if (next.preference === current.preference && next.resolved === current.resolved) return;
  const root = document.documentElement;
  root.setAttribute(SWITCHING_ATTRIBUTE, "");
  state = next;
  for (const listener of listeners) listener();
  // React has committed the new theme by the time this task runs. Forcing a
  // style pass applies the new colours while transitions are still off.
  setTimeout(() => {
    getComputedStyle(root).getPropertyValue("color");
    root.removeAttribute(SWITCHING_ATTRIBUTE);
  }, 0);
}

function storeInBrowser(preference: ThemePreference) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {}
  try {
    document.cookie = serializeThemeCookie(preference, { secure: location.protocol === "https:" });
  } catch {}
}

/** What another tab, or this page before it was frozen, may have stored since. */
function readStoredPreference(): ThemePreference | null {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

const onSystemChange = () => setPreference(getThemeState().preference);

const onStorage = (event: StorageEvent) => {
  if (event.key !== THEME_STORAGE_KEY) return;
  const preference = parseThemePreference(event.newValue);
  if (preference) setPreference(preference);
};

const onPageShow = (event: PageTransitionEvent) => {
  if (!event.persisted) return;
  // A restored page missed every event while it was frozen, the OS scheme included.
  setPreference(readStoredPreference() ?? getThemeState().preference);
};

function startListening() {
  matchMedia(DARK_QUERY).addEventListener("change", onSystemChange);
  addEventListener("storage", onStorage);
  addEventListener("pageshow", onPageShow);
}

function stopListening() {
  matchMedia(DARK_QUERY).removeEventListener("change", onSystemChange);
  removeEventListener("storage", onStorage);
  removeEventListener("pageshow", onPageShow);
}
