import { LIST_PART_PAGES } from "../../app/guide/nav/page-list-parts";
import { expect, waitForHydration } from "./fixtures";
import { axeViolations } from "./support/axe";
import { testDocs } from "./support/docs-server";
import { addLogbook } from "./support/logbook";

/**
 * A folder with no landing page and more than LIST_PART_PAGES pages: the
 * Docusaurus fixture with a logbook of generated entries added. Its list of
 * every page comes in parts (app/guide/nav/page-list-parts.ts).
 */
const ENTRIES = 2 * LIST_PART_PAGES + 50;

const test = testDocs("docusaurus", {
  port: 3290,
  prepare: (contentDir) => addLogbook(contentDir, ENTRIES),
});
test.describe.configure({ mode: "default" });

/** Every link of a part's list, in order. */
function listedUrls(html: string) {
  const list = /<ol class="guide-index"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!);
}

test("a folder of more pages than a part holds lists each page once, in reading order, over /guide and /guide-pages/2 on", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>[^<]*?(\/guide\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(pages.length).toBeGreaterThan(ENTRIES);
  const parts = Math.ceil(pages.length / LIST_PART_PAGES);

  const listed: string[] = [];
  for (let part = 1; part <= parts; part++) {
    const response = await request.get(part === 1 ? "/guide" : `/guide-pages/${part}`);
    expect(response.status(), `part ${part}`).toBe(200);
    const urls = listedUrls(await response.text());
    expect(urls.length, `part ${part}`).toBe(part < parts ? LIST_PART_PAGES : pages.length - (parts - 1) * LIST_PART_PAGES);
    listed.push(...urls);
  }
  // Reading order is the navigation's, which the sitemap follows too; every page in exactly one part.
  expect(listed).toEqual(pages);
  expect((await request.get(`/guide-pages/${parts + 1}`)).status()).toBe(404);
});

test("an address that names no part of the list is a 404, never another part", async ({ request }) => {
  for (const address of ["/guide-pages/1", "/guide-pages/0", "/guide-pages/02", "/guide-pages/-2", "/guide-pages/2.0", "/guide-pages/two", "/guide-pages/%32%2e", "/guide-pages/"]) {
    expect((await request.get(address)).status(), address).toBe(404);
  }
});

test("without JavaScript, each part links to every part, marks its own, names the folders it begins within, and leads to the next", async ({ newContext }) => {
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await page.goto("/guide-pages/2");
  await expect(page).toHaveTitle(/^Guide, pages 1,001–2,000 /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide, pages 1,001–2,000");
  const parts = page.getByRole("navigation", { name: "Parts of the list" });
  await expect(parts.getByRole("link")).toHaveText(["1–1,000", "1,001–2,000", /^2,001–2,0\d\d$/]);
  await expect(parts.getByRole("link", { name: "1,001–2,000" })).toHaveAttribute("aria-current", "page");
  // A part of the guide's contents, as the header says.
  await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Guide" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("ol.guide-index > li")).toHaveCount(LIST_PART_PAGES);
  // Its first entries are the logbook's, whose folder the part before listed.
  await expect(page.getByText("This part begins within Logbook.")).toBeVisible();

  await page.getByRole("link", { name: /^Next: pages 2,001–/ }).click();
  await expect(page).toHaveURL(/\/guide-pages\/3$/);
  await expect(page.getByRole("link", { name: /^Next: pages/ })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Parts of the list" }).getByRole("link", { name: "1–1,000" }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide");
});

test("with JavaScript, moving between parts is a client-side navigation", async ({ page }) => {
  await page.goto("/guide");
  await waitForHydration(page);
  await page.evaluate(() => document.documentElement.setAttribute("data-navigation-test", "same document"));
  await page.getByRole("navigation", { name: "Parts of the list" }).getByRole("link", { name: "1,001–2,000" }).click();
  await expect(page).toHaveURL(/\/guide-pages\/2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide, pages 1,001–2,000");
  expect(await page.evaluate(() => document.documentElement.getAttribute("data-navigation-test"))).toBe("same document");
});

for (const theme of ["light", "dark"] as const) {
  test(`a part of the list has no WCAG 2.2 AA violations, ${theme} theme`, async ({ newContext, baseURL }) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/guide-pages/2");
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}
