import { describe, expect, test } from "vitest";
import { NO_TARGETS, useFakeWorkerFiles } from "./__fixtures__/fake-render-worker";
import { createPageRenderer } from "./page-renderer.server";
import { prestartRenderWorker, takePrestartedWorker } from "./render-worker-process.server";

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
    const prestarted = prestartRenderWorker(workerFile);
    expect(prestarted?.pid).toBeTypeOf("number");

    const renderer = createPageRenderer(workerFile);
    renderer.prepare(NO_TARGETS, []);
    const result = await renderer.render(job);
    renderer.release();

    expect(result.html).toBe(String(prestarted!.pid));
  });

  test("is handed over once", () => {
    const workerFile = fakeWorkerFile();
    const prestarted = prestartRenderWorker(workerFile);
    expect(takePrestartedWorker(workerFile)).toBe(prestarted);
    expect(takePrestartedWorker(workerFile)).toBeNull();
    prestarted!.kill();
  });

  test("is ended, not used, when the guide asks for another worker file", async () => {
    const prestarted = prestartRenderWorker(fakeWorkerFile())!;
    const exited = new Promise((resolve) => prestarted.once("exit", resolve));

    expect(takePrestartedWorker(fakeWorkerFile())).toBeNull();
    await exited;
  });

  test("is not started when there is no built worker", () => {
    expect(prestartRenderWorker(new URL("file:///nonexistent/render-worker.js"))).toBeNull();
    expect(takePrestartedWorker(new URL("file:///nonexistent/render-worker.js"))).toBeNull();
  });
});
