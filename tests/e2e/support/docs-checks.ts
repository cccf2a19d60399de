import type { APIRequestContext } from "@playwright/test";
import type { BrowserContext } from "@playwright/test";
import { expect, type Page } from "../fixtures";
import { axeViolations } from "./axe";

/**
 * What a reader of any docs folder must get, checked the same way for each
 * fixture in tests/fixtures/docs: pages reachable from the navigation, links
 * and images that work, callouts that look like callouts, no syntax of
 * another tool left on the page.
 */

/** The shapes a callout may take: an aside, a note or alert region, a disclosure. */
export const CALLOUT = 'main :is(aside, [role="note"], [role="alert"], [role="region"], details, [class~="callout"], [data-callout])';

/** Markers of containers, admonitions and alerts that only show when a convention was not understood. */
const RAW_SYNTAX = [
  /^\s*:::/m,
  /^\s*!!!/m,
  /^\s*\?\?\?\+?\s/m,
  /\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/,
  /\[\[toc\]\]/,
  /\{\s*#[\w-]+\s*\}/,
  // MkDocs attribute lists: `{ width="160" }`, `{: .center }`, `{ .md-button }`.
  /\{:?\s*(?:[#.][\w-]+|[\w-]+=)[^{}\n]*\}/,
  /\{\/\*/,
  /^import .* from ['"]/m,
  /<\/?(Tabs|TabItem|Badge|Aside|Steps|Card|CardGrid|LinkCard|FileTree|DocCardList)\b/,
  /\{\{#(include|rustdoc_include|playground|title)\b/,
  /-+8<-+/,
  // MkDocs' abbreviation definitions (`*[HTML]: Hyper Text Markup Language`) left as text.
  /^\s*\*\[[^\]\n]+\]:/m,
  // MkDocs Material's highlighted text (`==text==`) left as text.
  /==[^\s=](?:[^=\n]*[^\s=])?==/,
  // MkDocs Material's keys (`++ctrl+c++`) left as text.
  /\+\+[a-z0-9][\w-]*(?:\+[a-z0-9][\w-]*)*\+\+/i,
  // TeX left as text: dollar-delimited display math, or a command of it.
  /\$\$/,
  /\\(?:frac|sqrt|sum|left|right|min|cos|lceil|text)\b/,
];

/**
 * Every URL of the guide's navigation (both copies: the sidebar and the
 * narrow-screen menu), without fragments: paths from the host's root, the
 * site's base path included where it has one (the guide is asked for
 * relative to `baseURL`).
 */
export async function navPageUrls(page: Page): Promise<string[]> {
  await page.goto("guide");
  // (Without the "/" a static host may have added on the way, which the page itself takes off.)
  const guide = new URL(page.url()).pathname.replace(/\/$/, "");
  const hrefs = await page
    .getByRole("navigation", { name: /guide/i })
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  return [...new Set([guide, ...hrefs])];
}

export type LinkReport = {
  /** Links to this site that do not answer 200, or whose #fragment names no element: "page → href (why)". */
  broken: string[];
  /** Every distinct link target on this site that was checked. */
  checked: string[];
};

/**
 * Follows every link in the article of each page: same-site targets must
 * answer 200 and fragments must exist. A static host's redirect of a page's
 * address to its folder's (`/guide/x` → `/guide/x/`, as GitHub Pages does)
 * is followed; any other redirect is reported.
 */
export async function checkArticleLinks(page: Page, request: APIRequestContext, pages: string[]): Promise<LinkReport> {
  const origin = new URL(page.url()).origin;
  const answers = new Map<string, Promise<{ status: number; body: string }>>();
  const fetchOnce = (url: string) => {
    let answer = answers.get(url);
    if (!answer) {
      answer = request.get(url, { maxRedirects: 0 }).then(async (first) => {
        const target = new URL(url);
        const folder = `${target.pathname}/${target.search}`;
        const response = first.status() === 301 && first.headers()["location"] === folder ? await request.get(target.origin + folder, { maxRedirects: 0 }) : first;
        return { status: response.status(), body: response.headers()["content-type"]?.startsWith("text/html") ? await response.text() : "" };
      });
      answers.set(url, answer);
    }
    return answer;
  };

  const broken: string[] = [];
  for (const pageUrl of pages) {
    await page.goto(pageUrl);
    const links = await page.locator("main article a[href]").evaluateAll((anchors) =>
      anchors.map((anchor) => ({ raw: anchor.getAttribute("href")!, href: (anchor as HTMLAnchorElement).href })),
    );
    for (const { raw, href } of links) {
      const target = new URL(href);
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        if (target.protocol !== "mailto:") broken.push(`${pageUrl} → ${raw} (a ${target.protocol} link)`);
        continue;
      }
      if (target.origin !== origin) continue;
      const { status, body } = await fetchOnce(target.origin + target.pathname + target.search);
      if (status !== 200) {
        broken.push(`${pageUrl} → ${raw} (${status})`);
        continue;
      }
      const id = decodeURIComponent(target.hash.slice(1));
      if (id && !body.includes(` id="${id}"`)) broken.push(`${pageUrl} → ${raw} (no element with id "${id}")`);
    }
  }
  return { broken, checked: [...answers.keys()] };
}

/**
 * Every image in the page's main content has loaded and has pixels, but for
 * those drawn for the other colour scheme, which are not shown (their own
 * test is in docs-github.spec.ts).
 */
export async function expectImagesLoaded(page: Page) {
  const images = await page.locator("main img").all();
  for (const image of images) {
    const forOtherScheme = await image.evaluate((element) => {
      const themed = element.closest(".theme-only-light, .theme-only-dark");
      return themed !== null && getComputedStyle(themed).display === "none";
    });
    if (forOtherScheme) continue;
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
        message: `${await image.getAttribute("src")} on ${page.url()} loads`,
      })
      .toBeGreaterThan(0);
  }
  return images.length;
}

/** The article's text outside code, where no tool's raw syntax may remain. */
export async function proseText(page: Page): Promise<string> {
  return page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    // A formula's TeX annotation is there for copying and assistive technology, not shown;
    // a script is not text at all (the clone is not laid out, so innerText reads it too).
    copy.querySelectorAll("pre, code, annotation, script").forEach((code) => code.remove());
    return copy.innerText || copy.textContent || "";
  });
}

export async function expectNoRawSyntax(page: Page) {
  const text = await proseText(page);
  for (const pattern of RAW_SYNTAX) expect(text, `${page.url()} shows no ${pattern}`).not.toMatch(pattern);
}

/**
 * The page's formulas are drawn by the browser as MathML: `inline` of them in
 * sentences, `display` on lines of their own, each with a size, none failed.
 */
export async function expectFormulas(page: Page, { inline, display }: { inline: number; display: number }) {
  const article = page.locator("main article");
  await expect(article.locator('math:not([display="block"])')).toHaveCount(inline);
  await expect(article.locator('.math-display > math[display="block"]')).toHaveCount(display);
  for (const math of await article.locator("math").all()) {
    const box = await math.boundingBox();
    expect(box && box.width > 0 && box.height > 0, `a formula on ${page.url()} is drawn`).toBe(true);
  }
  await expect(article.locator(".katex-error")).toHaveCount(0);
}

/** A callout titled `title` (in any case) whose text holds `body`. */
export async function expectCallout(page: Page, title: string, body: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = page.locator(CALLOUT).filter({ hasText: new RegExp(escaped, "i") }).filter({ hasText: body });
  await expect(found.first(), `a callout "${title}" holding "${body}" on ${page.url()}`).toBeAttached();
  // The title is shown as a title: the callout's first text, not buried in its body.
  const firstText = await found.last().evaluate((element) => (element.textContent ?? "").trim().slice(0, 200));
  // An icon may come first; the title is the first words.
  expect(firstText).toMatch(new RegExp(`^[^\\p{L}\\p{N}]*${escaped}`, "iu"));
}

/** The results page for `query` lists sections of exactly these pages, whatever their order (the server's and an export's search alike). */
export async function expectResultsFromPages(page: Page, query: string, pages: string[]) {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  const links = page.locator(".search-results > li").getByRole("link");
  await expect(links.first()).toBeVisible();
  const listed = await links.evaluateAll((found) => found.map((link) => link.getAttribute("href")?.split("#")[0]));
  expect(new Set(listed)).toEqual(new Set(pages));
}

/** The body has no horizontal scrollbar: long lines, tables and code scroll inside their own box. */
export async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** axe's violations on `url`, opened in a fresh context whose theme cookie says `theme` (checked on <html> first). */
export async function axeViolationsInTheme(newContext: () => Promise<BrowserContext>, baseURL: string, theme: "light" | "dark", url: string): Promise<string[]> {
  const context = await newContext();
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator("html")).toHaveClass(theme);
  return axeViolations(page);
}
