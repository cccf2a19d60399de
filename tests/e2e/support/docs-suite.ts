import { expect } from "../fixtures";
import { axeViolationsInTheme, checkArticleLinks, expectImagesLoaded, expectNoRawSyntax, navPageUrls } from "./docs-checks";
import type { test as baseTest } from "../fixtures";

/**
 * The tests every docs folder gets, whatever tool it was written for, on
 * the server or exported. A convention's spec adds what is particular to it.
 */
export function readerTests(
  // A docs server's test (docs-server.ts) or a static export's (static-export.ts): only their baseURL differs.
  test: typeof baseTest,
  { pageCount, axePage, brokenLinks = [] }: { pageCount: number; axePage: string; brokenLinks?: RegExp[] },
) {
  test("every page of the navigation answers 200, shows its images and no raw syntax of another tool", async ({ page, request }) => {
    test.slow();
    const urls = await navPageUrls(page);
    expect(urls.length, urls.join("\n")).toBe(pageCount);
    for (const url of urls) {
      expect((await request.get(url)).status(), url).toBe(200);
      await page.goto(url);
      await expect(page.locator("main h1")).toHaveCount(1);
      await expectImagesLoaded(page);
      await expectNoRawSyntax(page);
    }
  });

  test("every link in every article leads to something that answers 200, and every #fragment exists", async ({ page, request }) => {
    test.slow();
    const report = await checkArticleLinks(page, request, await navPageUrls(page));
    const unexpected = report.broken.filter((line) => !brokenLinks.some((pattern) => pattern.test(line)));
    expect(unexpected).toEqual([]);
    expect(report.checked.length).toBeGreaterThan(pageCount / 2);
  });

  test("the pages read the same with JavaScript off", async ({ newContext }) => {
    test.slow();
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of await navPageUrls(page)) {
      expect((await page.goto(url))?.status(), url).toBe(200);
      await expectImagesLoaded(page);
      await expectNoRawSyntax(page);
    }
  });

  for (const theme of ["light", "dark"] as const) {
    test(`${axePage} has no axe violations in the ${theme} theme`, async ({ newContext, baseURL }) => {
      expect(await axeViolationsInTheme(newContext, baseURL!, theme, axePage)).toEqual([]);
    });
  }
}
