import { expect, waitForHydration, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";
import { testDocs } from "./support/docs-server";
import { observeLayoutShifts, readLayoutShifts } from "./support/layout-shift";
import { pauseDocument } from "./support/paused-document";

/**
 * Tab sets of the docs tools as real tabs (app/components/tab-sets.ts):
 * MkDocs' `=== "pip"` on /guide/installation (two sets of the same labels),
 * Docusaurus' <Tabs groupId="runtime"> twice on /guide/guides/dashboard,
 * a VitePress code group on /guide/guide/getting-started. Ports of this
 * spec's own (docs-server.ts), so its tests run one after another.
 */
const mkdocs = testDocs("mkdocs", { port: 3296 });
const docusaurus = testDocs("docusaurus", { port: 3297 });
const vitepress = testDocs("vitepress", { port: 3298 });
mkdocs.describe.configure({ mode: "default" });

const INSTALLATION = "/guide/installation";
const DASHBOARD = "/guide/guides/dashboard";

/** Which tab of each tablist on the page is chosen, by name. */
async function chosenTabs(page: Page): Promise<string[]> {
  return page.getByRole("tablist").evaluateAll((lists) =>
    lists.map((list) => list.querySelector('[role=tab][aria-selected="true"]')?.textContent ?? "(none)"),
  );
}

mkdocs("a tab set is a tablist of tabs, each controlling the panel it names; one is chosen, and it alone is a tab stop", async ({ page }) => {
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  const list = page.getByRole("tablist").first();
  await expect(list.getByRole("tab")).toHaveText(["pip", "pipx", "conda"]);
  await expect(list.getByRole("tab", { selected: true })).toHaveText("pip");
  expect(await list.getByRole("tab").evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).tabIndex))).toEqual([0, -1, -1]);
  for (const tab of await list.getByRole("tab").all()) {
    const panel = page.locator(`#${await tab.getAttribute("aria-controls")}`);
    await expect(panel).toHaveRole("tabpanel");
    await expect(panel).toHaveAttribute("aria-labelledby", (await tab.getAttribute("id"))!);
  }
  await expect(page.getByRole("tabpanel", { name: "pip" }).first()).toContainText("Into the active environment");
  await expect(page.getByText("As an isolated command")).toBeHidden();
  // The labels shown without JavaScript give way to the tabs.
  await expect(page.locator(".tab-label").first()).toBeHidden();
});

mkdocs("the arrow keys, Home and End move along the tabs and choose; the panel is the next tab stop; right to left, the arrows swap", async ({ page }) => {
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  const list = page.getByRole("tablist").first();
  const tab = (name: string) => list.getByRole("tab", { name, exact: true });
  await tab("pip").focus();
  const expectChosen = async (name: string) => {
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute("aria-selected", "true");
    await expect(tab(name)).toHaveAttribute("tabindex", "0");
    await expect(page.getByRole("tabpanel", { name }).first()).toBeVisible();
  };
  await page.keyboard.press("ArrowRight");
  await expectChosen("pipx");
  await expect(page.getByText("As an isolated command")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expectChosen("conda");
  await page.keyboard.press("ArrowRight");
  await expectChosen("pip");
  await page.keyboard.press("ArrowLeft");
  await expectChosen("conda");
  await page.keyboard.press("Home");
  await expectChosen("pip");
  await page.keyboard.press("End");
  await expectChosen("conda");
  // Visible focus: the site's focus ring on the tab.
  expect(await tab("conda").evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");

  // Nothing in the pipx panel can take focus (its code is text), so the panel itself is the next stop, and no hidden one is.
  await tab("conda").press("ArrowLeft");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "pipx" }).first()).toBeFocused();

  await page.evaluate(() => (document.documentElement.dir = "rtl"));
  await tab("pip").click();
  await page.keyboard.press("ArrowLeft");
  await expectChosen("pipx");
  await page.keyboard.press("ArrowRight");
  await expectChosen("pip");
});

mkdocs("choosing a tab chooses the same one in every set of the same labels on the page, and keeps the page where it was", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  expect(await chosenTabs(page)).toEqual(["pip", "pip"]);
  await page.getByRole("tablist").last().getByRole("tab", { name: "conda" }).scrollIntoViewIfNeeded();
  await page.getByRole("tablist").last().getByRole("tab", { name: "conda" }).click();
  expect(await chosenTabs(page)).toEqual(["conda", "conda"]);
  await expect(page.getByText("From conda-forge")).toBeVisible();
  await expect(page.getByText("conda update tidewater")).toBeVisible();
});

