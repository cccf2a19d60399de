import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { compile } from "tailwindcss";
import { expect, test, type Page, type Scheme } from "../support/theme-test.ts";

/**
 * The README's Tailwind CSS v4 recipes (`@custom-variant dark …`), compiled
 * with Tailwind as an app's build would, then tried in Chromium: a `dark:`
 * utility applies exactly when the recipe says the page is dark, for every
 * state `<html>` can be in (the theme set to dark, to light, or not set, as
 * with "system" and JavaScript off) under a light and a dark OS. No app and
 * no server: each state is a page of its own, made with `setContent`.
 */

const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function tailwindSection(): string {
  const heading = "### Tailwind CSS v4\n";
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error('The README has no "### Tailwind CSS v4" section.');
  const rest = readme.slice(start + heading.length);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

type Recipe = {
  css: string;
  /** The attribute `<html>` carries the theme in, as the recipe selects it. */
  strategy: "class" | "data-theme";
  /** Whether, with no theme on `<html>` ("system", JavaScript off), the OS decides; else the page is light. */
  osDecidesWithoutTheme: boolean;
};

const recipes: Recipe[] = [...tailwindSection().matchAll(/^```css\n([\s\S]*?)^```$/gm)]
  .map(([, css = ""]) => css)
  .filter((css) => css.includes("@custom-variant dark"))
  .map((css) => ({
    css,
    strategy: css.includes("data-theme") ? "data-theme" : "class",
    osDecidesWithoutTheme: css.includes("prefers-color-scheme"),
  }));

const require = createRequire(import.meta.url);

/** Tailwind's own compiler, with `@import "tailwindcss"` and its imports read from node_modules. */
async function buildCss(recipe: Recipe, candidates: string[]): Promise<string> {
  const source = recipe.css.includes('@import "tailwindcss"') ? recipe.css : `@import "tailwindcss";\n${recipe.css}`;
  const compiler = await compile(source, {
    base: process.cwd(),
    async loadStylesheet(id, base) {
      const file = id === "tailwindcss" ? require.resolve("tailwindcss/index.css") : path.resolve(base, id);
      return { path: file, base: path.dirname(file), content: fs.readFileSync(file, "utf8") };
    },
  });
  return compiler.build(candidates);
}

const DARK = "rgb(0, 0, 0)";
const LIGHT = "rgb(255, 255, 255)";
const utilities = "bg-white dark:bg-black";

/** What `<html>` and an element inside the page paint, with `<html>` carrying `theme` (or nothing). */
async function paint(page: Page, css: string, strategy: Recipe["strategy"], theme: Scheme | null) {
  const themeAttribute = theme === null ? "" : strategy === "class" ? theme : "";
  const dataTheme = theme !== null && strategy === "data-theme" ? ` data-theme="${theme}"` : "";
  await page.setContent(
    `<!doctype html><html class="${themeAttribute} ${utilities}"${dataTheme}><head><style>${css}</style></head>` +
      `<body><p class="${utilities}">text</p></body></html>`,
  );
  const background = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
  return { html: await background("html"), inside: await background("p") };
}

test("The README has both recipes for each strategy: with the OS's say for no theme, and the one-line form", () => {
  expect(recipes.map(({ strategy, osDecidesWithoutTheme }) => `${strategy}, ${osDecidesWithoutTheme ? "OS fallback" : "one line"}`).sort()).toEqual([
    "class, OS fallback",
    "class, one line",
    "data-theme, OS fallback",
    "data-theme, one line",
  ]);
});

for (const recipe of recipes) {
  const name = `${recipe.strategy === "class" ? "class" : "data attribute"}${recipe.osDecidesWithoutTheme ? ", OS fallback" : ", one line"}`;
  test(`The Tailwind recipe (${name}) makes dark: follow <html>`, async ({ page }) => {
    const css = await buildCss(recipe, utilities.split(" "));
    for (const os of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: os });
      for (const theme of ["light", "dark", null] as const) {
        const dark = theme === "dark" || (theme === null && recipe.osDecidesWithoutTheme && os === "dark");
        const want = dark ? DARK : LIGHT;
        expect(await paint(page, css, recipe.strategy, theme), `OS ${os}, <html> theme ${theme ?? "not set"}`).toEqual({ html: want, inside: want });
      }
    }
  });
}
