import type { Theme } from "./theme.js";
import { parseThemePreference, resolveTheme, themePreferences, type ResolvedTheme, type ThemePreference } from "./preference.js";
import { readCookie, themeCookieWrites } from "./theme-cookie.js";

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
  /** Null only where the OS setting cannot be seen: on the server, and while hydrating "system". */
  resolved: ResolvedTheme | null;
};

export type ThemeStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ThemeState;
  /** One object per preference: useSyncExternalStore wants a stable server snapshot. */
  getServerSnapshot(preference: ThemePreference): ThemeState;
  /** A visitor's choice: shown at once, stored, and posted to `endpointHref` (if any) in the background. */
  choose(preference: ThemePreference, endpointHref: string | null): void;
};

const DARK_QUERY = "(prefers-color-scheme: dark)";
const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
/** Set on <html> for the instant of a change, so a stylesheet can turn transitions off under it. */
export const SWITCHING_ATTRIBUTE = "data-theme-switching";

const stores = new WeakMap<Theme, ThemeStore>();

export function getThemeStore(theme: Theme): ThemeStore {
  let store = stores.get(theme);
  if (!store) stores.set(theme, (store = createThemeStore(theme)));
  return store;
}

function createThemeStore(theme: Theme): ThemeStore {
  const serverSnapshots = new Map<ThemePreference, ThemeState>(
    themePreferences.map((preference) => [preference, { preference, resolved: preference === "system" ? null : preference }]),
  );
  const listeners = new Set<() => void>();
  let state: ThemeState | null = null;

  function makeState(preference: ThemePreference): ThemeState {
    return { preference, resolved: resolveTheme(preference, matchMedia(DARK_QUERY).matches) };
  }

  function getSnapshot(): ThemeState {
    // The same order as the head script, which has already run: the cookie,
    // then localStorage, then the default.
    state ??= makeState(readCookiePreference() ?? readStoredPreference() ?? theme.defaultPreference);
    return state;
  }

  /** A visitor's choice that its view transition has not applied yet. */
  let pending: ThemePreference | null = null;

  function setPreference(preference: ThemePreference, { animate = false } = {}) {
    const next = makeState(preference);
    const current = getSnapshot();
    // While a transition waits, the page still shows the state before it: a choice equal to that one is still a change.
    if (pending === null && next.preference === current.preference && next.resolved === current.resolved) return;
    if (animate && theme.viewTransition && "startViewTransition" in document && !matchMedia(REDUCED_MOTION_QUERY).matches) {
      pending = preference;
      // The browser shows the old page until the callback's promise settles.
      // React commits a store's change in a microtask; the promise settles a
      // task later, so the new page is whole (and react-dom is not imported
      // for flushSync: 1.4 KiB gzipped on every first visit).
      document.startViewTransition(async () => {
        if (pending === preference) pending = null;
        apply(preference);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    } else {
      apply(preference);
    }
  }

  function apply(preference: ThemePreference) {
    const root = document.documentElement;
    root.setAttribute(SWITCHING_ATTRIBUTE, "");
    // Resolved now, not when asked: the OS may have changed while a transition waited.
    state = makeState(preference);
    for (const listener of listeners) listener();
    // React has committed the new theme by the time this task runs. Forcing
    // a style pass applies the new colours while transitions are still off.
    setTimeout(() => {
      getComputedStyle(root).getPropertyValue("color");
      root.removeAttribute(SWITCHING_ATTRIBUTE);
    }, 0);
  }

  function readCookiePreference(): ThemePreference | null {
    try {
      return parseThemePreference(readCookie(document.cookie, theme.cookieName));
    } catch {
      return null;
    }
  }

  function readStoredPreference(): ThemePreference | null {
    try {
      return parseThemePreference(localStorage.getItem(theme.storageKey));
    } catch {
      return null;
    }
  }

  function store(preference: ThemePreference) {
    try {
      localStorage.setItem(theme.storageKey, preference);
    } catch {}
    try {
      const context = { secure: location.protocol === "https:", hostname: location.hostname };
      for (const cookie of themeCookieWrites(theme, preference, context)) document.cookie = cookie;
    } catch {}
  }

  /** The server's Set-Cookie outlives cookies written by script (Safari caps those at 7 days). */
  async function send(preference: ThemePreference, endpointHref: string) {
    try {
      const response = await fetch(endpointHref, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ theme: preference }),
        keepalive: true,
      });
      // Read to the end: Chromium never completes a request whose
      // uncacheable answer is left unread, and it stays "pending".
      await response.arrayBuffer();
    } catch {
      // Offline or refused: the page and the browser's storage already hold the choice.
    }
  }

  // A choice still waiting for its transition is the preference to resolve again.
  const onSystemChange = () => setPreference(pending ?? getSnapshot().preference);

  const onStorage = (event: StorageEvent) => {
    if (event.key !== theme.storageKey) return;
    const preference = parseThemePreference(event.newValue);
    if (preference) setPreference(preference);
  };

  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    // A restored page missed every event while it was frozen, the OS scheme
    // included. The cookie first, as on load: with cookieDomain it holds a
    // choice made on another subdomain, which this origin's storage missed.
    setPreference(readCookiePreference() ?? readStoredPreference() ?? getSnapshot().preference);
  };

  return {
    getSnapshot,
    getServerSnapshot: (preference) => serverSnapshots.get(preference)!,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        matchMedia(DARK_QUERY).addEventListener("change", onSystemChange);
        addEventListener("storage", onStorage);
        addEventListener("pageshow", onPageShow);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        matchMedia(DARK_QUERY).removeEventListener("change", onSystemChange);
        removeEventListener("storage", onStorage);
        removeEventListener("pageshow", onPageShow);
      };
    },
    choose(preference, endpointHref) {
      setPreference(preference, { animate: true });
      store(preference);
      if (endpointHref !== null) void send(preference, endpointHref);
    },
  };
}
