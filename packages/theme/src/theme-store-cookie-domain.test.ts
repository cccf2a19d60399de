import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTheme } from "./create-theme.js";
import { getThemeStore } from "./theme-store.js";
import { fakeBrowser } from "./test-support/fake-browser.js";

// The store on a site whose subdomains share the preference: cookieDomain.

// A fresh Theme per test: stores are kept per Theme object.
const sharedStore = () => getThemeStore(createTheme({ cookieDomain: "example.com" }));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the theme store with cookieDomain", () => {
  it.each(["example.com", "docs.example.com"])("on %s, within the domain, removes a host-only cookie and writes one for the whole domain", (hostname) => {
    const browser = fakeBrowser({ hostname });
    sharedStore().choose("dark", null);
    expect(browser.cookieWrites).toEqual([
      "theme=; Max-Age=0; Path=/",
      "theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure; Domain=example.com",
    ]);
  });

  it.each(["evil.com", "example.com.evil.com", "notexample.com", "localhost"])(
    "on %s, not within the domain, writes a cookie for this host only (a subdomain writes the shared one)",
    (hostname) => {
      const subdomain = fakeBrowser({ hostname: "docs.example.com" });
      sharedStore().choose("dark", null);
      expect(subdomain.cookieWrites.at(-1)).toMatch(/; Domain=example\.com$/);

      const browser = fakeBrowser({ hostname });
      sharedStore().choose("dark", null);
      expect(browser.cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
    },
  );

  it("reads a choice made on another subdomain, in the shared cookie, when the page comes back from the back/forward cache", () => {
    const browser = fakeBrowser({ cookie: "theme=light", stored: "light", hostname: "www.example.com" });
    const store = sharedStore();
    store.subscribe(() => {});
    // docs.example.com set the shared cookie; this origin's localStorage never heard of it.
    browser.setCookieHeader("theme=dark");
    browser.dispatch("pageshow", { persisted: true });
    expect(store.getSnapshot().preference).toBe("dark");
  });
});
