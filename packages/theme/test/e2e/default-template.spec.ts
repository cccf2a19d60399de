import { expect, test, themeButton, waitForHydration, type Page } from "../support/theme-test.ts";

/**
 * The newcomer's app is React Router's default template with the README's
 * quick start applied (scripts/newcomer-app.ts). Besides the first-paint
 * matrix, which checks `<body>`'s Tailwind background in every case: the
 * template keeps the look it came with, and its own `dark:` classes follow
 * the visitor's choice rather than the OS.
 */

const interLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.replace(/["']/g, "") === "Inter" && face.status === "loaded");
  });

test("The template keeps its stylesheet and the font its links export loads", async ({ page }) => {
  await page.goto("/");
  // app.css: Tailwind's preflight with the template's @theme font first.
  await expect(page.locator("body")).toHaveCSS("font-family", /^Inter, ui-sans-serif/);
  // root.tsx's `links`: the Google Fonts stylesheet, whose Inter the page then loads.
  await expect.poll(() => interLoaded(page)).toBe(true);
});

test("The template's dark: classes follow the choice, not the OS", async ({ newContext }) => {
  for (const [os, chosen] of [
    ["dark", "light"],
    ["light", "dark"],
  ] as const) {
    const context = await newContext({ colorScheme: os });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await themeButton(page, chosen).click();
    // The welcome's two logos: the light one `block dark:hidden`, the dark one `hidden dark:block`.
    const logos = page.locator("main img");
    const [shown, hidden] = chosen === "light" ? [logos.nth(0), logos.nth(1)] : [logos.nth(1), logos.nth(0)];
    await expect(shown).toBeVisible();
    await expect(hidden).toBeHidden();
    await page.reload();
    await expect(shown).toBeVisible();
    await expect(hidden).toBeHidden();
  }
});
