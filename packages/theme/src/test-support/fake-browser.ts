import { vi } from "vitest";

/**
 * The browser around the store, faked: cookie, localStorage, the OS scheme
 * (with its change event), window events and fetch.
 */
export function fakeBrowser({
  cookie = "",
  stored = null as string | null,
  systemDark = false,
  reducedMotion = false,
  viewTransitions = false as boolean | "deferred",
  hostname = "site.test",
} = {}) {
  const storage = new Map<string, string>();
  if (stored !== null) storage.set("theme", stored);
  const cookieWrites: string[] = [];
  const query = { matches: systemDark, listeners: new Set<() => void>() };
  const windowListeners = new Map<string, Set<(event: unknown) => void>>();
  const root = { attributes: new Map<string, string>() };
  const fetch = vi.fn(async () => new Response("{}"));
  // The browser runs the update at once here, or ("deferred") when the test says, as a real one does after capturing the old page.
  const waitingUpdates: Array<() => void> = [];
  const startViewTransition = vi.fn((update: () => void) => {
    if (viewTransitions === "deferred") waitingUpdates.push(update);
    else update();
    return {};
  });

  vi.stubGlobal("document", {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
    documentElement: {
      setAttribute: (name: string, value: string) => root.attributes.set(name, value),
      removeAttribute: (name: string) => root.attributes.delete(name),
    },
    ...(viewTransitions && { startViewTransition }),
  });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal("matchMedia", (media: string) => ({
    get matches() {
      return media === "(prefers-reduced-motion: reduce)" ? reducedMotion : query.matches;
    },
    addEventListener: (_type: string, listener: () => void) => query.listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => query.listeners.delete(listener),
  }));
  vi.stubGlobal("addEventListener", (type: string, listener: (event: unknown) => void) => {
    if (!windowListeners.has(type)) windowListeners.set(type, new Set());
    windowListeners.get(type)!.add(listener);
  });
  vi.stubGlobal("removeEventListener", (type: string, listener: (event: unknown) => void) => windowListeners.get(type)?.delete(listener));
  vi.stubGlobal("location", { protocol: "https:", hostname });
  vi.stubGlobal("getComputedStyle", () => ({ getPropertyValue: () => "" }));
  vi.stubGlobal("fetch", fetch);

  return {
    storage,
    cookieWrites,
    /** What document.cookie gives from now on, as after another tab or subdomain wrote it. */
    setCookieHeader(header: string) {
      cookie = header;
    },
    fetch,
    startViewTransition,
    runTransitionUpdates: () => waitingUpdates.splice(0).forEach((update) => update()),
    root,
    setSystemDark(dark: boolean) {
      query.matches = dark;
      for (const listener of query.listeners) listener();
    },
    dispatch(type: string, event: unknown) {
      for (const listener of windowListeners.get(type) ?? []) listener(event);
    },
    listenerCount: () => query.listeners.size + [...windowListeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
