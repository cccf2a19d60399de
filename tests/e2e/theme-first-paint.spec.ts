import type { BrowserContextOptions } from "@playwright/test";
import { BACKGROUND, expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * The theme is right on the first paint in every combination of JavaScript
 * on or off, OS light or dark, what is stored (nothing, light, dark,
 * system) and where (cookie and localStorage, only the cookie, only
 * localStorage) — and nothing changes it afterwards, hydration included.
 *
 * With JavaScript on, the app's bundle is held back until the first frame
 * has been looked at, so what is checked is the page before hydration.
 */

type Scheme = "light" | "dark";
type Stored = "light" | "dark" | "system";
type Where = "cookie and localStorage" | "cookie only" | "localStorage only";
type Case = { javaScript: boolean; os: Scheme; stored: Stored | null; where: Where | null };

const THEME_COLOR = { light: "#ffffff", dark: "#0f1115" } as const;

const cases: Case[] = [];
for (const javaScript of [true, false]) {
  for (const os of ["light", "dark"] as const) {
    cases.push({ javaScript, os, stored: null, where: null });
    for (const stored of ["light", "dark", "system"] as const) {
      for (const where of ["cookie and localStorage", "cookie only", "localStorage only"] as const) {
        // Without JavaScript nothing can read localStorage: a case that
        // differs from another only there sends the same request and gets
        // the same page, so "cookie only" and "nothing stored" stand for them.
        if (!javaScript && where !== "cookie only") continue;
        cases.push({ javaScript, os, stored, where });
      }
    }
  }
}

/** What the visitor should see, and which preference the page should say is chosen. */
function expected({ javaScript, os, stored, where }: Case): { preference: Stored; theme: Scheme } {
  // Without JavaScript nothing can read localStorage: only the cookie reaches the server.
  const visible = stored !== null && (where !== "localStorage only" || javaScript) ? stored : null;
  const preference = visible ?? "system";
  return { preference, theme: preference === "system" ? os : preference };
}

function storageState(origin: string, { stored, where }: Case): BrowserContextOptions["storageState"] {
  const url = new URL(origin);
  return {
    cookies:
      stored && where !== "localStorage only"
        ? [{ name: "theme", value: stored, domain: url.hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]
        : [],
    origins:
      stored && where !== "cookie only" ? [{ origin: url.origin, localStorage: [{ name: "theme", value: stored }] }] : [],
  };
}

function describeCase({ javaScript, os, stored, where }: Case) {
  const what = stored ? `${stored} stored in ${where}` : "nothing stored";
  return `JavaScript ${javaScript ? "on" : "off"}, OS ${os}, ${what}`;
}

/** Records the first frame and every class <html> ever has, from before the document exists. */
function recordThemeHistory() {
  type Snapshot = { className: string; background: string; themeColor: string | undefined };
  const snapshot = (): Snapshot => ({
    className: document.documentElement.className,
    background: getComputedStyle(document.documentElement).backgroundColor,
    themeColor: [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
      (meta) => !meta.media || matchMedia(meta.media).matches,
    )?.content,
  });
  const history = { firstFrame: null as Snapshot | null, classNames: [] as string[] };
  (window as unknown as { themeHistory: typeof history }).themeHistory = history;
  new MutationObserver(() => {
    const className = document.documentElement?.className ?? "";
    if (history.classNames.at(-1) !== className) history.classNames.push(className);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  requestAnimationFrame(() => {
    history.firstFrame = snapshot();
  });
}

type History = { firstFrame: { className: string; background: string; themeColor?: string }; classNames: string[] };
const readHistory = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeHistory: History }).themeHistory);

/** The theme-color the browser uses: the first meta whose media matches. */
const activeThemeColor = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (meta) => !meta.media || matchMedia(meta.media).matches,
      )?.content,
  );

const themeColorTags = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => ({ media: meta.media, content: meta.content })),
  );

const opposite = (theme: Scheme): Scheme => (theme === "light" ? "dark" : "light");

/** The tags for an explicit choice: both colours, only the chosen one in force. */
const explicitThemeColorTags = (theme: Scheme) => [
  { media: theme === "light" ? "all" : "not all", content: THEME_COLOR.light },
  { media: theme === "dark" ? "all" : "not all", content: THEME_COLOR.dark },
];

