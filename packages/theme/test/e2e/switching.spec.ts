import type { Route } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../../../../tests/browser.ts";
import {
  countNavigations,
  expect,
  expectPressed,
  expectReadmeToSay,
  expectTheme,
  markDocument,
  readMarker,
  storedTheme,
  test,
  themeButton,
  themeCookie,
  themeRadio,
  waitForHydration,
  type Page,
  type Scheme,
} from "../support/theme-test.ts";

/**
 * Changing the theme in each rendering mode, with and without JavaScript,
 * and keeping up afterwards with the OS, other tabs and the back/forward
 * cache. Every page's console is watched (see theme-test.ts): a hydration
 * warning or any other error fails the test it appears in.
 */

test.use({ colorScheme: "light" });

/** Pauses every request to the theme route until the test lets it go. */
async function holdThemeRequests(page: Page): Promise<() => Promise<Route>> {
  const held: Route[] = [];
  let notify = () => {};
  await page.route("**/theme", (route) => {
    held.push(route);
    notify();
  });
  return () => (held.length > 0 ? Promise.resolve(held[0]!) : new Promise<Route>((resolve) => (notify = () => resolve(held[0]!))));
}

/** Records, inside the page, whether <html> was dark by the animation frame after the next click. */
async function watchNextClick(page: Page) {
  await page.evaluate(() => {
    const timing: { darkInNextFrame?: boolean } = {};
    (window as unknown as { timing: typeof timing }).timing = timing;
    addEventListener(
      "click",
      () => requestAnimationFrame(() => (timing.darkInNextFrame = document.documentElement.classList.contains("dark"))),
      { capture: true, once: true },
    );
  });
  return async () => {
    await page.waitForFunction(() => "darkInNextFrame" in (window as unknown as { timing: object }).timing);
    return page.evaluate(() => (window as unknown as { timing: { darkInNextFrame: boolean } }).timing.darkInNextFrame);
  };
}

