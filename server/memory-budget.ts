/**
 * The server's memory budget (MEMORY_BUDGET_MB, `--memory`): what all of its
 * processes together may hold, whatever the size of the docs folder, and
 * how it is shared. An export (`themed-guide build`) has a default of its
 * own, below; each of its render workers (one per core) takes the share
 * a server's one worker would. The render worker is a thread of the
 * server (docs/decisions/016), its heap limited to its share: through a
 * 50,000-page first start it held 111 to 131 MiB, and the server with it
 * peaked at 463 MiB resident (BENCHMARKS.md). The rest is shared between
 * the caches that grow with use, each bounded in bytes. What does not fit
 * is read again from the disk cache of rendered pages or rendered again.
 *
 * Here in server/, run from source, because the production server needs it
 * before it loads the app's build: for the first render worker's options
 * (render-worker-prestart.ts) and the page cache's bound (serve.ts). The
 * app's settings (app/settings.server.ts) and render workers read it too.
 */

export const DEFAULT_MEMORY_BUDGET_MB = 512;
/**
 * An export's (`themed-guide build`): it runs once and ends, a render worker
 * per core. A worker's heap at 30% of 512 MB made a 1,200-page export take
 * 63-66 s, against 56 s at 30% of 1,024 (BENCHMARKS.md).
 */
export const DEFAULT_EXPORT_MEMORY_BUDGET_MB = 1024;
/** Below this the server and one render worker with room to work do not fit. */
export const MIN_MEMORY_BUDGET_MB = 384;

export type MemoryShares = {
  /** Rendered articles kept in the server (service/kept-pages.server.ts). */
  keptPagesBytes: number;
  /** Whole compressed pages kept by the production server (server/page-cache.ts). */
  responseCacheBytes: number;
  /** The render worker's V8 heap limit (`--max-old-space-size`), in MB. */
  workerHeapMB: number;
  /** The server process's own V8 heap limit, in MB (server/heap-limit.ts). */
  serverHeapMB: number;
};

const MB = 1024 * 1024;
/**
 * The caches' part of their shares (keptPagesBytes, responseCacheBytes)
 * while a render worker runs beside them: the worker's heap comes out of
 * the same budget, and a page let go is read back from the cache
 * folder in under a millisecond. At a third, a 50,000-page first start's
 * server was about 20 MiB smaller at the same minutes, serving as many
 * pages (BENCHMARKS.md).
 */
const CACHES_BESIDE_A_WORKER = 1 / 3;

/** The part of their shares the caches in memory keep now. */
export function cacheShare(workerRunning: boolean): number {
  return workerRunning ? CACHES_BESIDE_A_WORKER : 1;
}

/**
 * The server's heap limit at the default budget: room for the largest folder
 * it takes (100,000 pages held 220 MB of live heap, 430 MB at the peak of
 * its start), not the machine's memory, which V8 sizes the limit from by
 * default (4 GB on a 24 GB machine) and which lets it collect late.
 */
const SERVER_HEAP_MIN_MB = 640;

export function memoryShares(budgetMB: number): MemoryShares {
  return {
    // Small: a page let go is read back from the cache folder in under a millisecond, and whole pages
    // are kept too, compressed (responseCacheBytes). At 5% and 8% (67 MB at 512) a first start on
    // 5,000 pages, the render worker beside the server, peaked at 535 MB; at 3% and 4%, 504 MB.
    keptPagesBytes: Math.round(budgetMB * MB * 0.03),
    responseCacheBytes: Math.round(budgetMB * MB * 0.04),
    // Less than 128 MB of heap made a worker collect garbage three times as often as it rendered.
    workerHeapMB: Math.max(128, Math.round(budgetMB * 0.3)),
    serverHeapMB: Math.max(SERVER_HEAP_MIN_MB, Math.round(budgetMB * 0.5)),
  };
}

/**
 * An export's search index is written in parts (packages/cli's
 * search-index-writer.ts), once every page is and V8 has given back the
 * render workers' heaps (server/render-worker-thread.ts): pages in each part
 * when --search-part-pages does not say, as many as the budget holds beside
 * the export's own process while Pagefind writes them, at 0.45 MB a page
 * (0.42 measured on the generated code-heavy folder). The export's own
 * process holds the folder's listing, navigation and plan, and the part's
 * files as Pagefind hands them over: measured at 248 MB at 5,000 pages and
 * 556 MB at 50,000 (BENCHMARKS.md), counted as 150 MB and 7.3 KB a page,
 * with 64 MB to spare: 1,718 pages in a part at 5,000 pages and the default
 * 1,024 MB, 988 at 50,000.
 */
