import type { BrowserContextOptions } from "@playwright/test";
import {
  expect,
  expectReadmeToSay,
  NO_BACKGROUND,
  opposite,
  test,
  TEXT_COLOR,
  THEME_COLOR,
  waitForHydration,
  type AppUnderTest,
  type Page,
  type Preference,
  type Scheme,
} from "../support/theme-test.ts";

/**
 * The theme is right on the first paint in every combination of JavaScript
 * on or off, OS light or dark, and what the browser holds (nothing, a
 * preference in the cookie, in localStorage or both, or values that are
 * not preferences) — and nothing changes it afterwards, hydration included.
 * "Right" covers `<html>` and the page's own styles: `<body>`'s background
 * (from the app's stylesheet, where it has one: Tailwind's `dark:` classes in
 * the newcomer's template) and its `color-scheme`, which no stylesheet may
 * set apart from `<html>`'s.
 *
 * With JavaScript on, the app's bundle is held back until the first frame
 * has been looked at, so what is checked is the page before hydration.
 */

type Case = {
  javaScript: boolean;
  os: Scheme;
  /** Raw values, valid or not. */
  cookie: string | null;
  localStorage: string | null;
  description: string;
};

const cases: Case[] = [];
for (const javaScript of [true, false]) {
  for (const os of ["light", "dark"] as const) {
    const add = (cookie: string | null, localStorage: string | null, description: string) => {
      // Without JavaScript nothing can read localStorage: a case that differs
      // from another only there sends the same request and gets the same
      // page, so the cases without it stand for those with it.
      if (!javaScript && localStorage !== null) return;
      cases.push({ javaScript, os, cookie, localStorage, description });
    };
    add(null, null, "nothing stored");
    for (const stored of ["light", "dark", "system"] as const) {
      add(stored, stored, `${stored} in the cookie and localStorage`);
      add(stored, null, `${stored} in the cookie only`);
      add(null, stored, `${stored} in localStorage only`);
    }
    // Near misses: the parser is exact, so these are no preference at all.
    add("DARK", null, "a bogus cookie");
    add(null, "sepia", "a bogus localStorage value");
    add("DARK", "sepia", "a bogus cookie and localStorage value");
  }
}

const valid = (value: string | null): Preference | null =>
  value === "light" || value === "dark" || value === "system" ? value : null;

/** What the visitor should see, as the README's "Rendering modes" promises for each mode. */
function expected(app: AppUnderTest, { javaScript, os, cookie, localStorage }: Case): { preference: Preference; theme: Scheme } {
  let preference: Preference;
  if (javaScript) {
    // The head script: a valid cookie, else a valid stored value, else the default.
    preference = valid(cookie) ?? valid(localStorage) ?? "system";
  } else if (app.mode === "server-rendering") {
    // Only the cookie reaches a server.
    preference = valid(cookie) ?? "system";
  } else {
    // A prerendered page, or SPA mode's one page, was made for nobody.
    preference = "system";
  }
  return { preference, theme: preference === "system" ? os : preference };
}

