import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { CodeSample } from "../render/code-samples.server";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import { forkRenderWorker, isRunning } from "./render-worker-fork.server";
import type { WorkerRequest, WorkerResponse } from "../render/render-worker.server";
import type { UrlTargets } from "../render/resolve-url.server";

/**
 * Where the guide's pages are rendered. The production server renders in a
 * child process and ends it once every page is rendered: parsing and
 * highlighting a 200-page folder grew the server's heap to over 500 MB for
 * the 50 MB that is kept, and neither V8 nor the C library gave it back,
 * not even when the work was done in a worker thread that then ended; an
 * ended process gives back all of it. Running from source (development,
 * tests) there is no built worker, and pages are rendered in this process.
 */

export type PageRenderer = {
  readonly where: "worker" | "this process";
  /** The folder's link targets and a code block of each of its languages, before the first page. */
  prepare(targets: UrlTargets, samples: CodeSample[]): void;
  /** `background`: a page no one is waiting for, rendered after any that someone is. */
  render(job: RenderJob, background?: boolean): Promise<RenderResult>;
  /** Every page is rendered: a worker ends once it has been idle a moment, and starts again if a page is asked for later. */
  release(): void;
};

/** The built worker, beside the server bundle (build/server/index.js → build/worker/render-worker.js). */
const WORKER_FILE = new URL("../worker/render-worker.js", import.meta.url);
/** How long a released worker waits for more pages (a page dropped from memory and asked for again) before it ends. */
const IDLE_MS = 1_000;
const MB = 1024 * 1024;

/**
 * How long one page may keep the worker busy: 5 s, and 15 s more per MB of
 * Markdown. The largest page a folder may hold (2 MB, load/list-content-folder.server.ts)
 * took 10.5 s when it was ordinary prose and code; one paragraph of a megabyte
 * or so full of code spans took minutes (the Markdown parser's work on a
 * paragraph grows faster than the paragraph), and every page asked for
 * meanwhile waited behind it. Past the limit the worker is ended, the page
 * fails with `RenderTimeLimitError`, and the pages that were waiting go to a
 * new worker.
 */
export function renderTimeLimitMs(markdownLength: number): number {
  return 5_000 + Math.round((15_000 * markdownLength) / MB);
}

export class RenderTimeLimitError extends Error {
  override name = "RenderTimeLimitError";
}

type Options = {
  timeLimitMs?: (markdownLength: number) => number;
  /** A worker of this file the server started before it loaded this bundle (server/index.ts): the first worker, if it is still running. */
  prestarted?: ChildProcess;
};

/** A worker starts at once, so that it is ready by the first request; it renders once prepared. */
export function createPageRenderer(workerFile: URL | null = WORKER_FILE, { timeLimitMs = renderTimeLimitMs, prestarted }: Options = {}): PageRenderer {
  if (workerFile === null || !fs.existsSync(workerFile)) {
    prestarted?.kill();
    return inThisProcess();
  }
  return workerRenderer(workerFile, timeLimitMs, prestarted);
}

function inThisProcess(): PageRenderer {
  let prepared: UrlTargets | null = null;
  return {
    where: "this process",
    prepare(targets) {
      prepared = targets;
    },
    async render(job) {
      if (!prepared) throw new Error("The renderer was not prepared");
      // Imported when first needed: a server with a worker never loads the highlighter itself.
      const { renderPage } = await import("../render/render-page.server");
      return renderPage(job, prepared);
    },
    release() {},
  };
}

function workerRenderer(workerFile: URL, timeLimitMs: (markdownLength: number) => number, prestartedWorker: ChildProcess | undefined): PageRenderer {
  type PageRequest = Extract<WorkerRequest, { job: RenderJob }>;
  type Waiting = { request: PageRequest; resolve: (result: RenderResult) => void; reject: (error: Error) => void; timer?: NodeJS.Timeout };
  // In the order they were asked for, which is the order they are sent in again after an overrun.
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let released = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let preparation: WorkerRequest | null = null;
  // While a page is awaited, this holds the process open: the worker's
  // channel does not (a server must be able to exit without it), and a
  // command or script that renders and then ends would stop mid-render.
  let awaited: NodeJS.Timeout | undefined;
  const settled = () => {
    if (waiting.size > 0 || !awaited) return;
    clearInterval(awaited);
    awaited = undefined;
  };

  // The first worker may have been started by the server before it loaded this bundle.
  let prestarted = prestartedWorker && isRunning(prestartedWorker) ? prestartedWorker : null;
  const start = () => {
    const started = prestarted ?? forkRenderWorker(workerFile);
    prestarted = null;
    started.on("message", (response: WorkerResponse) => {
      // A worker ended for overrunning may still have had a word in flight.
      if (worker !== started) return;
      const entry = waiting.get(response.id);
      if (!entry) return;
      if ("started" in response) {
        entry.timer = setTimeout(() => overrun(response.id), timeLimitMs(entry.request.job.markdown.length)).unref();
        return;
      }
      clearTimeout(entry.timer);
      waiting.delete(response.id);
      if ("error" in response) entry.reject(new Error(response.error));
      else entry.resolve(response.result);
      settled();
      endWhenIdle();
    });
    const fail = (error: Error) => {
      if (worker !== started) return; // ended on purpose
      worker = null;
      for (const entry of waiting.values()) {
        clearTimeout(entry.timer);
        entry.reject(error);
      }
      waiting.clear();
      settled();
    };
    started.on("error", fail);
    started.on("exit", (code, signal) => fail(new Error(`The render worker stopped (${signal ?? `exit code ${code}`})`)));
    if (preparation) started.send(preparation);
    return started;
  };
  // Started now, so that it is ready by the first request.
  let worker: ChildProcess | null = start();

  /** The page `id` has had the worker longer than its limit: end the worker, fail the page, carry on with the rest. */
  function overrun(id: number) {
    const entry = waiting.get(id);
    if (!entry || !worker) return;
    waiting.delete(id);
    const stuck = worker;
    worker = null;
    stuck.kill("SIGKILL");
    const limit = timeLimitMs(entry.request.job.markdown.length) / 1000;
    entry.reject(new RenderTimeLimitError(`rendering took longer than ${limit.toFixed(limit < 10 ? 1 : 0)} s, the limit for a page of its size, and was stopped`));
    if (waiting.size === 0) {
      settled();
      return endWhenIdle();
    }
    worker = start();
    for (const other of waiting.values()) {
      clearTimeout(other.timer);
      worker.send(other.request);
    }
  }

  function endWhenIdle() {
    clearTimeout(idleTimer);
    if (!released || waiting.size > 0) return;
    idleTimer = setTimeout(() => {
      if (waiting.size > 0 || !worker) return;
      const ending = worker;
      worker = null;
      ending.kill();
    }, IDLE_MS).unref();
  }

  return {
    where: "worker",
    prepare(targets, samples) {
      preparation = { targets, samples };
      worker?.send(preparation);
    },
    render(job, background = false) {
      clearTimeout(idleTimer);
      worker ??= start();
      const request: PageRequest = { id: nextId++, job, background };
      awaited ??= setInterval(() => {}, 60_000);
      return new Promise((resolve, reject) => {
        waiting.set(request.id, { request, resolve, reject });
        worker!.send(request);
      });
    },
    release() {
      released = true;
      endWhenIdle();
    },
  };
}
