import { describe, expect, it } from "vitest";
import { minifiedHeadScriptFunctions } from "../scripts/minify-head-script.ts";
import { createTheme, type ThemeOptions } from "./create-theme.js";
import type { Theme } from "./theme.js";
import { assembleThemeScript, getThemeScript } from "./head-script.js";
import { serializeThemeCookie } from "./theme-cookie.js";
import { createFakePage, type FakePageOptions } from "./test-support/fake-page.js";

// The script as the tests' source gives it, and as the build embeds it.
const minified = await minifiedHeadScriptFunctions();
const variants: Array<[string, (theme: Theme) => string]> = [
  ["the source", getThemeScript],
  ["the minified build", (theme) => assembleThemeScript(minified, theme)],
];

const LIGHT = "#ffffff";
const DARK = "#121212";
const serverMetas = (lightMedia: string, darkMedia: string) => [
  { content: LIGHT, media: lightMedia },
  { content: DARK, media: darkMedia },
];

describe.each(variants)("the head script (%s)", (_variant, scriptFor) => {
  function run(pageOptions: FakePageOptions, themeOptions: ThemeOptions = {}) {
    const page = createFakePage(pageOptions);
    page.run(scriptFor(createTheme(themeOptions)));
    return page;
  }

  // Every combination of what the browser may hold, on a light and a dark OS.
  const values = ["light", "dark", "system", null, "purple"] as const;
  const matrix = values.flatMap((cookie) =>
    values.flatMap((stored) => [false, true].map((systemDark) => ({ cookie, stored, systemDark }))),
  );
  const valid = (value: string | null) => (value === "light" || value === "dark" || value === "system" ? value : null);

  describe.each([["class"], ["data-theme"]] as const)("with attribute %j", (attribute) => {
    it.each(matrix)("picks the cookie, else localStorage, else the default: cookie $cookie, stored $stored, dark OS $systemDark", ({ cookie, stored, systemDark }) => {
      const page = run({ cookie: cookie === null ? "a=1" : `a=1; theme=${cookie}`, stored, systemDark }, { attribute });
      const preference = valid(cookie) ?? valid(stored) ?? "system";
      const resolved = preference === "system" ? (systemDark ? "dark" : "light") : preference;

      if (attribute === "class") {
        expect([...page.classes]).toEqual([resolved]);
        expect(page.attributes.size).toBe(0);
      } else {
        expect(page.attributes.get("data-theme")).toBe(resolved);
        expect(page.classes.size).toBe(0);
      }
      expect(page.dataset.themePreference).toBe(preference);
      expect(page.style.colorScheme).toBe(preference === "system" ? "light dark" : preference);
    });
  });

  it("replaces the class the server rendered, and keeps the page's own classes", () => {
    const page = run({ cookie: "theme=dark", className: "app light" });
    expect([...page.classes].sort()).toEqual(["app", "dark"]);
  });

  it("copies a valid cookie into localStorage when they differ", () => {
    const page = run({ cookie: "theme=dark", stored: "light" });
    expect(page.storage.get("theme")).toBe("dark");
    expect(page.cookieWrites).toEqual([]);
  });

  it("writes nothing when the cookie and localStorage agree", () => {
    const page = run({ cookie: "theme=light", stored: "light" });
    expect(page.storageWrites).toEqual([]);
    expect(page.cookieWrites).toEqual([]);
  });

  it("restores the cookie from localStorage, Secure over HTTPS", () => {
    const page = run({ stored: "dark", protocol: "https:" });
    expect(page.cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
    expect(page.storageWrites).toEqual([]);
  });

  it("restores the cookie from localStorage without Secure over HTTP", () => {
    const page = run({ stored: "light", protocol: "http:" });
    expect(page.cookieWrites).toEqual(["theme=light; Max-Age=31536000; Path=/; SameSite=Lax"]);
  });

  it("replaces an invalid cookie with the stored value", () => {
    const page = run({ cookie: "theme=purple", stored: "dark" });
    expect(page.cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
    expect(page.dataset.themePreference).toBe("dark");
  });

  it("writes nothing when neither holds a choice", () => {
    const page = run({ cookie: "a=1", stored: null });
    expect(page.cookieWrites).toEqual([]);
    expect(page.storageWrites).toEqual([]);
  });

  it("does not trust two cookies of the name, and follows localStorage", () => {
    const page = run({ cookie: "theme=dark; theme=light", stored: "light", systemDark: true });
    expect([...page.classes]).toEqual(["light"]);
  });

  it("ignores a lookalike cookie", () => {
    const page = run({ cookie: "xtheme=dark", systemDark: false });
    expect(page.dataset.themePreference).toBe("system");
    expect([...page.classes]).toEqual(["light"]);
  });

  it("still paints the default when storage throws", () => {
    const page = run({ blockedStorage: true, systemDark: true }, { defaultPreference: "system" });
    expect([...page.classes]).toEqual(["dark"]);
    expect(page.dataset.themePreference).toBe("system");
  });

  it("uses the configured default when nothing is stored", () => {
    const page = run({ systemDark: false }, { defaultPreference: "dark" });
    expect([...page.classes]).toEqual(["dark"]);
    expect(page.cookieWrites).toEqual([]);
  });

  it("reads and writes the configured cookie name and storage key", () => {
    const page = run({ cookie: "theme=light", stored: "dark", storedKey: "app:mode" }, { cookieName: "mode", storageKey: "app:mode" });
    expect(page.dataset.themePreference).toBe("dark");
    expect(page.cookieWrites).toEqual(["mode=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
  });

  describe("with cookieDomain", () => {
    const shared = { cookieDomain: "example.com" };

    it.each(["example.com", "docs.example.com", "a.b.example.com"])("restores the cookie for the whole domain on %s, which is within it", (hostname) => {
      const page = run({ stored: "dark", hostname }, shared);
      expect(page.cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure; Domain=example.com"]);
    });

    it.each(["evil.com", "example.com.evil.com", "notexample.com", "localhost"])("restores a cookie for %s alone, which is not within the domain (docs.example.com gets the shared one)", (hostname) => {
      expect(run({ stored: "dark", hostname: "docs.example.com" }, shared).cookieWrites[0]).toMatch(/; Domain=example\.com$/);
      expect(run({ stored: "dark", hostname }, shared).cookieWrites).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure"]);
    });

    it("writes, host by host, the very cookie the server would set for that host", () => {
      const hosts = ["example.com", "docs.example.com", "notexample.com", "example.com.evil.com", "localhost"];
      const written = hosts.map((hostname) => run({ stored: "light", hostname, protocol: "http:" }, shared).cookieWrites);
      expect(written).toEqual(hosts.map((hostname) => [serializeThemeCookie(createTheme(shared), "light", { secure: false, hostname })]));
      expect(written[1]).toEqual(["theme=light; Max-Age=31536000; Path=/; SameSite=Lax; Domain=example.com"]);
    });
  });

  it("leaves style alone when colorScheme is off", () => {
    const page = run({ cookie: "theme=dark" }, { colorScheme: false });
    expect(page.style.colorScheme).toBeUndefined();
  });

  describe("theme-color", () => {
    const systemPair = () => serverMetas("(prefers-color-scheme: light)", "(prefers-color-scheme: dark)");

    it("points the pair at the stored choice, changing media only", () => {
      const page = run({ stored: "dark", metas: systemPair() });
      expect(page.metas).toEqual([
        { content: LIGHT, media: "not all" },
        { content: DARK, media: "all" },
      ]);
    });

    it("lets the browser pick for system", () => {
      const page = run({ stored: "system", metas: serverMetas("all", "not all") });
      expect(page.metas).toEqual(systemPair());
    });

    it("leaves other theme-color tags alone", () => {
      const page = run({ stored: "light", metas: [{ content: "#ff0000", media: "print" }, ...systemPair()] });
      expect(page.metas[0]).toEqual({ content: "#ff0000", media: "print" });
      expect(page.metas[1]).toEqual({ content: LIGHT, media: "all" });
    });
  });
});

describe("the head script's text", () => {
  it("is under 1 KB as built, for the default configuration", () => {
    expect(new TextEncoder().encode(assembleThemeScript(minified, createTheme())).byteLength).toBeLessThanOrEqual(1024);
  });

  it("has no const left in the build (let is shorter and the same here)", () => {
    expect(minified.join("")).not.toMatch(/\bconst\b/);
  });

  it("is the same for every request: nothing in it comes from a cookie", () => {
    expect(getThemeScript(createTheme())).toBe(getThemeScript(createTheme()));
  });

  it("cannot be closed or commented out by a configured value", () => {
    const script = getThemeScript(createTheme({ colors: { light: "</script><script>alert(1)</script>", dark: "<!--" } }));
    expect(script).not.toMatch(/<\/|<!--/i);
    const page = createFakePage({ stored: "dark", metas: [{ content: "<!--", media: "x" }] });
    page.run(script);
    expect(page.metas[0]!.media).toBe("all");
  });
});
