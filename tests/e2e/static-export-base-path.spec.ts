import { expect, waitForHydration, type Page } from "./fixtures";
import { cases, describeCase, expectRightFirstPaintWithJavaScript, storageState } from "./support/first-paint";
import { readerTests } from "./support/docs-suite";
import { testExport, markDocument, sameDocument } from "./support/static-export";

/**
 * The MkDocs fixture exported with `themed-guide build --base /tide-tables/`
 * and served the way GitHub Pages serves a project site (support/pages-host.ts):
 * under /tide-tables/, a page's address redirected to its folder's with a
 * final "/", a 404.html for anything else. Every page, link and image works
 * there, nothing is asked for outside the base, and navigation, the back
 * button, search (on an index written in parts) and the first paint work as
 * at a host's root.
 */
const BASE = "/tide-tables";
// Parts of two pages: the fixture's five pages make an index of three parts, as a large site's is.
const test = testExport("mkdocs", { port: 3292, basePath: BASE, buildOptions: ["--search-part-pages", "2"] });

readerTests(test, { pageCount: 5, axePage: "guide/user-guide/station-files" });

test("the base's own address, a page that moves the browser on to the guide, names the site's icon under the base, so no browser asks for /favicon.ico", async ({ request, baseURL }) => {
  const html = await (await request.get(baseURL!)).text();
  expect(html).toContain('http-equiv="refresh"');
  expect(html).toContain(`<link rel="icon" href="${BASE}/favicon.svg" type="image/svg+xml">`);
  expect((await request.get(`${BASE}/favicon.svg`)).status()).toBe(200);
});

/** Every request the page makes from now on, and each answer that was not a success or a redirect. */
function watchRequests(page: Page) {
  const requested: string[] = [];
  const failed: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return { requested, failed };
}


test("a page's address, which the host redirects to its folder's, is put back as the page's own, and its links are under the base", async ({ page, baseURL }) => {
  const response = await page.goto("guide/installation");
  // The host answered the folder's address: the redirect was followed.
  expect(response?.url()).toBe(`${baseURL}guide/installation/`);
  await waitForHydration(page);
  await expect(page).toHaveURL(`${baseURL}guide/installation`);
  await expect(page.locator("main h1")).toHaveText("Installation");
  const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((href) => !href.startsWith(`${BASE}/`))).toEqual([]);
  await expect(page.getByRole("navigation", { name: "Guide" }).locator("[aria-current=page]")).toHaveText("Installation");
});

test("navigation between pages, the site's name and the back button stay in one document, and nothing is asked for outside the base", async ({ page, baseURL }) => {
  const { requested, failed } = watchRequests(page);
  await page.goto("guide/installation");
  await waitForHydration(page);
  await markDocument(page);

  await page.getByRole("navigation", { name: /previous and next/i }).locator("a[rel=next]").click();
  await expect(page.locator("main h1")).toHaveText("Station files");
  await expect(page).toHaveURL(`${baseURL}guide/user-guide/station-files`);
  await page.getByRole("article").getByRole("link", { name: "plotting" }).click();
  await expect(page.locator("main h1")).toHaveText("Plotting");
  // Its diagram is drawn by a script, and the parts it loads, from under the base too.
  await expect(page.getByRole("article").getByRole("img", { name: "Diagram" })).toBeVisible();
  await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Installation" }).click();
  await expect(page.locator("main h1")).toHaveText("Installation");

  // Back to the pages visited, the first of which the host had redirected.
  await page.goBack();
  await expect(page.locator("main h1")).toHaveText("Plotting");
  await page.goBack();
  await page.goBack();
  await expect(page.locator("main h1")).toHaveText("Installation");
  await expect(page).toHaveURL(`${baseURL}guide/installation`);

  // The site's name leads to the base's own address, which on this site redirects to the guide.
  await page.locator(".site-name").click();
  await expect(page).toHaveURL(`${baseURL}guide`);
  expect(await sameDocument(page)).toBe(true);

  const origin = new URL(baseURL!).origin;
  expect(requested.filter((url) => url.startsWith(origin) && !url.startsWith(`${origin}${BASE}/`))).toEqual([]);
  expect(requested.some((url) => /\/tide-tables\/guide\/user-guide\/plotting\.data/.test(url))).toBe(true);
  expect(requested.some((url) => /\/tide-tables\/assets\/draw-diagrams-[\w-]+\.js$/.test(url))).toBe(true);
  expect(failed).toEqual([]);
});

