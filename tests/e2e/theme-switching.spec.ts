import type { Route } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../browser";
import { BACKGROUND, expect, test, waitForHydration, type BrowserContext, type Page } from "./fixtures";

/**
 * Changing the theme, with and without JavaScript: what the visitor sees,
 * what is stored, and that the change keeps up with the OS, other tabs and
 * the back/forward cache.
 */

type Scheme = "light" | "dark";
type Preference = Scheme | "system";

test.use({ colorScheme: "light" });

const themeButton = (page: Page, preference: Preference) =>
  page.getByRole("button", { name: `${preference[0]!.toUpperCase()}${preference.slice(1)} theme`, exact: true });

/** The radios' names start with their label and go on with their description. */
const themeRadio = (page: Page, preference: Preference) =>
  page.getByRole("radio", { name: new RegExp(`^${preference[0]!.toUpperCase()}${preference.slice(1)}\\b`) });

async function expectTheme(page: Page, theme: Scheme) {
  const html = page.locator("html");
  await expect(html).toHaveClass(theme);
  await expect(html).toHaveCSS("background-color", BACKGROUND[theme]);
}

async function expectPressed(page: Page, chosen: Preference) {
  for (const preference of ["light", "dark", "system"] as const) {
    await expect(themeButton(page, preference)).toHaveAttribute("aria-pressed", String(preference === chosen));
  }
}

async function themeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "theme");
}

const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));
const scriptCookie = (page: Page) => page.evaluate(() => document.cookie);

/** A value on window that only survives if the document does. */
async function markDocument(page: Page): Promise<string> {
  const marker = `marker-${Math.random()}`;
  await page.evaluate((value) => ((window as unknown as { marker: string }).marker = value), marker);
  return marker;
}
const readMarker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

/** Counts main-frame navigations from now on, same-document ones included. */
function countNavigations(page: Page): () => number {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** Pauses every POST /theme until the test lets it go. */
async function holdThemeRequests(page: Page): Promise<() => Promise<Route>> {
  const held: Route[] = [];
  let notify = () => {};
  await page.route("**/theme", (route) => {
    held.push(route);
    notify();
  });
  return () =>
    held.length > 0
      ? Promise.resolve(held[0]!)
      : new Promise<Route>((resolve) => (notify = () => resolve(held[0]!)));
}

test.describe("without JavaScript", () => {
  for (const os of ["light", "dark"] as const) {
    test(`switching to dark comes back to the same page in dark, and System then follows a ${os} OS`, async ({
      newContext,
    }) => {
      const context = await newContext({ javaScriptEnabled: false, colorScheme: os });
      const page = await context.newPage();
      await page.goto("/guide/themes?x=1");

      await themeButton(page, "dark").click();
      await expect(page).toHaveURL(/\/guide\/themes\?x=1$/);
      await expectTheme(page, "dark");
      await expectPressed(page, "dark");
      expect(await themeCookie(context)).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });

      await themeButton(page, "system").click();
      await expect(page).toHaveURL(/\/guide\/themes\?x=1$/);
      const html = page.locator("html");
      await expect(html).not.toHaveAttribute("class");
      await expect(html).toHaveAttribute("data-theme-preference", "system");
      await expect(html).toHaveCSS("background-color", BACKGROUND[os]);
      await expectPressed(page, "system");
      expect(await themeCookie(context)).toMatchObject({ value: "system" });
    });
  }

  for (const os of ["light", "dark"] as const) {
    test(`choosing on the appearance page and saving applies it, and System says "currently ${os}" under a ${os} OS`, async ({
      newContext,
    }) => {
      const context = await newContext({ javaScriptEnabled: false, colorScheme: os });
      const page = await context.newPage();
      await page.goto("/appearance");
      const current = page.locator(".current-theme");
      const other = os === "light" ? "dark" : "light";

      await themeRadio(page, other).check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/appearance$/);
      await expectTheme(page, other);
      await expect(themeRadio(page, other)).toBeChecked();
      await expect(current).toHaveText(`Current theme: ${other === "light" ? "Light" : "Dark"}`, { useInnerText: true });

      await themeRadio(page, "system").check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/appearance$/);
      await expect(page.locator("html")).not.toHaveAttribute("class");
      await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[os]);
      await expect(themeRadio(page, "system")).toBeChecked();
      await expect(current).toHaveText(`Current theme: System — currently ${os}`, { useInnerText: true });
      await expect(current.getByText(os, { exact: true })).toBeVisible();
      await expect(current.getByText(other, { exact: true })).toBeHidden();
      expect(await themeCookie(context)).toMatchObject({ value: "system" });
    });
  }
});

