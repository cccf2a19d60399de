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
 * the block's own colour applies. A pair outside the table (a theme update
 * could make one) keeps an inline `light-dark()` colour rather than losing
 * it, and code.css is checked against this table by a test.
 */
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

function colourPairs(): Pair[] {
  const light = lightTheme.tokenColors ?? [];
  const dark = darkTheme.tokenColors ?? [];
  const seen = new Set<string>();
  const pairs: Pair[] = [];
  for (const [index, rule] of light.entries()) {
    const lightColour = rule.settings.foreground?.toLowerCase();
    const darkColour = dark[index]?.settings.foreground?.toLowerCase();
    if (!lightColour || !darkColour) continue;
    const key = `${lightColour}|${darkColour}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ light: lightColour, dark: darkColour });
  }
  return pairs;
}

const defaultPair: Pair = { light: foreground(lightTheme), dark: foreground(darkTheme) };
const pairs = colourPairs().filter((pair) => pair.light !== defaultPair.light || pair.dark !== defaultPair.dark);
const classByPair = new Map(pairs.map((pair, index) => [`${pair.light}|${pair.dark}`, `tk${index + 1}`]));

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

/** `--shiki-light:#CF222E;--shiki-dark:#FF7B72;--shiki-light-font-style:italic;…` → its parts. */
function readStyle(style: string): { light?: string; dark?: string; fonts: string[] } {
  const result: { light?: string; dark?: string; fonts: string[] } = { fonts: [] };
  for (const declaration of style.split(";")) {
    const [name = "", value = ""] = declaration.split(":").map((part) => part.trim());
    if (name === "--shiki-light") result.light = value.toLowerCase();
    else if (name === "--shiki-dark") result.dark = value.toLowerCase();
    else if (name.startsWith("--shiki-light-")) result.fonts.push(`${name.slice("--shiki-light-".length)}:${value}`);
  }
  return result;
}

export function transformerTokenClasses(): ShikiTransformer {
  return {
    name: "token-classes",
    pre(node) {
      delete node.properties.style;
      // "shiki-themes github-light-default …" say nothing the stylesheet uses.
      const themeNames = new Set<string>(["shiki-themes", ...Object.values(shikiThemes)]);
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
  const { light, dark, fonts } = readStyle(style);
  const classes: string[] = [];
  let inline = "";
  const isDefault = light === defaultPair.light && dark === defaultPair.dark;
  if (light && dark && !isDefault) {
    const name = classByPair.get(`${light}|${dark}`);
    if (name) classes.push(name);
    else inline = `color:light-dark(${light},${dark})`;
  }
  for (const font of fonts) {
    for (const part of font.split(":")[1]?.split(/\s+/) ?? []) {
      const name = fontClasses[`${font.split(":")[0]}:${part}`];
      if (name) classes.push(name);
    }
  }
  delete node.properties.style;
  if (inline) node.properties.style = inline;
  if (classes.length > 0) node.properties.class = classes.join(" ");
}
