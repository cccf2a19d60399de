import { memoryShares } from "./memory-budget.ts";

/**
 * The server process's own heap, held to its share of the memory budget.
 *
 * V8 sizes a heap's limit from the machine's memory (over 4 GB here), and a
 * process allowed that much collects its garbage late: the server held 300
 * MB on a restart at 1,400 pages, with 66 MB of bounded caches in it
 * (BENCHMARKS.md). A process cannot change its heap limit once it runs, so
 * the server starts itself again in place, before it loads anything, with
 * the limit of its share: `process.execve` replaces the program of this
 * same process (same id, same terminal and signals, no parent left
 * waiting). A limit the user gave (`--max-old-space-size` on the command
 * line or in NODE_OPTIONS) is theirs and kept. Node before 22.15 has no
 * `execve`; the server then runs without a limit.
 */

/** Set in the environment of the process started again, so that it does not start itself again. */
const LIMITED = "THEMED_GUIDE_HEAP_LIMITED";
const HEAP_FLAG = "--max-old-space-size";
/**
 * Young-generation pages of 8 MB: the server's own garbage is short-lived,
 * and V8's default young generation (up to 64 MB a half here) only held
 * memory without making responses faster.
 */
const SEMI_SPACE_FLAG = "--max-semi-space-size";

type Process = Pick<NodeJS.Process, "execArgv" | "argv" | "execPath" | "env"> & {
  execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
};

/** The arguments to start this process again with, or null when it should run as it is. */
export function heapLimitedArguments(budgetMB: number, current: Process = process): string[] | null {
  const given = [...current.execArgv, ...(current.env.NODE_OPTIONS ?? "").split(/\s+/)];
  if (current.env[LIMITED] !== undefined || given.some((flag) => flag.startsWith(HEAP_FLAG))) return null;
  const flags = [`${HEAP_FLAG}=${memoryShares(budgetMB).serverHeapMB}`];
  if (!given.some((flag) => flag.startsWith(SEMI_SPACE_FLAG))) flags.push(`${SEMI_SPACE_FLAG}=8`);
  return [current.execPath, ...flags, ...current.execArgv, ...current.argv.slice(1)];
}

/** Starts this process again with its heap limited (see above), or returns when it is already, or cannot be. */
export function limitOwnHeap(budgetMB: number, current: Process = process): void {
  const args = heapLimitedArguments(budgetMB, current);
  if (args === null || typeof current.execve !== "function") return;
  current.execve(current.execPath, args, { ...current.env, [LIMITED]: "1" });
}
