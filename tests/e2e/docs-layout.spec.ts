import fs from "node:fs";
import path from "node:path";
import { expect, test, waitForHydration, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";
import { observeLayoutShifts, readLayoutShifts } from "./support/layout-shift";

/**
 * The guide's layout as a reader of a large docs folder meets it, with
 * JavaScript on and off: one title per page, the page's sections beside it,
 * folders that open and close, the navigation and the article sent once,
 * and a sitemap of every page.
 */

const CONTENT_DIR = path.resolve(import.meta.dirname, "../../content");
const WIDE = { width: 1400, height: 900 };
const NARROW = { width: 320, height: 640 };

/** The guide's page URLs, read from the content folder independently of the app. */
function contentUrls(): string[] {
  const files = fs.readdirSync(CONTENT_DIR, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md"));
  return files.map((file) => `/guide/${file.split(path.sep).join("/").replace(/\.md$/, "").replace(/\/?index$/, "")}`);
}

/** A sentence of a page's running text as the Markdown writes it: plain words only, so it reads the same in HTML. */
function plainSentence(file: string): string {
  const text = fs.readFileSync(path.join(CONTENT_DIR, file), "utf8");
  const sentence = text
    .split("\n")
    .flatMap((line) => line.split(/(?<=\.) /))
    .find((part) => /^[A-Za-z ,;-]{40,}\.$/.test(part.trim()));
  if (!sentence) throw new Error(`${file} has no plain sentence to look for`);
  return sentence.trim();
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const onThisPage = (page: Page) => page.getByRole("navigation", { name: "On this page" });
const guideNav = (page: Page) => page.getByRole("navigation", { name: "Guide" });

test.describe("one title per page", () => {
  test("every page of the guide, and its index, has exactly one h1 in the server's HTML", async ({ request }) => {
    for (const url of ["/guide", ...contentUrls()]) {
      const html = await (await request.get(url)).text();
      expect(count(html, "<h1"), url).toBe(1);
    }
  });

  test("with JavaScript, a page still has one h1 after hydration and after a client-side navigation", async ({ page }) => {
    await page.goto("/guide/themes");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await guideNav(page).getByRole("link", { name: "Typography" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Typography");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });
});

test.describe("on this page", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`lists the page's sections beside the article and its links lead to them (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      newContext,
    }) => {
      const page = await (await newContext({ javaScriptEnabled, viewport: WIDE })).newPage();
      await page.goto("/guide/themes");
      if (javaScriptEnabled) await waitForHydration(page);
      const links = onThisPage(page).getByRole("link");
      await expect(links.first()).toBeVisible();
      // A heading's text without its "#" permalink, which is hidden from assistive technology.
      const headingTexts = await page
        .getByRole("article")
        .locator(":is(h2, h3)[id]")
        .evaluateAll((headings) =>
          headings.map((heading) =>
            [...heading.childNodes]
              .filter((node) => !(node instanceof Element && node.classList.contains("heading-anchor")))
              .map((node) => node.textContent)
              .join(""),
          ),
        );
      expect(headingTexts.length).toBeGreaterThan(2);
      await expect(links).toHaveText(headingTexts.map((text) => text.trim()));

      // Beside the article: to its right, level with the title.
      const article = await page.locator('.guide-article [data-sent-once="guide-article"]').boundingBox();
      const list = await onThisPage(page).boundingBox();
      expect(list!.x).toBeGreaterThanOrEqual(article!.x + article!.width);

      await links.filter({ hasText: "Hydration" }).click();
      await expect(page).toHaveURL(/\/guide\/themes#hydration$/);
      await expect(page.getByRole("heading", { level: 2, name: "Hydration" })).toBeInViewport();
    });
  }

  test("with JavaScript, the section in view is marked as the reader scrolls, and only it", async ({ newContext }) => {
    const page = await (await newContext({ viewport: WIDE })).newPage();
    await page.goto("/guide/themes");
    await waitForHydration(page);
    const marked = onThisPage(page).locator('a[aria-current="location"]');
    await expect(marked).toHaveCount(0);

    await page.getByRole("heading", { level: 2, name: "Switching" }).evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 20));
    await expect(marked).toHaveText("Switching");

    await page.getByRole("heading", { level: 3, name: "System" }).evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 20));
    await expect(marked).toHaveText("System");

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(marked).toHaveText((await onThisPage(page).getByRole("link").last().textContent()) ?? "");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(marked).toHaveCount(0);
  });

  test("marking the section in view moves nothing on the page", async ({ newContext }) => {
    const page = await (await newContext({ viewport: WIDE })).newPage();
    await page.addInitScript(observeLayoutShifts);
    await page.goto("/guide/themes");
    await waitForHydration(page);
    const beforeScrolling = await readLayoutShifts(page);
    await page.evaluate(async () => {
      for (const y of [600, 1200, 1800, 2400, 3000]) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await expect(onThisPage(page).locator('a[aria-current="location"]')).toHaveCount(1);
    const shifts = await readLayoutShifts(page);
    // Only what moved while scrolling: loading has its own tests (layout-stability.spec.ts).
    expect(shifts.total - beforeScrolling.total, shifts.moved.slice(beforeScrolling.moved.length).join("\n")).toBe(0);
  });

  test("on a phone, it is a closed disclosure under the title that opens without JavaScript", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false, viewport: NARROW })).newPage();
    await page.goto("/guide/themes");
    const toggle = page.getByText("On this page", { exact: true }).locator("visible=true");
    await expect(toggle).toBeVisible();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const toggleBox = await toggle.boundingBox();
    const firstSection = await page.getByRole("heading", { level: 2 }).first().boundingBox();
    expect(toggleBox!.y).toBeGreaterThan(title!.y);
    expect(toggleBox!.y).toBeLessThan(firstSection!.y);

    const link = onThisPage(page).getByRole("link", { name: "Switching" });
    await expect(link).toBeHidden();
    await toggle.click();
    await link.click();
    await expect(page).toHaveURL(/#switching$/);
  });
});

test.describe("the guide navigation", () => {
  test("without JavaScript, a folder is a group that opens and closes, open on the way to the current page", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false, viewport: WIDE })).newPage();
    await page.goto("/guide/themes");
    const nav = guideNav(page);
    // The folder's toggle: a <summary> named by visually hidden text.
    const toggle = nav.locator("summary", { hasText: "Deployment: pages" });
    const replicas = nav.getByRole("link", { name: "Several replicas" });
    await expect(nav.getByRole("link", { name: "Deployment" })).toBeVisible();
    await expect(replicas).toBeHidden();

    await toggle.click();
    await expect(replicas).toBeVisible();
    await toggle.click();
    await expect(replicas).toBeHidden();

    // The keyboard works it as well: the toggle is a stop of its own, beside the folder's link.
    await nav.getByRole("link", { name: "Deployment" }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(replicas).toBeVisible();

    await replicas.click();
    await expect(page).toHaveURL("/guide/deployment/replicas");
    await expect(guideNav(page).getByRole("link", { name: "Several replicas" })).toBeVisible();
    await expect(guideNav(page).getByRole("link", { name: "Several replicas" })).toHaveAttribute("aria-current", "page");
  });

  test("a folder's toggle is a chevron at the end of its row, clear of the folder's link", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false, viewport: WIDE })).newPage();
    await page.goto("/guide/themes");
    const nav = guideNav(page);
    const toggle = nav.locator("summary", { hasText: "Deployment: pages" });
    // summary → details → the folder's <li>, whose first row holds the link and the toggle.
    const row = toggle.locator("xpath=../..");
    const link = nav.getByRole("link", { name: "Deployment" });
    // The chevron is a box the row lays out (a square turned 45°), not a bare border on a line of text.
    expect(await toggle.evaluate((summary) => getComputedStyle(summary, "::after").display)).toBe("block");
    const [toggleBox, rowBox] = [await toggle.boundingBox(), await row.boundingBox()];
    expect(Math.abs(toggleBox!.x + toggleBox!.width - (rowBox!.x + rowBox!.width))).toBeLessThan(1);
    // The link's own padding keeps room for the toggle, so a long name never runs under it.
    const linkPaddingEnd = await link.evaluate((anchor) => parseFloat(getComputedStyle(anchor).paddingInlineEnd));
    expect(linkPaddingEnd).toBeGreaterThanOrEqual(toggleBox!.width);
  });

  test("with JavaScript, moving into a folder opens its group", async ({ newContext }) => {
    const page = await (await newContext({ viewport: WIDE })).newPage();
    await page.goto("/guide/themes");
    await waitForHydration(page);
    const replicas = guideNav(page).getByRole("link", { name: "Several replicas" });
    await expect(replicas).toBeHidden();
    await guideNav(page).getByRole("link", { name: "Deployment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deployment");
    await expect(replicas).toBeVisible();
  });

  test("with JavaScript, the current page's link is scrolled into view inside the sidebar, and the page itself stays put", async ({ newContext }) => {
    // A window so low that the short built-in guide's list overflows its sidebar.
    const page = await (await newContext({ viewport: { width: WIDE.width, height: 200 } })).newPage();
    await page.goto("/guide/privacy");
    await waitForHydration(page);
    const current = guideNav(page).getByRole("link", { name: "Privacy" });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport();
    expect(await page.locator(".guide-sidebar").evaluate((sidebar) => sidebar.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("on a phone without JavaScript, the navigation is a closed menu above the page", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false, viewport: NARROW })).newPage();
    await page.goto("/guide/themes");
    const menu = page.getByText("Guide contents", { exact: true });
    await expect(menu).toBeVisible();
    await expect(guideNav(page)).toBeHidden();
    await menu.click();
    await expect(guideNav(page).getByRole("link", { name: "Themes" })).toHaveAttribute("aria-current", "page");
    expect((await menu.boundingBox())!.y).toBeLessThan((await page.getByRole("heading", { level: 1 }).boundingBox())!.y);
  });
});

test.describe("sent once", () => {
  test("a page's HTML holds its article, its navigation and its sections once: not again in the data for hydration", async ({ request }) => {
    const html = await (await request.get("/guide/themes")).text();
    const sentence = plainSentence("themes.md");
    expect(count(html, sentence), sentence).toBe(1);
    expect(count(html, 'aria-label="Guide"')).toBe(1);
    // A page of the navigation that this page does not link to otherwise.
    expect(count(html, 'href="/guide/deployment/replicas"')).toBe(1);
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
    expect(scripts).toContain("window.__reactRouterContext");
    expect(scripts).not.toContain("/guide/deployment/replicas");
    expect(scripts).not.toContain(sentence);
    const sections = [...html.matchAll(/<li data-depth="[23]"><a href="#[^"]*">([^<]+)<\/a>/g)].map((match) => match[1]!);
    expect(sections.length).toBeGreaterThan(2);
    for (const section of sections) expect(scripts, section).not.toContain(section);
  });

  test("the guide's landing or index and a nested page send their navigation once as well", async ({ request }) => {
    for (const url of ["/guide", "/guide/deployment/replicas"]) {
      const html = await (await request.get(url)).text();
      expect(count(html, 'aria-label="Guide"'), url).toBe(1);
      expect(count(html, 'href="/guide/typography"'), url).toBe(url === "/guide" ? 2 : 1); // the index lists it too
    }
  });

  test("with JavaScript, client-side navigations show each page's article, back and forth", async ({ page }) => {
    await page.goto("/guide/themes");
    await waitForHydration(page);
    // Gone if a click loads a new document instead of navigating in this one.
    await page.evaluate(() => document.documentElement.setAttribute("data-navigation-test", "same document"));
    const sameDocument = () => page.evaluate(() => document.documentElement.getAttribute("data-navigation-test"));
    const themes = plainSentence("themes.md");
    const typography = plainSentence("typography.md");
    await expect(page.getByRole("article")).toContainText(themes);

    await guideNav(page).getByRole("link", { name: "Typography" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Typography");
    await expect(page.getByRole("article")).toContainText(typography);
    await expect(onThisPage(page).getByRole("link", { name: "Changing the font" })).toHaveCount(1);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Themes");
    await expect(page.getByRole("article")).toContainText(themes);

    await guideNav(page).getByRole("link", { name: "Privacy" }).click();
    await guideNav(page).getByRole("link", { name: "Themes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Themes");
    await expect(page.getByRole("article")).toContainText(themes);
    await expect(guideNav(page).getByRole("link", { name: "Themes" })).toHaveAttribute("aria-current", "page");
    expect(await sameDocument()).toBe("same document");
  });
});

test.describe("the sitemap", () => {
  test("/sitemap.xml is valid XML listing every page's absolute address, cacheable", async ({ request, page, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toMatch(/\bpublic\b.*max-age=\d+/);
    const xml = await response.text();

    await page.goto("/guide");
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: document.querySelector("parsererror")?.textContent ?? null,
        root: document.documentElement.localName,
        namespace: document.documentElement.namespaceURI,
        locations: [...document.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc")].map((loc) => loc.textContent),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const origin = new URL(baseURL!).origin;
    expect(parsed.locations.toSorted()).toEqual(["/", "/guide", ...contentUrls()].map((url) => `${origin}${url}`).toSorted());
  });
});

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const [name, viewport] of [
      ["three columns", WIDE],
      ["a phone, both disclosures open", NARROW],
    ] as const) {
      test(`a guide page has no WCAG 2.2 AA violations: ${name}, ${theme} theme`, async ({ newContext, baseURL }) => {
        const context = await newContext({ viewport });
        await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
        const page = await context.newPage();
        await page.goto("/guide/deployment/replicas");
        await waitForHydration(page);
        if (viewport === NARROW) {
          await page.getByText("Guide contents", { exact: true }).click();
          await page.getByText("On this page", { exact: true }).locator("visible=true").click();
          await expect(onThisPage(page).getByRole("link").first()).toBeVisible();
        } else {
          // The section marker, too, must keep its contrast.
          await page.getByRole("heading", { level: 2 }).nth(1).evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 20));
          await expect(onThisPage(page).locator("[aria-current]")).toHaveCount(1);
        }
        await expect(guideNav(page).getByRole("link", { name: "Several replicas" })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
