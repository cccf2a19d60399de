import { expect, type Page } from "./fixtures";
import { axeViolations } from "./support/axe";
import { expectNoPageOverflow, navPageUrls } from "./support/docs-checks";
import { testDocs } from "./support/docs-server";
import { addWhatGitCannotHold, SECRET } from "./support/hostile-folder";

/**
 * A folder that tries everything against its readers and the server: script
 * in every spelling, links out of the folder, secrets beside the pages.
 * Nothing may run, nothing outside the published files may be served, and
 * the pages must still read.
 */

const test = testDocs("hostile", { prepare: addWhatGitCannotHold });

// A missing image answers 404, and the page's CSP may report what it blocked: both are the defence working.
test.beforeEach(({ allowConsole }) => allowConsole(/status of 404|Content Security Policy|Refused to/));

/** Opens the page and records any dialog or marker a script would leave. */
async function visit(page: Page, url: string) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const response = await page.goto(url);
  await page.waitForLoadState("load");
  const pwned = await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null);
  return { status: response?.status(), dialogs, pwned };
}

test("no script in the folder runs: no dialog, no marker, no handler, no javascript: URL", async ({ page }) => {
  for (const url of await navPageUrls(page)) {
    const { status, dialogs, pwned } = await visit(page, url);
    expect(status, url).toBe(200);
    expect(dialogs, url).toEqual([]);
    expect(pwned, url).toBeNull();
    const main = page.locator("main");
    await expect(main.locator("script, iframe, object, embed, form, base, meta, style, link"), url).toHaveCount(0);
    const handlers = await main.evaluate((element) =>
      [...element.querySelectorAll("*")].flatMap((node) => node.getAttributeNames().filter((name) => name.startsWith("on"))),
    );
    expect(handlers, url).toEqual([]);
    const urls = await main.evaluate((element) =>
      [...element.querySelectorAll("[href], [src], [action], [xlink\\:href], [formaction]")].flatMap((node) =>
        ["href", "src", "action", "xlink:href", "formaction"].map((name) => node.getAttribute(name) ?? ""),
      ),
    );
    expect(urls.filter((value) => /^\s*(javascript|vbscript|data:text\/html)/i.test(value)), url).toEqual([]);
  }
});

test("the text around the hostile HTML is still shown", async ({ page }) => {
  await visit(page, "/guide/raw-html");
  await expect(page.locator("main")).toContainText("the sentinel paragraph");
  await expect(page.locator("main")).toContainText("A paragraph with an onclick handler.");
  // The folder's <style> must not hide the page.
  await expect(page.locator("main h1")).toBeVisible();
});

test("TeX that asks for a link, an attribute or a class gets none of them, and endless expansion stops, shown as written", async ({ page }) => {
  await visit(page, "/guide/raw-html");
  const article = page.locator("main article");
  await expect(article.getByRole("link", { name: "tex link" })).toHaveCount(0);
  await expect(article.locator("[data-onclick], .skip-link")).toHaveCount(0);
  await expect(article.locator("math mtext").filter({ hasText: "\\href" })).toHaveCount(1);
  const loop = article.locator(".katex-error");
  await expect(loop).toHaveCount(1);
  await expect(loop).toHaveAttribute("title", /Too many expansions/);
});

