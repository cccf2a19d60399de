import { expect } from "./fixtures";
import { expectCallout, expectFormulas, proseText } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { readerTests } from "./support/docs-suite";

/** A docs/ folder written for Docusaurus, served unedited. */
const test = testDocs("docusaurus");

// /guide (no index.md: the list of pages) and the five pages.
readerTests(test, { pageCount: 7, axePage: "/guide/getting-started/first-job" });

test("the navigation follows _category_.json labels and positions, sidebar_position and sidebar_label", async ({ page }) => {
  await page.goto("/guide/intro");
  // textContent: closed groups hide their entries from innerText, not from the order.
  const text = (await page.getByRole("navigation", { name: /guide/i }).first().textContent()) ?? "";
  const position = (title: string) => text.indexOf(title);
  expect(text).not.toContain("Installing Quillstack");
  expect(position("Install")).toBeGreaterThan(-1);
  expect(position("Introduction")).toBeLessThan(position("Getting started"));
  expect(position("Getting started")).toBeLessThan(position("Guides"));
  expect(position("Install")).toBeLessThan(position("Your first job"));
  expect(position("Scheduling")).toBeLessThan(position("Retries"));
});

test(".mdx pages are pages: their imports, exports and comments removed, components not run, their text and code shown", async ({ page }) => {
  await page.goto("/guide/intro");
  await page.getByRole("link", { name: "the dashboard" }).click();
  await expect(page).toHaveURL(/\/guide\/guides\/dashboard#starting-it$/);
  await expect(page.locator("main h1")).toHaveText("The dashboard");
  const article = page.locator("main article");
  await expect(article).toContainText("The dashboard shows every queue");
  await expect(article.locator("pre")).toHaveText([/npx quillstack dashboard --port 4100/, /dashboard\(\{ port: 4100 \}\);/]);
  await expectCallout(page, "Info", "never retries or deletes a job");
  for (const leftover of ["import Tabs", "export const", "refreshSeconds", "QueueChart", "{/*"]) await expect(article).not.toContainText(leftover);
  expect((await page.request.get("/guide-files/guides/dashboard.mdx")).status()).toBe(404);
});

test("an imported MDX partial shows where its component stands, and is no page of its own", async ({ page, request }) => {
  await page.goto("/guide/getting-started/installation");
  const article = page.locator("main article");
  await expect(article.getByText("a disk that survives a restart")).toBeVisible();
  await expect(article).not.toContainText("Requirements");
  expect((await request.get("/guide/getting-started/_requirements")).status()).toBe(404);
});

test("previous and next name their pages as the navigation does, by sidebar_label", async ({ page }) => {
  await page.goto("/guide/getting-started/first-job");
  const pager = page.getByRole("navigation", { name: /previous and next/i });
  await expect(pager.locator("a[rel=prev]")).toHaveAttribute("href", "/guide/getting-started/installation");
  await expect(pager.locator("a[rel=prev]")).toHaveText("Previous Install");
});

test(":::note, :::tip[Title], :::danger{title=…} and :::caution Title are callouts with those titles", async ({ page }) => {
  await page.goto("/guide/intro");
  await expectCallout(page, "Note", "Node.js 22 or newer");
  await page.goto("/guide/getting-started/installation");
  await expectCallout(page, "Pick one database file per app", "steal each other's jobs");
  await page.goto("/guide/getting-started/first-job");
  await expectCallout(page, "Do not block the worker", "Give long jobs a timeout");
  await expectCallout(page, "Info", "in the order they were added");
  await page.goto("/guide/guides/retries");
  await expectCallout(page, "Warning", "Make your handlers idempotent");
  await expectCallout(page, "Old name", "was called");
});

test("MDX imports and {/* comments */} are not shown; the content of <Tabs> is", async ({ page }) => {
  await page.goto("/guide/getting-started/installation");
  const article = page.locator("main article");
  await expect(article).toContainText("npm install quillstack");
  await expect(article).toContainText("yarn add quillstack");
  const text = await proseText(page);
  expect(text).not.toMatch(/import Tabs|@theme\/Tabs|<\/?Tab/);
  await page.goto("/guide/intro");
  expect(await proseText(page)).not.toMatch(/\{\/\*|keep it short, details live/);
});

test('code fences show their title="…" as a title, not as text in the code', async ({ page }) => {
  await page.goto("/guide/getting-started/first-job");
  const article = page.locator("main article");
  await expect(article).toContainText("src/enqueue.js");
  await expect(article).toContainText("src/worker.js");
  const code = (await article.locator("pre").allInnerTexts()).join("\n");
  expect(code).toContain('await queue("emails")');
  expect(code).not.toMatch(/title=|showLineNumbers/);
});

test("a page without a # heading takes its title from front matter; one without front matter title from its heading", async ({ page }) => {
  await page.goto("/guide/guides/retries");
  await expect(page.locator("main h1")).toHaveText("Retrying failed jobs");
  await page.goto("/guide/guides/scheduling#time-zones");
  await expect(page.locator("main h1")).toHaveText("Scheduling");
  await expect(page.locator("main h2#time-zones")).toHaveText(/^\s*Time zones\b/);
});

test("remark-math's $$ block and $…$ in a sentence are drawn as formulas", async ({ page }) => {
  await page.goto("/guide/getting-started/first-job");
  await expectFormulas(page, { inline: 2, display: 1 });
});
