import { describe, expect, it } from "vitest";
import { createTheme } from "./create-theme.js";
import { themePreferences } from "./preference.js";
import { getThemePreference } from "./theme-action.server.js";
import { readCookie, serializeThemeCookie, themeCookieWrites } from "./theme-cookie.js";

const theme = createTheme();

/** The attributes of a Set-Cookie value, lower-cased names, without the name=value pair. */
function attributesOf(setCookie: string): Map<string, string> {
  const [, ...attributes] = setCookie.split(";").map((part) => part.trim());
  return new Map(
    attributes.map((attribute) => {
      const [name = "", value = ""] = attribute.split("=");
      return [name.toLowerCase(), value];
    }),
  );
}

function requestWithCookie(cookie: string | undefined): Request {
  const headers = new Headers();
  if (cookie !== undefined) headers.set("Cookie", cookie);
  return new Request("https://site.test/guide", { headers });
}

describe("serializeThemeCookie", () => {
  it.each(themePreferences)("writes theme=%s for the whole site, Lax, for a year", (preference) => {
    const cookie = serializeThemeCookie(theme, preference, { secure: false });
    expect(cookie.startsWith(`theme=${preference};`)).toBe(true);
    const attributes = attributesOf(cookie);
    expect(attributes.get("path")).toBe("/");
    expect(attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(attributes.get("max-age")).toBe("31536000");
  });

  it("is Secure only when asked to be", () => {
    expect(attributesOf(serializeThemeCookie(theme, "dark", { secure: true })).has("secure")).toBe(true);
    expect(attributesOf(serializeThemeCookie(theme, "dark", { secure: false })).has("secure")).toBe(false);
  });

  it("is readable by the page's script, so it is not HttpOnly, and sets no Domain", () => {
    const attributes = attributesOf(serializeThemeCookie(theme, "light", { secure: true }));
    expect(attributes.has("httponly")).toBe(false);
    expect(attributes.has("domain")).toBe(false);
  });

  it("uses the configured cookie name", () => {
    expect(serializeThemeCookie(createTheme({ cookieName: "color-mode" }), "dark", { secure: false })).toMatch(/^color-mode=dark;/);
  });

  it("is read back by the server as the same preference", () => {
    for (const preference of themePreferences) {
      const pair = serializeThemeCookie(theme, preference, { secure: true }).split(";")[0]!;
      expect(getThemePreference(requestWithCookie(pair), theme)).toBe(preference);
    }
  });
});

describe("serializeThemeCookie with cookieDomain", () => {
  const shared = createTheme({ cookieDomain: "example.com" });

  it.each(["example.com", "docs.example.com", "a.b.example.com"])("shares the cookie across the domain from %s, which is within it", (hostname) => {
    expect(attributesOf(serializeThemeCookie(shared, "dark", { secure: true, hostname })).get("domain")).toBe("example.com");
  });

  const domainOf = (hostname?: string) => attributesOf(serializeThemeCookie(shared, "dark", { secure: true, hostname })).get("domain");

  it.each(["evil.com", "example.com.evil.com", "notexample.com", "example.co", "com", "localhost", "127.0.0.1", ""])(
    "keeps the cookie with the host on %j, which is not within the domain (docs.example.com shares it)",
    (hostname) => {
      expect(domainOf("docs.example.com")).toBe("example.com");
      expect(domainOf(hostname)).toBeUndefined();
    },
  );

  it("keeps the cookie with the host when it is not told the host", () => {
    expect(domainOf("docs.example.com")).toBe("example.com");
    expect(domainOf(undefined)).toBeUndefined();
  });
});

describe("themeCookieWrites", () => {
  const shared = createTheme({ cookieDomain: "example.com" });

  it("removes a host-only cookie left from before cookieDomain, then sets the shared one", () => {
    expect(themeCookieWrites(shared, "dark", { secure: true, hostname: "docs.example.com" })).toEqual([
      "theme=; Max-Age=0; Path=/",
      "theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure; Domain=example.com",
    ]);
  });

  it("only sets the cookie when it is not shared: on a host outside the domain, or with no cookieDomain", () => {
    expect(themeCookieWrites(shared, "dark", { secure: false, hostname: "localhost" })).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax"]);
    expect(themeCookieWrites(theme, "dark", { secure: false, hostname: "example.com" })).toEqual(["theme=dark; Max-Age=31536000; Path=/; SameSite=Lax"]);
  });
});

describe("getThemePreference", () => {
  const cases: Array<[string, string | undefined, string | null]> = [
    ["a light cookie", "theme=light", "light"],
    ["a dark cookie", "theme=dark", "dark"],
    ["a system cookie", "theme=system", "system"],
    ["a dark cookie between other cookies", "session=abc; theme=dark; lang=en", "dark"],
    ["a dark cookie with no space after the separators", "a=1;theme=dark;b=2", "dark"],
    ["a dark cookie with spaces around its value", "theme = dark ", "dark"],
    ["a cookie whose name merely ends in theme", "xtheme=dark", null],
    ["a cookie whose name merely starts with theme", "theme2=dark", null],
    ["a lookalike cookie next to the real one", "xtheme=light; theme=dark", "dark"],
    ["a cookie whose value looks like the real pair", "other=theme=light; theme=dark", "dark"],
    ["no Cookie header", undefined, null],
    ["an empty Cookie header", "", null],
    ["only other cookies", "session=abc; lang=en", null],
    ["an unknown value", "theme=purple", null],
    ["an upper-case value", "theme=DARK", null],
    ["an empty value", "theme=", null],
    ["a quoted value", 'theme="dark"', null],
    ["a value with a space inside", "theme=dark%20", null],
    ["two theme cookies that disagree", "theme=dark; theme=light", null],
    ["two theme cookies that agree", "theme=dark; theme=dark", null],
    ["a theme cookie before and after another", "theme=light; a=1; theme=dark", null],
    ["an oversized value", `theme=${"d".repeat(10 * 1024)}`, null],
    ["an oversized value that starts like a valid one", `theme=dark${"k".repeat(10 * 1024)}`, null],
    ["a badly encoded value", "theme=%E0%A4%A", null],
    ["a lone percent sign", "theme=dark%", null],
    ["a percent-encoded valid value", "theme=%64ark", "dark"],
    ["garbage around a bare name", ";;; ===; theme; =dark", null],
    ["a bare name alone", "theme", null],
  ];

  it.each(cases)("reads %s", (_name, cookie, expected) => {
    expect(getThemePreference(requestWithCookie(cookie), theme)).toBe(expected);
  });

  it.each(cases)("reads %s from a raw Cookie header alike", (_name, cookie, expected) => {
    expect(getThemePreference({ cookie }, theme)).toBe(expected);
  });

  it("reads the configured cookie name, and only it", () => {
    const custom = createTheme({ cookieName: "color-mode" });
    expect(getThemePreference(requestWithCookie("theme=light; color-mode=dark"), custom)).toBe("dark");
    expect(getThemePreference(requestWithCookie("theme=dark"), custom)).toBeNull();
  });
});

describe("readCookie", () => {
  it("gives the decoded value of the one cookie of that name", () => {
    expect(readCookie("a=1; name=caf%C3%A9; b=2", "name")).toBe("café");
  });

  it("gives null for a name that is there without a value", () => {
    expect(readCookie("a=1; name", "name")).toBeNull();
  });

  it("counts a bare name as a second cookie of that name", () => {
    expect(readCookie("name=1; name", "name")).toBeNull();
  });
});
