import { describe, expect, it } from "vitest";
import { createTheme, type ThemeOptions } from "./create-theme.js";

describe("createTheme", () => {
  it("defaults to system, a class, a cookie and a key named theme, and the /theme endpoint", () => {
    expect({ ...createTheme() }).toEqual({
      defaultPreference: "system",
      attribute: "class",
      cookieName: "theme",
      storageKey: "theme",
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
      colors: { light: "#fafafa", dark: "#0b0b0b" },
      colorScheme: false,
      endpoint: null,
      viewTransition: true,
    });
    expect(theme).toMatchObject({ defaultPreference: "dark", attribute: "data-mode", cookieName: "mode", storageKey: "app:mode" });
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
  ];
  it.each(invalid)("refuses %s, naming the option", (_name, options, message) => {
    expect(() => createTheme(options as ThemeOptions)).toThrow(message);
    expect(() => createTheme(options as ThemeOptions)).toThrow(TypeError);
  });
});
