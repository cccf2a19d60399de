import { expect } from "./fixtures";
import { axeViolations } from "./support/axe";
import { expectCallout, expectFormulas, proseText } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { readerTests } from "./support/docs-suite";

/** A folder written for VitePress, served unedited. */
const test = testDocs("vitepress");

readerTests(test, { pageCount: 6, axePage: "/guide/guide/configuration" });

test("the home page shows its hero and features as VitePress does, never their YAML, and its /logo.svg comes from public/", async ({ page }) => {
  await page.goto("/guide");
  // The hero's line is the title's subtitle, as VitePress sets it in its <h1>.
  await expect(page.locator("main h1")).toHaveText("Lanternfish");
  await expect(page.locator("main hgroup > :is(h1, p)")).toHaveText(["Lanternfish", "Feeds from plain files"]);
  const article = page.locator("main article");
  await expect(article.locator(".home-hero-tagline")).toHaveText("Write notes, get a feed. No database, no daemon.");
  // The actions as buttons, to this site's addresses of the pages they name.
  const actions = article.locator(".home-hero-actions").getByRole("link");
  await expect(actions).toHaveText(["Get started", "CLI reference"]);
  await expect(actions.first()).toHaveAttribute("href", "/guide/guide/getting-started");
  await expect(actions.last()).toHaveAttribute("href", "/guide/reference/cli");
  await expect(article.locator(".home-features > li")).toHaveText([/One binary\s*Download it, point it at a folder, done\./, /Readable output\s*The feed it writes/]);
  const text = await proseText(page);
  expect(text).not.toMatch(/theme: brand|tagline|details:/);
  const logo = page.getByRole("img", { name: /Lanternfish logo/ });
  await expect(logo).toHaveAttribute("src", /^\/guide-files\/public\/logo\.svg\?v=/);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`the home page's hero and features have no axe violations in the ${theme} theme`, async ({ newContext, baseURL }) => {
    const context = await newContext();
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/guide");
    await expect(page.locator("main .home-hero")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("::: containers are callouts with their default or written titles, and ::: details is a closed disclosure", async ({ page }) => {
  await page.goto("/guide/guide/getting-started");
  await expectCallout(page, "Tip", "rewritten on every save");
  await expectCallout(page, "Check your base URL", "Feed readers need absolute links");

  await page.goto("/guide/guide/configuration");
  await expectCallout(page, "Danger", "after publishing makes readers");
  await expectCallout(page, "Info", "Options you do not set");
  const details = page.locator("main details").filter({ hasText: "What about Atom?" });
  await expect(details).toHaveCount(1);
  await expect(details.locator("summary")).toHaveText(/What about Atom\?/);
  await expect(details).not.toHaveAttribute("open");

  await page.goto("/guide/reference/cli");
  await expectCallout(page, "Exit codes", "when a note could not be read");
});

test("{#custom-id} gives the heading that id and leaves its text clean; links to it land there", async ({ page }) => {
  await page.goto("/guide/guide/configuration#base-url");
  const heading = page.locator("main h2#base-url");
  await expect(heading).toHaveText(/^\s*Base URL\b/);
  await expect(page.locator("main h2#title")).toHaveText(/^\s*Title and description\b/);
  await expect(page.locator("main article h2").filter({ hasText: "{" })).toHaveCount(0);
  await page.goto("/guide/guide/getting-started");
  await page.locator("main article").getByRole("link", { name: "the options" }).click();
  await expect(page).toHaveURL(/\/guide\/guide\/configuration#base-url$/);
});

test("[[toc]] is not printed: the page's own contents list takes its place", async ({ page }) => {
  await page.goto("/guide/guide/configuration");
  expect(await proseText(page)).not.toContain("[[toc]]");
});

test("code fences keep their [file] title and {1,3} highlights out of the code text", async ({ page }) => {
  await page.goto("/guide/guide/configuration");
  const article = page.locator("main article");
  await expect(article).toContainText("lanternfish.config.ts");
  const code = await article.locator("pre").allInnerTexts();
  expect(code.join("\n")).toContain('import { defineConfig } from "lanternfish";');
  expect(code.join("\n")).not.toMatch(/\{1,3\}|\[lanternfish\.config\.ts\]/);
  expect(await proseText(page)).not.toMatch(/\{1,3\}|\{2\}/);
});

test("<!--@include--> shows the part's text, and <<< shows the snippet's region as a titled code block", async ({ page }) => {
  await page.goto("/guide/guide/getting-started");
  await expect(page.locator("main article p").filter({ hasText: "needs Node.js 22 or later" })).toHaveCount(1);
  await expect(page.locator("main")).not.toContainText("Requirements (a part, not a page)");
  const snippet = page.locator("main figure").filter({ has: page.locator("figcaption", { hasText: "lanternfish.config.ts" }) });
  await expect(snippet.locator("pre")).toHaveText(/^feed: \{\s*title: "Field notes",\s*baseUrl: "https:\/\/notes\.example\.org",\s*items: 20,\s*\},?$/);
  await expect(snippet.locator(".highlighted")).toHaveText(/baseUrl/);
  await expect(page.locator("main")).not.toContainText("#region");
  await expect(page.locator("main")).not.toContainText("<<<");
});

test("<Badge> components leave no markup on the page", async ({ page }) => {
  await page.goto("/guide/reference/cli");
  await expect(page.locator("main h1")).toContainText("Command line");
  expect(await page.locator("main").innerText()).not.toMatch(/<\/?Badge|text="/);
});

test("links without .md, with .md and root-relative /guide/... links all reach their page", async ({ page }) => {
  await page.goto("/guide/guide/deploying");
  await page.locator("main article").getByRole("link", { name: "getting started" }).click();
  await expect(page).toHaveURL(/\/guide\/guide\/getting-started$/);
  await page.locator("main article").getByRole("link", { name: "configuration", exact: true }).click();
  await expect(page).toHaveURL(/\/guide\/guide\/configuration$/);
});

test("a $$…$$ line is a formula of its own, and $…$ in a sentence one inline", async ({ page }) => {
  await page.goto("/guide/guide/configuration");
  await expectFormulas(page, { inline: 2, display: 1 });
});

test("a long identifier in \"On this page\" wraps where one of its words ends, never in the middle of one", async ({ newContext }) => {
  const page = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto("/guide/guide/configuration");
  const link = page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "feedOptions.maxItemsPerFeed" });
  const lines = await link.evaluate((anchor) => {
    const lineTops = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    };
    const parts = [...anchor.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    return { whole: lineTops(anchor).size, partsOnTwoLines: parts.filter((part) => lineTops(part).size > 1).map((part) => part.textContent) };
  });
  expect(lines.whole, "the identifier is wider than the column, so it wraps").toBeGreaterThan(1);
  expect(lines.partsOnTwoLines).toEqual([]);
});
