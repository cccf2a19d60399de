import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { createPageRenderer } from "./page-renderer.server";
import { prestartRenderWorker, takePrestartedWorker } from "./render-worker-process.server";

// A stand-in for the built worker: it answers every page with its own process id.
const FAKE_WORKER = `
process.on("message", (request) => {
  if ("job" in request) process.send({ id: request.id, result: { html: String(process.pid) } });
});
process.on("disconnect", () => process.exit(0));
`;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function fakeWorkerFile(): URL {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "render-worker-"));
  folders.push(folder);
  const file = path.join(folder, "render-worker.mjs");
  fs.writeFileSync(file, FAKE_WORKER);
  return pathToFileURL(file);
}

const job = { relativePath: "a.md", url: "/guide/a", markdown: "# A", title: "A", description: null, home: null };
const targets = { pages: new Map(), folders: new Map(), pageUrls: new Set<string>(), files: new Map(), sitePaths: new Set<string>() };

describe("a render worker started before the server bundle loads", () => {
  test("is the process that renders the guide's pages", async () => {
    const workerFile = fakeWorkerFile();
    const prestarted = prestartRenderWorker(workerFile);
    expect(prestarted?.pid).toBeTypeOf("number");

    const renderer = createPageRenderer(workerFile);
    renderer.prepare(targets, []);
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
