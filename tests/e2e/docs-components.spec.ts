import { expect, type Page } from "./fixtures";
import { axeViolationsInTheme, expectCallout } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";

/**
 * Starlight's components on a Starlight folder's page (/guide/guides/frames:
 * asides, badges, steps, cards, a link card, a tab set and a file tree) and Docusaurus'
 * <DocCardList /> on /guide/guides/dashboard, drawn on the server as the
 * site's own markup. Ports of this spec's own (docs-server.ts), so its tests
 * run one after another.
 */
const starlight = testDocs("starlight", { port: 3310 });
const docusaurus = testDocs("docusaurus", { port: 3311 });
starlight.describe.configure({ mode: "default" });

const FRAMES = "/guide/guides/frames";
const DASHBOARD = "/guide/guides/dashboard";

const article = (page: Page) => page.locator("main article");

starlight("Starlight's asides are callouts, titled by their title or else their type", async ({ page }) => {
  await page.goto(FRAMES);
  await expectCallout(page, "Note", "Soak the bamboo overnight");
  await expectCallout(page, "Sharp edges", "sand each strip");
  await expectCallout(page, "Danger", "Never leave a candle lantern burning alone");
  await expect(article(page).getByRole("note")).toHaveCount(3);
});

starlight("badges are short inline labels, small or large as asked, steps a numbered list in order", async ({ page }) => {
  await page.goto(FRAMES);
  await expect(article(page).locator(".badge")).toHaveText(["Beginner", "Deprecated", "Safer"]);
  await expect(article(page).getByText(/held by thread Beginner\.$/)).toBeVisible();
  // size="large" and size="small" beside one of the default size.
  const fontSize = (text: string) => article(page).locator(".badge", { hasText: text }).evaluate((badge) => parseFloat(getComputedStyle(badge).fontSize));
  expect(await fontSize("Deprecated")).toBeGreaterThan(await fontSize("Beginner"));
  expect(await fontSize("Safer")).toBeLessThan(await fontSize("Beginner"));
  const steps = article(page).getByRole("list").filter({ hasText: "Split a cane" });
  await expect(steps.getByRole("listitem")).toHaveText(["Split a cane into strips as wide as a pencil.", "Bend each strip around a bucket and tie it closed.", "Let the rings dry for a day."]);
  expect(await steps.evaluate((list) => list.tagName)).toBe("OL");
  // Each number is drawn in a circle before its step.
  const numbers = await steps.getByRole("listitem").evaluateAll((items) => items.map((item) => getComputedStyle(item, "::before").content));
  expect(numbers).toEqual(["counter(step)", "counter(step)", "counter(step)"]);
});

starlight("cards are titled boxes side by side, and a link card is one link that leads to its page", async ({ page }) => {
  await page.goto(FRAMES);
  const cards = article(page).locator(".card-grid > .card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Round");
  await expect(cards.nth(0)).toContainText("Rings of one size, stacked.");
  await expect(cards.nth(1)).toContainText("Square");
  const [first, second] = await cards.evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().toJSON() as DOMRect));
  expect(second!.top).toBeCloseTo(first!.top, 0);
  expect(second!.left).toBeGreaterThan(first!.right);
  // icon="star" is drawn before the title, on its line and silent; "lantern", not one of Starlight's icons, draws nothing.
  const icon = cards.nth(0).locator(".card-title > svg.card-icon");
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute("aria-hidden", "true");
  await expect(cards.nth(0).locator(".card-title")).toHaveText("Round");
  const [iconBox, words] = await icon.evaluate((svg) => {
    const range = document.createRange();
    range.selectNodeContents(svg.parentElement!.lastChild!);
    return [svg.getBoundingClientRect().toJSON() as DOMRect, range.getBoundingClientRect().toJSON() as DOMRect];
  });
  expect(iconBox!.width).toBeGreaterThan(12);
  expect(iconBox!.right).toBeLessThanOrEqual(words!.left);
  expect(iconBox!.bottom).toBeGreaterThan(words!.top);
  expect(iconBox!.top).toBeLessThan(words!.bottom);
  await expect(cards.nth(1).locator("svg")).toHaveCount(0);
  await expect(cards.nth(1).locator(".card-title")).toHaveText("Square");

  const link = article(page).getByRole("link", { name: "Covering the frame", exact: true });
  await expect(link).toHaveAttribute("href", "/guide/guides/skins");
  await expect(article(page).getByText("Paper, glue and patience.")).toBeVisible();
  // The whole card is the link: a click on its description (under the link's box) follows it.
  await article(page).getByText("Paper, glue and patience.").scrollIntoViewIfNeeded();
  const description = await article(page).getByText("Paper, glue and patience.").boundingBox();
  await page.mouse.click(description!.x + description!.width / 2, description!.y + description!.height / 2);
  await expect(page).toHaveURL(/\/guide\/guides\/skins$/);
  await expect(page.locator("main h1")).toHaveText("Covering the frame");
});