test.describe("with JavaScript", () => {
  test("a button shows the theme in the same frame as the click, presses it, stores it in both places, and never navigates", async ({
    page,
    context,
    app,
  }) => {
    await page.goto("/about?from=test");
    await waitForHydration(page);
    await expectTheme(page, "light", "system");
    await expectPressed(page, "system");
    const held = app.mode === "spa" ? null : await holdThemeRequests(page);
    const marker = await markDocument(page);
    const navigations = countNavigations(page);
    const darkInNextFrame = await watchNextClick(page);

    await themeButton(page, "dark").click();
    expect(await darkInNextFrame(), "dark by the next animation frame").toBe(true);
    await expectTheme(page, "dark");
    await expectPressed(page, "dark");
    await expect(themeButton(page, "dark")).toBeFocused();
    expect(await storedTheme(page)).toBe("dark");
    expect(await themeCookie(context)).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });

    if (held) {
      // The background save, still held: everything above happened without the server.
      const route = await held();
      expect(route.request().method()).toBe("POST");
      expect(route.request().postData()).toBe("theme=dark");
      // The page's fetch is a keepalive one, whose answer the browser does not expose: ask the server here, and hand the page its answer.
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ theme: "dark" });
      expect(response.headers()["set-cookie"]).toMatch(/^theme=dark; Max-Age=31536000; Path=\/; SameSite=Lax$/);
      await route.fulfill({ response });
    }
    expect(await readMarker(page)).toBe(marker);
    expect(navigations()).toBe(0);
    await expect(page).toHaveURL(/\/about\?from=test$/);

    // And it lasts: a reload is served (or painted, for the prerendered and SPA pages) dark.
    await page.goto("/");
    await expectTheme(page, "dark");
    await waitForHydration(page);
    await expectPressed(page, "dark");
  });

  test("the radio group applies a choice at once, and Save then has nothing to do", async ({ page, context }) => {
    await page.goto("/settings");
    await waitForHydration(page);
    await expect(themeRadio(page, "system")).toBeChecked();
    const marker = await markDocument(page);
    const navigations = countNavigations(page);

    await themeRadio(page, "dark").check();
    await expectTheme(page, "dark");
    await expect(themeRadio(page, "dark")).toBeFocused();
    await expect(page.locator(".theme-state")).toHaveText("Preference: dark");
    await expectPressed(page, "dark");
    expect(await storedTheme(page)).toBe("dark");
    expect(await themeCookie(context)).toMatchObject({ value: "dark" });

    await themeRadio(page, "system").check();
    await expectTheme(page, "light", "system");
    const save = page.getByRole("button", { name: "Save" });
    if (await save.count()) await save.click();
    await expect(themeRadio(page, "system")).toBeChecked();
    expect(await readMarker(page)).toBe(marker);
    expect(navigations()).toBe(0);
    expect(await storedTheme(page)).toBe("system");
  });

  test('"system" follows the OS live, and an explicit choice does not', async ({ page, app }) => {
    await page.goto("/");
    await waitForHydration(page);
    const marker = await markDocument(page);

    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "dark", "system");
    if (app.showsThemeState) await expect(page.locator(".theme-state")).toHaveText("Preference: system; showing: dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme(page, "light", "system");
    if (app.showsThemeState) await expect(page.locator(".theme-state")).toHaveText("Preference: system; showing: light");

    await themeButton(page, "light").click();
    await expectTheme(page, "light");
    // Wait until the page itself has seen the OS change, then one more frame.
    await page.evaluate(() => {
      matchMedia("(prefers-color-scheme: dark)").addEventListener(
        "change",
        () => requestAnimationFrame(() => ((window as unknown as { osChanged: boolean }).osChanged = true)),
        { once: true },
      );
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => (window as unknown as { osChanged?: boolean }).osChanged === true);
    await expectTheme(page, "light");
    await expectPressed(page, "light");
    expect(await readMarker(page)).toBe(marker);
  });

  test("a choice in one tab shows in another open tab, without reloading it", async ({ page, context }) => {
    const other = await context.newPage();
    await page.goto("/");
    await other.goto("/about");
    await Promise.all([waitForHydration(page), waitForHydration(other)]);
    const marker = await markDocument(other);

    await themeButton(page, "dark").click();
    await expectTheme(other, "dark");
    await expectPressed(other, "dark");

    await themeButton(other, "system").click();
    await expectTheme(page, "light", "system");
    await expectPressed(page, "system");
    expect(await readMarker(other)).toBe(marker);
  });

  test("a page restored from the back/forward cache shows the theme chosen while it was away", async ({
    playwright,
    consoleWatch,
    baseURL,
  }) => {
    // Playwright turns the cache off by default; this browser has it on.
    const browser = await playwright.chromium.launch({
      executablePath: chromiumExecutable(),
      args: chromiumArgs,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      const context = await browser.newContext({ baseURL, colorScheme: "light" });
      consoleWatch.watch(context);
      const page = await context.newPage();
      await page.addInitScript(() => {
        addEventListener("pageshow", (event) => {
          if (event.persisted) (window as unknown as { restored?: boolean }).restored = true;
        });
      });
      await page.goto("/");
      await waitForHydration(page);
      await themeButton(page, "light").click();
      await expectTheme(page, "light");
      const marker = await markDocument(page);

      // A document of its own (not a client-side navigation), so going back can restore "/" from the cache.
      await page.goto("/about");
      await waitForHydration(page);
      await themeButton(page, "dark").click();
      await expectTheme(page, "dark");

      // A page restored from the cache fires no load event: wait for the commit only.
      await page.goBack({ waitUntil: "commit" });
      await expect(page).toHaveURL(/\/$/);
      const restored = await page.evaluate(() => ({
        marker: (window as unknown as { marker?: string }).marker,
        persisted: (window as unknown as { restored?: boolean }).restored === true,
      }));
      expect(restored, "the page came back from the back/forward cache").toEqual({ marker, persisted: true });
      await expectTheme(page, "dark");
      await expectPressed(page, "dark");
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test("going back without the back/forward cache shows the theme chosen while away", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.goto("/about");
    await waitForHydration(page);
    await themeButton(page, "dark").click();
    await expectTheme(page, "dark");
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expectTheme(page, "dark");
    await waitForHydration(page);
    await expectPressed(page, "dark");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Clicks a submit button and returns the theme route's answer to the post it makes. */
  async function submit(page: Page, click: () => Promise<void>) {
    const [response] = await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === "/theme"), click()]);
    await page.waitForLoadState();
    return response;
  }

  for (const os of ["light", "dark"] as const satisfies Scheme[]) {
    test(`a button posts the choice, and the server sets the cookie and sends the visitor back to the page (OS ${os})`, async ({
      page,
      context,
      app,
    }) => {
      test.skip(app.mode === "spa", "no server to post to: see the SPA test below");
      await page.emulateMedia({ colorScheme: os });
      // Server-rendered in both server modes (the prerendered app prerenders "/" only).
      await page.goto("/about?from=test");

      const response = await submit(page, () => themeButton(page, "dark").click());
      expect(response.request().method()).toBe("POST");
      expect(response.request().postData()).toBe(`redirectTo=${encodeURIComponent("/about?from=test")}&theme=dark`);
      expect(response.status()).toBe(303);
      expect(await response.headerValue("location")).toBe("/about?from=test");
      expect(await themeCookie(context)).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });
      await expect(page).toHaveURL(/\/about\?from=test$/);
      const html = page.locator("html");
      await expect(html).toHaveClass("dark");
      await expect(html).toHaveCSS("color-scheme", "dark");
      await expectPressed(page, "dark");

      // "system": no class (no script to ask the OS), and color-scheme lets the browser follow the OS.
      await submit(page, () => themeButton(page, "system").click());
      await expect(html).toHaveAttribute("data-theme-preference", "system");
      await expect(html).not.toHaveAttribute("class");
      await expect(html).toHaveCSS("color-scheme", "light dark");
      await expect(html).toHaveCSS("color", os === "dark" ? "rgb(255, 255, 255)" : "rgb(0, 0, 0)");
      await expectPressed(page, "system");
      expect(await themeCookie(context)).toMatchObject({ value: "system" });
    });
  }

  test("the radio group's Save posts the checked option and comes back to the settings page", async ({ page, context, app }) => {
    test.skip(app.mode === "spa", "no server to post to: see the SPA test below");
    await page.goto("/settings");
    await themeRadio(page, "dark").check();
    const response = await submit(page, () => page.getByRole("button", { name: "Save" }).click());
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(themeRadio(page, "dark")).toBeChecked();
    await expect(page.locator("html")).toHaveClass("dark");
    expect(await themeCookie(context)).toMatchObject({ value: "dark" });
  });

  test("a prerendered page shows the default, even after a post; the server-rendered pages show the choice", async ({
    page,
    context,
    app,
  }) => {
    test.skip(app.mode !== "prerendered", "only the prerendered app has a page made for nobody");
    expectReadmeToSay(
      "**Prerendered pages**: the default preference (the page was made for nobody). The switcher's post still stores the choice in the cookie, and every server-rendered page shows it; the prerendered ones cannot.",
    );
    await page.goto("/");
    const response = await submit(page, () => themeButton(page, "dark").click());
    expect(response.status()).toBe(303);
    expect(await response.headerValue("location")).toBe("/");
    expect(await themeCookie(context)).toMatchObject({ value: "dark" });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("data-theme-preference", "system");
    await expectPressed(page, "system");

    await page.goto("/about");
    await expect(page.locator("html")).toHaveClass("dark");
    await expectPressed(page, "dark");
  });

  test("in SPA mode the switcher's plain buttons do nothing, as documented", async ({ page, context, app }) => {
    test.skip(app.mode !== "spa", "the server modes post the form");
    expectReadmeToSay("**SPA mode**: the default preference. With no server, a choice cannot be stored without JavaScript, so the buttons do nothing");
    // Without JavaScript an SPA shows its shell only (the root's Layout): the header's switcher, no page content.
    await page.goto("/");
    await expect(page.locator("form")).toHaveCount(0);
    await expect(themeButton(page, "dark")).toHaveAttribute("type", "button");
    const requests: string[] = [];
    page.on("request", (request) => {
      if (!request.url().endsWith("/favicon.ico")) requests.push(request.url());
    });

    await themeButton(page, "dark").click();
    expect(requests).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("data-theme-preference", "system");
    await expectPressed(page, "system");
    expect(await themeCookie(context)).toBeUndefined();
  });
});
