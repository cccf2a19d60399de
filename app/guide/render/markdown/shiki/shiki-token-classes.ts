import type { Element } from "hast";
import type { ShikiTransformer, ThemeRegistration } from "shiki";
import darkTheme from "shiki/themes/github-dark-default.mjs";
import lightTheme from "shiki/themes/github-light-default.mjs";

/**
 * Token colours as classes instead of a style pair on every token: a long
 * page is several times smaller, and the rules are a fixed set known when
 * the site is built, kept in app/styles/code.css (no extra request, no
 * inline style, so the Content-Security-Policy needs nothing for them).
 *
 * The two GitHub themes list the same scopes in the same order, so a token's
 * light and dark colours always come from the same rule: each distinct pair
 * of the themes is one class (`tk1`, `tk2`…), and bold/italic/underline/
 * strike-through are one class each. The default pair is no class at all;
 * the block's own colour applies. code.css is checked against this table
 * by a test.
 *
 * The same fact lets the grammar run once per block: Shiki runs it once for
 * each theme of a pair, and that tokenizing is most of a page's rendering.
 * `pairedTheme` is one theme with the GitHub themes' rules, each coloured
 * with a code that names its light and dark colours; the classes are read
 * from the codes. A test holds it to Shiki's own two-theme tokens.
 */

/** The GitHub themes, light and dark; `pairedTheme` stands for both. */
export const shikiThemes = { light: "github-light-default", dark: "github-dark-default" } as const;

type Pair = { light: string; dark: string };

const fontClasses: Record<string, string> = {
  "font-style:italic": "tk-i",
  "font-weight:bold": "tk-b",
  "text-decoration:underline": "tk-u",
  "text-decoration:line-through": "tk-s",
};

function foreground(theme: ThemeRegistration): string {
  return (theme.colors?.["editor.foreground"] ?? theme.fg ?? "#000000").toLowerCase();
}

const lightRules = lightTheme.tokenColors ?? [];
const darkRules = darkTheme.tokenColors ?? [];
const sameRules =
  lightRules.length === darkRules.length &&
  lightRules.every((rule, index) => {
    const dark = darkRules[index]!;
    return JSON.stringify(rule.scope) === JSON.stringify(dark.scope) && rule.settings.fontStyle === dark.settings.fontStyle && !rule.settings.foreground === !dark.settings.foreground;
  });
// A Shiki update that parts the themes fails every render and the tests, rather than colouring code wrongly.
if (!sameRules) throw new Error("The light and dark code themes no longer list the same rules; pairedTheme cannot stand for both");

const defaultPair: Pair = { light: foreground(lightTheme), dark: foreground(darkTheme) };

/** Each rule's pair, in rule order, duplicates once; the default pair is not a rule's. */
function colourPairs(): Pair[] {
  const seen = new Set<string>();
  const found: Pair[] = [];
  for (const [index, rule] of lightRules.entries()) {
    const light = rule.settings.foreground?.toLowerCase();
    const dark = darkRules[index]!.settings.foreground?.toLowerCase();
    if (!light || !dark || seen.has(`${light}|${dark}`)) continue;
    seen.add(`${light}|${dark}`);
    found.push({ light, dark });
  }
  return found.filter((pair) => pair.light !== defaultPair.light || pair.dark !== defaultPair.dark);
}

const pairs = colourPairs();
const classByPair = new Map(pairs.map((pair, index) => [`${pair.light}|${pair.dark}`, `tk${index + 1}`]));

// The codes: "#000000" for the default pair, "#000001" for tk1, and so on.
const codeOf = (pair: Pair) => `#${(pairs.findIndex((other) => other.light === pair.light && other.dark === pair.dark) + 1).toString(16).padStart(6, "0")}`;
const pairByCode = new Map<string, Pair>([[codeOf(defaultPair), defaultPair], ...pairs.map((pair) => [codeOf(pair), pair] as const)]);

/** The light and dark colours a token of `pairedTheme` stands for, by its colour's code. */
export function pairOf(code: string): Pair | undefined {
  return pairByCode.get(code.toLowerCase());
}

/** The light and dark GitHub themes as one: their rules, each coloured with the code of its pair; no backgrounds (the classes carry none). */
export const pairedTheme: ThemeRegistration = {
  name: "github-light-dark-paired",
  type: "light",
  colors: { "editor.foreground": codeOf(defaultPair), "editor.background": "#ffffff" },
  tokenColors: lightRules.map((rule, index) => {
    const { foreground: light, background: _background, ...settings } = rule.settings;
    const dark = darkRules[index]!.settings.foreground;
    return { ...rule, settings: light && dark ? { ...settings, foreground: codeOf({ light: light.toLowerCase(), dark: dark.toLowerCase() }) } : settings };
  }),
};

/** The stylesheet rules for the classes, as app/styles/code.css holds them. */
export function tokenClassesCss(): string {
  const colours = pairs.map((pair, index) => `.shiki .tk${index + 1} { color: light-dark(${pair.light}, ${pair.dark}); }`);
  const fonts = Object.entries(fontClasses).map(([declaration, name]) => `.shiki .${name} { ${declaration.replace(":", ": ")}; }`);
  return [
    `.shiki { color: light-dark(${defaultPair.light}, ${defaultPair.dark}); background: light-dark(${lightTheme.colors?.["editor.background"] ?? "#ffffff"}, ${darkTheme.colors?.["editor.background"] ?? "#000000"}); }`,
    ...colours,
    ...fonts,
  ].join("\n");
}

/** `color:#000003;font-style:italic` → the pair its code names, and its font declarations. */
function readStyle(style: string): { pair?: Pair; fonts: string[] } {
  const result: { pair?: Pair; fonts: string[] } = { fonts: [] };
  for (const declaration of style.split(";")) {
    const [name = "", value = ""] = declaration.split(":").map((part) => part.trim());
    if (name === "color") result.pair = pairOf(value);
    else if (name.startsWith("font-") || name === "text-decoration") result.fonts.push(`${name}:${value}`);
  }
  return result;
}

export function transformerTokenClasses(): ShikiTransformer {
  return {
    name: "token-classes",
    pre(node) {
      delete node.properties.style;
      // The theme's name says nothing the stylesheet uses.
      const themeNames = new Set<string>([pairedTheme.name!]);
      const value = node.properties.class;
      const all = Array.isArray(value) ? value.map(String) : String(value ?? "").split(/\s+/);
      node.properties.class = all.filter((name) => name && !themeNames.has(name)).join(" ");
    },
    span(node) {
      toClasses(node);
    },
    line(node) {
      // A token in the block's own colour needs no element: its text is enough.
      node.children = node.children.flatMap((child) =>
        child.type === "element" && child.tagName === "span" && Object.keys(child.properties).length === 0 ? child.children : [child],
      );
    },
  };
}

function toClasses(node: Element) {
  const style = node.properties.style;
  if (typeof style !== "string") return;
  const { pair, fonts } = readStyle(style);
  const classes: string[] = [];
  const name = pair && classByPair.get(`${pair.light}|${pair.dark}`);
  if (name) classes.push(name);
  for (const font of fonts) {
    for (const part of font.split(":")[1]?.split(/\s+/) ?? []) {
      const name = fontClasses[`${font.split(":")[0]}:${part}`];
      if (name) classes.push(name);
    }
  }
  delete node.properties.style;
  if (classes.length > 0) node.properties.class = classes.join(" ");
}
