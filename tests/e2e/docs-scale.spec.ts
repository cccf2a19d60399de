import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDocsCorpus, type DocsCorpus } from "../../scripts/make-docs-corpus.ts";
import { memoryShares } from "../../server/memory-budget.ts";
import { startHeapFile, startOldGenerationMB } from "../../server/start-heap.ts";
import { expect, test } from "./fixtures";
import { startServer } from "./support/docs-server";

/**
 * Issue 24's bound, end to end, on the production build: a generated
 * folder whose rendered pages are more than the server may keep in memory
 * under the smallest budget, served page by page with every page right;
 * and a restart on the same files with the same cache folder, which renders
 * no page again. Plain HTTP: what is proven is the server's, not a browser's.
 */

// 800 long pages: about 26 MB of articles and 32 MB of compressed pages in two themes, against what
// the smallest budget keeps of each (19 and 31 MB, server/memory-budget.ts).
const COPIES = 4;
const BUDGET_MB = "384";
test.describe.configure({ mode: "serial", timeout: 300_000 });

let scratch: string;
let folder: string;
let pages: (DocsCorpus["pages"][number] & { part: string })[];
test.beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-scale-"));
  folder = path.join(scratch, "docs");
  pages = [];
  for (let copy = 0; copy < COPIES; copy++) {
    const part = `part-${copy}`;
    const corpus = makeDocsCorpus(path.join(folder, part), copy + 1);
    pages.push(...corpus.pages.map((page) => ({ ...page, part, url: page.url.replace(/^\/guide/, `/guide/${part}`) })));
  }
});
test.afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Each page once in each theme, 8 at a time: its own title in its <h1>, its theme on <html>. */
async function everyPageIsRight(url: string, themes: string[]) {
  const wrong: string[] = [];
  const requests = pages.flatMap((page) => themes.map((theme) => ({ page, theme })));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < requests.length) {
        const { page, theme } = requests[next++]!;
        const response = await fetch(`${url}${page.url}`, { headers: { Cookie: `theme=${theme}` } });
        const html = await response.text();
        const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
        const themed = new RegExp(`<html[^>]*\\bclass="[^"]*\\b${theme}\\b`).test(html);
        if (response.status !== 200 || title !== escapeText(page.title) || !themed) {
          wrong.push(`${page.url} (${theme}): ${response.status}, <h1> ${JSON.stringify(title)}`);
        }
      }
    }),
  );
  expect(wrong).toEqual([]);
}

function escapeText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The server's report of its background completion: how many pages it rendered and how many it read from the page cache. */
async function completion(output: () => string) {
  await expect.poll(() => /Guide: [\d,]+ pages? ready in .*\((\d+) rendered, (\d+) from the page cache\)/.exec(output()), { timeout: 240_000 }).not.toBeNull();
  const [, rendered, fromCache] = /Guide: [\d,]+ pages? ready in .*\((\d+) rendered, (\d+) from the page cache\)/.exec(output())!;
  return { rendered: Number(rendered), fromCache: Number(fromCache) };
}

