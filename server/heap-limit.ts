import v8 from "node:v8";
import { COLLECT_EARLY_FLAG, DEFAULT_MEMORY_BUDGET_MB, givenNodeOptions, memoryShares, parseMemoryBudget, withRegExpsCompiledOnce, withYoungGeneration } from "./memory-budget.ts";
import { startHeapFile, startOldGenerationMB } from "./start-heap.ts";

/**
 * The server process's memory, held in by two settings that only work from
 * a process's start:
 * - a V8 heap limit (server/memory-budget.ts). By default V8 sizes it from
 *   the machine's memory (4 GB on a 24 GB machine) and collects late: a
 *   restart on 2,000 pages, every page served once, peaked at 352 MB with
 *   it and at 301 MB with any limit from 160 MB to 1 GB (BENCHMARKS.md);
 * - glibc's malloc arenas at two (MALLOC_ARENA_MAX): the threads that
 *   compress and read the cache folder each kept an arena of freed memory;
 *   the same restart then peaked at 263–281 MB.
 * So the server starts itself again in place, before it loads anything:
 * `process.execve` replaces the program of this same process (same id,
 * terminal and signals, no parent left waiting). The processes it starts
 * inherit the arenas setting. A heap limit or arena count the user gave
 * (`--max-old-space-size` on the command line or in NODE_OPTIONS,
 * MALLOC_ARENA_MAX) is theirs and kept. Node before 22.15 has no `execve`;
 * the server then runs as it was started.
 */

/** Set in the environment of the process started again, so that it does not start itself again. */
const LIMITED = "THEMED_GUIDE_HEAP_LIMITED";
const HEAP_FLAG = "--max-old-space-size";
const START_OLD_GENERATION_FLAG = "--initial-old-space-size";

/**
 * glibc's malloc, told to give memory back: two arenas (above), and fixed
 * thresholds of 128 KB for serving a block by its own mapping and for
 * trimming the heap's free top. By default glibc raises its mapping
 * threshold each time a large block is freed (up to 32 MB), so the buffers
 * of compressing and of the render worker's messages then come from the
 * heap and stay there after they are freed. A first start on 3,000 pages,
 * every page served once: peak RSS of all processes 513 MB against 527
 * (BENCHMARKS.md).
 */
const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

type Process = Pick<NodeJS.Process, "execArgv" | "argv" | "execPath" | "env"> & {
  execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
};

/**
 * `collectEarly`: the old generation is collected once it has grown by a
 * tenth (COLLECT_EARLY_FLAG), for a process that mostly waits on others
 * (an export's, which hands the rendering to its workers): the collections
 * cost it little, and it stays near what it holds. An export of 50,000 pages
 * held its own process at 420 MiB while rendering, and a part of the
 * search index being written beside it took the whole over its budget.
 */
export type OwnHeapOptions = {
  collectEarly?: boolean;
  /** Every object begins in the young generation, whatever its allocation site made before (NO_PRETENURING_FLAG): for a server. */
  neverPretenure?: boolean;
  /** The old generation's size to begin with, in MB: what the last start of the folder reached, with room (start-heap.ts). */
  startOldGenerationMB?: number | null;
};

const EARLY_GROWTH_PERCENT = 10;

/**
 * V8 allocates an object straight into the old generation once most of
 * what its allocation site made has outlived a few young collections
 * ("pretenuring"), and it does not go back on that: objects made old are
 * never seen to die young. A server's long render teaches sites that its
 * requests share the wrong lesson. On 50,000 pages one visit to the list
 * of every page (a 27 MB render, 6.5 s) left the server, for the rest of
 * its life, promoting 1.6 MB at each young collection instead of nothing
 * and collecting its whole heap about once a second: a kept page then took
 * 2.6 times the CPU (BENCHMARKS.md). Without pretenuring it stayed as fast
 * as a 200-page server. What a start keeps (the listing) is copied once
 * more on its way to the old generation instead: a 50,000-page restart
 * listened as soon either way.
 */
