import fs from "node:fs/promises";
import path from "node:path";
import { LIST_PART_PAGES } from "../../app/guide/nav/page-list-parts";
import { expect, waitForHydration } from "./fixtures";
import { addLogbook } from "./support/logbook";
import { markDocument, sameDocument, testExport } from "./support/static-export";

/**
 * The Docusaurus fixture (no landing page) with a logbook that takes it past
 * one part of its list of every page, exported and served by sirv: the
 * later part is a file of the export, whole, and reached from /guide with
 * or without script.
 */
const ENTRIES = LIST_PART_PAGES + 10;

const test = testExport("docusaurus", {
  port: 3294,
  prepare: (docs) => addLogbook(docs, ENTRIES),
});
// One export for both tests: it renders a thousand pages.
test.describe.configure({ mode: "serial" });

test("an export writes the later part of a large folder's list as a file, every entry described, with no status of descriptions still being read", async ({ exported }) => {
  const html = await fs.readFile(path.join(exported.out, "guide-pages", "2", "index.html"), "utf8");
  expect(html).not.toContain("pages so far");
  const entries = [...html.matchAll(/<li style="--depth:\d+"><a [^>]*>[^<]*<\/a>(<span> — )?/g)];
  expect(entries.length).toBeGreaterThan(10);
  expect(entries.filter((entry) => entry[1] === undefined).map((entry) => entry[0])).toEqual([]);
  await expect(fs.access(path.join(exported.out, "guide-pages", "3"))).rejects.toThrow();
});

test("on the static host, /guide leads to the list's second part: a client-side navigation with JavaScript, a page load without", async ({ page, newContext }) => {
  await page.goto("/guide");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("navigation", { name: "Parts of the list" }).getByRole("link", { name: /^1,001–/ }).click();
  await expect(page).toHaveURL(/\/guide-pages\/2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Guide, pages 1,001–/);
  expect(await sameDocument(page)).toBe(true);

  const plain = await (await newContext({ javaScriptEnabled: false })).newPage();
  await plain.goto("/guide");
  await plain.getByRole("link", { name: /^Next: pages 1,001–/ }).click();
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText(/^Guide, pages 1,001–/);
  await expect(plain.getByRole("navigation", { name: "Parts of the list" }).locator("[aria-current=page]")).toHaveText(/^1,001–/);
});
