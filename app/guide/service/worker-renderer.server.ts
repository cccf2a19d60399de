import type { ChildProcess } from "node:child_process";
import { memoryShares } from "../../../server/memory-budget.ts";
import { packTargets } from "../render/packed-targets.server";
import type { WorkerRequest, WorkerResponse } from "../render/render-worker.server";
import { MAX_WAITING_VISITOR_PAGES, PageRenderError, RendererBusyError, RenderTimeLimitError, type PageRenderer } from "./page-renderer.server";
import { createPagesInHand, type PageRequest } from "./pages-in-hand.server";
import { rendererVersion } from "./renderer-version.server";
import { forkRenderWorker, isRunning } from "./render-worker-fork.server";
import { failureOfPageOnIt, isDeath } from "./worker-deaths.server";

/**
 * Pages rendered in a render worker process (render/render-worker.server.ts).
 * A worker ends, and a new one starts when a page is next asked for, when:
 * - it has been idle a moment after the guide released it (all pages
 *   rendered), or for longer before that (UNASKED_IDLE_MS);
 * - the guide releases it at once (`release({ now: true })`: a start on
 *   unchanged files, which takes every page from the cache folder);
 * - a page kept it past its time limit (the other pages in hand go to the
 *   new one);
 * - it has grown past its share of the memory budget (server/memory-budget.ts)
 *   after MIN_PAGES_PER_WORKER pages: parsing and highlighting leave a heap
 *   that neither V8 nor the C library gives back, and a process that ends
 *   gives back all of it. It is killed at once, and once it is gone the
 *   pages it had not answered, and those asked for meanwhile, go to a new
 *   worker (the one it had begun is begun again there): left to answer
 *   them first, or ended as the next started, it ran beside the new one,
 *   and a first start with 300,000 images held workers of 257 and 86 MB.
 * The first two do not apply to a worker that stays warm (`themed-guide dev`).
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

export function workerRenderer(workerFile: URL, options: Options, prestartedWorker: ChildProcess | undefined): PageRenderer {
  const { timeLimitMs, budgetMB, stayWarm = false, unaskedIdleMs = UNASKED_IDLE_MS, minPagesPerWorker = MIN_PAGES_PER_WORKER } = options;
  const { maxWaitingVisitors = MAX_WAITING_VISITOR_PAGES } = options;
  const rssLimit = memoryShares(budgetMB).workerRssBytes;
  const inHand = createPagesInHand();
  let nextId = 0;
  let released = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let prepared: Parameters<PageRenderer["prepare"]> | null = null;
  // Packed when a worker is first sent them (a restart whose pages are all on disk starts none), and once.
  const preparationMessage = (): WorkerRequest | null => prepared && { targets: packTargets(prepared[0]), samples: prepared[1] };
  const pagesRendered = new WeakMap<ChildProcess, number>();

  // The first worker may have been started by the server before it loaded this bundle.
  let prestarted = prestartedWorker && isRunning(prestartedWorker) ? prestartedWorker : null;
  const start = () => {
    const started = prestarted ?? forkRenderWorker(workerFile, budgetMB);
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
      if (response.rss > rssLimit && worker === started && rendered >= minPagesPerWorker) {
        worker = null;
        retiring = started;
        started.kill("SIGKILL");
      } else if (worker !== started && inHand.of(started).length === 0) started.kill();
      endWhenIdle();
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const entry of inHand.of(started)) {
        inHand.take(entry.request.id);
        entry.reject(error);
      }
    };
    started.on("error", fail);
    started.on("exit", (code, signal) => {
      if (retiring === started) {
        retiring = null;
        moveStranded(started);
        endWhenIdle();
        return;
      }
      if (signal && isDeath(signal)) crashed(started, signal);
      else fail(new Error(`The render worker stopped (${signal ?? `exit code ${code}`})`));
    });
    const message = preparationMessage();
    if (message) started.send(message);
    return started;
  };
  // Started now, so that it is ready by the first request.
  let worker: ChildProcess | null = start();
  /** A worker grown past its share, killed and not yet gone (above). */
  let retiring: ChildProcess | null = null;

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
    stuck.kill("SIGKILL");
    endWhenIdle();
  }

  /** The worker died (worker-deaths.server.ts): the page it was on fails or is tried again, and the pages it had not begun go to a new worker. */
  function crashed(child: ChildProcess, signal: NodeJS.Signals) {
    if (worker === child) worker = null;
    // The page whose time runs: the worker said it began it.
    const onIt = inHand.of(child).find((entry) => entry.timer !== undefined);
    if (onIt) {
      const failure = failureOfPageOnIt(signal, onIt.diedOnIt === true);
      onIt.diedOnIt = true;
      if (failure) {
        inHand.take(onIt.request.id);
        onIt.reject(failure);
      }
    }
    moveStranded(child);
    endWhenIdle();
  }

  /** The pages `child` had in hand and will not answer, sent to a live worker, in the order they were asked for. */
  function moveStranded(child: ChildProcess) {
    const stranded = inHand.of(child);
    if (stranded.length > 0) worker ??= start();
    for (const other of stranded) {
      clearTimeout(other.timer);
      other.timer = undefined;
      other.child = worker!;
      worker!.send(other.request);
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
        ending.kill();
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
      if (worker) worker.send(preparationMessage()!);
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
        if (child !== retiring) child.send(request);
      });
    },
    release({ now = false } = {}) {
      released = true;
      if (now && !stayWarm && inHand.size === 0 && worker) {
        clearTimeout(idleTimer);
        worker.kill();
        worker = null;
        return;
      }
      endWhenIdle();
    },
  };
}
