import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { DEFAULT_MEMORY_BUDGET_MB, memoryShares } from "./memory-budget.ts";
import { prestartRenderWorker } from "./render-worker-prestart.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A stand-in worker that says its heap limit once it runs. */
function heapLimitWorker(): URL {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "render-worker-"));
  folders.push(folder);
  const file = path.join(folder, "render-worker.mjs");
  fs.writeFileSync(file, `import v8 from "node:v8"; import { parentPort } from "node:worker_threads"; parentPort.postMessage(v8.getHeapStatistics().heap_size_limit);`);
  return pathToFileURL(file);
}

describe("the render worker the server starts before its bundle loads", () => {
  test("is a thread of the server, with the heap of the budget's worker share", async () => {
    const worker = prestartRenderWorker(heapLimitWorker())!;
    const limit = await new Promise<number>((resolve) => worker.once("message", resolve));
    await worker.terminate();
    // MEMORY_BUDGET_MB is not set here: the default budget's share, and at most the young generation's 32 MB more.
    const share = memoryShares(DEFAULT_MEMORY_BUDGET_MB).workerHeapMB;
    expect(limit / 2 ** 20).toBeGreaterThanOrEqual(share);
    expect(limit / 2 ** 20).toBeLessThanOrEqual(share + 32);
  });

  test("is not started when there is no built worker", () => {
    expect(prestartRenderWorker(new URL("file:///nonexistent/render-worker.js"))).toBeNull();
  });
});