test.describe("with JavaScript", () => {
  test.describe("for a visitor who asks for reduced motion (no view transition)", () => {
    test.use({ reducedMotion: "reduce" });

    test("switching to dark changes the page in the same frame as the click, before the server answers, without navigating", async ({
      page,
      context,
    }) => {
      await page.goto("/guide/themes?x=1");
      await waitForHydration(page);
      await expectTheme(page, "light");
      const heldRequest = await holdThemeRequests(page);
      const marker = await markDocument(page);
      const navigations = countNavigations(page);
      let answered = false;
      page.on("response", (response) => {
        if (response.url().endsWith("/theme")) answered = true;
      });

      // Times taken inside the page: the click, the first mutation that makes <html> dark,
      // and whether it was already dark in the next animation frame and the next task.
      await page.evaluate(() => {
        const html = document.documentElement;
        const timing: Record<string, number | boolean | string> = {};
        (window as unknown as { timing: typeof timing }).timing = timing;
        addEventListener(
          "click",
          () => {
            timing.click = performance.now();
            requestAnimationFrame(() => {
              timing.frame = performance.now();
              timing.darkInNextFrame = html.classList.contains("dark");
            });
            setTimeout(() => (timing.darkInNextTask = html.classList.contains("dark")));
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          if (!html.classList.contains("dark")) return;
          timing.change = performance.now();
          timing.backgroundAtChange = getComputedStyle(html).backgroundColor;
          observer.disconnect();
        });
        observer.observe(html, { attributes: true, attributeFilter: ["class"] });
      });

      const darkButton = themeButton(page, "dark");
      await darkButton.click();
      const route = await heldRequest();

      // The request is still held: everything below happens without an answer.
      expect(route.request().method()).toBe("POST");
      await expectTheme(page, "dark");
      await expect(darkButton).toBeFocused();
      await expectPressed(page, "dark");
      expect(await storedTheme(page)).toBe("dark");
      expect(await scriptCookie(page)).toMatch(/(^|; )theme=dark(;|$)/);
      expect(await readMarker(page)).toBe(marker);
      expect(navigations()).toBe(0);
      await expect(page).toHaveURL(/\/guide\/themes\?x=1$/);
      expect(answered, "no answer from the server yet").toBe(false);

      await expect.poll(() => page.evaluate(() => "frame" in (window as unknown as { timing: object }).timing)).toBe(true);
      const timing = await page.evaluate(() => (window as unknown as { timing: Record<string, number | boolean | string> }).timing);
      expect(timing.darkInNextFrame, "dark before the next animation frame").toBe(true);
      expect(timing.darkInNextTask, "dark before the next task").toBe(true);
      expect(timing.change as number).toBeLessThan(timing.frame as number);
      expect(timing.backgroundAtChange).toBe(BACKGROUND.dark);
      const clickToChange = (timing.change as number) - (timing.click as number);
      test.info().annotations.push({ type: "click to dark class", description: `${clickToChange.toFixed(2)} ms` });
      // The frame and task checks above are the promise; this only catches a pathological render.
      expect(clickToChange).toBeLessThan(250);

      // What the server answers, and that its Set-Cookie (not the page's) puts the cookie back.
      await context.clearCookies();
      const answer = page.waitForResponse((response) => response.url().endsWith("/theme"));
      await route.continue();
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ theme: "dark" });
      expect(await response.headerValue("set-cookie")).toMatch(/^theme=dark;/);
      const cookie = await themeCookie(context);
      expect(cookie).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });
      const year = 365 * 24 * 60 * 60;
      expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + year - 60);
      expect(navigations()).toBe(0);
    });

    test("no view transition is started: the switch is instant", async ({ page }) => {
      await page.goto("/guide/themes");
      await waitForHydration(page);
      await page.evaluate(() => {
        (window as unknown as { started: number }).started = 0;
        const start = document.startViewTransition.bind(document);
        document.startViewTransition = ((update: () => void) => {
          (window as unknown as { started: number }).started += 1;
          return start(update);
        }) as typeof document.startViewTransition;
      });
      await themeButton(page, "dark").click();
      await expectTheme(page, "dark");
      expect(await page.evaluate(() => (window as unknown as { started: number }).started)).toBe(0);
    });
  });

  test("with motion allowed, a switch cross-fades through a view transition whose new view already holds the whole new theme", async ({ page }) => {
    await page.goto("/guide/themes");
    await waitForHydration(page);
    await expectTheme(page, "light");
    await page.evaluate(() => {
      const seen: Array<{ darkBefore: boolean; darkAfterUpdate?: boolean; pressedAfterUpdate?: string | null }> = [];
      (window as unknown as { transitions: typeof seen }).transitions = seen;
      const start = document.startViewTransition.bind(document);
      document.startViewTransition = ((update: () => void) => {
        const record: (typeof seen)[number] = { darkBefore: document.documentElement.classList.contains("dark") };
        seen.push(record);
        const transition = start(update);
        void transition.updateCallbackDone.then(() => {
          record.darkAfterUpdate = document.documentElement.classList.contains("dark");
          record.pressedAfterUpdate = document.querySelector('.site-header button[aria-pressed="true"]')?.getAttribute("value") ?? null;
        });
        return transition;
      }) as typeof document.startViewTransition;
    });
    await themeButton(page, "dark").click();
    await expectTheme(page, "dark");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { transitions: unknown[] }).transitions))
      .toEqual([{ darkBefore: false, darkAfterUpdate: true, pressedAfterUpdate: "dark" }]);
    await expectPressed(page, "dark");
  });

  test("a save that fails on the network still changes the theme and keeps it for the next page", async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/Failed to load resource/);
    await page.route("**/theme", (route) => route.abort());
    await page.goto("/");
    await waitForHydration(page);

    const failed = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/theme"));
    await themeButton(page, "dark").click();
    await failed;
    await expectTheme(page, "dark");
    await expectPressed(page, "dark");
    expect(await storedTheme(page)).toBe("dark");
    expect(await scriptCookie(page)).toMatch(/(^|; )theme=dark(;|$)/);

    await page.goto("/guide");
    await expectTheme(page, "dark");
    await expectPressed(page, "dark");
  });

  test("colour transitions are off for the instant of a change, and back right after", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const darkButton = themeButton(page, "dark");
    await expect(darkButton).toHaveCSS("transition-duration", /0\.15s/);

    await page.evaluate(() => {
      const html = document.documentElement;
      const button = document.querySelector<HTMLButtonElement>('.theme-switch button[value="dark"]')!;
      const seen: Array<{ switching: boolean; dark: boolean; duration: string; at: number }> = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const switching = html.hasAttribute("data-theme-switching");
        if (seen.at(-1)?.switching === switching) return;
        seen.push({
          switching,
          dark: html.classList.contains("dark"),
          duration: getComputedStyle(button).transitionDuration,
          at: performance.now(),
        });
      }).observe(html, { attributes: true, attributeFilter: ["data-theme-switching", "class"] });
    });

    await darkButton.click();
    // The change runs in a view transition's callback, a frame after the
    // click: until then the attribute is absent too, so wait for the whole
    // sequence, not for the attribute's absence.
    const readSeen = () =>
      page.evaluate(() => (window as unknown as { seen: Array<{ switching: boolean; dark: boolean; duration: string; at: number }> }).seen);
    await expect.poll(async () => (await readSeen()).map(({ switching }) => switching)).toEqual([true, false]);
    const seen = await readSeen();
    const [on, off] = seen as [(typeof seen)[0], (typeof seen)[0]];
    expect(on.duration).toMatch(/^0s(, 0s)*$/);
    expect(off.dark, "the new theme is in place before transitions come back").toBe(true);
    test.info().annotations.push({ type: "transitions off for", description: `${(off.at - on.at).toFixed(2)} ms` });
    expect(off.at - on.at).toBeLessThan(250);
    await expect(darkButton).toHaveCSS("transition-duration", /0\.15s/);
    await expectTheme(page, "dark");
  });

  for (const [reducedMotion, duration, behaviour] of [
    ["reduce", /^0s(, 0s)*$/, "never animate"],
    ["no-preference", /^0\.15s/, "fade their colours"],
  ] as const) {
    test(`theme buttons ${behaviour} under prefers-reduced-motion: ${reducedMotion}`, async ({
      newContext,
    }) => {
      const context = await newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto("/");
      for (const preference of ["light", "dark", "system"] as const) {
        await expect(themeButton(page, preference)).toHaveCSS("transition-duration", duration);
      }
    });
  }

  test("System follows the OS scheme live, without reloading", async ({ page }) => {
    await page.goto("/appearance");
    await waitForHydration(page);
    const marker = await markDocument(page);
    await expectTheme(page, "light");

    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "dark");
    await expect(page.locator(".current-theme")).toHaveText("Current theme: System — currently dark", { useInnerText: true });

    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme(page, "light");
    await expect(page.locator(".current-theme")).toHaveText("Current theme: System — currently light", { useInnerText: true });
    expect(await readMarker(page)).toBe(marker);
  });

  for (const chosen of ["light", "dark"] as const) {
    test(`an explicit ${chosen} choice ignores the OS scheme changing`, async ({ page }) => {
      const os: Scheme = chosen;
      await page.emulateMedia({ colorScheme: os });
      await page.goto("/");
      await waitForHydration(page);
      await themeButton(page, chosen).click();
      await expectTheme(page, chosen);

      // Wait until the page itself has seen the OS change, then one more frame.
      const flipped = os === "light" ? "dark" : "light";
      await page.evaluate(() => {
        matchMedia("(prefers-color-scheme: dark)").addEventListener(
          "change",
          () => requestAnimationFrame(() => ((window as unknown as { osChanged: boolean }).osChanged = true)),
          { once: true },
        );
      });
      await page.emulateMedia({ colorScheme: flipped });
      await page.waitForFunction(() => (window as unknown as { osChanged?: boolean }).osChanged === true);
      await expectTheme(page, chosen);
      await expectPressed(page, chosen);
    });
  }

  test("a change in one tab shows in another tab within a second, without reloading it", async ({ page, context }) => {
    const other = await context.newPage();
    await page.goto("/");
    await other.goto("/appearance");
    await Promise.all([waitForHydration(page), waitForHydration(other)]);
    const marker = await markDocument(other);

    await themeButton(page, "dark").click();
    await expect(other.locator("html")).toHaveClass("dark", { timeout: 1000 });
    await expect(other.locator("html")).toHaveCSS("background-color", BACKGROUND.dark, { timeout: 1000 });
    await expect(themeRadio(other, "dark")).toBeChecked({ timeout: 1000 });
    await expectPressed(other, "dark");

    // Clicked, not check(): the view transition applies the choice a frame after the click.
    await themeRadio(other, "system").click();
    await expect(themeRadio(other, "system")).toBeChecked();
    await expect(page.locator("html")).toHaveClass("light", { timeout: 1000 });
    await expectPressed(page, "system");
    expect(await readMarker(other)).toBe(marker);
  });

  test("the appearance page's radios apply the theme at once, with no navigation", async ({ newContext }) => {
    const context = await newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/appearance");
    await waitForHydration(page);
    const current = page.locator(".current-theme");
    await expect(current).toHaveText("Current theme: System — currently dark", { useInnerText: true });
    await expectTheme(page, "dark");
    const marker = await markDocument(page);
    const navigations = countNavigations(page);

    // A click, then the radio checked: with a view transition the choice is
    // applied a frame after the click (check() wants it in the same one).
    await themeRadio(page, "light").click();
    await expect(themeRadio(page, "light")).toBeChecked();
    await expectTheme(page, "light");
    await expect(current).toHaveText("Current theme: Light", { useInnerText: true });
    await expect(themeRadio(page, "light")).toBeFocused();
    await expectPressed(page, "light");

    await themeRadio(page, "system").click();
    await expect(themeRadio(page, "system")).toBeChecked();
    await expectTheme(page, "dark");
    await expect(current).toHaveText("Current theme: System — currently dark", { useInnerText: true });

    // With JavaScript, Save has nothing left to do and must not navigate either.
    await page.getByRole("button", { name: "Save" }).click();
    await expect(current).toHaveText("Current theme: System — currently dark", { useInnerText: true });
    expect(await readMarker(page)).toBe(marker);
    expect(navigations()).toBe(0);
    expect(await storedTheme(page)).toBe("system");
  });
});

