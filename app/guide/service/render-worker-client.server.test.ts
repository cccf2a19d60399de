import { describe, expect, test, vi } from "vitest";
import { NO_TARGETS, useFakeWorkerFiles } from "./__fixtures__/fake-render-worker";
import { createPageRenderer, PageRenderError, RendererBusyError, RenderTimeLimitError, renderTimeLimitMs } from "./render-worker-client.server";
import type { RenderJob } from "../render/render-page.server";

/**
 * A stand-in for the built worker, speaking its protocol: it says when a
 * page's turn comes, then answers with the page's URL and its own thread
 * id. "hang" never finishes; "slow" takes 200 ms of CPU; "too much" fills
 * its heap until V8 stops it.
 */
const FAKE_WORKER = `
import { parentPort, threadId } from "node:worker_threads";
parentPort.on("message", (request) => {
  if (!("job" in request)) return;
  parentPort.postMessage({ id: request.id, started: true });
  const { markdown, url } = request.job;
  if (markdown === "hang") for (;;) {}
  if (markdown === "too much") for (const held = []; ; ) held.push(new Array(100_000).fill(1.5));
  if (markdown === "slow") for (const until = Date.now() + 200; Date.now() < until; ) {}
  parentPort.postMessage({ id: request.id, result: { html: url + " " + threadId }, heapBytes: 0 });
});
`;

const writeFakeWorker = useFakeWorkerFiles();

const job = (url: string, markdown: string): RenderJob => ({ relativePath: "a.md", url, markdown, title: "A", description: null, home: null });
const threadOf = (html: string) => html.split(" ")[1];

describe("the render worker's time limit", () => {
  test("a page that keeps the worker past its limit fails, and the pages waiting behind it are rendered by a new worker", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 300 });
    renderer.prepare(NO_TARGETS, []);
    const first = await renderer.render(job("/guide/first", "# First"));
    const [stuck, ...after] = await Promise.allSettled([
      renderer.render(job("/guide/stuck", "hang")),
      renderer.render(job("/guide/b", "# B")),
      renderer.render(job("/guide/c", "# C"), true),
    ]);
    renderer.release();

    expect(stuck.status).toBe("rejected");
    const reason = (stuck as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(RenderTimeLimitError);
    expect(reason.message).toMatch(/took longer than 0\.3 s/);
    const [b, c] = after.map((settled) => (settled as PromiseFulfilledResult<{ html: string }>).value.html);
    expect(b).toMatch(/^\/guide\/b /);
    expect(c).toMatch(/^\/guide\/c /);
    expect(threadOf(b!)).not.toBe(threadOf(first.html));
    expect(threadOf(c!)).toBe(threadOf(b!));
  });

  test("a page the worker runs out of heap on fails as one the renderer throws on, the pages behind it go to a new worker, and nothing is written to the server's error output", async () => {
    const written: string[] = [];
    const errorOutput = vi.spyOn(process.stderr, "write").mockImplementation((text) => (written.push(String(text)), true));
    try {
      // The smallest budget: a heap of 128 MB, filled in a second or so.
      const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 30_000, budgetMB: 384 });
      renderer.prepare(NO_TARGETS, []);
      const first = await renderer.render(job("/guide/first", "# First"));
      const [fatal, after] = await Promise.allSettled([renderer.render(job("/guide/fatal", "too much")), renderer.render(job("/guide/b", "# B"))]);
      renderer.release();

      expect((fatal as PromiseRejectedResult).reason).toEqual(new PageRenderError("the renderer ran out of memory on it"));
      const b = (after as PromiseFulfilledResult<{ html: string }>).value.html;
      expect(b).toMatch(/^\/guide\/b /);
      expect(threadOf(b)).not.toBe(threadOf(first.html));
      expect(written.join("")).toBe("");
    } finally {
      errorOutput.mockRestore();
    }
  });

  test("a page is timed from its turn in the worker, not from when it was asked for", async () => {
    // A limit five times a page's 200 ms, so that a busy machine's delays cannot reach it.
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 1_000 });
    renderer.prepare(NO_TARGETS, []);
    // Eight pages asked for at once: the last waits 1.4 s for its turn, well past the limit.
    const urls = Array.from({ length: 8 }, (_, index) => `/guide/${index + 1}`);
    const results = await Promise.all(urls.map((url) => renderer.render(job(url, "slow"))));
    renderer.release();
    expect(results.map((result) => result.html.split(" ")[0])).toEqual(urls);
    expect(new Set(results.map((result) => threadOf(result.html))).size).toBe(1);
  });

  test("is 5 s, and 15 s more for each MB of Markdown: 35 s for the largest page a folder may hold", () => {
    expect(renderTimeLimitMs(0)).toBe(5_000);
    expect(renderTimeLimitMs(1024 * 1024)).toBe(20_000);
    expect(renderTimeLimitMs(2 * 1024 * 1024)).toBe(35_000);
  });
});

