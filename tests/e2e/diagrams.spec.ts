import type { Locator } from "@playwright/test";
import { expect, waitForHydration, type BrowserContext, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";
import { testDocs } from "./support/docs-server";

/**
 * Mermaid diagrams (app/diagrams/): the MkDocs fixture's ``` mermaid fence
 * on /guide/user-guide/plotting, drawn in the browser in the site's theme,
 * under the page's strict Content-Security-Policy (the console fixture
 * fails a test on any message, a refused style or eval included), and
 * loaded by no page without a diagram. A port of this spec's own
 * (docs-server.ts), so its tests run one after another.
 */
const test = testDocs("mkdocs", { port: 3312 });
test.describe.configure({ mode: "default" });

const PLOTTING = "/guide/user-guide/plotting";
const NO_DIAGRAM = "/guide/user-guide/station-files";
const DIAGRAM_SCRIPT = /\/assets\/draw-diagrams-[\w-]+\.js$/;

const figure = (page: Page) => page.locator('main article figure[data-diagram="mermaid"]');
const drawing = (page: Page) => figure(page).getByRole("img", { name: "Diagram" });

/**
 * Whether the first node of the drawing is filled light or dark: Mermaid's
 * theme, and proof that its styles apply (unstyled, it would be black). A
 * drawing replaced while it was read has no computed fill: "none".
 */
async function nodeFill(image: Locator): Promise<"light" | "dark" | "none"> {
  const fill = await image.locator(".node :is(rect, polygon)").first().evaluate((shape) => getComputedStyle(shape).fill);
  const [red, green, blue] = fill.match(/\d+/g)?.map(Number) ?? [];
  if (red === undefined || green === undefined || blue === undefined) return "none";
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 128 ? "light" : "dark";
}

/** A page in a fresh context whose theme cookie says `theme`, at `path`, its diagrams drawn. */
async function openInTheme(newContext: () => Promise<BrowserContext>, baseURL: string, theme: "light" | "dark", path: string): Promise<Page> {
  const context = await newContext();
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator("html")).toHaveClass(theme);
  return page;
}

/** Script requests the page makes from now on. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("a mermaid fence is drawn as one named image, in the light theme, its source in a closed disclosure below", async ({ newContext, baseURL }) => {
  const page = await openInTheme(newContext, baseURL!, "light", PLOTTING);
  const image = drawing(page);
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => element.tagName)).toBe("svg");
  await expect(image).toContainText("Predicted heights");
  const box = (await image.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.height).toBeGreaterThan(40);
  expect(await nodeFill(image)).toBe("light");
  // Its styles are a constructed sheet, never a <style> in the page.
  expect(await page.locator("style").count()).toBe(0);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBeGreaterThan(0);

  const source = figure(page).locator("details");
  await expect(source).not.toHaveAttribute("open");
  await source.getByText("Diagram source").click();
  await expect(source.locator("pre")).toContainText("flowchart LR");
  await expect(source.locator("pre")).toContainText("predict --> window{Show or save?}");
});

test("in the dark theme it is drawn dark, and switching the theme draws it again in the other one", async ({ newContext, baseURL }) => {
  const page = await openInTheme(newContext, baseURL!, "dark", PLOTTING);
  await expect(drawing(page)).toBeVisible();
  expect(await nodeFill(drawing(page))).toBe("dark");

  await waitForHydration(page);
  await page.getByRole("button", { name: "Light theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass("light");
  await expect.poll(() => nodeFill(drawing(page))).toBe("light");
  await page.getByRole("button", { name: "Dark theme", exact: true }).click();
  await expect.poll(() => nodeFill(drawing(page))).toBe("dark");
  // One drawing and one set of styles, whatever the number of switches.
  await expect(figure(page).locator("svg")).toHaveCount(1);
  expect(await page.evaluate(() => document.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith("#mermaid-"))).length)).toBe(1);
});

test("with JavaScript off, the diagram is its source, shown as code", async ({ newContext }) => {
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await page.goto(PLOTTING);
  const code = figure(page).locator("pre > code");
  await expect(code).toBeVisible();
  await expect(code).toContainText("station[Station file] --> constants[Harmonic constants]");
  await expect(figure(page).locator("svg")).toHaveCount(0);
});

test("a page without a diagram loads no diagram script; a page with one loads it", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto(NO_DIAGRAM);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => DIAGRAM_SCRIPT.test(path))).toEqual([]);
  expect(await page.content()).not.toContain("draw-diagrams");

  await page.goto(PLOTTING);
  await expect(drawing(page)).toBeVisible();
  expect(scripts.filter((path) => DIAGRAM_SCRIPT.test(path))).toHaveLength(1);
  // Laid out by Dagre: ELK, Mermaid 12's own default, is 350 KB more and only loads when a diagram asks for it.
  expect(scripts.filter((path) => /\/elk-/.test(path))).toEqual([]);
});

test("a client-side navigation to a page with a diagram draws it, and so does a later one back to it", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto(NO_DIAGRAM);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByRole("article").getByRole("link", { name: "plotting" }).click();
  await expect(page.locator("main h1")).toHaveText("Plotting");
  await expect(drawing(page)).toBeVisible();
  await expect(drawing(page)).toContainText("Plot window");

  await page.getByRole("article").getByRole("link", { name: "field list" }).click();
  await expect(page.locator("main h1")).toHaveText("Station files");
  await page.goBack();
  await expect(page.locator("main h1")).toHaveText("Plotting");
  await expect(drawing(page)).toBeVisible();
  await expect(figure(page).locator("svg")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Loaded once for the document, by the first page that needed it.
  expect(scripts.filter((path) => DIAGRAM_SCRIPT.test(path))).toHaveLength(1);
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing on a page with a drawn diagram, in the ${theme} theme`, async ({ newContext, baseURL }) => {
    const page = await openInTheme(newContext, baseURL!, theme, PLOTTING);
    await expect(drawing(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