test.describe("back/forward cache", () => {
  /** Goes to a page in light, leaves it, chooses dark elsewhere, and comes back. */
  async function chooseDarkElsewhereAndGoBack(page: Page) {
    await page.addInitScript(() => {
      addEventListener("pageshow", (event) => {
        if (event.persisted) (window as unknown as { restored?: number }).restored = 1;
      });
    });
    await page.goto("/guide");
    await waitForHydration(page);
    await themeButton(page, "light").click();
    await expectTheme(page, "light");
    const marker = await markDocument(page);

    await page.goto("/appearance");
    await waitForHydration(page);
    const saved = page.waitForResponse((response) => response.url().endsWith("/theme"));
    await themeButton(page, "dark").click();
    await expectTheme(page, "dark");
    await saved;

    // A page restored from the cache fires no load event: wait for the commit only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/guide$/);
    const restored = await page.evaluate(() => ({
      marker: (window as unknown as { marker?: string }).marker,
      persisted: (window as unknown as { restored?: number }).restored === 1,
    }));
    const fromCache = restored.persisted && restored.marker === marker;
    if (!fromCache) await page.waitForLoadState();
    return { fromCache };
  }

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
      const { fromCache } = await chooseDarkElsewhereAndGoBack(page);
      test.info().annotations.push({ type: "restored from bfcache", description: String(fromCache) });
      expect(fromCache, "the page came back from the back/forward cache").toBe(true);
      await expectTheme(page, "dark");
      await expectPressed(page, "dark");
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test("going back without the back/forward cache renders the theme chosen while away", async ({ page }) => {
    const { fromCache } = await chooseDarkElsewhereAndGoBack(page);
    expect(fromCache).toBe(false);
    await expectTheme(page, "dark");
    await waitForHydration(page);
    await expectPressed(page, "dark");
  });
});