test("a folder larger than the memory budget keeps is served page by page, every page right, by a server whose heap is held to its share; a restart renders none of them again, its old generation begun at the size its note in the cache folder gives", async () => {
  const cacheDir = path.join(scratch, "cache");
  const first = await startServer(folder, 3320, { MEMORY_BUDGET_MB: BUDGET_MB, CACHE_DIR: cacheDir });
  try {
    // The server runs with its heap held to its share of the budget (server/heap-limit.ts).
    const commandLine = fs.readFileSync(`/proc/${first.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine).toContain(`--max-old-space-size=${memoryShares(Number(BUDGET_MB)).serverHeapMB}`);
    // A first start on the folder: V8 sizes its old generation itself.
    expect(commandLine.filter((flag) => flag.startsWith("--initial-old-space-size"))).toEqual([]);
    // The folder has no landing page: /guide lists every page. While the first start renders in the
    // background it answers at once with the descriptions read so far, and no cache keeps that list.
    const early = await fetch(`${first.url}/guide`);
    expect(early.status).toBe(200);
    expect(early.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await early.text()).toMatch(new RegExp(`Descriptions of [\\d,]+ of ${pages.length} pages so far`));
    // So does /llms.txt, every page linked, and it says so too.
    const earlyIndex = await fetch(`${first.url}/llms.txt`);
    expect(earlyIndex.status).toBe(200);
    expect(earlyIndex.headers.get("Cache-Control")).toBe("no-store");
    const earlyIndexText = await earlyIndex.text();
    expect(earlyIndexText).toMatch(new RegExp(`Descriptions of [\\d,]+ of ${pages.length} pages so far`));
    expect(earlyIndexText.match(/^- \[/gm)?.length).toBe(pages.length);
    // Search answers meanwhile too, from the pages indexed so far (a page is indexed as it is rendered), and says so.
    await fetch(`${first.url}${pages[1]!.url}`);
    const earlySearch = await fetch(`${first.url}/search.data?q=${encodeURIComponent(pages[1]!.title)}`);
    expect(earlySearch.headers.get("Cache-Control")).toContain("no-store");
    const earlyResults = await earlySearch.text();
    expect(earlyResults).toContain(pages[1]!.url);
    expect(earlyResults).toMatch(new RegExp(`Results from [\\d,]+ of ${pages.length} pages so far`));
    await everyPageIsRight(first.url, ["light", "dark"]);
    // Each page rendered once: one let go from memory and asked for again is read from the cache folder.
    expect((await completion(first.output)).rendered).toBe(pages.length);
    // Once every page is rendered, the list is whole, and kept like any page.
    const whole = await fetch(`${first.url}/guide`);
    expect(whole.headers.get("Cache-Control")).toBe("private, no-cache");
    const wholeList = await whole.text();
    expect(wholeList).not.toContain("pages so far");
    expect(wholeList.match(/<span> — /g)?.length, "every page listed with its description").toBe(pages.length);
    const wholeIndex = await fetch(`${first.url}/llms.txt`);
    expect(wholeIndex.headers.get("Cache-Control")).toBe("public, max-age=300");
    const wholeIndexText = await wholeIndex.text();
    expect(wholeIndexText).not.toContain("so far");
    expect(wholeIndexText.match(/^- \[.*\]\(.*\): \S/gm)?.length, "every page linked with its description").toBe(pages.length);
    expect(await (await fetch(`${first.url}/search.data?q=${encodeURIComponent(pages[1]!.title)}`)).text()).not.toContain("so far");
    expect(first.output()).not.toMatch(/error|warn/i);
  } finally {
    await first.stop();
  }

  // The first start noted the heap it reached (server/start-heap.ts). This folder's is too small to size a start by, so
  // the note is made a 50,000-page folder's (about 190 MB): the restart's old generation begins at the size it gives.
  const note = startHeapFile({ CONTENT_DIR: folder, CACHE_DIR: cacheDir })!;
  expect((JSON.parse(fs.readFileSync(note, "utf8")) as { reachedMB: number }).reachedMB).toBeGreaterThan(0);
  fs.writeFileSync(note, JSON.stringify({ reachedMB: 150 }));
  const startOldGeneration = startOldGenerationMB(note, Number(BUDGET_MB));
  expect(startOldGeneration).toBeGreaterThan(0);
  const restarted = await startServer(folder, 3321, { MEMORY_BUDGET_MB: BUDGET_MB, CACHE_DIR: cacheDir });
  try {
    expect(fs.readFileSync(`/proc/${restarted.pid}/cmdline`, "utf8").split("\0")).toContain(`--initial-old-space-size=${startOldGeneration}`);
    // The search index kept on disk answers before the completion has read a page.
    const search = await fetch(`${restarted.url}/search.data?q=${encodeURIComponent(pages[1]!.title)}`);
    expect(await search.text()).toContain(pages[1]!.url);
    // So does the list of every page, with every description the first start kept: whole within moments
    // of listening, while the completion still reads the pages back (seconds for 800).
    await expect.poll(async () => (await fetch(`${restarted.url}/guide`)).headers.get("Cache-Control"), { intervals: [50] }).toBe("private, no-cache");
    expect(restarted.output(), "the completion had not finished when the list was whole").not.toMatch(/pages? ready in/);
    const restartedList = await (await fetch(`${restarted.url}/guide`)).text();
    expect(restartedList.match(/<span> — /g)?.length, "every page listed with its description").toBe(pages.length);
    await everyPageIsRight(restarted.url, ["dark"]);
    const { rendered, fromCache } = await completion(restarted.output);
    expect(rendered).toBe(0);
    expect(fromCache).toBeGreaterThanOrEqual(pages.length);
  } finally {
    await restarted.stop();
  }
});