const NO_PRETENURING_FLAG = "--no-allocation-site-pretenuring";
const PRETENURING_FLAGS = ["--allocation-site-pretenuring", NO_PRETENURING_FLAG];

/** The arguments to start this process again with, or null when it should run as it is. */
export function heapLimitedArguments(budgetMB: number, current: Process = process, { collectEarly = false, neverPretenure = false, startOldGenerationMB = null }: OwnHeapOptions = {}): string[] | null {
  const given = givenNodeOptions(current.execArgv, current.env);
  if (current.env[LIMITED] !== undefined || given.some((flag) => flag.startsWith(HEAP_FLAG))) return null;
  // The young generation's size, and regular expressions compiled once, for the render workers: server/memory-budget.ts.
  const flags = withRegExpsCompiledOnce(withYoungGeneration([`${HEAP_FLAG}=${memoryShares(budgetMB).serverHeapMB}`], given), given);
  if (collectEarly && !choseGrowth(given)) flags.push(`${COLLECT_EARLY_FLAG}=${EARLY_GROWTH_PERCENT}`);
  if (neverPretenure && !given.some((flag) => PRETENURING_FLAGS.includes(flag))) flags.push(NO_PRETENURING_FLAG);
  if (startOldGenerationMB !== null && !given.some((flag) => flag.startsWith(START_OLD_GENERATION_FLAG))) flags.push(`${START_OLD_GENERATION_FLAG}=${startOldGenerationMB}`);
  return [current.execPath, ...flags, ...current.execArgv, ...current.argv.slice(1)];
}

/** Starts this process again with its heap limited and its arenas few (see above), or returns when it is already, or cannot be. */
export function limitOwnHeap(budgetMB: number, current: Process = process, options: OwnHeapOptions = {}): void {
  const args = heapLimitedArguments(budgetMB, current, options);
  if (args === null || typeof current.execve !== "function") return;
  current.execve(current.execPath, args, { ...MALLOC_SETTINGS, ...current.env, [LIMITED]: "1" });
}

/**
 * The production server's own: its share of MEMORY_BUDGET_MB (a budget the
 * settings refuse stops it with their message once it has started again),
 * no pretenuring (above), and an old generation the size its last start on
 * the folder needed (start-heap.ts).
 */
export function limitServerHeap(current: Process = process): void {
  const budgetMB = parseMemoryBudget(current.env.MEMORY_BUDGET_MB) ?? DEFAULT_MEMORY_BUDGET_MB;
  limitOwnHeap(budgetMB, current, { neverPretenure: true, startOldGenerationMB: startOldGenerationMB(startHeapFile(current.env), budgetMB) });
}

/**
 * The server collects its old generation early too, when it has grown by a
 * quarter, and only once it is listening: what it builds while starting (a
 * 50,000-page folder's listing) is kept, and collecting it again and again
 * made a restart on 50,000 pages 0.7 s slower (median of 8: 4.86 against
 * 4.14 s). From then on it serves and waits on its render worker, and what
 * grows is mostly garbage. A first start on 50,000 pages, 5 minutes of
 * every page requested (BENCHMARKS.md): the server's peak 368 MB (one run) against
 * 385–400 as before, with as many pages served; a tenth took it to 342–348
 * MB but served 7–14% fewer, its collections taking the worker's CPU. V8
 * reads the growth at each collection, so setting it while running takes
 * effect, as measured.
 */
const SERVER_GROWTH_PERCENT = 25;

export function collectEarlyOnceListening(
  server: { once(event: "listening", listener: () => void): unknown },
  current: Pick<Process, "execArgv" | "env"> = process,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
): void {
  if (choseGrowth(givenNodeOptions(current.execArgv, current.env))) return;
  server.once("listening", () => setFlags(`${COLLECT_EARLY_FLAG}=${SERVER_GROWTH_PERCENT}`));
}

/** The user gave the old generation's growth themselves: theirs is kept, by the export's process and the server alike. */
function choseGrowth(given: readonly string[]): boolean {
  return given.some((flag) => flag.startsWith(COLLECT_EARLY_FLAG));
}
