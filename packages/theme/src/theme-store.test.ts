import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTheme, type ThemeOptions } from "./create-theme.js";
import { getThemeStore } from "./theme-store.js";
import { fakeBrowser } from "./test-support/fake-browser.js";

// A fresh Theme per test: stores are kept per Theme object.
const storeFor = (options: ThemeOptions = {}) => getThemeStore(createTheme(options));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the theme store", () => {
  it("starts from the cookie, as the head script did", () => {
    fakeBrowser({ cookie: "theme=dark", stored: "light" });
    expect(storeFor().getSnapshot()).toEqual({ preference: "dark", resolved: "dark" });
  });

  it("starts from localStorage when there is no cookie", () => {
    fakeBrowser({ stored: "light", systemDark: true });
    expect(storeFor().getSnapshot()).toEqual({ preference: "light", resolved: "light" });
  });

  it("starts from the default, resolved against the OS, when neither holds a choice", () => {
    fakeBrowser({ systemDark: true });
    expect(storeFor().getSnapshot()).toEqual({ preference: "system", resolved: "dark" });
    expect(storeFor({ defaultPreference: "light" }).getSnapshot()).toEqual({ preference: "light", resolved: "light" });
  });

  it("gives one stable server snapshot per preference, unresolved for system", () => {
    const store = storeFor();
    expect(store.getServerSnapshot("system")).toBe(store.getServerSnapshot("system"));
    expect(store.getServerSnapshot("system")).toEqual({ preference: "system", resolved: null });
    expect(store.getServerSnapshot("dark")).toEqual({ preference: "dark", resolved: "dark" });
  });

  describe("with viewTransition on", () => {
    it("applies a visitor's choice inside a view transition", () => {
      const browser = fakeBrowser({ viewTransitions: true });
      const store = storeFor({ viewTransition: true });
      const seen: string[] = [];
      store.subscribe(() => seen.push(store.getSnapshot().preference));
      store.choose("dark", null);
      expect(browser.startViewTransition).toHaveBeenCalledOnce();
      expect(seen).toEqual(["dark"]);
    });

    it("switches at once, with no transition, for a visitor who asks for reduced motion, in a browser without them, and when the OS changes", () => {
      const reduced = fakeBrowser({ viewTransitions: true, reducedMotion: true });
      const store = storeFor({ viewTransition: true });
      store.subscribe(() => {});
      store.choose("dark", null);
      expect(store.getSnapshot().preference).toBe("dark");
      expect(reduced.startViewTransition).not.toHaveBeenCalled();

      fakeBrowser();
      const older = storeFor({ viewTransition: true });
      older.choose("dark", null);
      expect(older.getSnapshot().preference).toBe("dark");

      const system = fakeBrowser({ viewTransitions: true });
      const follower = storeFor({ viewTransition: true });
      follower.subscribe(() => {});
      expect(follower.getSnapshot().resolved).toBe("light");
      system.setSystemDark(true);
      expect(follower.getSnapshot().resolved).toBe("dark");
      expect(system.startViewTransition).not.toHaveBeenCalled();
    });

    it("resolves a choice when its transition applies it: an OS change meanwhile is not lost", () => {
      const browser = fakeBrowser({ viewTransitions: "deferred", systemDark: true, cookie: "theme=dark" });
      const store = storeFor({ viewTransition: true });
      store.subscribe(() => {});
      store.choose("system", null);
      expect(store.getSnapshot()).toEqual({ preference: "dark", resolved: "dark" }); // the old page, until the transition's update
      browser.setSystemDark(false);
      browser.runTransitionUpdates();
      expect(store.getSnapshot()).toEqual({ preference: "system", resolved: "light" });
    });

    it("keeps the last of two choices made while the first one's transition waits, even one back to the theme shown", () => {
      const browser = fakeBrowser({ viewTransitions: "deferred", cookie: "theme=light" });
      const store = storeFor({ viewTransition: true });
      store.subscribe(() => {});
      store.choose("dark", null);
      store.choose("light", null);
      browser.runTransitionUpdates();
      expect(store.getSnapshot()).toEqual({ preference: "light", resolved: "light" });
      expect(browser.storage.get("theme")).toBe("light");
    });

    it("is off unless asked for", () => {
      const browser = fakeBrowser({ viewTransitions: true });
      storeFor().choose("dark", null);
      expect(browser.startViewTransition).not.toHaveBeenCalled();
    });
  });

  it("applies a choice at once, stores it in both places, and posts it for JSON", () => {
    const browser = fakeBrowser();
    const store = storeFor();
    const listener = vi.fn();
    store.subscribe(listener);
    store.choose("dark", "/app/theme");

    expect(store.getSnapshot()).toEqual({ preference: "dark", resolved: "dark" });
    expect(listener).toHaveBeenCalledOnce();
    expect(browser.storage.get("theme")).toBe("dark");
    expect(browser.cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
    expect(browser.fetch).toHaveBeenCalledOnce();
    const [url, init] = browser.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/app/theme");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ Accept: "application/json" });
    expect(String(init.body)).toBe("theme=dark");
  });

  it("posts nothing when there is no server", () => {
    const browser = fakeBrowser();
    storeFor({ endpoint: null }).choose("light", null);
    expect(browser.fetch).not.toHaveBeenCalled();
    expect(browser.storage.get("theme")).toBe("light");
  });

  it("marks <html> as switching for the instant of a change", () => {
    const browser = fakeBrowser();
    storeFor().choose("dark", null);
    expect(browser.root.attributes.has("data-theme-switching")).toBe(true);
    vi.runAllTimers();
    expect(browser.root.attributes.has("data-theme-switching")).toBe(false);
  });

  it("follows the OS in system, and only then", () => {
    const browser = fakeBrowser({ systemDark: false });
    const store = storeFor();
    store.subscribe(() => {});
    browser.setSystemDark(true);
    expect(store.getSnapshot()).toEqual({ preference: "system", resolved: "dark" });

    store.choose("light", null);
    browser.setSystemDark(false);
    browser.setSystemDark(true);
    expect(store.getSnapshot()).toEqual({ preference: "light", resolved: "light" });
  });

  it("follows a choice made in another tab, and ignores other keys and invalid values", () => {
    const browser = fakeBrowser();
    const store = storeFor();
    store.subscribe(() => {});
    browser.dispatch("storage", { key: "other", newValue: "dark" });
    browser.dispatch("storage", { key: "theme", newValue: "purple" });
    expect(store.getSnapshot().preference).toBe("system");
    browser.dispatch("storage", { key: "theme", newValue: "dark" });
    expect(store.getSnapshot().preference).toBe("dark");
  });

  it("reads the preference again when the page comes back from the back/forward cache", () => {
    const browser = fakeBrowser({ stored: "light" });
    const store = storeFor();
    store.subscribe(() => {});
    expect(store.getSnapshot().preference).toBe("light");
    // Another tab chose dark while this page sat in the cache, missing the event.
    browser.storage.set("theme", "dark");
    browser.dispatch("pageshow", { persisted: false });
    expect(store.getSnapshot().preference).toBe("light");
    browser.dispatch("pageshow", { persisted: true });
    expect(store.getSnapshot().preference).toBe("dark");
  });

  it("stops listening when the last subscriber leaves", () => {
    const browser = fakeBrowser();
    const store = storeFor();
    const unsubscribeA = store.subscribe(() => {});
    const unsubscribeB = store.subscribe(() => {});
    expect(browser.listenerCount()).toBe(3);
    unsubscribeA();
    expect(browser.listenerCount()).toBe(3);
    unsubscribeB();
    expect(browser.listenerCount()).toBe(0);
  });

  it("keeps the choice for the page when storage throws", () => {
    fakeBrowser();
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    const store = storeFor();
    expect(() => store.choose("dark", null)).not.toThrow();
    expect(store.getSnapshot().preference).toBe("dark");
  });
});
