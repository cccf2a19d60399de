import type { Worker } from "node:worker_threads";
import { memoryShares } from "../../../server/memory-budget.ts";
import { packTargets } from "../render/packed-targets.server";
import type { WorkerRequest, WorkerResponse } from "../render/render-worker.server";
import { MAX_WAITING_VISITOR_PAGES, PageRenderError, RendererBusyError, RenderTimeLimitError, type PageRenderer } from "./page-renderer.server";
import { createPagesInHand, type PageRequest } from "./pages-in-hand.server";
import { rendererVersion } from "./renderer-version.server";
import { endWorker, isRunning, startRenderWorker } from "../../../server/render-worker-thread.ts";

/**
 * Pages rendered in a render worker thread (render/render-worker.server.ts).
 * A worker ends, and a new one starts when a page is next asked for, when:
 * - it has been idle a moment after the guide released it (all pages
 *   rendered), or for longer before that (UNASKED_IDLE_MS);
 * - the guide releases it at once (`release({ now: true })`: a start on
 *   unchanged files, which takes every page from the cache folder);
 * - a page kept it past its time limit (the other pages in hand go to the
 *   new one);
 * - its heap has grown past its share of the memory budget
 *   (server/memory-budget.ts) after MIN_PAGES_PER_WORKER pages: a thread
 *   that ends gives its whole heap back. It is ended at once, and once it
 *   is gone the pages it had not answered, and those asked for meanwhile,
 *   go to a new worker (the one it had begun is begun again there): left to
 *   answer them first, or ended as the next started, it ran beside the new
 *   one, and a first start with 300,000 images held workers of 257 and 86 MB.
 * The first two do not apply to a worker that stays warm (`themed-guide dev`).
 * A worker whose heap fills on a page is stopped by V8 (Node's
 * ERR_WORKER_OUT_OF_MEMORY): that page fails as one the renderer throws on,
 * and the rest go to a new worker.
 */

/** How long a released worker waits for more pages (a page dropped from memory and asked for again) before it ends. */
const IDLE_MS = 1_000;
/**
 * How long a worker waits for its first or next page before the guide has
 * released it: a restart on unchanged files takes every page from the cache
 * folder, and a worker kept for nothing holds a third of the memory budget.
 * A page asked for later starts another.
 */
const UNASKED_IDLE_MS = 15_000;
/** A worker renders at least this many pages, whatever its size: starting one costs a second or two of warming up. */
const MIN_PAGES_PER_WORKER = 200;


type Options = {
  timeLimitMs: (markdownLength: number) => number;
  budgetMB: number;
  /** Not ended for being idle or released (render-worker-client.server.ts, `stayWarm`). */
  stayWarm?: boolean;
  /** For tests: UNASKED_IDLE_MS, MIN_PAGES_PER_WORKER and MAX_WAITING_VISITOR_PAGES. */
  unaskedIdleMs?: number;
  minPagesPerWorker?: number;
  maxWaitingVisitors?: number;
};