function storageState(origin: string, { cookie, localStorage }: Case): BrowserContextOptions["storageState"] {
  const url = new URL(origin);
  return {
    cookies:
      cookie === null
        ? []
        : [{ name: "theme", value: cookie, domain: url.hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
    origins: localStorage === null ? [] : [{ origin: url.origin, localStorage: [{ name: "theme", value: localStorage }] }],
  };
}

type State = {
  className: string;
  preference: string | undefined;
  colorScheme: string;
  color: string;
  themeColor: string | undefined;
  bodyBackground: string | null;
  bodyColorScheme: string | null;
};
type History = { firstFrame: State | null; statesFromFirstFrame: State[] };

/**
 * Runs before the document exists: records what <html> looks like in the
 * first frame, and every state it is in from then on.
 */
function recordThemeHistory() {
  const read = (): State => {
    const html = document.documentElement;
    const body = document.body ? getComputedStyle(document.body) : null;
    return {
      className: html.className,
      preference: html.dataset.themePreference,
      colorScheme: html.style.colorScheme,
      color: getComputedStyle(html).color,
      themeColor: [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find((meta) =>
        matchMedia(meta.media || "all").matches,
      )?.content,
      bodyBackground: body?.backgroundColor ?? null,
      bodyColorScheme: body?.colorScheme ?? null,
    };
  };
  const history: History = { firstFrame: null, statesFromFirstFrame: [] };
  (window as unknown as { themeHistory: History }).themeHistory = history;
  new MutationObserver(() => {
    if (!history.firstFrame) return;
    const state = read();
    if (JSON.stringify(history.statesFromFirstFrame.at(-1)) !== JSON.stringify(state)) history.statesFromFirstFrame.push(state);
  }).observe(document, { subtree: true, childList: true, attributes: true });
  requestAnimationFrame(() => {
    history.firstFrame = read();
    history.statesFromFirstFrame.push(history.firstFrame);
  });
}

const readHistory = (page: Page) => page.evaluate(() => (window as unknown as { themeHistory: History }).themeHistory);

const themeColorTags = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => ({ content: meta.content, media: meta.media })),
  );

/** Both tags are always there; only their media says which one applies. */
function expectedThemeColorTags(preference: Preference) {
  return (["light", "dark"] as const).map((side) => ({
    content: THEME_COLOR[side],
    media: preference === "system" ? `(prefers-color-scheme: ${side})` : side === preference ? "all" : "not all",
  }));
}

function wantedState(app: AppUnderTest, { preference, theme }: { preference: Preference; theme: Scheme }): State {
  const colorScheme = preference === "system" ? "light dark" : preference;
  return {
    className: theme,
    preference,
    colorScheme,
    color: TEXT_COLOR[theme],
    themeColor: THEME_COLOR[theme],
    bodyBackground: app.pageBackground?.[theme] ?? NO_BACKGROUND,
    bodyColorScheme: colorScheme,
  };
}

test.describe("first paint", () => {
  for (const themeCase of cases) {
    const title = `JavaScript ${themeCase.javaScript ? "on" : "off"}, OS ${themeCase.os}, ${themeCase.description}`;
    test(`is right and never changes: ${title}`, async ({ newContext, baseURL, app }) => {
      const want = expected(app, themeCase);
      // What the README's conformance matrix shows for this case (scripts/conformance-matrix.ts).
      test.info().annotations.push({ type: "shows", description: want.preference === "system" ? `system (${want.theme})` : want.preference });
      const context = await newContext({
        javaScriptEnabled: themeCase.javaScript,
        colorScheme: themeCase.os,
        storageState: storageState(baseURL!, themeCase),
      });
      const page = await context.newPage();
      const html = page.locator("html");
      const pressed = page.getByRole("group", { name: "Theme" }).getByRole("button", { pressed: true });

      if (!themeCase.javaScript) {
        await page.goto("/");
        await expect(html).toHaveAttribute("data-theme-preference", want.preference);
        // No script ran: for "system" the class stays off and color-scheme follows the OS.
        if (want.preference === "system") await expect(html).not.toHaveAttribute("class");
        else await expect(html).toHaveClass(want.preference);
        await expect(html).toHaveCSS("color-scheme", want.preference === "system" ? "light dark" : want.preference);
        await expect(html).toHaveCSS("color", TEXT_COLOR[want.theme]);
        const body = page.locator("body");
        await expect(body).toHaveCSS("background-color", app.pageBackground?.[want.theme] ?? NO_BACKGROUND);
        await expect(body).toHaveCSS("color-scheme", want.preference === "system" ? "light dark" : want.preference);
        expect(await themeColorTags(page)).toEqual(expectedThemeColorTags(want.preference));
        await expect(pressed).toHaveAttribute("value", want.preference);
        if (app.mode !== "server-rendering" && valid(themeCase.cookie) && want.preference !== valid(themeCase.cookie)) {
          expectReadmeToSay(
            app.mode === "spa"
              ? "**SPA mode**: the default preference."
              : "**Prerendered pages**: the default preference (the page was made for nobody).",
          );
        }
        return;
      }

      await page.addInitScript(recordThemeHistory);
      let released = false;
      const held: (() => Promise<void>)[] = [];
      await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : held.push(() => route.continue())));

      await page.goto("/", { waitUntil: "commit" });
      await page.waitForFunction(() => (window as unknown as { themeHistory: History }).themeHistory.firstFrame !== null);
      const beforeHydration = await readHistory(page);
      expect(beforeHydration.firstFrame, "the first frame").toEqual(wantedState(app, want));

      released = true;
      await Promise.all(held.map((release) => release()));
      await waitForHydration(page);
      await page.waitForLoadState("load");
      await expect(pressed).toHaveAttribute("value", want.preference);
      if (app.showsThemeState) {
        // useTheme() after hydration: the preference and, in the browser, what it resolves to.
        await expect(page.locator(".theme-state")).toHaveText(`Preference: ${want.preference}; showing: ${want.theme}`);
      }

      const after = await readHistory(page);
      expect(after.statesFromFirstFrame, "every state <html> was in from the first frame on").toEqual([wantedState(app, want)]);
      // Exactly the two tags, with the media for this preference: none left over from the server's render.
      expect(await themeColorTags(page)).toEqual(expectedThemeColorTags(want.preference));

      // Both stores end up holding a valid preference in force.
      const stored = await page.evaluate(() => ({ local: localStorage.getItem("theme"), cookie: document.cookie }));
      if (valid(themeCase.cookie) || valid(themeCase.localStorage)) {
        expect(stored.local).toBe(want.preference);
        expect(stored.cookie).toBe(`theme=${want.preference}`);
      }

      // A switch afterwards leaves the same two tags, now pointing at the new theme.
      const other = opposite(want.theme);
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: other === "light" ? "Light" : "Dark", exact: true }).click();
      await expect(html).toHaveClass(other);
      await expect.poll(() => themeColorTags(page)).toEqual(expectedThemeColorTags(other));
    });
  }
});
