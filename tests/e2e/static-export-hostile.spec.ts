import fs from "node:fs";
import path from "node:path";
import { expect, waitForHydration } from "./fixtures";
import { addWhatGitCannotHold, SECRET } from "./support/hostile-folder";
import { markDocument, sameDocument, testExport } from "./support/static-export";

/**
 * The hostile fixture, with its links out of the folder and secrets beside
 * it (support/hostile-folder.ts), exported with `themed-guide build` and
 * served by a plain static file server: the export finishes, holds nothing
 * from outside the folder or from its .git and node_modules, and a page
 * named with spaces and unicode is there with its images and its Markdown.
 */
const test = testExport("hostile", { port: 3314, prepare: addWhatGitCannotHold });

// A missing image answers 404, and the page's policy may report what it blocked: both are the defence working.
test.beforeEach(({ allowConsole }) => allowConsole(/status of 404|Content Security Policy|Refused to/));

test("nothing from outside the folder, from its .git or from its node_modules is in the export", async ({ exported }) => {
  const files = fs.readdirSync(exported.out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) {
    const where = path.relative(exported.out, path.join(file.parentPath, file.name));
    expect(where).not.toMatch(/(^|\/)(\.git|node_modules|escape|leak\.(md|txt))(\/|$)/);
    expect(fs.readFileSync(path.join(file.parentPath, file.name), "latin1"), where).not.toContain(SECRET);
  }
});

test("build names the folder's drawing that runs script, which a static host serves as it is", async ({ exported }) => {
  expect(exported.warnings).toMatch(/^Warning: 1 file of the folder runs script when opened on its own \(nested\/diagram\.svg\)/m);
});

test("a page named with spaces and unicode is reached in the same document, shows its image, and has its Markdown at its URL plus .md", async ({ page, request }) => {
  const url = "/guide/nested/%C3%BCn%C3%AFc%C3%B6d%C3%A9%20page%20name";
  await page.goto("/guide");
  await waitForHydration(page);
  await markDocument(page);
  // Its data file is fetched at the encoded address, which the host decodes to the file's name.
  const data = page.waitForResponse((response) => response.url().endsWith(`${url}.data`));
  await page.locator("main article").getByRole("link", { name: "A page with spaces and unicode" }).click();
  expect((await data).status()).toBe(200);
  await expect(page.locator("main h1")).toHaveText("Ünïcödé page");
  await expect(page).toHaveURL(url);
  expect(await sameDocument(page)).toBe(true);
  const image = page.getByRole("img", { name: "A tiny square" });
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const markdown = await request.get(`${url}.md`);
  expect(markdown.status()).toBe(200);
  expect(await markdown.text()).toMatch(/^# Ünïcödé page\n\nA page whose file name has spaces and letters outside ASCII: 日本語/);
});