export function workerRenderer(workerFile: URL, options: Options, prestartedWorker: Worker | undefined): PageRenderer {
  const { timeLimitMs, budgetMB, stayWarm = false, unaskedIdleMs = UNASKED_IDLE_MS, minPagesPerWorker = MIN_PAGES_PER_WORKER } = options;
  const { maxWaitingVisitors = MAX_WAITING_VISITOR_PAGES } = options;
  // Past its heap limit: a 50,000-page first start's worker held 111 to 131 MiB under a limit of 154 (BENCHMARKS.md);
  // more is the young generation and what its objects hold outside the heap, and a new worker starts with none of it.
  const heapLimit = memoryShares(budgetMB).workerHeapMB * 1024 * 1024;
  const inHand = createPagesInHand();
  let nextId = 0;
  let released = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let prepared: Parameters<PageRenderer["prepare"]> | null = null;
  // Packed when a worker is first sent them (a restart whose pages are all on disk starts none), and once.
  const preparationMessage = (): WorkerRequest | null => prepared && { targets: packTargets(prepared[0]), samples: prepared[1] };
  const pagesRendered = new WeakMap<Worker, number>();
  /** Workers Node stopped because their heap was full (their 'error' says so). */
  const outOfMemory = new WeakSet<Worker>();
  const end = (ending: Worker) => void endWorker(ending);

  // The first worker may have been started by the server before it loaded this bundle.
  let prestarted = prestartedWorker && isRunning(prestartedWorker) ? prestartedWorker : null;
  const start = () => {
    const started = prestarted ?? startRenderWorker(workerFile, budgetMB);
    prestarted = null;
    started.on("message", (response: WorkerResponse) => {
      const entry = inHand.get(response.id);
      // A worker ended for overrunning may still have had a word in flight about a page now with another.
      if (!entry || entry.child !== started) return;
      if ("started" in response) {
        entry.timer = setTimeout(() => overrun(response.id), timeLimitMs(entry.request.job.markdown.length)).unref();
        return;
      }
      inHand.take(response.id);
      if ("error" in response) entry.reject(new PageRenderError(response.error));
      else entry.resolve(response.result);
      // Grown past its share: ended, its pages to a new worker (above). Not before it has rendered a
      // few: a budget too small for even a fresh worker would otherwise start one per page.
      const rendered = (pagesRendered.get(started) ?? 0) + 1;
      pagesRendered.set(started, rendered);
      if (response.heapBytes > heapLimit && worker === started && rendered >= minPagesPerWorker) {
        worker = null;
        retiring = started;
        end(started);
      } else if (worker !== started && inHand.of(started).length === 0) end(started);
      endWhenIdle();
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const entry of inHand.of(started)) {
        inHand.take(entry.request.id);
        entry.reject(error);
      }
    };
    let error: Error | null = null;
    started.on("error", (thrown: Error & { code?: string }) => {
      if (thrown.code === "ERR_WORKER_OUT_OF_MEMORY") outOfMemory.add(started);
      else error = thrown;
    });
    started.on("exit", (code) => {
      if (retiring === started) {
        retiring = null;
        moveStranded(started);
        endWhenIdle();
        return;
      }
      if (outOfMemory.has(started)) ranOutOfMemory(started);
      else fail(error ?? new Error(`The render worker stopped (exit code ${code})`));
    });
    // Listening for its messages holds the process open again: the pages in hand do that (pages-in-hand.server.ts).
    started.unref();
    const message = preparationMessage();
    if (message) started.postMessage(message);
    return started;
  };
  // Started now, so that it is ready by the first request.
  let worker: Worker | null = start();
  /** A worker grown past its share, ended and not yet gone (above). */
  let retiring: Worker | null = null;

  /** The page `id` has had its worker longer than its limit: end that worker, fail the page, carry on with the rest. */
  function overrun(id: number) {
    const entry = inHand.take(id);
    if (!entry) return;
    const stuck = entry.child;
    if (worker === stuck) worker = null;
    const limit = timeLimitMs(entry.request.job.markdown.length) / 1000;
    entry.reject(new RenderTimeLimitError(`rendering took longer than ${limit.toFixed(limit < 10 ? 1 : 0)} s, the limit for a page of its size, and was stopped`));
    // Its other pages go to a live worker before it is ended, so its exit fails none of them.
    moveStranded(stuck);
    end(stuck);
    endWhenIdle();
  }

  /** V8 stopped the worker for a full heap: the page it was on fails, as one the renderer throws on, and the pages it had not begun go to a new worker. */
  function ranOutOfMemory(child: Worker) {
    if (worker === child) worker = null;
    // The page whose time runs: the worker said it began it.
    const onIt = inHand.of(child).find((entry) => entry.timer !== undefined);
    if (onIt) {
      inHand.take(onIt.request.id);
      onIt.reject(new PageRenderError("the renderer ran out of memory on it"));
    }
    moveStranded(child);
    endWhenIdle();
  }

  /** The pages `child` had in hand and will not answer, sent to a live worker, in the order they were asked for. */
  function moveStranded(child: Worker) {
    const stranded = inHand.of(child);
    if (stranded.length > 0) worker ??= start();
    for (const other of stranded) {
      clearTimeout(other.timer);
      other.timer = undefined;
      other.child = worker!;
      worker!.postMessage(other.request);
    }
  }

  function endWhenIdle() {
    clearTimeout(idleTimer);
    if (stayWarm || inHand.size > 0) return;
    idleTimer = setTimeout(
      () => {
        if (inHand.size > 0 || !worker) return;
        const ending = worker;
        worker = null;
        end(ending);
      },
      released ? IDLE_MS : unaskedIdleMs,
    ).unref();
  }

  return {
    where: "worker",
    version: rendererVersion(workerFile),
    workerRunning: () => worker !== null || retiring !== null,
    prepare(targets, samples) {
      prepared = [targets, samples];
      if (worker) worker.postMessage(preparationMessage()!);
      endWhenIdle();
    },
    render(job, background = false) {
      if (!background && inHand.visitors() >= maxWaitingVisitors) {
        return Promise.reject(new RendererBusyError(`${maxWaitingVisitors} pages are waiting to be rendered for visitors already`));
      }
      clearTimeout(idleTimer);
      // A worker grown past its share hands the page on once it is gone; no other starts before.
      const child = worker ?? retiring ?? (worker = start());
      const request: PageRequest = { id: nextId++, job, background };
      return new Promise((resolve, reject) => {
        inHand.add({ request, child, resolve, reject });
        if (child !== retiring) child.postMessage(request);
      });
    },
    async release({ now = false } = {}) {
      released = true;
      if (now && !stayWarm && inHand.size === 0 && (worker || retiring)) {
        clearTimeout(idleTimer);
        // One grown past its share is ending already; ending it again is harmless, and it is waited for too.
        const ending = [worker, retiring].filter((running) => running !== null);
        worker = null;
        await Promise.all(ending.map(endWorker));
        return;
      }
      endWhenIdle();
    },
  };
}
