import { expect } from "./fixtures";
import { expectCallout, expectFormulas } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { readerTests } from "./support/docs-suite";

/** A repository's README and docs/ folder as GitHub shows them, served unedited. */
const test = testDocs("github");

readerTests(test, { pageCount: 6, axePage: "/guide/docs/install" });

test("> [!NOTE] and the other alerts are callouts titled by their kind", async ({ page }) => {
  await page.goto("/guide");
  await expectCallout(page, "Note", "archive format may still change");
  await page.goto("/guide/CONTRIBUTING");
  await expectCallout(page, "Important", "a test that fails without it");
  await page.goto("/guide/docs/install");
  await expectCallout(page, "Tip", "installs shell completions");
  await expectCallout(page, "Warning", "Restore first, then upgrade");
  await expectCallout(page, "Caution", "Never delete the key file");
});

test("raw HTML is kept: centred banner, <kbd>, <details>/<summary>, and the text of an unknown element", async ({ page }) => {
  await page.goto("/guide");
  const banner = page.getByRole("img", { name: "Pebblebox" });
  await expect(banner).toHaveAttribute("src", /^\/guide-files\/assets\/banner\.png\?v=/);
  await expect(page.locator("main kbd")).toHaveText(["Ctrl", "C"]);
  await expect(page.locator("main article")).toContainText("Generated archives are readable by any later version.");

  await page.goto("/guide/CONTRIBUTING");
  // The author's own, not the page's "On this page" disclosure.
  const details = page.locator("main article details:not(.on-this-page)");
  await expect(details.locator("summary")).toHaveText("Running the tests locally");
  await details.locator("summary").click();
  await expect(details.getByText("make test")).toBeVisible();
});

test("links to folders (docs/usage/, usage, ./) open the folder's README page", async ({ page }) => {
  await page.goto("/guide");
  await page.locator("main article").getByRole("link", { name: "Usage", exact: true }).click();
  await expect(page).toHaveURL(/\/guide\/docs\/usage$/);
  await page.goto("/guide/docs/install");
  await page.locator("main article").getByRole("link", { name: "usage", exact: true }).click();
  await expect(page).toHaveURL(/\/guide\/docs\/usage$/);
  await page.goto("/guide/docs/usage/advanced");
  await page.locator("main article").getByRole("link", { name: "Back to usage" }).click();
  await expect(page).toHaveURL(/\/guide\/docs\/usage$/);
});

test("emoji shortcodes show as emoji, and a heading with one keeps the id GitHub gives it", async ({ page }) => {
  await page.goto("/guide");
  const table = page.locator("main table").filter({ hasText: "Backend" });
  await expect(table.getByRole("cell", { name: "✅" })).toHaveCount(1);
  await expect(table.getByRole("cell", { name: "❌" })).toHaveCount(1);
  await expect(page.locator("main h2#package-backends")).toHaveText(/^📦 Backends/);
  await page.getByRole("link", { name: "Where backups can go" }).click();
  await expect(page).toHaveURL(/\/guide#package-backends$/);
  await expect(page.locator("main")).not.toContainText(":white_check_mark:");
});

test("repeated headings get distinct ids, as GitHub numbers them", async ({ page }) => {
  await page.goto("/guide/docs/usage/advanced#exclusions-1");
  await expect(page.locator("main h2#exclusions")).toHaveText(/Exclusions/);
  await expect(page.locator("main h2#exclusions-1")).toHaveText(/Exclusions/);
});

test("task lists show their checkboxes, read-only", async ({ page }) => {
  await page.goto("/guide/docs/usage");
  const boxes = page.locator('main input[type="checkbox"]');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.first()).toBeDisabled();
});

test("a README's raw <h1 align=\"center\"> after its banner is the page's one title, with the id GitHub gives it", async ({ page }) => {
  await page.goto("/guide#pebblebox");
  const title = page.locator("main h1");
  await expect(title).toHaveCount(1);
  await expect(title).toHaveText("Pebblebox");
  await expect(title).toHaveAttribute("id", "pebblebox");
  await expect(page).toHaveTitle(/^Pebblebox/);
  // The banner before it stays, and the article holds no second title.
  await expect(page.getByRole("img", { name: "Pebblebox" })).toBeVisible();
  await expect(page.locator("main article [data-sent-once] h1")).toHaveCount(0);
});

test.describe("images drawn for one colour scheme follow the site's theme, not only the OS", () => {
  const cases = [
    { preference: "dark", os: "light", javaScript: true, shows: "dark" },
    { preference: "light", os: "dark", javaScript: true, shows: "light" },
    { preference: "system", os: "dark", javaScript: true, shows: "dark" },
    { preference: "dark", os: "light", javaScript: false, shows: "dark" },
    { preference: "system", os: "dark", javaScript: false, shows: "dark" },
    { preference: "system", os: "light", javaScript: false, shows: "light" },
  ] as const;
  for (const { preference, os, javaScript, shows } of cases) {
    test(`${preference} theme on a ${os} system, JavaScript ${javaScript ? "on" : "off"}: the ${shows} images show`, async ({ newContext, baseURL }) => {
      const context = await newContext({ colorScheme: os, javaScriptEnabled: javaScript });
      if (preference !== "system") await context.addCookies([{ name: "theme", value: preference, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto("/guide/docs/install");
      const hidden = shows === "dark" ? "light" : "dark";

      // <picture> with prefers-color-scheme sources: the visible one has loaded the theme's drawing.
      const diagram = page.getByRole("img", { name: "From the folder, through encryption, to the bucket" });
      await expect(diagram).toHaveCount(1);
      await expect(diagram).toBeVisible();
      await expect.poll(() => diagram.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && image.currentSrc)).toContain(`flow-${shows}.png`);
      await expect(page.locator(`main picture.theme-only-${hidden}`)).toBeHidden();

      // GitHub's #gh-dark-mode-only / #gh-light-mode-only.
      const icon = page.getByRole("img", { name: "Pebblebox icon" });
      await expect(icon).toHaveCount(1);
      await expect(icon).toHaveAttribute("src", new RegExp(`mark-${shows}\\.png`));
      await expect(page.locator(`main img[src*="mark-${hidden}.png"]`)).toBeHidden();
    });
  }
});

test("formulas are drawn as MathML: $…$ in a sentence, a ```math fence, a $$…$$ line; dollar amounts stay words", async ({ page }) => {
  await page.goto("/guide/docs/install");
  await expectFormulas(page, { inline: 4, display: 2 });
  const article = page.locator("main article");
  await expect(article).toContainText("The cloud tier costs $4 per month for the first 100 GB and $2 for each 100 GB after that.");
  // The TeX stays in the MathML for copying and screen readers.
  await expect(article.locator("annotation").first()).toHaveText("n");
});

test("sections written as # headings become h2 under the page's one <h1>, and are in On this page", async ({ page }) => {
  await page.goto("/guide/CONTRIBUTING");
  await expect(page.locator("main h1")).toHaveCount(1);
  await expect(page.locator("main h1")).toHaveText("Contributing");
  const article = page.locator("main article");
  await expect(article.locator("h2#reporting-a-bug")).toHaveText(/^Reporting a bug/);
  await expect(article.locator("h3#security-issues")).toHaveText(/^Security issues/);
  await expect(article.locator("h2#sending-a-change")).toHaveText(/^Sending a change/);
  const contents = page.getByRole("navigation", { name: "On this page" }).first();
  await expect(contents.getByRole("link")).toHaveText(["Reporting a bug", "Security issues", "Sending a change"]);
});