test("search runs on the index under the base: a result links to its section there and opens it in the same document", async ({ page, baseURL }) => {
  await page.goto("guide");
  await waitForHydration(page);
  await markDocument(page);
  const field = page.getByRole("search").getByLabel("Search", { exact: true });
  await field.fill("harbour authorities");
  const first = page.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await expect(first).toHaveAttribute("href", `${BASE}/guide/user-guide/station-files#fields`);
  await first.click();
  await expect(page).toHaveURL(`${baseURL}guide/user-guide/station-files#fields`);
  await expect(page.locator("main h1")).toHaveText("Station files");

  await field.fill("harbour authorities");
  await field.press("Enter");
  await expect(page).toHaveURL(`${baseURL}search?q=harbour+authorities`);
  await expect(page.locator(".search-results > li").first().getByRole("link")).toHaveAttribute("href", `${BASE}/guide/user-guide/station-files#fields`);
  expect(await sameDocument(page)).toBe(true);
});

test("an index written in parts is searched as one: a word of every page finds all five pages, from each part, under the base", async ({ page, baseURL }) => {
  const { requested, failed } = watchRequests(page);
  await page.goto("search?q=tide");
  await expect(page.locator(".search-results > li")).toHaveCount(5);
  const pages = await page.locator(".search-results > li a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("#")[0]));
  expect(pages.toSorted()).toEqual(["guide", "guide/about/license", "guide/installation", "guide/user-guide/plotting", "guide/user-guide/station-files"].map((name) => `${BASE}/${name}`));
  const fromIndex = requested.filter((url) => url.includes("/pagefind/")).map((url) => new URL(url).pathname);
  for (const part of ["/pagefind/", "/pagefind/parts/2/", "/pagefind/parts/3/"]) {
    expect(fromIndex.some((path) => path.startsWith(`${BASE}${part}fragment/`))).toBe(true);
  }
  // The script and WebAssembly come once, from the first part's folder.
  expect(fromIndex.filter((path) => /\/(pagefind\.js|wasm\.\w+\.pagefind)$/.test(path))).toEqual([`${BASE}/pagefind/pagefind.js`, `${BASE}/pagefind/wasm.en.pagefind`]);
  expect(requested.every((url) => url.startsWith(baseURL!))).toBe(true);
  expect(failed).toEqual([]);
});

test("an address that names nothing shows the site's own 404 page, styled and in the site's font", async ({ page, allowConsole }) => {
  // The browser reports the page's own 404 status; that is the point here.
  allowConsole(/status of 404 .*\/tide-tables\/guide\/no-such-page\)$/);
  const response = await page.goto("guide/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("main h1")).toHaveText(/not found/i);
  await expect(page.locator("body")).toHaveCSS("font-family", /Inter/);
  await expect(page.locator(".site-header")).toHaveCSS("display", /flex|grid/);
});

test("the sitemap and llms.txt give the pages' addresses under the base", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}guide/user-guide/station-files</loc>`);
  expect(sitemap).not.toMatch(/<loc>[^<]*:\d+\/guide/);
  const llms = await (await request.get("llms.txt")).text();
  expect(llms).toContain(`(${baseURL}guide/installation.md)`);
  expect((await request.get("guide/installation.md")).status()).toBe(200);
});

for (const themeCase of cases.filter((each) => each.javaScript && each.stored === "dark")) {
  test(`first paint is right under the base: ${describeCase(themeCase)}`, async ({ newContext, baseURL }) => {
    const context = await newContext({ colorScheme: themeCase.os, storageState: storageState(new URL(baseURL!).origin, themeCase) });
    await expectRightFirstPaintWithJavaScript(await context.newPage(), "guide/installation", themeCase);
  });
}
