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

const test = testDocs("github", {
  port: 3286,
  prepare: (contentDir) => fs.writeFile(path.join(contentDir, "huge.md"), HUGE_PAGE),
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
  expect(docs.output().match(/rendering took longer than/g)).toHaveLength(1);

  // The worker that was ended is replaced: a page no one had asked for yet renders.
  const install = await request.get("/guide/docs/install");
  expect(install.status()).toBe(200);
  expect(await install.text()).not.toContain("Shown as plain text");
});
