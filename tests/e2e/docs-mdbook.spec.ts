import { expect } from "./fixtures";
import { expectFormulas } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { readerTests } from "./support/docs-suite";

/** An mdBook src/ folder, served unedited. */
const test = testDocs("mdbook");

readerTests(test, { pageCount: 7, axePage: "/guide/basics/map-files" });

test("README.md is the landing page and each chapter folder's README.md is the folder's page", async ({ page, request }) => {
  await page.goto("/guide");
  await expect(page.locator("main h1")).toHaveText("The Tessera Book");
  await page.goto("/guide/basics");
  await expect(page.locator("main h1")).toHaveText("First steps");
  await page.goto("/guide/advanced");
  await expect(page.locator("main h1")).toHaveText("Advanced topics");
  expect((await request.get("/guide/README")).status()).toBe(404);
});

test("SUMMARY.md is the table of contents, not a page: the navigation follows its order", async ({ page, request }) => {
  expect((await request.get("/guide/SUMMARY")).status()).toBe(404);
  await page.goto("/guide");
  const nav = page.getByRole("navigation", { name: /guide/i }).first();
  const links = await nav.locator("a").evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).pathname));
  expect(links).toEqual([
    "/guide",
    "/guide/basics",
    "/guide/basics/map-files",
    "/guide/basics/tiles",
    "/guide/advanced",
    "/guide/advanced/palettes",
    "/guide/glossary",
  ]);
});

test("SUMMARY.md's link texts label the navigation, and book.toml beside the folder names the site", async ({ page }) => {
  await page.goto("/guide/basics/tiles");
  await expect(page.locator(".site-name")).toHaveText("Tessera");
  await expect(page).toHaveTitle("Drawing tiles · Tessera");
  const nav = page.getByRole("navigation", { name: "Guide" });
  await expect(nav.locator("a")).toHaveText(["Introduction", "First steps", "Reading a map file", "Drawing tiles", "Advanced topics", "Palettes", "Glossary"]);
  // The landing page keeps its own title; the summary's "Introduction" is its place in the navigation.
  await page.goto("/guide");
  await expect(page.locator("main h1")).toHaveText("The Tessera Book");
});

test("previous and next follow the book's reading order", async ({ page }) => {
  await page.goto("/guide/basics/tiles");
  const pager = page.getByRole("navigation", { name: /previous and next/i });
  await expect(pager.getByRole("link", { name: /Reading a map file/ })).toHaveAttribute("href", "/guide/basics/map-files");
  await expect(pager.getByRole("link", { name: /Advanced topics/ })).toHaveAttribute("href", "/guide/advanced");
});

test("{{#include}} shows the lines of the file it names, and Rust blocks hide their `# ` lines", async ({ page }) => {
  await page.goto("/guide/basics/tiles");
  const blocks = page.locator("main pre");
  const twoLines = 'let map = Map::load("level1.txt")?; map.render(&sheet).save("level1.png")?;';
  await expect(blocks.nth(0)).toHaveText(twoLines);
  // rustdoc_include: the rest of the program is hidden, leaving the same two lines.
  await expect(blocks.nth(1)).toHaveText(twoLines);
  await expect(blocks.nth(2)).toHaveText('let map = Map::load("level2.txt")?; println!("{} columns", map.width());');
  await expect(page.locator("main")).not.toContainText("ANCHOR");
  await expect(page.locator("main p code").filter({ hasText: "{{#include listings/draw.rs:draw}}" })).toHaveCount(1);
});

test("a plain > blockquote stays a blockquote, not a callout", async ({ page }) => {
  await page.goto("/guide/basics/map-files");
  await expect(page.locator("main blockquote")).toContainText("keep maps under 256 columns");
});

test("MathJax's \\\\( … \\\\) and \\\\[ … \\\\] (book.toml's mathjax-support) are drawn as formulas", async ({ page }) => {
  await page.goto("/guide/basics/map-files");
  await expectFormulas(page, { inline: 1, display: 1 });
});