export function searchPartPages(budgetMB: number, pages: number): number {
  const PAGEFIND_MB_PER_PAGE = 0.45;
  const exportProcessMB = 150 + pages * 0.0073 + 64;
  return Math.max(100, Math.floor((budgetMB - exportProcessMB) / PAGEFIND_MB_PER_PAGE));
}

/** The budget in MB from the variable's text; null when it is not a whole number of MB from MIN_MEMORY_BUDGET_MB up. */
export function parseMemoryBudget(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return DEFAULT_MEMORY_BUDGET_MB;
  const value = /^\s*\d{1,7}\s*$/.test(text) ? Number(text) : Number.NaN;
  return value >= MIN_MEMORY_BUDGET_MB ? value : null;
}

/**
 * Young-generation pages of 8 MB, for the server and its render workers:
 * their garbage is short-lived. V8's default young generation (up to 64 MB
 * a half here) held the server's memory, and a worker's 40% more, for no
 * faster answers. Left to size it from a worker's small heap limit, V8
 * collected the worker's whole heap about once a page: a 1,200-page export,
 * whose command had not set it, made 890 full collections and took 86 s,
 * against 140 and 60 s with it (BENCHMARKS.md).
 */
const YOUNG_GENERATION_FLAG = "--max-semi-space-size";
/** V8 collects the old generation once it has grown by this share, not by the 30 to 300% it picks itself (heap-limit.ts). */
export const COLLECT_EARLY_FLAG = "--heap-growing-percent";
const YOUNG_GENERATION_MB = 8;

/**
 * Node's options as given to this process, on its command line and in
 * NODE_OPTIONS, each named with hyphens: Node and V8 take
 * `--max_old_space_size` for `--max-old-space-size`, and a user's choice in
 * either spelling is theirs to keep.
 */
export function givenNodeOptions(execArgv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)].map(hyphenated);
}

/** "--max_old_space_size=64" → "--max-old-space-size=64"; a value keeps its underscores. */
function hyphenated(flag: string): string {
  if (!flag.startsWith("--")) return flag;
  const nameEnd = flag.includes("=") ? flag.indexOf("=") : flag.length;
  return flag.slice(0, nameEnd).replaceAll("_", "-") + flag.slice(nameEnd);
}

/** `flags` with the young generation's size added, unless a size is among `given`. */
export function withYoungGeneration(flags: readonly string[], given: readonly string[]): string[] {
  return given.some((flag) => flag.startsWith(YOUNG_GENERATION_FLAG)) ? [...flags] : [...flags, `${YOUNG_GENERATION_FLAG}=${YOUNG_GENERATION_MB}`];
}

/**
 * A render worker's heap flags (server/render-worker-thread.ts), whichever
 * process starts it: the old-generation limit of the worker's share, and
 * the young generation above unless the process runs with one already.
 */
export function renderWorkerHeapFlags(budgetMB: number, given: readonly string[]): string[] {
  return withYoungGeneration([`--max-old-space-size=${memoryShares(budgetMB).workerHeapMB}`], given);
}

/**
 * Regular expressions compiled to machine code on their first run, in the
 * processes that run render workers (server/heap-limit.ts): a flag of the
 * whole process, given at its start, since changing it while patterns run
 * crashed V8's regular-expression interpreter. V8 first compiles a regular expression to bytecode and compiles
 * it again, to machine code, on its second run; a worker runs the thousands
 * of patterns of the highlighter's grammars (Shiki's JavaScript engine,
 * docs/decisions/014) again and again, so each was compiled twice. Once
 * is enough: the first page with code in seven languages was highlighted in
 * about 560 ms rather than 1,000 (BENCHMARKS.md).
 */
const REGEXP_TIER_UP_FLAG = "--regexp-tier-up";

/** `flags` with V8's regular-expression tier-up off, unless `given` has a choice of its own about it. */
export function withRegExpsCompiledOnce(flags: readonly string[], given: readonly string[]): string[] {
  const chosen = given.some((flag) => flag.startsWith(REGEXP_TIER_UP_FLAG) || flag.startsWith("--no-regexp-tier-up") || flag === "--regexp-interpret-all");
  return chosen ? [...flags] : [...flags, "--no-regexp-tier-up"];
}
