import fs from "node:fs/promises";
import path from "node:path";
import { expect, waitForHydration, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";
import { testDocs } from "./support/docs-server";

/**
 * A folder of more than 100 pages (app/guide/nav/fold-nav.ts): the GitHub fixture with a
 * handbook of six chapters of twenty pages added. Chapters 1, 3 and 5 have
 * a README of their own, 2, 4 and 6 do not.
 */
const CHAPTERS = 6;
const PAGES_PER_CHAPTER = 20;
const chapterFolder = (chapter: number) => `chapter-${String(chapter).padStart(2, "0")}`;
const pageFile = (part: number) => `part-${String(part).padStart(2, "0")}.md`;
const hasReadme = (chapter: number) => chapter % 2 === 1;

const test = testDocs("github", {
  port: 3285,
  prepare: async (contentDir) => {
    for (let chapter = 1; chapter <= CHAPTERS; chapter++) {
      const folder = path.join(contentDir, "handbook", chapterFolder(chapter));
      await fs.mkdir(folder, { recursive: true });
      if (hasReadme(chapter)) await fs.writeFile(path.join(folder, "README.md"), `# Chapter ${chapter}\n\nWhat chapter ${chapter} covers.\n`);
      for (let part = 1; part <= PAGES_PER_CHAPTER; part++) {
        await fs.writeFile(path.join(folder, pageFile(part)), `# Chapter ${chapter}, part ${part}\n\nThe text of part ${part}.\n`);
      }
    }
  },
});
test.describe.configure({ mode: "default" });

const guideNav = (page: Page) => page.getByRole("navigation", { name: "Guide" });
const partUrl = (chapter: number, part: number) => `/guide/handbook/${chapterFolder(chapter)}/${pageFile(part).replace(/\.md$/, "")}`;

test("without JavaScript, the folders away from the page are folded to one link each, which opens the folder", async ({ newContext }) => {
  const page = await (await newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(partUrl(2, 5));
  const nav = guideNav(page);
  // The page's own folder lists all its pages, the current one marked.
  for (let part = 1; part <= PAGES_PER_CHAPTER; part++) {
    await expect(nav.getByRole("link", { name: `Chapter 2, part ${part}`, exact: true })).toHaveCount(1);
  }
  await expect(nav.getByRole("link", { name: "Chapter 2, part 5", exact: true })).toHaveAttribute("aria-current", "page");
  // The others are one link each, and none of their pages is in the markup.
  await expect(nav.locator(".guide-nav-folded")).toHaveCount(CHAPTERS - 1 + 1); // the other chapters, and docs/
  await expect(nav.getByRole("link", { name: /^Chapter [13456], part/ })).toHaveCount(0);

  // A folder with a page of its own leads there; one without, to its first page. Either way it is open there.
  await nav.getByRole("link", { name: "Chapter 3", exact: true }).click();
  await expect(page).toHaveURL("/guide/handbook/chapter-03");
  await expect(guideNav(page).getByRole("link", { name: "Chapter 3", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(guideNav(page).getByRole("link", { name: "Chapter 3, part 20", exact: true })).toBeVisible();

  await guideNav(page).getByRole("link", { name: "Chapter 04", exact: true }).click();
  await expect(page).toHaveURL(partUrl(4, 1));
  await expect(guideNav(page).getByRole("link", { name: "Chapter 4, part 1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(guideNav(page).getByRole("link", { name: "Chapter 4, part 20", exact: true })).toBeVisible();
  // The open folder still closes and opens without script.
  const toggle = guideNav(page).locator("summary", { hasText: "Chapter 04" });
  await toggle.click();
  await expect(guideNav(page).getByRole("link", { name: "Chapter 4, part 20", exact: true })).toBeHidden();
});

test("a page's HTML holds its own folder's pages and not the others'", async ({ request }) => {
  const html = await (await request.get(partUrl(6, 1))).text();
  expect(html).toContain(`href="${partUrl(6, 20)}"`);
  for (let chapter = 1; chapter < CHAPTERS; chapter++) expect(html, `chapter ${chapter}`).not.toContain(`href="${partUrl(chapter, 2)}"`);
  expect(html).not.toContain('href="/guide/docs/usage/advanced"');
});

test("with JavaScript, a folded folder's link is a client-side navigation that opens it, and back folds it again", async ({ page }) => {
  await page.goto(partUrl(1, 1));
  await waitForHydration(page);
  await page.evaluate(() => document.documentElement.setAttribute("data-navigation-test", "same document"));
  await guideNav(page).getByRole("link", { name: "Chapter 06", exact: true }).click();
  await expect(page).toHaveURL(partUrl(6, 1));
  await expect(guideNav(page).getByRole("link", { name: "Chapter 6, part 20", exact: true })).toBeVisible();
  await expect(guideNav(page).getByRole("link", { name: "Chapter 1, part 20", exact: true })).toHaveCount(0);
  await expect(guideNav(page).getByRole("link", { name: "Chapter 1", exact: true })).toBeVisible();

  await page.goBack();
  await expect(guideNav(page).getByRole("link", { name: "Chapter 1, part 1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(guideNav(page).getByRole("link", { name: "Chapter 6, part 20", exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.getAttribute("data-navigation-test"))).toBe("same document");
});

test("a folded folder looks like a closed group: its link ends in the chevron of a closed folder's toggle", async ({ page }) => {
  await page.goto(partUrl(3, 1));
  const nav = guideNav(page);
  const chevron = (selector: string) =>
    nav.locator(selector).first().evaluate((element) => {
      const style = getComputedStyle(element, "::after");
      return { display: style.display, width: style.width, border: style.borderInlineEndWidth, transform: style.transform };
    });
  const folded = await chevron(".guide-nav-folded > a");
  const openToggle = await chevron("details[open] > summary");
  // Pointing right, as a closed toggle's does (rotate(-45deg)); an open one's points down.
  expect(folded).toEqual({ ...openToggle, transform: "matrix(0.707107, -0.707107, 0.707107, 0.707107, 0, 0)" });
  expect(openToggle.transform).not.toBe(folded.transform);
});

for (const theme of ["light", "dark"] as const) {
  test(`a folded navigation has no WCAG 2.2 AA violations, ${theme} theme`, async ({ newContext, baseURL }) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(partUrl(5, 3));
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("on a wide screen, the keyboard reaches every link of a sidebar that scrolls, and scrolls it", async ({ newContext }) => {
  const page = await (await newContext({ viewport: { width: 1280, height: 500 } })).newPage();
  await page.goto(partUrl(5, 3));
  await waitForHydration(page);
  const sidebar = page.locator(".guide-sidebar");
  const last = guideNav(page).getByRole("link").last();
  await expect(last).not.toBeInViewport();
  expect(await sidebar.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await guideNav(page).getByRole("link").first().focus();
  // The links and the open folders' toggles, one Tab each: at most as many presses as there are of them.
  const stops = await guideNav(page).locator("a, summary").count();
  for (let step = 1; step < stops && !(await last.evaluate((link) => link === document.activeElement)); step++) {
    await page.keyboard.press("Tab");
  }
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  expect(await sidebar.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
});
