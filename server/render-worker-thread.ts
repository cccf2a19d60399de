import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { DEFAULT_MEMORY_BUDGET_MB, givenNodeOptions, renderWorkerHeapFlags } from "./memory-budget.ts";

/**
 * Starting a render worker (app/guide/render/render-worker.server.ts): a
 * thread of the process that starts it, the server's or an export's.
 *
 * A thread, not a child process: a process counts its own copy of Node's
 * binary and C library in its resident size (45 MiB of the worker's 233 at
 * a 50,000-page first start), and the memory budget is the resident size
 * of all the server's processes (BENCHMARKS.md). A thread's heap is its
 * own isolate's, given back whole once it has ended (endedThreadHeapKeptMs).
 *
 * Its heap is sized by V8's flags: Node gives a thread's `resourceLimits`
 * way to the process's own `--max-old-space-size`, which the server and an
 * export run with (server/heap-limit.ts). V8 reads the heap flags when an
 * isolate is made, so they are set, for the whole process, before the
 * thread starts; the process's own heap was sized at its start and keeps
 * its size. They are set only when they change (in practice once, before
 * the first worker): V8 does not expect its flags to change while another
 * thread reads them. Its other flags, such as regular expressions compiled
 * once, are the process's, given at its start (heap-limit.ts).
 */
/**
 * The thread's stack: about the depth V8 allows a process's main thread
 * (984 KB). With Node's 4 MB for a thread, a page of blockquotes nested
 * 10,000 deep filled the worker's heap before its stack, and the worker was
 * stopped and started again; at 1 MB one nested 3,000 deep throws at once
 * and is shown as plain text, as on the main thread.
 */
const STACK_MB = 1;

export function startRenderWorker(workerFile: URL, budgetMB = DEFAULT_MEMORY_BUDGET_MB): Worker {
  setHeapFlags(renderWorkerHeapFlags(budgetMB, givenNodeOptions(process.execArgv, process.env)));
  const worker = new Worker(workerFile, { resourceLimits: { stackSizeMb: STACK_MB } });
  // It does not keep the process alive: the pages in hand do (service/pages-in-hand.server.ts).
  worker.unref();
  return worker;
}

/**
 * How long V8 keeps an ended thread's heap before it gives it back. From
 * V8 13 its pages go to a pool the process's other isolates may take pages
 * from, and are unmapped 8 s later (src/heap/page-pool.cc); until then they
 * count in the process's resident size: 119-126 MB for a 5,000-page
 * export's two workers. V8 12 gives them back as the thread ends. All
 * measured (BENCHMARKS.md): Node 24's V8 13.6, Node 23's 12.9 and Node 22's 12.4.
 */
export function endedThreadHeapKeptMs(v8Version: string = process.versions.v8): number {
  return Number.parseInt(v8Version, 10) >= 13 ? 8_000 : 0;
}

/** Ends the worker, and resolves once its thread has exited: Node has then joined it, and its heap is V8's to give back. */
export function endWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  void worker.terminate();
  return exited;
}

/** Still running: a worker that can take pages. Node sets a thread's id to -1 once it has stopped. */
export function isRunning(worker: Worker): boolean {
  return worker.threadId !== -1;
}

/** The heap flags this process last set, shared by every copy of this module in it (the server's own and its bundle's). */
const SET_FLAGS = Symbol.for("themed-guide.render-worker-heap-flags");

function setHeapFlags(flags: string[]): void {
  const process = globalThis as { [SET_FLAGS]?: string };
  const wanted = flags.join(" ");
  if (process[SET_FLAGS] === wanted) return;
  for (const flag of flags) v8.setFlagsFromString(flag);
  process[SET_FLAGS] = wanted;
}
