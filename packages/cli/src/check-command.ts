import path from "node:path";
import { CONTROL_CHARACTER } from "../../../app/guide/load/folder-warning.ts";
import type { FolderProblem } from "../../../app/guide/service/check-guide.server";
import { limitOwnHeap } from "../../../server/heap-limit.ts";
import { DEFAULT_EXPORT_MEMORY_BUDGET_MB, parseMemoryBudget } from "../../../server/memory-budget.ts";
import { loadServerSeam } from "./site-build.ts";
import { batchEnvironment, useEnvironment } from "./site-settings.ts";

/**
 * `themed-guide check`: what the server would warn about, as a CI step.
 * One `file:line: message` line per problem (paths relative to where the
 * command runs, so editors and CI logs link them), or `--json`; exit
 * status 1 when there is any.
 */
export async function checkCommand(folder: string, options: Record<string, string | boolean | undefined>): Promise<number> {
  // The folder and --cache-dir as `serve` reads them, so that both use the same rendered pages; the budget as `build`'s.
  useEnvironment({ ...batchEnvironment(folder, options), NODE_ENV: "production" });
  // As `build` does: the command starts again with its heap held and collected early, as it mostly waits on
  // its render workers (server/heap-limit.ts). Left to V8, its process held 275 MiB at 1,000 pages.
  limitOwnHeap(parseMemoryBudget(process.env.MEMORY_BUDGET_MB) ?? DEFAULT_EXPORT_MEMORY_BUDGET_MB, process, { collectEarly: true });
  const seam = await loadServerSeam();
  const problems = await seam.checkFolder();
  if (options.json === true) {
    console.log(JSON.stringify({ folder, problems }, null, 2));
  } else {
    for (const problem of problems) console.log(describe(folder, problem));
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    console.log(problems.length === 0 ? `No problems in ${folder}` : `${count} in ${folder}`);
  }
  return problems.length === 0 ? 0 : 1;
}

function describe(folder: string, { file, line, message }: FolderProblem): string {
  if (file === null) return message;
  const relative = path.relative(process.cwd(), path.join(folder, file)) || file;
  // A name with a line break (which check reports as left out) is quoted, so the problem stays one line.
  const where = CONTROL_CHARACTER.test(relative) ? JSON.stringify(relative) : relative;
  return `${where}${line === null ? "" : `:${line}`}: ${message}`;
}
