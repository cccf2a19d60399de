import { expect, waitForHydration } from "./fixtures";
import { BACKGROUND } from "./fixtures";
import { cases, describeCase, expectRightFirstPaintWithJavaScript, storageState } from "./support/first-paint";
import { expectResultsFromPages } from "./support/docs-checks";
import { readerTests } from "./support/docs-suite";
import { testExport, markDocument, sameDocument } from "./support/static-export";

/**
 * The MkDocs fixture exported with `themed-guide build` and served by a
 * plain static file server: every page, link and image as on the server,
 * navigation between pages in the same document, search in the browser,
 * the theme right on the first paint, and plain notes where JavaScript is
 * needed and off.
 */
const test = testExport("mkdocs", { port: 3289 });

readerTests(test, { pageCount: 5, axePage: "/guide/user-guide/station-files" });


test("a link to another page is followed in the same document, with the page's own data", async ({ page }) => {
  await page.goto("/guide/installation");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("navigation", { name: /previous and next/i }).locator("a[rel=next]").click();
  await expect(page.locator("main h1")).toHaveText("Station files");
  await expect(page).toHaveURL("/guide/user-guide/station-files");
  await expect(page.getByRole("article")).toContainText("A station file lists the harmonic constants of one place.");
  await page.getByRole("article").getByRole("link", { name: "plotting" }).click();
  await expect(page.locator("main h1")).toHaveText("Plotting");
  // The site's name leads to /, which on this site redirects to the guide: the redirect is followed too.
  await page.locator(".site-name").click();
  await expect(page).toHaveURL("/guide");
  expect(await sameDocument(page)).toBe(true);
});

test("search runs in the browser: the box lists the section that matches, with the words marked, and the results page shows it", async ({ page }) => {
  await page.goto("/guide");
  await waitForHydration(page);
  await markDocument(page);
  const field = page.getByRole("search").getByLabel("Search", { exact: true });
  await field.fill("harbour authorities");
  const first = page.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await expect(first).toHaveAttribute("href", "/guide/user-guide/station-files#fields");
  await expect(first).toContainText("Station files");
  // The heading's words only, as the server's search shows it: not the "#" link each heading ends with.
  await expect(first.locator(".search-result-section")).toHaveText("Fields");
  await expect(first.locator("mark").first()).toHaveText(/^harbour$/i);

  await field.press("Enter");
  await expect(page).toHaveURL("/search?q=harbour+authorities");
  const results = page.locator(".search-results > li");
  await expect(results.first().getByRole("link")).toHaveAttribute("href", "/guide/user-guide/station-files#fields");
  await expect(results.first().locator(".search-result-section")).toHaveText("Fields");
  await expect(results.first().locator("mark").first()).toHaveText(/^harbour$/i);
  expect(await sameDocument(page)).toBe(true);
});

test("an exported search names its results as the server's does: a page's opening by the page alone, an h3's section with the h2 above it", async ({ page }) => {
  await page.goto("/guide");
  await waitForHydration(page);
  const field = page.getByRole("search").getByLabel("Search", { exact: true });
  const first = page.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await field.fill("harmonic constants of one place");
  await expect(first).toHaveAttribute("href", "/guide/user-guide/station-files");
  await expect(first.locator(".search-result-page")).toHaveText("Station files");
  await expect(first.locator(".search-result-section")).toHaveCount(0);
  // The page's opening is its own words, not the "On this page" list's summary before them.
  await expect(first).toContainText("harmonic constants");
  await expect(first).not.toContainText("On this page");

  // "the" is not searched for, as on the server: Pagefind would mark "the North American size" too.
  await field.fill("the paper landscape");
  await expect(first).toHaveAttribute("href", "/guide/user-guide/plotting#paper-sizes");
  await expect(first.locator(".search-result-parent")).toHaveText("Printing");
  await expect(first.locator(".search-result-section")).toHaveText("Paper sizes");
  await expect(first).toContainText("for the North American size");
  await expect(first.locator("mark").filter({ hasText: /landscape/ })).toHaveCount(1);
  await expect(first.locator("mark").filter({ hasText: /^the$/i })).toHaveCount(0);
});

test("a query whose words are on no one page lists the pages with some of them, as the server's search does", async ({ page }) => {
  // "licence" is only on the licence page, "conda" only on the installation page (docs-mkdocs.spec.ts asks the server the same).
  await expectResultsFromPages(page, "licence conda", ["/guide/about/license", "/guide/installation"]);
});

