import { describe, expect, it } from "vitest";
import { createTheme, type ThemeOptions } from "./create-theme.js";

describe("createTheme", () => {
  it("defaults to system, a class, a cookie and a key named theme, and the /theme endpoint", () => {
    expect({ ...createTheme() }).toEqual({
      defaultPreference: "system",
      attribute: "class",
      cookieName: "theme",
      storageKey: "theme",
      cookieDomain: null,
      colors: { light: "#ffffff", dark: "#121212" },
      colorScheme: true,
      endpoint: "/theme",
      viewTransition: false,
    });
  });

  it("keeps what it is given", () => {
    const theme = createTheme({
      defaultPreference: "dark",
      attribute: "data-mode",
      cookieName: "mode",
      storageKey: "app:mode",
      cookieDomain: "example.com",
      colors: { light: "#fafafa", dark: "#0b0b0b" },
      colorScheme: false,
      endpoint: null,
      viewTransition: true,
    });
    expect(theme).toMatchObject({ defaultPreference: "dark", attribute: "data-mode", cookieName: "mode", storageKey: "app:mode", cookieDomain: "example.com" });
    expect(theme.colors).toEqual({ light: "#fafafa", dark: "#0b0b0b" });
    expect(theme.colorScheme).toBe(false);
    expect(theme.endpoint).toBeNull();
    expect(theme.viewTransition).toBe(true);
  });

  it("fills in a colour left out", () => {
    expect(createTheme({ colors: { dark: "#000000" } as ThemeOptions["colors"] }).colors).toEqual({ light: "#ffffff", dark: "#000000" });
  });

  it("is frozen, so nothing can change it after the server has used it", () => {
    const theme = createTheme();
    expect(Object.isFrozen(theme)).toBe(true);
    expect(Object.isFrozen(theme.colors)).toBe(true);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ["an unknown default preference", { defaultPreference: "dim" }, /defaultPreference/],
    ["a view transition that is not true or false", { viewTransition: "yes" }, /viewTransition/],
    ["an attribute that is neither class nor data-", { attribute: "theme" }, /attribute/],
    ["an upper-case data attribute", { attribute: "data-Theme" }, /attribute/],
    ["the attribute the package uses for the preference", { attribute: "data-theme-preference" }, /attribute/],
    ["a cookie name with a space", { cookieName: "my theme" }, /cookieName/],
    ["a cookie name with a semicolon", { cookieName: "a;b" }, /cookieName/],
    ["a cookie name with an equals sign", { cookieName: "a=b" }, /cookieName/],
    ["an empty cookie name", { cookieName: "" }, /cookieName/],
    ["an empty storage key", { storageKey: "" }, /storageKey/],
    ["an empty colour", { colors: { light: "", dark: "#000" } }, /colors\.light/],
    ["a colour that is not a string", { colors: { light: "#fff", dark: 0 } }, /colors\.dark/],
    ["a colorScheme that is not a boolean", { colorScheme: "yes" }, /colorScheme/],
    ["an endpoint that is a full URL", { endpoint: "https://evil.example/theme" }, /endpoint/],
    ["a protocol-relative endpoint", { endpoint: "//evil.example/theme" }, /endpoint/],
    ["a relative endpoint", { endpoint: "theme" }, /endpoint/],
    ["a cookie domain with a scheme", { cookieDomain: "https://example.com" }, /cookieDomain/],
    ["a cookie domain with a port", { cookieDomain: "example.com:443" }, /cookieDomain/],
    ["a cookie domain with a path", { cookieDomain: "example.com/" }, /cookieDomain/],
    ["a cookie domain with a leading dot", { cookieDomain: ".example.com" }, /cookieDomain/],
    ["a cookie domain with a trailing dot", { cookieDomain: "example.com." }, /cookieDomain/],
    ["an upper-case cookie domain", { cookieDomain: "Example.com" }, /cookieDomain/],
    ["a single-label cookie domain", { cookieDomain: "localhost" }, /cookieDomain/],
    ["an IPv4 address as cookie domain", { cookieDomain: "192.168.0.10" }, /cookieDomain/],
    ["an IPv6 address as cookie domain", { cookieDomain: "[::1]" }, /cookieDomain/],
    ["a cookie domain with an empty label", { cookieDomain: "docs..example.com" }, /cookieDomain/],
    ["a cookie domain whose label starts with a hyphen", { cookieDomain: "-docs.example.com" }, /cookieDomain/],
    ["a cookie domain with a label over 63 characters", { cookieDomain: `${"a".repeat(64)}.example.com` }, /cookieDomain/],
    ["a cookie domain over 253 characters", { cookieDomain: `${"a.".repeat(126)}com` }, /cookieDomain/],
    ["a cookie domain with an underscore", { cookieDomain: "my_site.example.com" }, /cookieDomain/],
    ["a cookie domain not in its ASCII (xn--) form", { cookieDomain: "bücher.example" }, /cookieDomain/],
    ["a cookie domain with a wildcard", { cookieDomain: "*.example.com" }, /cookieDomain/],
    ["an empty cookie domain", { cookieDomain: "" }, /cookieDomain/],
    ["a cookie domain that is not a string", { cookieDomain: 42 }, /cookieDomain/],
  ];
  it.each(["example.com", "docs.example.co.uk", "xn--bcher-kva.example", "1password.com", "my-site.example"])(
    "takes %s as a cookie domain",
    (cookieDomain) => {
      expect(createTheme({ cookieDomain }).cookieDomain).toBe(cookieDomain);
    },
  );

  it.each(invalid)("refuses %s, naming the option", (_name, options, message) => {
    expect(() => createTheme(options as ThemeOptions)).toThrow(message);
    expect(() => createTheme(options as ThemeOptions)).toThrow(TypeError);
  });
});
