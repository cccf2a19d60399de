import fs from "node:fs";
import path from "node:path";
import { expect, test, waitForHydration, type Page } from "./fixtures";
import { rawGet } from "./support/raw-request";

/**
 * The site as a visitor and a crawler meet it: its pages, the guide and its
 * navigation with and without JavaScript, its answers to unknown and hostile
 * paths, its static files, and its layout on a phone.
 */

type ContentPage = { url: string; title: string; description: string };

/** The guide's pages as the content folder describes them, read independently of the app. */
function contentPages(): ContentPage[] {
  const dir = path.resolve(import.meta.dirname, "../../content");
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md"));
  return files.map((file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const field = (name: string) => text.match(new RegExp(`^${name}:\\s*(.+)$`, "m"))?.[1]?.trim().replace(/^(["'])(.*)\1$/, "$2") ?? "";
    const slug = file.split(path.sep).join("/").replace(/\.md$/, "").replace(/\/?index$/, "");
    return { url: `/guide/${slug}`, title: field("title"), description: field("description") };
  });
}

const guidePages = contentPages();

/** The links of the guide's index, in the order shown. */
async function indexEntries(page: Page) {
  await page.goto("/guide");
  const links = page.getByRole("article").getByRole("list").getByRole("link");
  await expect(links).toHaveCount(guidePages.length);
  return Promise.all(
    (await links.all()).map(async (link) => ({ title: (await link.textContent()) ?? "", url: (await link.getAttribute("href")) ?? "" })),
  );
}

/** Counts full document loads of the page from now on. */
function countDocumentLoads(page: Page) {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

test.describe("every page's frame", () => {
  test("the home page has the site header, main content and footer", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Themed Guide" })).toHaveAttribute("href", "/");
    const siteNav = header.getByRole("navigation", { name: "Site" });
    await expect(siteNav.getByRole("link")).toHaveText(["Guide", "Appearance"]);
    await expect(siteNav.getByRole("link", { name: "Guide", exact: true })).toHaveAttribute("href", "/guide");
    await expect(siteNav.getByRole("link", { name: "Appearance" })).toHaveAttribute("href", "/appearance");
    const themes = header.getByRole("group", { name: "Theme" }).getByRole("button");
    await expect(themes).toHaveCount(3);
    for (const [index, name] of ["Light theme", "Dark theme", "System theme"].entries()) {
      await expect(themes.nth(index)).toHaveAccessibleName(name);
    }
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(/right from the first paint/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/guide/privacy");
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the skip link is the first stop for the keyboard and moves focus to the main content (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      newContext,
    }) => {
      const page = await (await newContext({ javaScriptEnabled })).newPage();
      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      const skipLink = page.getByRole("link", { name: "Skip to content" });
      await expect(skipLink).not.toBeInViewport();
      await page.keyboard.press("Tab");
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      // The next Tab continues inside the main content, past the header.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("main").getByRole("link", { name: "Read the guide" })).toBeFocused();
    });
  }
});

test.describe("the guide", () => {
  test("the guide's index lists every page of the content folder", async ({ page }) => {
    const entries = await indexEntries(page);
    expect(entries.map(({ url }) => url).toSorted()).toEqual(guidePages.map(({ url }) => url).toSorted());
    for (const { url, title } of guidePages) expect(entries).toContainEqual({ url, title });
  });

  test("the guide's index lists pages in the order of the guide navigation", async ({ page }) => {
    const entries = await indexEntries(page);
    // Every link, also those inside closed folder groups.
    const navLinks = page.getByRole("navigation", { name: "Guide" }).locator("a[href]");
    await expect(navLinks).toHaveText(entries.map(({ title }) => title));
  });

  test("a guide page shows its content and is marked as the current page in the guide navigation", async ({ page }) => {
    const themes = guidePages.find(({ url }) => url === "/guide/themes")!;
    const response = await page.goto("/guide/themes");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(themes.title);
    await expect(page.getByRole("article").getByRole("heading", { level: 2 }).first()).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Guide" });
    await expect(nav.getByRole("link", { name: "Themes" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  });

  test("a nested page is served at its path, and only it is current, not its folder's page", async ({ page }) => {
    const response = await page.goto("/guide/deployment/replicas");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Several replicas");
    const nav = page.getByRole("navigation", { name: "Guide" });
    await expect(nav.getByRole("link", { name: "Several replicas" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Deployment" })).not.toHaveAttribute("aria-current");
    const pager = page.getByRole("navigation", { name: "Previous and next page" });
    await expect(pager.getByRole("link", { name: /^Previous/ })).toHaveAttribute("href", "/guide/deployment");
  });

  test("next and previous links walk through the whole guide in the index's order", async ({ page }) => {
    const entries = await indexEntries(page);
    const pager = page.getByRole("navigation", { name: "Previous and next page" });
    const first = entries[0]!;
    const last = entries.at(-1)!;

    await page.goto(first.url);
    await expect(pager.getByRole("link", { name: /^Previous/ })).toHaveCount(0);
    for (const entry of entries.slice(1)) {
      await pager.getByRole("link", { name: /^Next/ }).click();
      await expect(page).toHaveURL(entry.url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.title);
    }
    await expect(pager.getByRole("link", { name: /^Next/ })).toHaveCount(0);

    await expect(page).toHaveURL(last.url);
    for (const entry of entries.toReversed().slice(1)) {
      await pager.getByRole("link", { name: /^Previous/ }).click();
      await expect(page).toHaveURL(entry.url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.title);
    }
  });
});

test.describe("navigation", () => {
  test("with JavaScript, header links, guide links and links in the Markdown navigate without loading a new document", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const loads = countDocumentLoads(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const marker = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

    await page.getByRole("banner").getByRole("link", { name: "Guide", exact: true }).click();
    await expect(page).toHaveURL("/guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide");

    await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Deployment" }).click();
    await expect(page).toHaveURL("/guide/deployment");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deployment");

    await page.getByRole("article").getByRole("link", { name: "Several replicas" }).first().click();
    await expect(page).toHaveURL("/guide/deployment/replicas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Several replicas");

    await page.getByRole("banner").getByRole("link", { name: "Appearance" }).click();
    await expect(page).toHaveURL("/appearance");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appearance");

    expect(await marker()).toBe(1);
    expect(loads.count).toBe(0);
  });

  test("with JavaScript, a link to a heading on the same page in the Markdown scrolls there", async ({ page }) => {
    await page.goto("/guide/deployment");
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 3, name: "Health check" });
    await expect(heading).toHaveId("health-check");
    // The anchor is hidden from assistive technology (the heading itself is announced), so no role finds it.
    await page.locator('a.heading-anchor[href="#health-check"]').click();
    await expect(page).toHaveURL("/guide/deployment#health-check");
    await expect(heading).toBeInViewport();
  });

  test("without JavaScript, the same links navigate by loading each page", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/");
    const loads = countDocumentLoads(page);

    await page.getByRole("banner").getByRole("link", { name: "Guide", exact: true }).click();
    await expect(page).toHaveURL("/guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide");
    expect(loads.count).toBe(1);

    await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Deployment" }).click();
    await expect(page).toHaveURL("/guide/deployment");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deployment");
    expect(loads.count).toBe(2);

    await page.getByRole("article").getByRole("link", { name: "Several replicas" }).first().click();
    await expect(page).toHaveURL("/guide/deployment/replicas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Several replicas");
    expect(loads.count).toBe(3);

    await page.getByRole("banner").getByRole("link", { name: "Appearance" }).click();
    await expect(page).toHaveURL("/appearance");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appearance");
    expect(loads.count).toBe(4);
  });
});

test.describe("titles and descriptions", () => {
  const fixedPages = [
    { url: "/", title: /^Themed Guide · /, description: /^A server-rendered site/ },
    { url: "/guide", title: "Guide · Themed Guide", description: /^How this site renders/ },
    { url: "/appearance", title: "Appearance · Themed Guide", description: /^Choose how this site looks/ },
  ];

  test("the home page, the guide's index and the appearance page each have a title and a description", async ({ page }) => {
    for (const { url, title, description } of fixedPages) {
      await page.goto(url);
      await expect(page, url).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]'), url).toHaveAttribute("content", description);
    }
  });

  test("each guide page takes its title and description from its front matter", async ({ newContext }) => {
    // Without JavaScript: what a crawler reads from the server's HTML.
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    for (const { url, title, description } of guidePages) {
      await page.goto(url);
      await expect(page, url).toHaveTitle(`${title} · Themed Guide`);
      await expect(page.locator('meta[name="description"]'), url).toHaveAttribute("content", description);
    }
  });

  test("the title and description follow a client-side navigation", async ({ page }) => {
    const replicas = guidePages.find(({ url }) => url === "/guide/deployment/replicas")!;
    await page.goto("/guide/deployment");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: replicas.title }).click();
    await expect(page).toHaveTitle(`${replicas.title} · Themed Guide`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", replicas.description);
  });
});

test.describe("pages that do not exist", () => {
  test("an unknown guide page answers 404 inside the guide, with its navigation", async ({ page, allowConsole }) => {
    allowConsole(/status of 404/);
    const response = await page.goto("/guide/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No such page in the guide");
    await expect(page.getByRole("navigation", { name: "Guide" }).getByRole("link", { name: "Themes" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Themed Guide" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · Themed Guide");
  });

  test("an unknown path elsewhere answers 404 with the site's header and footer", async ({ page, allowConsole }) => {
    allowConsole(/status of 404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner").getByRole("link", { name: "Themed Guide" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Guide" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "read the guide" })).toHaveAttribute("href", "/guide");
  });
});

test.describe("what the server answers", () => {
  test("/healthz answers 200 ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  });

  test("the favicon and robots.txt are served", async ({ request }) => {
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(await favicon.text()).toMatch(/^<svg[\s>]/);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent:/m);
  });

  test("the notices of the third-party code sent to browsers are served, each package with its licence and source", async ({ request }) => {
    const notices = await request.get("/third-party-notices.md");
    expect(notices.status()).toBe(200);
    expect(notices.headers()["content-type"]).toMatch(/^text\/markdown/);
    const text = await notices.text();
    // The page's own bundle, and the diagrams' worker, with its EPL-licensed layout engine and where its source is.
    for (const name of ["react", "react-router", "mermaid", "dompurify"]) expect(text).toMatch(new RegExp(`^## ${name} \\d`, "m"));
    expect(text).toMatch(/^## elkjs \S+ \(EPL-2\.0[^)]*\)\n\nSource: https:\/\//m);
  });

  const hostilePaths = [
    "/guide/../package.json",
    "/guide/..%2f..%2fpackage.json",
    "/guide/%2e%2e/%2e%2e/etc/passwd",
    "/guide/%2e%2e%2f%2e%2e%2fpackage.json",
    "/guide/%E0%A4%A",
    "/guide/a%00b",
    "/guide/..\\..\\package.json",
    "/../package.json",
    "/..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/../../package.json",
    "/assets/..%2f..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/server/index.ts",
    "/%E0%A4%A",
    `/guide/${"a".repeat(5000)}`,
    `/${"a".repeat(5000)}`,
  ];
  for (const rawPath of hostilePaths) {
    test(`a bad path answers 400 or 404 and shows no file: ${rawPath.length > 60 ? `${rawPath.slice(0, 20)}… (${rawPath.length} characters)` : rawPath}`, async ({
      baseURL,
    }) => {
      const response = await rawGet(baseURL!, rawPath);
      expect([400, 404]).toContain(response.status);
      expect(response.body).not.toContain('"dependencies"');
      expect(response.body).not.toContain("root:x:0:0");
      expect(response.body).not.toContain("createRequestHandler");
      expect(response.body).not.toMatch(/\bat .+:\d+:\d+\)/); // no stack trace
    });
  }

  test("hashed assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // In attributes (stylesheet, font) and in the module script's imports (scripts).
    const assets = [...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".woff2"))).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toContain("immutable");
      expect(response.headers()["cache-control"], asset).toContain("max-age=31536000");
    }
  });

  test("an unknown file under /assets answers 404 without reaching the app", async ({ request }) => {
    const response = await request.get("/assets/no-such-file-123.js");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  });

  test("no response says what the server runs on", async ({ request }) => {
    for (const url of ["/", "/guide/themes", "/healthz", "/favicon.svg", "/robots.txt", "/no-such-page", "/assets/no-such-file.js"]) {
      const response = await request.get(url);
      expect(response.headers(), url).not.toHaveProperty("x-powered-by");
    }
  });
});

