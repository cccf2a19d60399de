import { describe, expect, it } from "vitest";
import { parseThemePreference, resolveTheme, themePreferences, type ThemePreference } from "./preference.js";

describe("parseThemePreference", () => {
  it.each(themePreferences)("accepts %j exactly as written", (value) => {
    expect(parseThemePreference(value)).toBe(value);
  });

  const notPreferences: Array<[string, unknown]> = [
    ["upper case", "DARK"],
    ["capitalised", "Light"],
    ["a leading space", " dark"],
    ["a trailing space", "dark "],
    ["a trailing newline", "dark\n"],
    ["a NUL byte", "dark\u0000"],
    ["an empty string", ""],
    ["another colour", "purple"],
    ["a prefix of a value", "sys"],
    ["a value with more after it", "darker"],
    ["undefined", undefined],
    ["null", null],
    ["a number", 1],
    ["a boolean", true],
    ["an array holding a valid value", ["dark"]],
    ["an object", { theme: "dark" }],
    ["a String object", new String("dark")],
    ["an inherited property name", "toString"],
    ["an array method name", "includes"],
  ];
  it.each(notPreferences)("refuses %s", (_name, value) => {
    expect(parseThemePreference(value)).toBeNull();
  });
});

describe("resolveTheme", () => {
  const cases: Array<[ThemePreference, boolean, "light" | "dark"]> = [
    ["light", false, "light"],
    ["light", true, "light"],
    ["dark", false, "dark"],
    ["dark", true, "dark"],
    ["system", false, "light"],
    ["system", true, "dark"],
  ];
  it.each(cases)("resolves %s with a dark system = %s to %s", (preference, systemPrefersDark, expected) => {
    expect(resolveTheme(preference, systemPrefersDark)).toBe(expected);
  });
});
