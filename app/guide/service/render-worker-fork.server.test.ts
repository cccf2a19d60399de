import { describe, expect, test } from "vitest";
import { memoryShares } from "../../../server/memory-budget.ts";
import { NO_TARGETS, useFakeWorkerFiles } from "./__fixtures__/fake-render-worker";
import { createPageRenderer } from "./render-worker-client.server";
import { forkRenderWorker } from "./render-worker-fork.server";

// A stand-in for the built worker: it answers every page with its own process id.
const FAKE_WORKER = `
process.on("message", (request) => {
  if ("job" in request) process.send({ id: request.id, result: { html: String(process.pid) } });
});
process.on("disconnect", () => process.exit(0));
`;

const writeFakeWorker = useFakeWorkerFiles();
const fakeWorkerFile = () => writeFakeWorker(FAKE_WORKER);

const job = { relativePath: "a.md", url: "/guide/a", markdown: "# A", title: "A", description: null, home: null };

describe("a render worker started before the server bundle loads", () => {
  test("is the process that renders the guide's pages", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = forkRenderWorker(workerFile);
    expect(prestarted.pid).toBeTypeOf("number");

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).toBe(String(prestarted.pid));
  });

  test("is not used once it has stopped: the guide starts a worker of its own", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = forkRenderWorker(workerFile);
    const exited = new Promise((resolve) => prestarted.once("exit", resolve));
    prestarted.kill();
    await exited;

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).not.toBe(String(prestarted.pid));
  });

  test("is ended at once when the guide expects no page to render, and a page asked for later starts another", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = forkRenderWorker(workerFile);
    const exited = new Promise((resolve) => prestarted.once("exit", resolve));

    const renderer = createPageRenderer(workerFile, { prestarted });
    renderer.prepare(NO_TARGETS, []);
    renderer.release({ now: true });
    expect(prestarted.killed).toBe(true);
    await exited;
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).not.toBe(String(prestarted.pid));
  });

  test("runs with its share of the heap and a small young generation, whatever options the process that starts it has", async () => {
    // `themed-guide build` starts its workers with none of the server's options.
    const worker = forkRenderWorker(writeFakeWorker(`process.send(process.execArgv); process.on("disconnect", () => process.exit(0));`), 1024);
    const execArgv = await new Promise((resolve) => worker.once("message", resolve));
    worker.kill();

    expect(execArgv).toEqual(expect.arrayContaining([`--max-old-space-size=${memoryShares(1024).workerHeapMB}`, "--max-semi-space-size=8"]));
  });

  test("is ended, not used, when there is no built worker to render with", async () => {
    const prestarted = forkRenderWorker(fakeWorkerFile());
    const exited = new Promise((resolve) => prestarted.once("exit", resolve));

    const renderer = createPageRenderer(new URL("file:///nonexistent/render-worker.js"), { prestarted });
    expect(renderer.where).toBe("this process");
    await exited;
  });
});
