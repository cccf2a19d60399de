import { describe, expect, it } from "vitest";
import { themePreferences } from "./theme";
import { serializeThemeCookie } from "./theme-cookie";
import { readThemeCookie } from "./theme-cookie.server";

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

describe("serializeThemeCookie", () => {
  it.each(themePreferences)("writes theme=%s for the whole site, Lax, for a year", (preference) => {
    const cookie = serializeThemeCookie(preference, { secure: false });
    expect(cookie.startsWith(`theme=${preference};`)).toBe(true);
    const attributes = attributesOf(cookie);
    expect(attributes.get("path")).toBe("/");
    expect(attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(attributes.get("max-age")).toBe("31536000");
  });

  it("is Secure only when asked to be", () => {
    expect(attributesOf(serializeThemeCookie("dark", { secure: true })).has("secure")).toBe(true);
    expect(attributesOf(serializeThemeCookie("dark", { secure: false })).has("secure")).toBe(false);
  });

  it("is readable by the page's script, so it is not HttpOnly, and sets no Domain", () => {
    const attributes = attributesOf(serializeThemeCookie("light", { secure: true }));
    expect(attributes.has("httponly")).toBe(false);
    expect(attributes.has("domain")).toBe(false);
  });

  it("is read back by the server as the same preference", () => {
    for (const preference of themePreferences) {
      const pair = serializeThemeCookie(preference, { secure: true }).split(";")[0]!;
      expect(readThemeCookie(requestWithCookie(pair))).toBe(preference);
    }
  });
});

function requestWithCookie(cookie: string | undefined): Request {
  const headers = new Headers();
  if (cookie !== undefined) headers.set("Cookie", cookie);
  return new Request("https://site.test/guide", { headers });
}

describe("readThemeCookie", () => {
  const cases: Array<[string, string | undefined, string | null]> = [
    ["a light cookie", "theme=light", "light"],
    ["a dark cookie", "theme=dark", "dark"],
    ["a system cookie", "theme=system", "system"],
    ["a dark cookie between other cookies", "session=abc; theme=dark; lang=en", "dark"],
    ["a dark cookie with no space after the separators", "a=1;theme=dark;b=2", "dark"],
    ["a cookie whose name merely ends in theme", "xtheme=dark", null],
    ["a cookie whose name merely starts with theme", "theme2=dark", null],
    ["a lookalike cookie next to the real one", "xtheme=light; theme=dark", "dark"],
    ["no Cookie header", undefined, null],
    ["an empty Cookie header", "", null],
    ["only other cookies", "session=abc; lang=en", null],
    ["an unknown value", "theme=purple", null],
    ["an upper-case value", "theme=DARK", null],
    ["an empty value", "theme=", null],
    ["a value with a space inside", "theme=dark%20", null],
    ["two theme cookies that disagree", "theme=dark; theme=light", null],
    ["two theme cookies that agree", "theme=dark; theme=dark", null],
    ["a theme cookie before and after another", "theme=light; a=1; theme=dark", null],
    ["an oversized value", `theme=${"d".repeat(10 * 1024)}`, null],
    ["an oversized value that starts like a valid one", `theme=dark${"k".repeat(10 * 1024)}`, null],
    ["a badly encoded value", "theme=%E0%A4%A", null],
    ["a percent-encoded valid value", "theme=%64ark", "dark"],
    ["garbage around a bare name", ";;; ===; theme; =dark", null],
  ];

  it.each(cases)("reads %s", (_name, cookie, expected) => {
    expect(readThemeCookie(requestWithCookie(cookie))).toBe(expected);
  });
});
