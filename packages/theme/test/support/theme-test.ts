/**
 * The browser tests' `test`: every page a test opens is watched, and any
 * console error or warning (React's hydration warnings among them) or
 * uncaught error fails the test; plus which app the project runs against,
 * so one spec serves every rendering mode. The idea is the site's
 * (tests/e2e/fixtures.ts), kept here so the package's tests stand alone.
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import fs from "node:fs";
import { serveGoogleFontsOffline } from "./google-fonts.ts";

export type RenderingMode = "server-rendering" | "prerendered" | "spa";

export type AppUnderTest = {
  mode: RenderingMode;
  /** Whether the app's pages say what `useTheme()` returns (the fixture apps do, the newcomer's template does not). */
  showsThemeState: boolean;
  /**
   * The background the app's own stylesheet paints on `<body>` in each theme.
   * The fixture apps have no stylesheet (none: transparent); React Router's
   * default template, the newcomer's app, has Tailwind's
   * `bg-white dark:bg-gray-950`, which follows the theme only once the quick
   * start points `dark:` at it.
   */
  pageBackground?: Record<"light" | "dark", string>;
  /** The app links Google Fonts, as React Router's default template does: served offline (support/google-fonts.ts). */
  googleFonts?: boolean;
};

type ConsoleWatch = { problems: string[]; watch(context: BrowserContext): void };

type Fixtures = {
  app: AppUnderTest;
  consoleWatch: ConsoleWatch;
  /** A fresh browser context (own cookies and storage), watched like the default one. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

export const test = base.extend<Fixtures>({
  app: [{ mode: "server-rendering", showsThemeState: false }, { option: true }],
  // Not built on `context`, so a test that only opens contexts of its own does not pay for the default one.
  consoleWatch: [
    async ({}, use) => {
      const watch: ConsoleWatch = {
        problems: [],
        watch(target) {
          const onPage = (page: Page) => {
            page.on("console", (message) => {
              if (message.type() === "error" || message.type() === "warning") {
                watch.problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
              }
            });
            page.on("pageerror", (error) => watch.problems.push(`pageerror: ${error.message} (${page.url()})`));
          };
          target.pages().forEach(onPage);
          target.on("page", onPage);
        },
      };
      await use(watch);
      expect(watch.problems, "the console stays empty").toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, consoleWatch, app }, use) => {
    consoleWatch.watch(context);
    if (app.googleFonts) await serveGoogleFontsOffline(context);
    await use(context);
  },
  newContext: async ({ browser, consoleWatch, baseURL, app }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, ...options });
      consoleWatch.watch(context);
      if (app.googleFonts) await serveGoogleFontsOffline(context);
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
export type { BrowserContext, Page };

export type Scheme = "light" | "dark";
export type Preference = Scheme | "system";

/** The package's default `colors`, the theme-color pair. */
export const THEME_COLOR = { light: "#ffffff", dark: "#121212" } as const;
/**
 * The apps have no stylesheet, so what the browser paints comes from
 * `color-scheme` alone: its default text colour (CanvasText) tells the two apart.
 */
export const TEXT_COLOR = { light: "rgb(0, 0, 0)", dark: "rgb(255, 255, 255)" } as const;
/** `<body>`'s background where the app's stylesheet sets none. */
export const NO_BACKGROUND = "rgba(0, 0, 0, 0)";

export const opposite = (scheme: Scheme): Scheme => (scheme === "light" ? "dark" : "light");

/** The default ThemeSwitcher's buttons, named by their default labels. */
export const themeButton = (page: Page, preference: Preference) =>
  page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${preference[0]!.toUpperCase()}${preference.slice(1)}`, exact: true });

/** Resolves once React has hydrated the switcher: its buttons have React's props attached. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('button[name="theme"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/** <html> shows `theme`, resolved from `preference`. */
export async function expectTheme(page: Page, theme: Scheme, preference: Preference = theme) {
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme-preference", preference);
  await expect(html).toHaveClass(theme);
  await expect(html).toHaveCSS("color", TEXT_COLOR[theme]);
}

export async function expectPressed(page: Page, chosen: Preference) {
  for (const preference of ["light", "dark", "system"] as const) {
    await expect(themeButton(page, preference)).toHaveAttribute("aria-pressed", String(preference === chosen));
  }
}

const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/**
 * Fails when the README no longer says what a test asserts about a mode's
 * limits, so the behaviour and the documentation cannot drift apart unseen.
 */
export function expectReadmeToSay(passage: string) {
  const normalise = (text: string) => text.replace(/\s+/g, " ");
  expect(normalise(readme), "the README documents this").toContain(normalise(passage));
}

export async function themeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "theme");
}

export const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

/** A value on window that only survives if the document does: no reload, no navigation. */
export async function markDocument(page: Page): Promise<string> {
  const marker = `marker-${Math.random()}`;
  await page.evaluate((value) => ((window as unknown as { marker: string }).marker = value), marker);
  return marker;
}
export const readMarker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

/** Counts main-frame navigations from now on, same-document ones included. */
export function countNavigations(page: Page): () => number {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** The radio-group variant's options on the fixture apps' settings page. */
export const themeRadio = (page: Page, preference: Preference) =>
  page.getByRole("group", { name: "Colour theme" }).getByRole("radio", { name: `${preference[0]!.toUpperCase()}${preference.slice(1)}`, exact: true });
