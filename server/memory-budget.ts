/**
 * The server's memory budget (MEMORY_BUDGET_MB, `--memory`): what all of its
 * processes together may hold, whatever the size of the docs folder, and
 * how it is shared. Measured on 2,000 to 5,000 pages (BENCHMARKS.md), the
 * server process itself is 260 to 290 MB resident with its heap limit and
 * two malloc arenas (server/heap-limit.ts), and a render worker 210 to 230 MB
 * with Shiki's JavaScript regex engine (it was 250 to 290 MB with
 * Oniguruma's WebAssembly, docs/decisions/014); the rest is shared between
 * the caches that grow with use, each bounded in bytes, and the worker's heap. What does not fit is read again from the disk cache of
 * rendered pages or rendered again. BENCHMARKS.md has the measured RSS.
 *
 * Here in server/, run from source, because the production server needs it
 * before it loads the app's build: for the first render worker's options
 * (render-worker-prestart.ts) and the page cache's bound (serve.ts). The
 * app's settings (app/settings.server.ts) and render workers read it too.
 */

export const DEFAULT_MEMORY_BUDGET_MB = 512;
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
  /** Past this resident size the render worker is ended once it has nothing in hand, and a new one starts when needed. */
  workerRssBytes: number;
};

const MB = 1024 * 1024;
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
    workerRssBytes: Math.round(budgetMB * MB * 0.5),
  };
}

/** The budget in MB from the variable's text; null when it is not a whole number of MB from MIN_MEMORY_BUDGET_MB up. */
export function parseMemoryBudget(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return DEFAULT_MEMORY_BUDGET_MB;
  const value = /^\s*\d{1,7}\s*$/.test(text) ? Number(text) : Number.NaN;
  return value >= MIN_MEMORY_BUDGET_MB ? value : null;
}

/**
 * A render worker's Node options: the server's (its small young generation
 * included: rendering a page makes much short-lived garbage, and with
 * V8's default young generation the worker held 40% more memory for no
 * faster rendering), with the old-generation limit of its share.
 */
export function renderWorkerExecArgv(serverExecArgv: readonly string[], budgetMB: number): string[] {
  return [...serverExecArgv.filter((flag) => !flag.startsWith("--max-old-space-size")), `--max-old-space-size=${memoryShares(budgetMB).workerHeapMB}`];
}