starlight("a Starlight tab shows its icon beside its label, silent to screen readers", async ({ page }) => {
  await page.goto(FRAMES);
  const tab = article(page).getByRole("tab", { name: "By hand", exact: true });
  await expect(tab.locator("svg.tab-icon")).toBeVisible();
  await expect(tab.locator("svg.tab-icon")).toHaveAttribute("aria-hidden", "true");
  await article(page).getByRole("tab", { name: "From a kit", exact: true }).click();
  await expect(article(page).getByText("Kit strips come cut and sanded.")).toBeVisible();
});

starlight("a link card's root-relative Starlight link leads to its page", async ({ page }) => {
  await page.goto("/guide");
  await article(page).getByRole("link", { name: "Building a frame", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${FRAMES}$`));
});

starlight("a file tree reads as nested lists of named files and folders, comments muted and the highlighted entry stressed", async ({ page }) => {
  await page.goto(FRAMES);
  const tree = article(page).locator(".file-tree");
  const top = tree.locator(":scope > ul > li");
  await expect(top).toHaveCount(2);
  // What a screen reader hears: folders said to be folders, icons silent.
  const spoken = await tree.locator("li").evaluateAll((items) =>
    items.map((item) => {
      const entry = item.querySelector(":scope > .file-tree-entry")!;
      return [...entry.childNodes]
        .filter((node) => !(node instanceof Element && (node.getAttribute("aria-hidden") === "true" || node.closest("[aria-hidden=true]"))))
        .map((node) => node.textContent)
        .join("");
    }),
  );
  expect(spoken).toEqual(["lantern folder", "frame.svg", "skin.pdf", "photos folder", "more entries", "notes.txt"]);
  await expect(top.nth(0).getByRole("list").first().getByRole("listitem")).toHaveCount(4);
  await expect(tree.locator("svg")).toHaveCount(5);
  for (const icon of await tree.locator("svg").all()) await expect(icon).toHaveAttribute("aria-hidden", "true");
  await expect(tree.locator("strong")).toHaveText("frame.svg");
  await expect(tree.locator("strong")).toHaveCSS("font-weight", "700");
  const comment = tree.getByText("the pattern to cut");
  const colours = await comment.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element.closest("li")!.querySelector(".file-tree-name")!).color]);
  expect(colours[0]).not.toBe(colours[1]);
});

docusaurus("<DocCardList /> shows the other pages of the category as link cards with their descriptions", async ({ page }) => {
  await page.goto(DASHBOARD);
  const cards = article(page).locator(".card-grid .link-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole("link")).toHaveText(["Scheduling", "Retries"]);
  await expect(cards.nth(0)).toContainText("Run jobs every hour, day or week.");
  await cards.getByRole("link", { name: "Retries" }).click();
  await expect(page).toHaveURL(/\/guide\/guides\/retries$/);
});

for (const theme of ["light", "dark"] as const) {
  starlight(`the components' page has no axe violations in the ${theme} theme`, async ({ newContext, baseURL }) => {
    expect(await axeViolationsInTheme(newContext, baseURL!, theme, FRAMES)).toEqual([]);
  });
  docusaurus(`a page with <DocCardList /> has no axe violations in the ${theme} theme`, async ({ newContext, baseURL }) => {
    expect(await axeViolationsInTheme(newContext, baseURL!, theme, DASHBOARD)).toEqual([]);
  });
}
