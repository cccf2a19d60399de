import { expect, test, waitForHydration, type BrowserContext, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";

/**
 * Search over the built-in guide: the header's form and the results page
 * without JavaScript; results as you type, the keyboard and the shortcuts
 * with it; hostile queries; a phone's width; and axe on what it shows.
 */

/** The header's field: a search box without JavaScript, a combobox with it. */
const searchField = (page: Page) => page.getByRole("search").getByLabel("Search", { exact: true });

async function setThemeCookie(context: BrowserContext, theme: "light" | "dark", baseURL: string) {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
}

/** Marks the current document, so a test can tell a client-side navigation from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-search-test", "same document"));
}
const sameDocument = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-search-test") === "same document");

// On a first start the index fills as the guide renders, and a search meanwhile answers from the pages
// indexed so far (docs-scale.spec.ts): these tests are of the whole guide's answers, so they wait for it.
test.beforeAll(async ({}, testInfo) => {
  const url = new URL("/search.data?q=theme", testInfo.project.use.baseURL);
  await expect.poll(async () => (await (await fetch(url)).text()).includes("pages so far"), { timeout: 60_000 }).toBe(false);
});

test.describe("without JavaScript", () => {
  test("the header's form leads to a results page whose links open the matching section", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/guide");
    const field = searchField(page);
    await expect(field).toHaveRole("searchbox");
    await field.fill("localStorage");
    await field.press("Enter");

    await expect(page).toHaveURL("/search?q=localStorage");
    await expect(page).toHaveTitle("Search: localStorage · Themed Guide");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “localStorage”");
    await expect(searchField(page)).toHaveValue("localStorage");
    const results = page.getByRole("main").getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(1);
    await expect(page.getByText(/^\d+ results$/)).toHaveText(`${await results.count()} results`);
    await expect(results.locator("mark").first()).toHaveText(/^localstorage$/i);

    const link = page.getByRole("main").getByRole("link", { name: "Themes Where the preference is kept" });
    await expect(link).toHaveAttribute("href", "/guide/themes#where-the-preference-is-kept");
    await link.click();
    await expect(page).toHaveURL("/guide/themes#where-the-preference-is-kept");
    await expect(page.getByRole("heading", { name: "Where the preference is kept" })).toBeInViewport();
  });

  test("an empty search asks for words, and a search that finds nothing gives advice", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/search?q=%20%20");
    await expect(page).toHaveTitle("Search · Themed Guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(page.getByText(/Type a word or two in the search box/)).toBeVisible();

    await page.goto("/search?q=zqxwv");
    await expect(page.getByText("No results.")).toBeVisible();
    await expect(page.getByText("Check the spelling of each word.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "the guide’s contents" })).toHaveAttribute("href", "/guide");
  });

  test("a typo still finds the page", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/search?q=thmes");
    await expect(page.getByRole("main").getByRole("link").first()).toHaveAttribute("href", "/guide/themes");
  });
});

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/guide/privacy");
    await waitForHydration(page);
  });

  test("typing lists the best sections under the box, and says how many", async ({ page }) => {
    const field = searchField(page);
    await expect(field).toHaveRole("combobox");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await field.fill("cookie");

    const listbox = page.getByRole("listbox", { name: "Search results" });
    await expect(listbox).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(field).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
    const options = listbox.getByRole("option");
    expect(await options.count()).toBeGreaterThan(2);
    await expect(options.last()).toHaveText(/results/);
    await expect(options.first().locator("mark").first()).toHaveText(/^cookies?$/i);
    await expect(page.getByRole("status").filter({ hasText: /results/ })).toHaveText(/^(\d+ results|More than \d+ results; the best \d+ are listed)$/);
  });

  test("a result in an h3's section is named with the h2 above it, between the page and the section", async ({ page }) => {
    await searchField(page).fill("health check");
    const option = page.getByRole("listbox").locator('[role="option"][href="/guide/deployment#health-check"]');
    await expect(option.locator(".search-result-page")).toHaveText("Deployment");
    await expect(option.locator(".search-result-parent")).toHaveText("What the server does");
    await expect(option.locator(".search-result-section")).toHaveText("Health check");
  });

  test("the arrow keys move through the results and Enter opens the highlighted one, without reloading the page", async ({ page }) => {
    await markDocument(page);
    const field = searchField(page);
    await field.fill("health check");
    const options = page.getByRole("listbox").getByRole("option");
    await expect(options.first()).toBeVisible();

    await field.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await field.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await field.press("ArrowUp");
    await field.press("ArrowUp");
    // Up from the first option wraps to the last: the full results page.
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await field.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");

    const target = (await options.nth(0).getAttribute("href"))!;
    expect(target).toMatch(/^\/guide\/.+#.+$/);
    await field.press("Enter");
    await expect(page).toHaveURL(target);
    await expect(page.locator(`[id="${target.split("#")[1]}"]`)).toBeInViewport();
    expect(await sameDocument(page)).toBe(true);
    await expect(field).toHaveValue("");
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("clicking a result opens its section without reloading the page", async ({ page }) => {
    await markDocument(page);
    await searchField(page).fill("replicas");
    const option = page.getByRole("listbox").getByRole("option").first();
    const target = (await option.getAttribute("href"))!;
    await option.click();
    await expect(page).toHaveURL(target);
    expect(await sameDocument(page)).toBe(true);
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("Enter with nothing highlighted opens the results page, which keeps the search in the box", async ({ page }) => {
    await markDocument(page);
    const field = searchField(page);
    await field.fill("first paint");
    await expect(page.getByRole("listbox")).toBeVisible();
    await field.press("Enter");
    await expect(page).toHaveURL("/search?q=first+paint");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “first paint”");
    await expect(page).toHaveTitle("Search: first paint · Themed Guide");
    expect(await sameDocument(page)).toBe(true);
    await expect(field).toHaveValue("first paint");
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("Escape closes the list, then clears the box", async ({ page }) => {
    const field = searchField(page);
    await field.fill("docker");
    await expect(page.getByRole("listbox")).toBeVisible();
    await field.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(field).toHaveValue("docker");
    await field.press("Escape");
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
  });

  test("a search that finds nothing says so, and announces it", async ({ page }) => {
    const field = searchField(page);
    await field.fill("zqxwv");
    await expect(page.getByText("No results. Check the spelling, or try other words.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "No results" })).toHaveText("No results");
    await expect(field).toHaveAttribute("aria-expanded", "false");
  });

  test("/ and Ctrl+K focus the box from anywhere, but / still types in other text fields", async ({ page }) => {
    const field = searchField(page);
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("/");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("");

    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Control+k");
    await expect(field).toBeFocused();

    // Some other field on the page: "/" is a character there.
    await page.evaluate(() => {
      const other = document.createElement("textarea");
      other.setAttribute("aria-label", "Notes");
      document.querySelector("main")!.append(other);
    });
    const notes = page.getByLabel("Notes");
    await notes.focus();
    await page.keyboard.press("/");
    await expect(notes).toBeFocused();
    await expect(notes).toHaveValue("/");
  });

  test("clicking outside closes the list", async ({ page }) => {
    await searchField(page).fill("font");
    await expect(page.getByRole("listbox")).toBeVisible();
    // The heading's start: the open list may cover the rest of it.
    await page.getByRole("heading", { level: 1 }).click({ position: { x: 4, y: 4 } });
    await expect(page.getByRole("listbox")).toBeHidden();
  });
});

test.describe("hostile queries", () => {
  const queries = [
    "",
    "%00",
    "%00%01%1B%7F",
    "%FF",
    "%E0%A4%A",
    "%C0%AF",
    "%ED%A0%80",
    ".*(",
    "%5B%5E",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "%0D%0ASet-Cookie%3A%20x%3D1",
    "%E2%80%AEevil",
    "a&q=b&q=c",
    `${"x".repeat(10_240)}`,
    // About 9 KB of words: each costs a search, up to the cap.
    Array.from({ length: 1000 }, (_, n) => `word${n}`).join("+"),
    "theme&preview&preview=%FF",
  ];

  for (const [index, query] of queries.entries()) {
    test(`hostile query ${index + 1} (${query.slice(0, 24)}) is answered without a 5xx and reflects nothing unescaped`, async ({ request }) => {
      const page = await request.get(`/search?q=${query}`);
      expect([200, 400]).toContain(page.status());
      const body = await page.text();
      expect(body).not.toContain("<script>alert(1)");
      expect(body).not.toContain("<img src=x");
      expect(page.headers()["set-cookie"] ?? "").not.toContain("x=1");

      // The data the search box fetches holds the query as it was typed: as
      // data, which no browser may take for a page.
      const data = await request.get(`/search.data?q=${query}&preview`);
      expect([200, 400]).toContain(data.status());
      expect(data.headers()["content-type"]).not.toMatch(/html/);
      expect(data.headers()["x-content-type-options"]).toBe("nosniff");
    });
  }

  test("a query over 200 characters is cut, searched, and the page says so", async ({ page }) => {
    await page.goto(`/search?q=${"cookie ".repeat(60)}`);
    await expect(page.getByText(/Only the beginning of your search was used/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  });
});

test("a search says how long the search itself took, on its page and in its data (Server-Timing), and an empty one says nothing", async ({ request }) => {
  for (const path of ["/search?q=theme", "/search.data?q=theme", "/search.data?q=theme&preview"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["server-timing"]).toMatch(/^search;dur=\d+\.\d$/);
  }
  expect((await request.get("/search?q=")).headers()["server-timing"]).toBeUndefined();
});

test.describe("on a phone", () => {
  test("the header holds the search box at 320 pixels, with its list open, without scrolling sideways", async ({ newContext }) => {
    for (const javaScriptEnabled of [false, true]) {
      const page = await (await newContext({ javaScriptEnabled, viewport: { width: 320, height: 640 } })).newPage();
      await page.goto("/guide/themes");
      if (javaScriptEnabled) await waitForHydration(page);
      const field = searchField(page);
      await expect(field).toBeVisible();
      expect((await field.boundingBox())!.width).toBeGreaterThan(200);
      if (javaScriptEnabled) {
        await field.fill("theme");
        await expect(page.getByRole("listbox")).toBeVisible();
        const box = (await page.getByRole("listbox").boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(320);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `JavaScript ${javaScriptEnabled}`).toBeLessThanOrEqual(320);
    }
  });
});

test.describe("accessibility", () => {
  // One test per page and theme: five axe runs in one test passed its time
  // limit on a busy machine.
  const SEARCH_PAGES = [
    ["the results page", "/search?q=theme+cookie"],
    ["the page with no result", "/search?q=zqxwv"],
    ["the empty search page", "/search"],
    ["the page for an over-long query", `/search?q=${"a".repeat(300)}`],
  ] as const;

  for (const theme of ["light", "dark"] as const) {
    for (const [name, url] of SEARCH_PAGES) {
      test(`${name} has no WCAG 2.2 AA violations (${theme} theme)`, async ({ newContext, baseURL }) => {
        const context = await newContext();
        await setThemeCookie(context, theme, baseURL!);
        const page = await context.newPage();
        await page.goto(url);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test(`the open list of results has no WCAG 2.2 AA violations (${theme} theme)`, async ({ newContext, baseURL }) => {
      const context = await newContext();
      await setThemeCookie(context, theme, baseURL!);
      const page = await context.newPage();
      await page.goto("/guide/themes");
      await waitForHydration(page);
      const field = searchField(page);
      await field.fill("theme");
      await expect(page.getByRole("listbox")).toBeVisible();
      await field.press("ArrowDown");
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`the box and the highlighted result show where the keyboard is (${theme} theme)`, async ({ newContext, baseURL }) => {
      const context = await newContext();
      await setThemeCookie(context, theme, baseURL!);
      const page = await context.newPage();
      await page.goto("/guide");
      await waitForHydration(page);
      await page.keyboard.press("/");
      const field = searchField(page);
      await expect(field).toBeFocused();
      await expect(field).not.toHaveCSS("outline-style", "none");
      await field.pressSequentially("cookie");
      await expect(page.getByRole("listbox")).toBeVisible();
      await field.press("ArrowDown");
      const highlighted = page.getByRole("option", { selected: true });
      await expect(highlighted).not.toHaveCSS("outline-style", "none");
      expect(parseFloat(await highlighted.evaluate((element) => getComputedStyle(element).outlineWidth))).toBeGreaterThanOrEqual(2);
    });
  }
});