test.describe("small and large screens", () => {
  for (const url of ["/", "/appearance", "/guide", ...contentPages().map((page) => page.url)]) {
    test(`${url} does not scroll sideways at 320 pixels wide`, async ({ newContext }) => {
      const page = await (await newContext({ viewport: { width: 320, height: 640 } })).newPage();
      await page.goto(url);
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }

  test("on a phone without JavaScript, the compact guide menu opens and its links work", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } })).newPage();
    await page.goto("/guide/themes");
    const menu = page.getByRole("group").filter({ has: page.getByText("Guide contents", { exact: true }) });
    const menuNav = menu.getByRole("navigation", { name: "Guide" });
    await expect(page.getByRole("navigation", { name: "Guide" })).toHaveCount(0); // the sidebar is hidden, the menu closed
    await expect(menuNav).toBeHidden();

    await page.getByText("Guide contents", { exact: true }).click();
    await expect(menuNav).toBeVisible();
    await expect(menuNav.getByRole("link", { name: "Themes" })).toHaveAttribute("aria-current", "page");
    await menuNav.getByRole("link", { name: "Privacy" }).click();

    await expect(page).toHaveURL("/guide/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
    await expect(menuNav).toBeHidden();
  });

  test("on a phone with JavaScript, the compact guide menu closes again after a link is followed", async ({ newContext }) => {
    const page = await (await newContext({ viewport: { width: 320, height: 640 } })).newPage();
    await page.goto("/guide/themes");
    await waitForHydration(page);
    const menuNav = page.getByRole("group").getByRole("navigation", { name: "Guide" });
    await page.getByText("Guide contents", { exact: true }).click();
    await menuNav.getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
    await expect(menuNav).toBeHidden();
  });

  test("on a wide screen, the sidebar shows the guide navigation and the compact menu is hidden", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/guide/themes");
    await expect(page.getByText("Guide contents", { exact: true })).toBeHidden();
    const sidebarNav = page.getByRole("complementary").getByRole("navigation", { name: "Guide" });
    await expect(sidebarNav).toBeVisible();
    await expect(sidebarNav.getByRole("link", { name: "Themes" })).toBeVisible();
  });
});