test("an exported results page opened with a query searches on arrival, and says when nothing matches", async ({ page }) => {
  await page.goto("/search?q=constituents");
  await expect(page.locator("main h1")).toHaveText("Results for “constituents”");
  await expect(page.locator(".search-results > li").first()).toBeVisible();
  await page.goto("/search?q=zqxwv");
  await expect(page.getByText("No results.")).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the header says that search and the theme choice need JavaScript, in place of them", async ({ page }) => {
    await page.goto("/guide/installation");
    await expect(page.locator(".needs-javascript")).toBeVisible();
    await expect(page.locator(".needs-javascript")).toContainText("need JavaScript");
    await expect(page.getByRole("search")).toBeHidden();
    await expect(page.getByRole("group", { name: "Theme" })).toBeHidden();
    await page.goto("/search?q=constituents");
    // Located by class: Playwright's text search does not look inside <noscript>.
    await expect(page.locator("main .search-notice")).toBeVisible();
    await expect(page.locator("main .search-notice")).toContainText("its search runs in the browser and needs JavaScript");
    await page.goto("/appearance");
    await expect(page.locator("main .needs-javascript")).toBeVisible();
    await expect(page.locator("main .needs-javascript")).toContainText("choosing a theme needs JavaScript");
  });

  for (const os of ["light", "dark"] as const) {
    test(`the page follows the system (${os}), whatever a cookie says`, async ({ newContext, baseURL }) => {
      const cookieSays = os === "light" ? "dark" : "light";
      const context = await newContext({ javaScriptEnabled: false, colorScheme: os });
      await context.addCookies([{ name: "theme", value: cookieSays, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto("/guide/installation");
      await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[os]);
      await expect(page.locator("html")).toHaveAttribute("data-theme-preference", "system");
    });
  }
});

for (const themeCase of cases.filter((each) => each.javaScript)) {
  test(`first paint is right on an exported page: ${describeCase(themeCase)}`, async ({ newContext, baseURL }) => {
    const context = await newContext({ colorScheme: themeCase.os, storageState: storageState(baseURL!, themeCase) });
    await expectRightFirstPaintWithJavaScript(await context.newPage(), "/guide/installation", themeCase);
  });
}

test("a Mermaid diagram is drawn on an exported page, in the theme chosen, under the page's own policy", async ({ page }) => {
  await page.goto("/guide/user-guide/plotting");
  const drawing = page.getByRole("article").locator('figure[data-diagram="mermaid"]').getByRole("img", { name: "Diagram" });
  await expect(drawing).toBeVisible();
  await expect(drawing).toContainText("Plot window");
  await waitForHydration(page);
  // Drawn again in the other theme: its styles, a constructed sheet each time, are not refused either.
  const drawn = await drawing.getAttribute("id");
  await page.getByRole("button", { name: "Dark theme", exact: true }).click();
  await expect(drawing).not.toHaveAttribute("id", drawn!);
});

test("an exported page carries its own strict policy: its inline scripts by hash, no inline script else, and all of it runs under it", async ({ page, allowConsole }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`)),
  );
  await page.goto("/guide/installation");
  await waitForHydration(page);
  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content"))!;
  const scriptSources = policy.split("; ").find((directive) => directive.startsWith("script-src "))!.split(" ").slice(1);
  // Counted in the file as served: after hydration the page holds fewer (the tab sets' script is React's to drop).
  const served = await (await page.request.get("/guide/installation")).text();
  const inlineScripts = served.match(/<script(?![^>]*\ssrc=)[^>]*>/g)!.length;
  expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(inlineScripts);
  expect(scriptSources).not.toContain("'unsafe-inline'");
  // The search runs its WebAssembly and its index's modules under the policy too.
  await page.getByRole("search").getByLabel("Search", { exact: true }).fill("harbour");
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toBeVisible();
  // A script the page did not ship is refused (and the browser says so, which is expected here).
  allowConsole(/^error: Executing inline event handler violates the following Content Security Policy directive/);
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img alt="" src="data:,not-an-image" onerror="window.injected = true">'));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});

test("the export holds 404.html, a sitemap of absolute addresses, llms.txt and each page's Markdown", async ({ request, baseURL }) => {
  const notFound = await request.get("/404.html");
  expect(await notFound.text()).toContain("Page not found");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/guide/user-guide/station-files</loc>`);
  const llms = await (await request.get("/llms.txt")).text();
  expect(llms).toContain(`(${baseURL}/guide/installation.md)`);
  const markdown = await (await request.get("/guide/installation.md")).text();
  expect(markdown).toMatch(/^# Installation/);
});

test("the export carries the notices of the third-party code it sends to browsers, its search engine's included", async ({ request }) => {
  const notices = await (await request.get("/third-party-notices.md")).text();
  for (const name of ["react", "mermaid", "pagefind"]) expect(notices).toMatch(new RegExp(`^## ${name} \\d`, "m"));
  expect(notices).toContain("Copyright (c) Pagefind");
});