for (const themeCase of cases) {
  test(`first paint is right: ${describeCase(themeCase)}`, async ({ newContext, baseURL }) => {
    const want = expected(themeCase);
    const context = await newContext({
      javaScriptEnabled: themeCase.javaScript,
      colorScheme: themeCase.os,
      storageState: storageState(baseURL!, themeCase),
    });
    const page = await context.newPage();

    if (!themeCase.javaScript) {
      await page.goto("/guide/themes");
      await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[want.theme]);
      await expect(page.locator("html")).toHaveAttribute("data-theme-preference", want.preference);
      if (want.preference === "system") await expect(page.locator("html")).not.toHaveAttribute("class", /./);
      else await expect(page.locator("html")).toHaveClass(want.preference);
      await expect(page.locator("html")).toHaveCSS("color-scheme", want.preference === "system" ? "light dark" : want.preference);
      const metas = page.locator('meta[name="theme-color"]');
      await expect(metas).toHaveCount(2);
      if (want.preference === "system") {
        await expect(metas.first()).toHaveAttribute("media", "(prefers-color-scheme: light)");
      } else {
        for (const [index, { media, content }] of explicitThemeColorTags(want.theme).entries()) {
          await expect(metas.nth(index)).toHaveAttribute("content", content);
          await expect(metas.nth(index)).toHaveAttribute("media", media);
        }
      }
      await expect(page.getByRole("button", { name: `${want.preference[0]!.toUpperCase()}${want.preference.slice(1)} theme` })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      return;
    }

    await page.addInitScript(recordThemeHistory);
    let released = false;
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : held.push(() => route.continue())));

    await page.goto("/guide/themes", { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as { themeHistory: History }).themeHistory.firstFrame !== null);

    // Before hydration: what the server sent plus the head script's work.
    const beforeHydration = await readHistory(page);
    expect(beforeHydration.firstFrame.background, "first frame").toBe(BACKGROUND[want.theme]);
    expect(beforeHydration.firstFrame.className).toBe(want.theme);
    expect(beforeHydration.firstFrame.themeColor, "theme-color at the first frame").toBe(THEME_COLOR[want.theme]);

    released = true;
    await Promise.all(held.map((release) => release()));
    await waitForHydration(page);
    await page.waitForLoadState("load");

    const after = await readHistory(page);
    expect(after.classNames.filter((className) => className.includes(opposite(want.theme))), "classes <html> ever had").toEqual([]);
    await expect(page.locator("html")).toHaveClass(want.theme);
    await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[want.theme]);
    await expect(page.locator("html")).toHaveAttribute("data-theme-preference", want.preference);
    expect(await activeThemeColor(page)).toBe(THEME_COLOR[want.theme]);
    // Exactly the tags this preference calls for: none left over from the server's render.
    expect(await themeColorTags(page)).toEqual(
      want.preference === "system"
        ? [
            { media: "(prefers-color-scheme: light)", content: THEME_COLOR.light },
            { media: "(prefers-color-scheme: dark)", content: THEME_COLOR.dark },
          ]
        : explicitThemeColorTags(want.theme),
    );
    const pressed = page.getByRole("group", { name: "Theme" }).getByRole("button", { pressed: true });
    await expect(pressed).toHaveCount(1);
    await expect(pressed).toHaveAttribute("value", want.preference);

    // Both stores end up holding the preference in force.
    const stored = await page.evaluate(() => ({ local: localStorage.getItem("theme"), cookie: document.cookie }));
    if (themeCase.stored) {
      expect(stored.local).toBe(want.preference);
      expect(stored.cookie).toBe(`theme=${want.preference}`);
    }

    // Switching afterwards leaves the same two tags, the new theme's colour in force.
    const other = opposite(want.theme);
    await page.getByRole("button", { name: `${other === "light" ? "Light" : "Dark"} theme` }).click();
    await expect(page.locator("html")).toHaveClass(other);
    await expect.poll(() => themeColorTags(page)).toEqual(explicitThemeColorTags(other));
  });
}
