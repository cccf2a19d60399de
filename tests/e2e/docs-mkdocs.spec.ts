import { expect } from "./fixtures";
import { expectCallout, expectFormulas, expectResultsFromPages, proseText } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { readerTests } from "./support/docs-suite";

/** A docs/ folder written for MkDocs with Material, served unedited. */
const test = testDocs("mkdocs");

readerTests(test, { pageCount: 5, axePage: "/guide/user-guide/station-files" });

test("pages without front matter take their title from their # heading", async ({ page }) => {
  await page.goto("/guide");
  await expect(page.locator("main h1")).toHaveText("Tidewater");
  await page.goto("/guide/installation");
  await expect(page.locator("main h1")).toHaveText("Installation");
});

test("mkdocs.yml beside the folder orders and labels the navigation by its nav and names the site by its site_name", async ({ page }) => {
  await page.goto("/guide/installation");
  await expect(page.locator(".site-name")).toHaveText("Tidewater Tide Tables");
  await expect(page).toHaveTitle("Installation · Tidewater Tide Tables");
  const nav = page.getByRole("navigation", { name: "Guide" });
  // Links, and the summaries that name groups without a page of their own.
  await expect(nav.locator("a, summary:not(:has(.visually-hidden))")).toHaveText([
    "Home",
    "Installation",
    "Using Tidewater",
    "Writing station files",
    "Plots",
    "About",
    "Licence",
  ]);
  // The nav's labels are the navigation's; each page keeps its own title, and its order is the nav's.
  await page.goto("/guide/user-guide/plotting");
  await expect(page.locator("main h1")).toHaveText("Plotting");
  const pager = page.getByRole("navigation", { name: /previous and next/i });
  await expect(pager.locator("a[rel=prev]")).toHaveAttribute("href", "/guide/user-guide/station-files");
  await expect(pager.locator("a[rel=next]")).toHaveAttribute("href", "/guide/about/license");
});

test("!!! admonitions are callouts with their default or quoted titles", async ({ page }) => {
  await page.goto("/guide");
  await expectCallout(page, "Note", "Always check the official tables");
  await page.goto("/guide/installation");
  await expectCallout(page, "Python 3.11 or newer", "fail with a syntax error");
  await page.goto("/guide/user-guide/plotting");
  await expectCallout(page, "Example", "draws the next three days");
  await page.goto("/guide/about/license");
  await expectCallout(page, "In short", "keep the notice");
});

test("??? is a closed disclosure, ???+ an open one, and an admonition nested in it stays a callout", async ({ page }) => {
  await page.goto("/guide/installation");
  const closed = page.locator("main details").filter({ hasText: "Installing without network access" });
  await expect(closed).toHaveCount(1);
  await expect(closed).not.toHaveAttribute("open");
  await expect(closed.locator("summary")).toHaveText(/Installing without network access/);

  await page.goto("/guide/user-guide/station-files");
  const open = page.locator("main details").filter({ hasText: "Where to find constants" });
  await expect(open).toHaveAttribute("open");
  await expect(open.getByText("Many harbour authorities publish them")).toBeVisible();
  await expectCallout(page, "Units", "three times too high");
  await expect(open.locator(':is(aside, [role="note"], [role="alert"], [class~="callout"], [data-callout])').filter({ hasText: "Units" })).toHaveCount(1);
});

test("{ #id } on a heading sets its id; the fragment link from another page lands on it", async ({ page }) => {
  await page.goto("/guide/user-guide/plotting");
  await page.locator("main article").getByRole("link", { name: "field list" }).click();
  await expect(page).toHaveURL(/\/guide\/user-guide\/station-files#fields$/);
  await expect(page.locator("main h2#fields")).toHaveText(/^\s*Fields\b/);
});

test('code fences keep title="…" and hl_lines="…" out of the code', async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  const article = page.locator("main article");
  await expect(article).toContainText("brest.yml");
  const code = (await article.locator("pre").allInnerTexts()).join("\n");
  expect(code).toContain("name: Brest");
  expect(code).not.toMatch(/hl_lines|title=/);
});

