import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_MEMORY_BUDGET_MB, parseMemoryBudget, renderWorkerExecArgv } from "./memory-budget.ts";
import { passOnWorkerErrors } from "./worker-errors.ts";

/**
 * The guide's first render worker, started before anything else loads.
 *
 * The worker needs about a second before it renders its first page fast:
 * its modules load, then the highlighter's grammars. The server needs
 * about half a second to load Express and its bundle before the guide could
 * start one, so the server starts it first and the two load side by side
 * on two cores; the guide takes it over through the server seam
 * (app/server-seam.server.ts). The options are the guide's own for every
 * later worker (app/guide/service/render-worker-fork.server.ts).
 */
export function prestartRenderWorker(workerFile: URL): ChildProcess | null {
  if (!fs.existsSync(workerFile)) return null;
  const child = fork(fileURLToPath(workerFile), [], {
    serialization: "advanced",
    // Its errors piped, to pass them on but for V8's report of a full heap (server/worker-errors.ts).
    stdio: ["ignore", "inherit", "pipe", "ipc"],
    // A budget the settings will refuse stops the server before this worker matters.
    execArgv: renderWorkerExecArgv(process.execArgv, parseMemoryBudget(process.env.MEMORY_BUDGET_MB) ?? DEFAULT_MEMORY_BUDGET_MB),
  });
  // It exits with the server (its IPC channel closes), also if no guide takes it over.
  child.unref();
  child.channel?.unref();
  passOnWorkerErrors(child);
  return child;
}