test.describe("with storage blocked", () => {
  const blockLocalStorage = () => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
  };
  const throwOnCookies = () => {
    Object.defineProperty(Document.prototype, "cookie", {
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
      set() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
  };
  const ignoreCookies = () => {
    Object.defineProperty(Document.prototype, "cookie", { get: () => "", set: () => {} });
  };

  const cases: Array<{ name: string; scripts: Array<() => void> }> = [
    { name: "localStorage throws", scripts: [blockLocalStorage] },
    { name: "document.cookie throws", scripts: [throwOnCookies] },
    { name: "document.cookie ignores writes", scripts: [ignoreCookies] },
    { name: "both localStorage and document.cookie throw", scripts: [blockLocalStorage, throwOnCookies] },
  ];

  for (const { name, scripts } of cases) {
    test(`when ${name}, the site renders and switching works for the life of the page`, async ({ page }) => {
      for (const script of scripts) await page.addInitScript(script);
      await page.goto("/guide");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await waitForHydration(page);
      await expectTheme(page, "light");

      await themeButton(page, "dark").click();
      await expectTheme(page, "dark");
      await expectPressed(page, "dark");
      await page.emulateMedia({ colorScheme: "dark" });
      await themeButton(page, "system").click();
      await expectTheme(page, "dark");
      await page.emulateMedia({ colorScheme: "light" });
      await expectTheme(page, "light");
      await expectPressed(page, "system");
    });
  }

  test("a choice only localStorage remembers still shows when script may not write cookies", async ({ page }) => {
    await page.goto("/guide");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    expect(await themeCookie(page.context())).toBeUndefined();

    await page.addInitScript(throwOnCookies);
    await page.reload();
    await expectTheme(page, "dark");
    await expect(page.locator("html")).toHaveAttribute("data-theme-preference", "dark");
    await waitForHydration(page);
    await expectPressed(page, "dark");
  });
});

test.describe("the theme script and the Content-Security-Policy", () => {
  test("the inline theme script runs under a per-response nonce, with no violation", async ({ page, request }) => {
    await page.addInitScript(() => {
      const record = { violations: [] as string[], classSet: null as null | { className: string; parsing: boolean } };
      (window as unknown as { record: typeof record }).record = record;
      document.addEventListener("securitypolicyviolation", (event) => {
        record.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
      const observer = new MutationObserver(() => {
        const html = document.documentElement;
        if (!html?.classList.length) return;
        // Still in <head>: only the head script can have set it.
        record.classSet = { className: html.className, parsing: document.body === null };
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
    });

    const response = await page.goto("/");
    const policy = response!.headers()["content-security-policy"] ?? "";
    const scriptSrc = policy
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc, "a script-src directive").toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc!.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();

    const script = page.locator("script#react-router-theme");
    expect(await script.evaluate((element: HTMLScriptElement) => element.nonce)).toBe(nonce);

    await waitForHydration(page);
    await themeButton(page, "dark").click();
    await expectTheme(page, "dark");
    const record = await page.evaluate(
      () => (window as unknown as { record: { violations: string[]; classSet: { className: string; parsing: boolean } } }).record,
    );
    expect(record.violations).toEqual([]);
    expect(record.classSet).toEqual({ className: "light", parsing: true });

    // The nonce is new for every response, and the script in the HTML carries it.
    const again = await request.get("/");
    const nextNonce = again.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nextNonce).toBeTruthy();
    expect(nextNonce).not.toBe(nonce);
    expect(await again.text()).toContain(`<script id="react-router-theme" nonce="${nextNonce}" data-cfasync="false">`);
  });
});
