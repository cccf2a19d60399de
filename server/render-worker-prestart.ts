import fs from "node:fs";
import type { Worker } from "node:worker_threads";
import { DEFAULT_MEMORY_BUDGET_MB, parseMemoryBudget } from "./memory-budget.ts";
import { startRenderWorker } from "./render-worker-thread.ts";

/**
 * The guide's first render worker, started before anything else loads.
 *
 * The worker needs about a second before it renders its first page fast:
 * its modules load, then the highlighter's grammars. The server needs
 * about half a second to load Express and its bundle before the guide could
 * start one, so the server starts it first and the two load side by side
 * on two cores; the guide takes it over through the server seam
 * (app/server-seam.server.ts). The options are the guide's own for every
 * later worker (server/render-worker-thread.ts).
 */
export function prestartRenderWorker(workerFile: URL): Worker | null {
  if (!fs.existsSync(workerFile)) return null;
  // A budget the settings will refuse stops the server before this worker matters.
  return startRenderWorker(workerFile, parseMemoryBudget(process.env.MEMORY_BUDGET_MB) ?? DEFAULT_MEMORY_BUDGET_MB);
}
