import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "./fixtures";
import { testDocs } from "./support/docs-server";

/**
 * A page whose Markdown the parser takes minutes over: one paragraph of a
 * megabyte, full of emphasis (the parser's work on a paragraph grows faster
 * than the paragraph). Its time limit is 20 s (app/guide/service/render-worker-client.server.ts);
 * past it the worker is ended and the page shown as written.
 */
const SENTENCE = "Archives are *always* checked and *never* trusted. ";
const HUGE_PAGE = `# A huge page\n\n${SENTENCE.repeat(Math.ceil((1024 * 1024) / SENTENCE.length))}\n`;

// Blockquotes nested so deep that the renderer runs out of stack (in about 3 s) rather than time.
const DEEP_PAGE = `# A deep page\n\n${"> ".repeat(3000)}the bottom of the quotes\n`;

// A table of 5,000 columns and 50 rows: the render worker's heap fills (in about 3 s, its limit 12.5 s) and V8 stops it.
const WIDE_PAGE = `# A wide page\n\n|${"a|".repeat(5000)}\n|${"-|".repeat(5000)}\n${`|${"cell|".repeat(5000)}\n`.repeat(50)}\nThe end of the table.\n`;

const test = testDocs("github", {
  port: 3286,
  async prepare(contentDir) {
    await fs.writeFile(path.join(contentDir, "huge.md"), HUGE_PAGE);
    await fs.writeFile(path.join(contentDir, "deep.md"), DEEP_PAGE);
    await fs.writeFile(path.join(contentDir, "wide.md"), WIDE_PAGE);
  },
});
test.describe.configure({ mode: "default" });

test("a page too slow to render is stopped at its time limit and shown as plain text, for good, while the other pages are served", async ({ request, docs }) => {
  test.setTimeout(90_000);
  const started = performance.now();
  const first = await request.get("/guide/huge", { timeout: 80_000 });
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toContain("Shown as plain text");
  expect(html).toContain('<pre class="page-source"># A huge page');
  expect(html).toContain("Archives are *always* checked");
  expect(performance.now() - started).toBeLessThan(60_000);
  expect(docs.output()).toMatch(/huge\.md: rendering took longer than 20 s, the limit for a page of its size, and was stopped; it is shown as plain text/);

  // Asked for again, it is answered at once: the slow render is not tried again.
  const again = performance.now();
  expect(await (await request.get("/guide/huge")).text()).toContain("Shown as plain text");
  expect(performance.now() - again).toBeLessThan(2_000);
  // Counted for this page only: the background completion may meanwhile stop deep.md at its own limit.
  expect(docs.output().match(/huge\.md: rendering took longer than/g)).toHaveLength(1);

  // The worker that was ended is replaced: a page no one had asked for yet renders.
  const install = await request.get("/guide/docs/install");
  expect(install.status()).toBe(200);
  expect(await install.text()).not.toContain("Shown as plain text");
});

test("a page the renderer cannot take is shown as plain text, not answered with an error, and named in the log", async ({ request, docs }) => {
  test.setTimeout(60_000);
  const deep = await request.get("/guide/deep", { timeout: 50_000 });
  expect(deep.status()).toBe(200);
  const html = await deep.text();
  expect(html).toContain("Shown as plain text");
  expect(html).toContain("the bottom of the quotes");
  // On a busy machine the same page can run out of time before it runs out of stack: plain text either way.
  expect(docs.output()).toMatch(/deep\.md: (could not be rendered: Maximum call stack size exceeded|rendering took longer than [\d.]+ s, [^\n]*); it is shown as plain text/);
});

test("a page the render worker runs out of memory on is shown as plain text, named in one line of the log, and the pages after it are served", async ({ request, docs }) => {
  test.setTimeout(60_000);
  const wide = await request.get("/guide/wide", { timeout: 50_000 });
  expect(wide.status()).toBe(200);
  const html = await wide.text();
  expect(html).toContain("Shown as plain text");
  expect(html).toContain("The end of the table.");
  // On a busy machine the time limit could come first: plain text either way.
  expect(docs.output()).toMatch(/wide\.md: (could not be rendered: the renderer ran out of memory on it|rendering took longer than [\d.]+ s, [^\n]*); it is shown as plain text/);
  // V8's report of the full heap (its last collections, a native stack) stays out of the server's log.
  expect(docs.output()).not.toContain("Last few GCs");
  expect(docs.output()).not.toContain("FATAL ERROR");
  const install = await request.get("/guide/docs/install");
  expect(install.status()).toBe(200);
  expect(await install.text()).not.toContain("Shown as plain text");
});
