import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { NO_TARGETS, useFakeWorkerFiles } from "./__fixtures__/fake-render-worker";
import { createPageRenderer, PageRenderError, RendererBusyError, RenderTimeLimitError, renderTimeLimitMs } from "./render-worker-client.server";
import type { RenderJob } from "../render/render-page.server";

/**
 * A stand-in for the built worker, speaking its protocol: it says when a
 * page's turn comes, then answers with the page's URL and its own process
 * id. "hang" never finishes; "slow" takes 200 ms of CPU; "too much" dies as
 * V8 does when its heap is full: its report on its error output, then SIGABRT;
 * "killed" is killed as the system's out-of-memory killer does (SIGKILL),
 * and "killed once:<file>" only while the file is not there yet.
 */
const FAKE_WORKER = `
process.on("message", (request) => {
  if (!("job" in request)) return;
  process.send({ id: request.id, started: true });
  const { markdown, url } = request.job;
  if (markdown === "hang") for (;;) {}
  if (markdown === "too much") {
    process.stderr.write("a warning of its own\\n\\n<--- Last few GCs --->\\n\\n[1:0x1] Mark-Compact 150 -> 149 MB\\n\\nFATAL ERROR: Reached heap limit\\n");
    process.kill(process.pid, "SIGABRT");
  }
  if (markdown === "killed") process.kill(process.pid, "SIGKILL");
  if (markdown.startsWith("killed once:") && !process.getBuiltinModule("node:fs").existsSync(markdown.slice(12))) {
    process.getBuiltinModule("node:fs").writeFileSync(markdown.slice(12), "");
    process.kill(process.pid, "SIGKILL");
  }
  if (markdown === "slow") for (const until = Date.now() + 200; Date.now() < until; ) {}
  process.send({ id: request.id, result: { html: url + " " + process.pid } });
});
process.on("disconnect", () => process.exit(0));
`;

const writeFakeWorker = useFakeWorkerFiles();

