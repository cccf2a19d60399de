import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEFAULT_MEMORY_BUDGET_MB, renderWorkerExecArgv } from "../../../server/memory-budget.ts";
import { passOnWorkerErrors } from "../../../server/worker-errors.ts";

/**
 * Starting a render worker process (render/render-worker.server.ts). The
 * production server starts the first one itself, before it loads its
 * bundle, with the same options (server/render-worker-prestart.ts), and
 * hands it over through the server seam.
 */
export function forkRenderWorker(workerFile: URL, budgetMB = DEFAULT_MEMORY_BUDGET_MB): ChildProcess {
  // "advanced" serialisation carries the packed targets' typed arrays as they are.
  const child = fork(fileURLToPath(workerFile), [], {
    serialization: "advanced",
    // Its errors piped, to pass them on but for V8's report of a full heap (server/worker-errors.ts).
    stdio: ["ignore", "inherit", "pipe", "ipc"],
    // The server's options, with the heap limit of the worker's share of the budget.
    execArgv: renderWorkerExecArgv(process.execArgv, budgetMB),
  });
  // The worker does not keep the server alive; it exits when the server does (its IPC channel closes).
  child.unref();
  child.channel?.unref();
  passOnWorkerErrors(child);
  return child;
}

/** Still running and still connected: a worker that can take pages. */
export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.connected;
}