describe("visitors' pages in the renderer's hands", () => {
  test("past the most it holds, a visitor's page is refused at once, the background's are not, and room comes back as pages are answered", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { maxWaitingVisitors: 2 });
    renderer.prepare(NO_TARGETS, []);
    const held = [renderer.render(job("/guide/a", "slow")), renderer.render(job("/guide/b", "slow"))];
    await expect(renderer.render(job("/guide/c", "# C"))).rejects.toThrow(new RendererBusyError("2 pages are waiting to be rendered for visitors already"));
    const background = renderer.render(job("/guide/d", "# D"), true);
    expect((await Promise.all(held)).map((result) => result.html.split(" ")[0])).toEqual(["/guide/a", "/guide/b"]);
    expect((await background).html).toMatch(/^\/guide\/d /);
    expect((await renderer.render(job("/guide/c", "# C"))).html).toMatch(/^\/guide\/c /);
    renderer.release();
  });
});

describe("the render worker's life", () => {
  const sizedWorker = (heapBytes: number) => FAKE_WORKER.replace("heapBytes: 0", `heapBytes: ${heapBytes}`);

  test("a worker not asked for a page for a while ends, and the next page starts another; it says whether one is running, for the caches beside it", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { unaskedIdleMs: 200 });
    renderer.prepare(NO_TARGETS, []);
    const first = threadOf((await renderer.render(job("/guide/a", "# A"))).html);
    expect(threadOf((await renderer.render(job("/guide/b", "# B"))).html)).toBe(first);
    expect(renderer.workerRunning?.()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(renderer.workerRunning?.()).toBe(false);
    expect(threadOf((await renderer.render(job("/guide/c", "# C"))).html)).not.toBe(first);
    expect(renderer.workerRunning?.()).toBe(true);
    renderer.release();
  });

  test("a worker that stays warm (themed-guide dev) is not ended for being idle or released: the next edit's page goes to the same one", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { unaskedIdleMs: 200, stayWarm: true });
    renderer.prepare(NO_TARGETS, []);
    const first = threadOf((await renderer.render(job("/guide/a", "# A"))).html);
    renderer.release({ now: true });
    renderer.release();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(threadOf((await renderer.render(job("/guide/b", "# B"))).html)).toBe(first);
  });

  test("a worker grown past its share of the memory budget ends at once: the pages it had not answered, and the next, go to a new one, never two workers side by side", async () => {
    // Each worker asks, as it starts, which of this test's workers are still running (each answers on a channel of
    // all threads, named for this test: other tests' workers may still run), and says how many answered.
    const channel = `render-workers-${process.pid}-${Date.now()}`;
    const countingWorker = sizedWorker(10 * 1024 ** 3)
      .replace(
        "parentPort.on(",
        `let alongside = 0;
const asked = new BroadcastChannel(${JSON.stringify(channel)});
asked.onmessage = (event) => event.data === "I run" && (alongside += 1);
asked.postMessage("who runs?");
// Longer than the two slow pages (200 ms each) a worker may hold before it could answer.
await new Promise((resolve) => setTimeout(resolve, 1_000));
asked.close();
// Answering from now on: its own question is not one.
const workers = new BroadcastChannel(${JSON.stringify(channel)});
workers.onmessage = (event) => event.data === "who runs?" && workers.postMessage("I run");
parentPort.on(`,
      )
      .replace('url + " " + threadId }', 'url + " " + threadId + " " + alongside }');
    // 10 GB: past any budget's share.
    const renderer = createPageRenderer(writeFakeWorker(countingWorker), { minPagesPerWorker: 2 });
    renderer.prepare(NO_TARGETS, []);
    const first = threadOf((await renderer.render(job("/guide/a", "# A"))).html);
    // Its second page makes it past its share, with two more in its hands (200 ms each).
    const inHand = [renderer.render(job("/guide/b", "slow")), renderer.render(job("/guide/c", "slow")), renderer.render(job("/guide/d", "slow"))];
    const answers = await Promise.all(inHand);
    const [b, c, d] = answers.map((result) => threadOf(result.html));
    expect(b).toBe(first);
    expect([c, d]).toEqual([expect.not.stringMatching(`^${first}$`), c]);
    expect(answers[1]!.html.split(" ")[2]).toBe("0");
    renderer.release();
  });

  test("a worker within its share keeps rendering", async () => {
    const renderer = createPageRenderer(writeFakeWorker(sizedWorker(50 * 1024 ** 2)), { minPagesPerWorker: 2 });
    renderer.prepare(NO_TARGETS, []);
    const threads = new Set<string | undefined>();
    for (const name of ["a", "b", "c", "d"]) threads.add(threadOf((await renderer.render(job(`/guide/${name}`, `# ${name}`))).html));
    expect(threads.size).toBe(1);
    renderer.release();
  });
});