test("front matter with markup is shown as text, in the page and its title", async ({ page }) => {
  const { dialogs } = await visit(page, "/guide");
  expect(dialogs).toEqual([]);
  await expect(page.locator("main h1")).toHaveText('Hostile <script>alert("title")</script>');
  await expect(page).toHaveTitle(/Hostile <script>/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", '"><img src=x onerror=alert(1)>');
});

test("secrets, sources and paths out of the folder answer 404 at /guide-files, whatever the spelling", async ({ request }) => {
  const paths = [
    ".env",
    ".git/config",
    "%2eenv",
    "%2egit/config",
    "node_modules/pkg/readme.txt",
    "index.md",
    "raw-html.md",
    "leak.txt",
    "leak.md",
    "escape/secret.txt",
    "git-folder/config",
    "git-config.txt",
    "pkg/readme.txt",
    "../../../../etc/passwd",
    "..%2f..%2f..%2f..%2fetc%2fpasswd",
    "%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "%252e%252e%252f%252e%252e%252fetc%252fpasswd",
    "..%5c..%5c..%5cetc%5cpasswd",
    "..\\..\\..\\etc\\passwd",
    "nested",
    "nested/",
    "",
    "nested/pixel.png%00.md",
  ];
  for (const file of paths) {
    for (const query of ["", "?v=1"]) {
      const response = await request.get(`/guide-files/${file}${query}`, { maxRedirects: 0 });
      expect([400, 404], `/guide-files/${file}${query}`).toContain(response.status());
      expect(await response.text(), `/guide-files/${file}${query}`).not.toContain(SECRET);
    }
  }
  // The files the folder does publish are served.
  expect((await request.get("/guide-files/nested/pixel.png")).status()).toBe(200);
});

test("includes of a file out of the folder, a dotfile or node_modules show nothing of it, in every tool's syntax", async ({ page }) => {
  await page.goto("/guide/includes");
  await expect(page.locator("main")).toContainText("Everything above stays as written.");
  const text = await page.locator("main").innerText();
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/root:.*:0:0:/);
  expect(text).toContain("{{#include escape/secret.txt}}");
});

test("a link out of the folder publishes no page", async ({ request, page }) => {
  expect((await request.get("/guide/leak")).status()).toBe(404);
  expect(await navPageUrls(page)).not.toContain("/guide/leak");
});

test("an SVG from the folder, opened on its own, runs nothing: it is served sandboxed", async ({ page, request, allowConsole }) => {
  // Chromium reports the scripts the sandbox blocked, and the sandboxed (opaque-origin) document's own requests.
  allowConsole(/Blocked script execution|sandboxed|Origin-Agent-Cluster|ERR_BLOCKED_BY_RESPONSE/);
  const response = await request.get("/guide-files/nested/diagram.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(response.headers()["content-security-policy"]).toMatch(/sandbox/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto("/guide-files/nested/diagram.svg");
  await page.waitForTimeout(200);
  expect(dialogs).toEqual([]);
});

test("a page named with spaces and unicode is reachable and shows its images", async ({ page }) => {
  await page.goto("/guide");
  await page.locator("main article").getByRole("link", { name: "A page with spaces and unicode" }).click();
  await expect(page.locator("main h1")).toHaveText("Ünïcödé page");
  const image = page.getByRole("img", { name: "A tiny square" });
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
});

test("a page named with spaces and unicode has its Markdown at its URL plus .md and for Accept: text/markdown, as llms.txt links it", async ({ request }) => {
  const url = "/guide/nested/%C3%BCn%C3%AFc%C3%B6d%C3%A9%20page%20name";
  const index = await (await request.get("/llms.txt")).text();
  expect(index).toContain(`${url}.md)`);
  for (const markdown of [await request.get(`${url}.md`), await request.get(url, { headers: { Accept: "text/markdown" } })]) {
    expect(markdown.status()).toBe(200);
    expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(await markdown.text()).toMatch(/^# Ünïcödé page\n\nA page whose file name has spaces and letters outside ASCII: 日本語/);
  }
  // Malformed percent-encoding is refused as a bad request.
  expect((await request.get("/guide/nested/%E0%A4%A.md")).status()).toBe(400);
});

test("a huge single line wraps or scrolls inside the article; the page does not scroll sideways", async ({ page }) => {
  await page.goto("/guide/long-line");
  await expect(page.locator("main")).toContainText("The end of the long page.");
  await expectNoPageOverflow(page);
});

test("links that go nowhere are left harmless, and repeated headings get distinct ids", async ({ page }) => {
  const { dialogs } = await visit(page, "/guide/links");
  expect(dialogs).toEqual([]);
  const ids = await page.locator("main h2").evaluateAll((headings) => headings.map((heading) => heading.id));
  expect(ids).toEqual(["repeated", "repeated-1", "repeated-2"]);
  // The broken link must not become a link to a page that answers 200 with something else.
  const broken = page.locator("main article").getByText("A broken link to a page that does not exist");
  await expect(broken).toBeVisible();
});

test("the hostile pages still pass axe", async ({ page }) => {
  await page.goto("/guide/links");
  expect(await axeViolations(page)).toEqual([]);
});