test('--8<-- "file:section" puts the lines between the section\'s marks in the code block', async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  const block = page.locator("main pre").filter({ hasText: "safe_load" });
  await expect(block).toHaveText('with open("brest.yml") as file: station = yaml.safe_load(file) print(station["name"])');
  await expect(page.locator("main")).not.toContainText("8<");
});

test("`Term` / `:   Definition` lines are a definition list", async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  const list = page.locator("main dl");
  await expect(list.locator("dt")).toHaveText(["name", "datum"]);
  await expect(list.locator("dd").first()).toHaveText("What plots and reports call the station.");
});

test("images in a sibling folder (../images/x.png) load", async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  const image = page.getByRole("img", { name: "Constituents of a station" });
  await expect(image).toHaveAttribute("src", /^\/guide-files\/images\/constituents\.png\?v=/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
});

test("attribute lists size images and mark links, and no braces show", async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  const constituents = page.getByRole("img", { name: "Constituents of a station" });
  await expect(constituents).toHaveAttribute("width", "160");
  await expect.poll(() => constituents.evaluate((element: HTMLImageElement) => element.getBoundingClientRect().width)).toBe(160);

  await page.goto("/guide/installation");
  const compass = page.getByRole("img", { name: "A compass rose" });
  await expect(compass).toHaveAttribute("width", "96");
  await expect(compass).toHaveAttribute("height", "96");
  await expect(compass).toHaveAttribute("title", "North is up");
  await expect(page.locator("main article p", { hasText: "drawn to scale" })).toHaveAttribute("align", "center");

  await page.goto("/guide/user-guide/plotting");
  await expect(page.locator("main article").getByRole("link", { name: "Download an example station" })).toHaveClass("md-button");

  for (const url of ["/guide", "/guide/installation", "/guide/user-guide/station-files", "/guide/user-guide/plotting"]) {
    await page.goto(url);
    expect(await proseText(page), url).not.toMatch(/\{[^}]*\}/);
  }
});

test("arithmatex's $…$ and $$ block inside an admonition are drawn as formulas", async ({ page }) => {
  await page.goto("/guide/user-guide/station-files");
  await expectFormulas(page, { inline: 1, display: 1 });
  await expect(page.locator("main .callout").filter({ hasText: "How a prediction is made" }).locator("math")).toHaveCount(2);
});

test("++ctrl+s++ keys are shown as keyboard keys", async ({ page }) => {
  await page.goto("/guide/user-guide/plotting");
  const paragraph = page.locator("main article p").filter({ hasText: "Save the plot" });
  await expect(paragraph.locator("kbd")).toHaveText(["Ctrl", "S", "Ctrl", "Shift", "C"]);
  await expect(paragraph).toHaveText("Save the plot with Ctrl+S, or copy it with Ctrl+Shift+C.");
});

test("*[CLI]: … abbreviations, on the page or in an included glossary, mark each use of the term with its meaning, and the definitions are not shown", async ({ page }) => {
  await page.goto("/guide/installation");
  const article = page.locator("main article");
  await expect(article.locator('abbr[title="Command-line interface"]')).toHaveText(["CLI", "CLI"]);
  await expect(article.locator("abbr[title=\"Tom's Obvious Minimal Language\"]")).toHaveText(["TOML"]);
  await expect(article).not.toContainText("*[CLI]");
  // `tidewater --help` is code: no abbreviation inside it.
  await expect(article.locator("code abbr")).toHaveCount(0);
});

test("==text== is shown highlighted", async ({ page }) => {
  await page.goto("/guide/user-guide/plotting");
  await expect(page.locator("main article mark")).toHaveText(["Always check the datum"]);
});

test("a query whose words are on no one page lists the pages with some of them", async ({ page }) => {
  // The export's search in the browser answers the same (static-export.spec.ts).
  await expectResultsFromPages(page, "licence conda", ["/guide/about/license", "/guide/installation"]);
});
