import type { BrowserContextOptions } from "@playwright/test";
import { BACKGROUND, expect, test, waitForHydration, type BrowserContext, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";

/**
 * The copy button on the guide's code blocks: there with JavaScript, on
 * every page reached, by keyboard too; absent without JavaScript. The
 * console fixture fails any of these tests on an error or a warning.
 */

// Guide pages with code, and the first block of each as its Markdown source has it.
const GETTING_STARTED = { path: "/guide/getting-started", firstCode: "npm ci && npm start" };
const THEMES = { path: "/guide/themes", firstCode: "Set-Cookie: theme=dark; Max-Age=31536000; Path=/; Secure; SameSite=Lax" };

async function openWithClipboard(newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>, path: string): Promise<Page> {
  const context = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** How many copy buttons each code block of the article holds, in order. */
function buttonsPerBlock(page: Page): Promise<number[]> {
  return page.locator("article .code-block").evaluateAll((blocks) => blocks.map((block) => block.querySelectorAll("button").length));
}

test("with JavaScript, every code block has a copy button that Tab reaches right after its code, with a visible focus outline", async ({ page }) => {
  await page.goto(GETTING_STARTED.path);
  await waitForHydration(page);
  const blocks = page.getByRole("article").locator(".code-block");
  expect(await blocks.count()).toBeGreaterThan(1);
  expect(await buttonsPerBlock(page)).toEqual(Array(await blocks.count()).fill(1));

  for (const block of await blocks.all()) {
    // The scrollable <pre> is a tab stop of its own; the next one is its button.
    await block.locator("pre").focus();
    await page.keyboard.press("Tab");
    const button = block.getByRole("button");
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("type", "button");
    await expect(button).toHaveAccessibleName("Copy code");
    await expect(button).toHaveText("Copy");
    await expect(button).not.toHaveCSS("outline-style", "none");
  }
});

test("pressing Enter or Space on a copy button puts exactly that block's code on the clipboard and announces it", async ({ newContext }) => {
  const page = await openWithClipboard(newContext, GETTING_STARTED.path);
  const article = page.getByRole("article");
  const blocks = article.locator(".code-block");
  const status = article.getByRole("status");
  await expect(status).toBeEmpty();

  await blocks.first().locator("pre").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const first = blocks.first().getByRole("button");
  await expect(first).toHaveText("Copied");
  await expect(first).toHaveAccessibleName("Copied");
  await expect(status).toHaveText("Code copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(GETTING_STARTED.firstCode);
  await expect(first, "focus stays on the button").toBeFocused();

  const second = blocks.nth(1);
  await second.locator("pre").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(second.getByRole("button")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await second.locator("code").textContent());

  // The confirmation passes, and the button reads as before.
  await expect(first).toHaveText("Copy");
  await expect(first).toHaveAccessibleName("Copy code");
  await expect(status).toBeEmpty();
});

test("after client-side navigations, each page's code blocks have one copy button each, and they copy that page's code", async ({ newContext }) => {
  const page = await openWithClipboard(newContext, GETTING_STARTED.path);
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads += 1;
  });
  const article = page.getByRole("article");

  await article.getByRole("link", { name: "Themes", exact: true }).first().click();
  await expect(page).toHaveURL(THEMES.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Themes");
  await expect(article.getByRole("button", { name: "Copy code" }).first()).toBeVisible();
  const themeBlocks = await article.locator(".code-block").count();
  expect(themeBlocks).toBeGreaterThan(1);
  expect(await buttonsPerBlock(page)).toEqual(Array(themeBlocks).fill(1));
  await expect(article.getByRole("status")).toHaveCount(1);

  await article.locator(".code-block").first().getByRole("button").click();
  await expect(article.getByRole("status")).toHaveText("Code copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(THEMES.firstCode);

  // Back to the first page, whose buttons must not have been added twice.
  await page.goBack();
  await expect(page).toHaveURL(GETTING_STARTED.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Getting started");
  await expect(article.getByRole("button", { name: "Copy code" }).first()).toBeVisible();
  const blocks = await article.locator(".code-block").count();
  expect(await buttonsPerBlock(page)).toEqual(Array(blocks).fill(1));
  await expect(article.getByRole("status")).toHaveCount(1);
  expect(documentLoads, "both moves were client-side").toBe(0);
});

test("where the Clipboard API is missing, as on plain http, the copy button still copies and keeps focus", async ({ newContext }) => {
  const context = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
  await page.goto(GETTING_STARTED.path);
  await waitForHydration(page);
  expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();

  const button = page.getByRole("article").locator(".code-block").first().getByRole("button");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article").getByRole("status")).toHaveText("Code copied");
  await expect(button).toBeFocused();
  // Read back from a second page of the same browser, which has the API.
  const reader = await context.newPage();
  await reader.goto("/");
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(GETTING_STARTED.firstCode);
});

test("without JavaScript, a guide page's code blocks have no copy button", async ({ newContext }) => {
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await page.goto(GETTING_STARTED.path);
  const article = page.getByRole("article");
  expect(await article.locator(".code-block").count()).toBeGreaterThan(1);
  await expect(article.getByRole("button")).toHaveCount(0);
  await expect(article.getByRole("status")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`a page with copy buttons, one of them just pressed, passes every axe rule in the ${theme} theme`, async ({ newContext, baseURL }) => {
    const context = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(GETTING_STARTED.path);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[theme]);
    const button = page.getByRole("article").getByRole("button", { name: "Copy code" }).first();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article").getByRole("status")).toHaveText("Code copied");

    // Every rule axe has, and AAA contrast (7:1) on the code blocks, which are
    // this feature (the site as a whole aims at AA).
    expect(await axeViolations(page, { aaaContrastOn: "article .code-block" })).toEqual([]);
  });
}