mkdocs("a page without tab sets carries no tabs' script; a page of tabs reached from it by a client-side navigation shows them as tabs from its first frame, and they work", async ({ page }) => {
  expect(await (await page.request.get(INSTALLATION)).text()).toContain('<script id="tab-sets-script"');
  const response = await page.goto("/guide");
  expect(await response!.text()).not.toContain("tab-sets-script");
  await waitForHydration(page);
  await expect(page.locator("main .tabs")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-tabs"))).toBe(false);
  // Every frame until the tabs' page is in: were its panels' labels (shown only without tabs) ever painted?
  await page.evaluate(() => {
    const frames: boolean[] = [];
    (window as unknown as { tabFrames: boolean[] }).tabFrames = frames;
    const look = () => {
      const sets = document.querySelectorAll("main .tabs");
      if (sets.length === 0) return requestAnimationFrame(look);
      frames.push([...document.querySelectorAll("main .tab-label")].some((label) => getComputedStyle(label).display !== "none"));
      if (frames.length < 3) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Installation" }).click();
  await expect(page.locator("main h1")).toHaveText("Installation");
  await expect.poll(() => page.evaluate(() => (window as unknown as { tabFrames: boolean[] }).tabFrames)).toEqual([false, false, false]);
  expect(await chosenTabs(page)).toEqual(["pip", "pip"]);
  await page.getByRole("tablist").first().getByRole("tab", { name: "pipx" }).click();
  expect(await chosenTabs(page)).toEqual(["pipx", "pipx"]);
});

mkdocs("without JavaScript every panel is shown under its label, and there is no tab row", async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(INSTALLATION);
  await expect(page.locator("main .tab-label")).toHaveText(["pip", "pipx", "conda", "pip", "pipx", "conda"]);
  for (const label of await page.locator("main .tab-label").all()) await expect(label).toBeVisible();
  for (const text of ["Into the active environment", "As an isolated command", "From conda-forge", "pipx upgrade tidewater"]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("tab")).toHaveCount(0);
});

vitepress("without JavaScript a code group shows each block under its [label]", async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/guide/guide/getting-started");
  await expect(page.locator("main .tab-label")).toHaveText(["npm", "pnpm"]);
  await expect(page.getByText("npm install --global lanternfish")).toBeVisible();
  await expect(page.getByText("pnpm add --global lanternfish")).toBeVisible();
});

vitepress("with JavaScript a code group is a tablist named by the blocks' labels", async ({ page }) => {
  await page.goto("/guide/guide/getting-started");
  await waitForHydration(page);
  await expect(page.getByRole("tablist").getByRole("tab")).toHaveText(["npm", "pnpm"]);
  await page.getByRole("tab", { name: "pnpm" }).click();
  await expect(page.getByText("pnpm add --global lanternfish")).toBeVisible();
  await expect(page.getByText("npm install --global lanternfish")).toBeHidden();
});

docusaurus("Docusaurus sets of one groupId switch together, and the choice is remembered across a load, with nothing moving", async ({ page }) => {
  await page.goto(DASHBOARD);
  await waitForHydration(page);
  expect(await chosenTabs(page)).toEqual(["Command line", "Command line"]);
  await page.getByRole("tablist").first().getByRole("tab", { name: "From code" }).click();
  expect(await chosenTabs(page)).toEqual(["From code", "From code"]);
  expect(await page.evaluate(() => localStorage.getItem("tabs"))).toBe(JSON.stringify({ runtime: "code" }));

  await page.addInitScript(observeLayoutShifts);
  await page.reload();
  await waitForHydration(page);
  expect(await chosenTabs(page)).toEqual(["From code", "From code"]);
  await expect(page.getByText("wait for the promise it gives back")).toBeVisible();
  expect(await readLayoutShifts(page)).toEqual({ total: 0, moved: [] });
});

docusaurus("a remembered tab is the one on the first frame, before the page's scripts run, and nothing moves when they do", async ({ newContext, baseURL }) => {
  // The document stops after the second set: the browser paints what it has, with no script of the page's yet run.
  const paused = await pauseDocument(baseURL!, DASHBOARD, { name: "after the second set", after: /wait for the promise it gives back\.<\/p>\s*<\/div>\s*<\/div>/ });
  try {
    const context = await newContext({
      storageState: { cookies: [], origins: [{ origin: paused.url, localStorage: [{ name: "tabs", value: JSON.stringify({ runtime: "code" }) }] }] },
    });
    const page = await context.newPage();
    await page.addInitScript(observeLayoutShifts);
    void page.goto(`${paused.url}${DASHBOARD}`);
    await page.waitForSelector("text=wait for the promise it gives back", { state: "attached" });
    const firstFrame = () =>
      page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const shown = (element: Element) => getComputedStyle(element).display !== "none";
        return [...document.querySelectorAll(".tabs")].map((set) => ({
          row: shown(set.querySelector(".tab-list")!),
          panels: [...set.querySelectorAll(":scope > .tab")].filter(shown).map((panel) => panel.getAttribute("data-tab-key")),
          chosenLook: [...set.querySelectorAll(".tab-button")]
            .filter((button) => getComputedStyle(button).borderBottomColor !== "rgba(0, 0, 0, 0)")
            .map((button) => button.textContent),
          labels: [...set.querySelectorAll(".tab-label")].filter(shown).length,
        }));
      });
    const expected = { row: true, panels: ["code"], chosenLook: ["From code"], labels: 0 };
    expect(await page.evaluate(() => document.readyState)).toBe("loading");
    expect(await firstFrame()).toEqual([expected, expected]);
    const before = await page.locator("main .tabs").evaluateAll((sets) => sets.map((set) => set.getBoundingClientRect().toJSON()));

    paused.release();
    await waitForHydration(page);
    expect(await chosenTabs(page)).toEqual(["From code", "From code"]);
    expect(await page.locator("main .tabs").evaluateAll((sets) => sets.map((set) => set.getBoundingClientRect().toJSON()))).toEqual(before);
    expect(await readLayoutShifts(page)).toEqual({ total: 0, moved: [] });
  } finally {
    await paused.close();
  }
});

for (const theme of ["light", "dark"] as const) {
  for (const [test, url] of [
    [mkdocs, INSTALLATION],
    [docusaurus, DASHBOARD],
  ] as const) {
    test(`${url} with its tabs, one chosen and one focused, has no axe violations in the ${theme} theme`, async ({ newContext, baseURL }) => {
      const context = await newContext();
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto(url);
      await expect(page.locator("html")).toHaveClass(theme);
      await waitForHydration(page);
      const list = page.getByRole("tablist").first();
      await list.getByRole("tab").nth(1).click();
      await list.getByRole("tab").nth(1).focus();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
