import type { Worker } from "node:worker_threads";
import fs from "node:fs";
import { DEFAULT_MEMORY_BUDGET_MB } from "../../../server/memory-budget.ts";
import { workerRenderer } from "./worker-renderer.server";
import type { UrlTargets } from "../render/resolve-url.server";
import { PageRenderError, renderTimeLimitMs, type PageRenderer } from "./page-renderer.server";

/**
 * Where the guide's pages are rendered. The production server renders in a
 * worker thread with a heap of its own, limited to its share of the memory
 * budget, and ends it once every page is rendered: parsing and highlighting
 * make garbage many times what is kept, and an ended thread's heap is given
 * back whole (docs/decisions/016). Running from source (development, tests)
 * there is no built worker, and pages are rendered on the server's own
 * thread.
 */

export { PageRenderError, RendererBusyError, RenderTimeLimitError, renderTimeLimitMs, type PageRenderer } from "./page-renderer.server";

/** The built worker, beside the server bundle (build/server/index.js → build/worker/render-worker.js). */
const WORKER_FILE = new URL("../worker/render-worker.js", import.meta.url);
type Options = {
  timeLimitMs?: (markdownLength: number) => number;
  /** The server's memory budget in MB (server/memory-budget.ts): the worker's heap limit, and the size past which it is replaced. */
  budgetMB?: number;
  /** A worker of this file the server started before it loaded this bundle (server/index.ts): the first worker, if it is still running. */
  prestarted?: Worker;
  /**
   * `themed-guide dev`: the worker does not end when idle, nor when released.
   * While the folder is being written the next edit is the next page to
   * render, and a worker started for it would spend 2-3 s warming up
   * the highlighter first (an edit showed in 3.7 s cold, 0.9 s warm).
   */
  stayWarm?: boolean;
  /** For tests (worker-renderer.server.ts): how long an unreleased worker waits for a page, how many it renders before its size counts, how many visitors' pages it holds. */
  unaskedIdleMs?: number;
  minPagesPerWorker?: number;
  maxWaitingVisitors?: number;
};

/** A worker starts at once, so that it is ready by the first request; it renders once prepared. */
export function createPageRenderer(workerFile: URL | null = WORKER_FILE, options: Options = {}): PageRenderer {
  const { timeLimitMs = renderTimeLimitMs, prestarted, budgetMB = DEFAULT_MEMORY_BUDGET_MB, stayWarm = false, ...forTests } = options;
  if (workerFile === null || !fs.existsSync(workerFile)) {
    void prestarted?.terminate();
    return inThisProcess();
  }
  return workerRenderer(workerFile, { timeLimitMs, budgetMB, stayWarm, ...forTests }, prestarted);
}

function inThisProcess(): PageRenderer {
  let prepared: UrlTargets | null = null;
  return {
    where: "this process",
    version: null,
    prepare(targets) {
      prepared = targets;
    },
    async render(job) {
      if (!prepared) throw new Error("The renderer was not prepared");
      // Imported when first needed: a server with a worker never loads the highlighter itself.
      const { renderPage } = await import("../render/render-page.server");
      try {
        return await renderPage(job, prepared);
      } catch (error) {
        throw new PageRenderError(error instanceof Error ? error.message : String(error));
      }
    },
    async release() {},
  };
}
