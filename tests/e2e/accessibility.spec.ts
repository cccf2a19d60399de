import { BACKGROUND, expect, test, waitForHydration, type BrowserContext, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";

/**
 * Every page passes axe's WCAG 2.2 AA checks in each theme, and the
 * keyboard reaches what it needs with a focus indicator you can see.
 */

const NOT_FOUND = ["/guide/no-such-page", "/no-such-page"];

/** Every route a visitor can reach, the guide's pages read from its index. */
async function allRoutes(page: Page): Promise<string[]> {
  await page.goto("/guide");
  const links = page.getByRole("article").getByRole("list").getByRole("link");
  await expect(links.first()).toBeVisible();
  const guidePages = await Promise.all((await links.all()).map((link) => link.getAttribute("href")));
  expect(guidePages.length).toBeGreaterThan(1);
  return ["/", "/guide", ...guidePages.map((href) => href!), "/appearance", ...NOT_FOUND];
}

async function setThemeCookie(context: BrowserContext, theme: "light" | "dark", baseURL: string) {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
}

/**
 * "System" shows the light or the dark theme's colours, the same on every
 * page as choosing it does; what it changes is the header's pressed button,
 * the appearance page's radios and `color-scheme`. So the explicit themes are
 * checked on every page, and "system" on a page of each kind.
 */
const SYSTEM_SAMPLE = ["/", "/guide", "/guide/themes", "/appearance", "/guide/no-such-page"];

const modes = [
  { name: "every page has no WCAG 2.2 AA violations in the light theme", cookie: "light", colorScheme: "dark", shows: "light", sample: null },
  { name: "every page has no WCAG 2.2 AA violations in the dark theme", cookie: "dark", colorScheme: "light", shows: "dark", sample: null },
  { name: "a page of each kind has no WCAG 2.2 AA violations in the system theme with a dark device", cookie: null, colorScheme: "dark", shows: "dark", sample: SYSTEM_SAMPLE },
  { name: "a page of each kind has no WCAG 2.2 AA violations in the system theme with a light device", cookie: null, colorScheme: "light", shows: "light", sample: SYSTEM_SAMPLE },
] as const;

for (const mode of modes) {
  test(mode.name, async ({ newContext, baseURL, allowConsole }) => {
    test.slow();
    allowConsole(/status of 404/); // the two unknown pages answer 404, as they should
    const context = await newContext({ colorScheme: mode.colorScheme });
    if (mode.cookie) await setThemeCookie(context, mode.cookie, baseURL!);
    const page = await context.newPage();

    const found: Record<string, string[]> = {};
    const routes = await allRoutes(page);
    if (mode.sample) expect(routes, "the sample is of pages that exist").toEqual(expect.arrayContaining(mode.sample));
    for (const route of mode.sample ?? routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(NOT_FOUND.includes(route) ? 404 : 200);
      await waitForHydration(page);
      await expect(page.locator("html"), route).toHaveCSS("background-color", BACKGROUND[mode.shows]);
      const problems = await axeViolations(page);
      if (problems.length > 0) found[route] = problems;
    }
    expect(found).toEqual({});
  });
}

test("the guide's compact menu, opened on a phone, has no WCAG 2.2 AA violations in either theme", async ({ newContext, baseURL }) => {
  for (const theme of ["light", "dark"] as const) {
    const context = await newContext({ viewport: { width: 320, height: 640 } });
    await setThemeCookie(context, theme, baseURL!);
    const page = await context.newPage();
    await page.goto("/guide/themes");
    await waitForHydration(page);
    await page.getByText("Guide contents", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Guide" })).toBeVisible();
    expect(await axeViolations(page), theme).toEqual([]);
  }
});

test.describe("the keyboard", () => {
  test("Tab from the top reaches the skip link first, then the site name", async ({ page }) => {
    await page.goto("/guide/themes");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "Themed Guide" })).toBeFocused();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the theme buttons show a visible focus outline when reached by keyboard (${theme} theme)`, async ({ newContext, baseURL }) => {
      const context = await newContext();
      await setThemeCookie(context, theme, baseURL!);
      const page = await context.newPage();
      await page.goto("/");
      await waitForHydration(page);
      const buttons = page.getByRole("group", { name: "Theme" }).getByRole("button");
      await expect(buttons).toHaveCount(3);

      for (const [index, name] of ["Light theme", "Dark theme", "System theme"].entries()) {
        const button = buttons.nth(index);
        await expect(button).toHaveAccessibleName(name);
        // Tab until the button has focus; the header holds only a few stops before it.
        for (let presses = 0; presses < 10 && !(await button.evaluate((element) => element === document.activeElement)); presses++) {
          await page.keyboard.press("Tab");
        }
        await expect(button).toBeFocused();
        const outline = await button.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
        });
        expect(outline.style, name).not.toBe("none");
        expect(outline.width, name).toBeGreaterThanOrEqual(2);
        expect(outline.color, name).not.toBe(await page.locator("html").evaluate((html) => getComputedStyle(html).backgroundColor));
      }
    });
  }

  test("a theme button focused by a mouse click shows no keyboard outline", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const dark = page.getByRole("button", { name: "Dark theme" });
    await dark.click();
    await expect(dark).toBeFocused();
    await expect(dark).toHaveCSS("outline-style", "none");
  });
});
