import { describe, expect, test } from "vitest";
import { memoryShares } from "../../../server/memory-budget.ts";
import { endedThreadHeapKeptMs, isRunning, startRenderWorker } from "../../../server/render-worker-thread.ts";
import { NO_TARGETS, useFakeWorkerFiles } from "./__fixtures__/fake-render-worker";
import { createPageRenderer } from "./render-worker-client.server";

// A stand-in for the built worker: it answers every page with its own thread id.
const FAKE_WORKER = `
import { parentPort, threadId } from "node:worker_threads";
parentPort.on("message", (request) => {
  if ("job" in request) parentPort.postMessage({ id: request.id, result: { html: String(threadId) }, heapBytes: 0 });
});
`;

const writeFakeWorker = useFakeWorkerFiles();
const fakeWorkerFile = () => writeFakeWorker(FAKE_WORKER);

const job = { relativePath: "a.md", url: "/guide/a", markdown: "# A", title: "A", description: null, home: null };
const MB = 1024 * 1024;

describe("a render worker started before the server bundle loads", () => {
  test("is the thread that renders the guide's pages", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = startRenderWorker(workerFile);

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).toBe(String(prestarted.threadId));
  });

  test("is not used once it has stopped: the guide starts a worker of its own", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = startRenderWorker(workerFile);
    const threadId = prestarted.threadId;
    await prestarted.terminate();

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).not.toBe(String(threadId));
  });

  test("is ended at once when the guide expects no page to render, its thread gone once the release is done, and a page asked for later starts another", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = startRenderWorker(workerFile);
    const threadId = prestarted.threadId;

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    await renderer.release({ now: true });
    expect([isRunning(prestarted), renderer.workerRunning?.()]).toEqual([false, false]);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).not.toBe(String(threadId));
  });

  test("holds the process open only while it has pages in hand: a command that renders ends once its last page is answered", async () => {
    const openPorts = () => process.getActiveResourcesInfo().filter((resource) => resource === "MessagePort").length;
    const before = openPorts();
    const renderer = createPageRenderer(fakeWorkerFile());
    renderer.prepare(NO_TARGETS, []);
    await renderer.render(job);

    expect(openPorts()).toBe(before);
  });

  test("once ended, its heap is counted as held for 8 s under V8 13 and later (Node 24), which pools an ended thread's pages, and for none under V8 12 (Node 22 and 23)", () => {
    expect([endedThreadHeapKeptMs("13.6.233.17-node.53"), endedThreadHeapKeptMs("14.1.0"), endedThreadHeapKeptMs("12.9.202.28-node.14"), endedThreadHeapKeptMs("12.4.254.21-node.57")]).toEqual([8_000, 8_000, 0, 0]);
  });

  test("runs with the heap of its share of the budget, not the size of the process that starts it", async () => {
    const worker = startRenderWorker(writeFakeWorker(`import v8 from "node:v8"; import { parentPort } from "node:worker_threads"; parentPort.postMessage(v8.getHeapStatistics().heap_size_limit);`), 1024);
    const limit = (await new Promise((resolve) => worker.once("message", resolve))) as number;
    await worker.terminate();

    // The old generation's limit, and the young generation's 8 MB pages beside it.
    const share = memoryShares(1024).workerHeapMB * MB;
    expect(limit).toBeGreaterThanOrEqual(share);
    expect(limit).toBeLessThanOrEqual(share + 32 * MB);
  });

  test("talks over a channel that carries Maps and Sets as they are, as the guide's link targets need", async () => {
    const worker = startRenderWorker(writeFakeWorker(`import { parentPort } from "node:worker_threads"; parentPort.on("message", (message) => parentPort.postMessage(message));`));
    const echoed = new Promise((resolve) => worker.once("message", resolve));
    worker.postMessage({ pages: new Map([["a.md", "/guide/a"]]), pageUrls: new Set(["/guide/a"]) });
    expect(await echoed).toEqual({ pages: new Map([["a.md", "/guide/a"]]), pageUrls: new Set(["/guide/a"]) });
    await worker.terminate();
  });

  test("is ended, not used, when there is no built worker to render with", async () => {
    const prestarted = startRenderWorker(fakeWorkerFile());
    const exited = new Promise((resolve) => prestarted.once("exit", resolve));

    const renderer = createPageRenderer(new URL("file:///nonexistent/render-worker.js"), { prestarted });
    expect(renderer.where).toBe("this process");
    await exited;
  });
});
