import { execFileSync } from "node:child_process";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * "Last updated": when git last saw a page's file change, under the
 * article, in the page's metadata and in the sitemap. The expected dates are
 * asked of git here, file by file; the site reads them in one pass at start.
 */

/** The author date of the newest commit of the file, or null when the checkout has no history for it. */
function gitDate(file: string): Date | null {
  const seconds = execFileSync("git", ["log", "-1", "--format=%at", "--", file], { encoding: "utf8" }).trim();
  return seconds ? new Date(Number(seconds) * 1000) : null;
}

const LONG_DATE = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

test("a page says when its file last changed, in the article, in its metadata and in the sitemap, and again after a client-side navigation", async ({ page, request }) => {
  const typography = gitDate("content/typography.md");
  const themes = gitDate("content/themes.md");
  await page.goto("/guide/typography");
  await waitForHydration(page);
  const time = page.locator("main article .last-updated time");
  if (!typography || !themes) {
    // A checkout without git history: no date is made up.
    await expect(time).toHaveCount(0);
    return;
  }
  await expect(page.locator("main article .last-updated")).toHaveText(`Last updated ${LONG_DATE.format(typography)}`);
  await expect(time).toHaveAttribute("datetime", typography.toISOString());
  await expect(page.locator('meta[property="article:modified_time"]')).toHaveAttribute("content", typography.toISOString());

  await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Themes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/theme/i);
  await expect(time).toHaveAttribute("datetime", themes.toISOString());

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(new RegExp(`/guide/typography</loc><lastmod>${typography.toISOString().slice(0, 10)}</lastmod>`));
});