const job = (url: string, markdown: string): RenderJob => ({ relativePath: "a.md", url, markdown, title: "A", description: null, home: null });
const pidOf = (html: string) => html.split(" ")[1];

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
    expect(pidOf(b!)).not.toBe(pidOf(first.html));
    expect(pidOf(c!)).toBe(pidOf(b!));
  });

  test("a page the worker dies of (its heap full) fails as one the renderer throws on, the pages behind it go to a new worker, and V8's report is not passed on", async () => {
    const written: string[] = [];
    const errorOutput = vi.spyOn(process.stderr, "write").mockImplementation((text) => (written.push(String(text)), true));
    try {
      const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 10_000 });
      renderer.prepare(NO_TARGETS, []);
      const first = await renderer.render(job("/guide/first", "# First"));
      const [fatal, after] = await Promise.allSettled([renderer.render(job("/guide/fatal", "too much")), renderer.render(job("/guide/b", "# B"))]);
      renderer.release();

      expect((fatal as PromiseRejectedResult).reason).toEqual(new PageRenderError("the renderer ran out of memory or failed on it (SIGABRT)"));
      const b = (after as PromiseFulfilledResult<{ html: string }>).value.html;
      expect(b).toMatch(/^\/guide\/b /);
      expect(pidOf(b)).not.toBe(pidOf(first.html));
      expect(written.join("")).toBe("a warning of its own\n");
    } finally {
      errorOutput.mockRestore();
    }
  });

  test("a worker killed by the system (SIGKILL, as when the machine runs short of memory) hands every page it had to a new one, the page it was on too", async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "killed-once-")), "killed");
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 10_000 });
    renderer.prepare(NO_TARGETS, []);
    const first = await renderer.render(job("/guide/first", "# First"));
    const results = await Promise.all([renderer.render(job("/guide/on-it", `killed once:${marker}`), true), renderer.render(job("/guide/b", "# B"))]);
    renderer.release();
    expect(results.map((result) => result.html.split(" ")[0])).toEqual(["/guide/on-it", "/guide/b"]);
    expect(fs.existsSync(marker)).toBe(true);
    expect(pidOf(results[0]!.html)).not.toBe(pidOf(first.html));
    fs.rmSync(path.dirname(marker), { recursive: true });
  });

  test("a page a worker is killed on twice fails as one the renderer throws on, and the pages behind it are rendered", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { timeLimitMs: () => 10_000 });
    renderer.prepare(NO_TARGETS, []);
    const [killed, after] = await Promise.allSettled([renderer.render(job("/guide/killed", "killed")), renderer.render(job("/guide/b", "# B"))]);
    renderer.release();
    expect((killed as PromiseRejectedResult).reason).toEqual(new PageRenderError("the renderer ran out of memory or failed on it (SIGKILL, twice on this page: it may need more memory than the machine has)"));
    expect((after as PromiseFulfilledResult<{ html: string }>).value.html).toMatch(/^\/guide\/b /);
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
    expect(new Set(results.map((result) => pidOf(result.html))).size).toBe(1);
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
  const sizedWorker = (rss: number) => FAKE_WORKER.replace('result: { html: url + " " + process.pid } }', `result: { html: url + " " + process.pid }, rss: ${rss} }`);

  test("a worker not asked for a page for a while ends, and the next page starts another; it says whether one is running, for the caches beside it", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { unaskedIdleMs: 200 });
    renderer.prepare(NO_TARGETS, []);
    const first = pidOf((await renderer.render(job("/guide/a", "# A"))).html);
    expect(pidOf((await renderer.render(job("/guide/b", "# B"))).html)).toBe(first);
    expect(renderer.workerRunning?.()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(renderer.workerRunning?.()).toBe(false);
    expect(pidOf((await renderer.render(job("/guide/c", "# C"))).html)).not.toBe(first);
    expect(renderer.workerRunning?.()).toBe(true);
    renderer.release();
  });

  test("a worker that stays warm (themed-guide dev) is not ended for being idle or released: the next edit's page goes to the same one", async () => {
    const renderer = createPageRenderer(writeFakeWorker(FAKE_WORKER), { unaskedIdleMs: 200, stayWarm: true });
    renderer.prepare(NO_TARGETS, []);
    const first = pidOf((await renderer.render(job("/guide/a", "# A"))).html);
    renderer.release({ now: true });
    renderer.release();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(pidOf((await renderer.render(job("/guide/b", "# B"))).html)).toBe(first);
  });

  test("a worker grown past its share of the memory budget ends at once: the pages it had not answered, and the next, go to a new one, never two workers side by side", async () => {
    // Each worker notes its process id in a folder as it starts, and says how many of those before it were still running.
    const started = fs.mkdtempSync(path.join(os.tmpdir(), "workers-"));
    const countingWorker = sizedWorker(10 * 1024 ** 3).replace(
      "process.on(",
      `const fs = process.getBuiltinModule("node:fs");
const alive = (pid) => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
const alongside = fs.readdirSync(${JSON.stringify(started)}).filter(alive).length;
fs.writeFileSync(${JSON.stringify(started)} + "/" + process.pid, "");
process.on(`,
    ).replace('url + " " + process.pid }', 'url + " " + process.pid + " " + alongside }');
    // 10 GB: past any budget's share.
    const renderer = createPageRenderer(writeFakeWorker(countingWorker), { minPagesPerWorker: 2 });
    renderer.prepare(NO_TARGETS, []);
    const first = pidOf((await renderer.render(job("/guide/a", "# A"))).html);
    // Its second page makes it past its share, with two more in its hands (200 ms each).
    const inHand = [renderer.render(job("/guide/b", "slow")), renderer.render(job("/guide/c", "slow")), renderer.render(job("/guide/d", "slow"))];
    const answers = await Promise.all(inHand);
    const [b, c, d] = answers.map((result) => pidOf(result.html));
    expect(b).toBe(first);
    expect([c, d]).toEqual([expect.not.stringMatching(`^${first}$`), c]);
    expect(answers[1]!.html.split(" ")[2]).toBe("0");
    renderer.release();
    fs.rmSync(started, { recursive: true });
  });

  test("a worker within its share keeps rendering", async () => {
    const renderer = createPageRenderer(writeFakeWorker(sizedWorker(50 * 1024 ** 2)), { minPagesPerWorker: 2 });
    renderer.prepare(NO_TARGETS, []);
    const pids = new Set<string | undefined>();
    for (const name of ["a", "b", "c", "d"]) pids.add(pidOf((await renderer.render(job(`/guide/${name}`, `# ${name}`))).html));
    expect(pids.size).toBe(1);
    renderer.release();
  });
});
