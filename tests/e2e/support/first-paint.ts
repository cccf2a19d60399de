import type { BrowserContextOptions } from "@playwright/test";
import { BACKGROUND, expect, waitForHydration, type Page } from "../fixtures";

/**
 * The first-paint matrix: every combination of JavaScript on or off, OS
 * light or dark, what is stored (nothing, light, dark, system) and where
 * (cookie and localStorage, only the cookie, only localStorage). The
 * server's pages (theme-first-paint.spec.ts) and a static export's
 * (static-export.spec.ts) are held to it.
 */

export type Scheme = "light" | "dark";
type Stored = "light" | "dark" | "system";
type Where = "cookie and localStorage" | "cookie only" | "localStorage only";
export type Case = { javaScript: boolean; os: Scheme; stored: Stored | null; where: Where | null };

export const THEME_COLOR = { light: "#ffffff", dark: "#0f1115" } as const;

export const cases: Case[] = [];
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
export function expected({ javaScript, os, stored, where }: Case): { preference: Stored; theme: Scheme } {
  // Without JavaScript nothing can read localStorage: only the cookie reaches the server.
  const visible = stored !== null && (where !== "localStorage only" || javaScript) ? stored : null;
  const preference = visible ?? "system";
  return { preference, theme: preference === "system" ? os : preference };
}

export function storageState(origin: string, { stored, where }: Case): BrowserContextOptions["storageState"] {
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

export function describeCase({ javaScript, os, stored, where }: Case) {
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
export const explicitThemeColorTags = (theme: Scheme) => [
  { media: theme === "light" ? "all" : "not all", content: THEME_COLOR.light },
  { media: theme === "dark" ? "all" : "not all", content: THEME_COLOR.dark },
];

/**
 * With JavaScript on: the app's bundle is held back until the first frame
 * has been looked at, so what is checked first is the page before
 * hydration; then that hydration changes nothing, both stores hold the
 * preference, and switching works.
 */
export async function expectRightFirstPaintWithJavaScript(page: Page, url: string, themeCase: Case) {
  const want = expected(themeCase);
  await page.addInitScript(recordThemeHistory);
  let released = false;
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : held.push(() => route.continue())));

  await page.goto(url, { waitUntil: "commit" });
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
}
