import { describe, expect, it } from "vitest";
import { cacheShare, memoryShares, renderWorkerExecArgv, searchPartPages } from "./memory-budget.ts";

describe("a render worker's Node options", () => {
  it("are its parent's, with the heap limit of its share in place of the parent's and a small young generation", () => {
    expect(renderWorkerExecArgv(["--enable-source-maps", "--max-old-space-size=900"], 512, {})).toEqual([
      "--enable-source-maps",
      `--max-old-space-size=${memoryShares(512).workerHeapMB}`,
      "--max-semi-space-size=8",
      "--no-regexp-tier-up",
    ]);
  });

  it("leave out the parent's early collection: a worker renders, and collects when V8 judges best", () => {
    expect(renderWorkerExecArgv(["--heap-growing-percent=10", "--enable-source-maps"], 512, {})).toEqual([
      "--enable-source-maps",
      `--max-old-space-size=${memoryShares(512).workerHeapMB}`,
      "--max-semi-space-size=8",
      "--no-regexp-tier-up",
    ]);
  });

  it("take the place of the parent's heap limit and early collection however they are spelled", () => {
    expect(renderWorkerExecArgv(["--max_old_space_size=900", "--heap_growing_percent=10"], 512, {})).toEqual([
      `--max-old-space-size=${memoryShares(512).workerHeapMB}`,
      "--max-semi-space-size=8",
      "--no-regexp-tier-up",
    ]);
  });

  it("keep a young generation the user chose, on the command line or in NODE_OPTIONS", () => {
    expect(renderWorkerExecArgv(["--max-semi-space-size=2"], 512, {})).toEqual(["--max-semi-space-size=2", `--max-old-space-size=${memoryShares(512).workerHeapMB}`, "--no-regexp-tier-up"]);
    expect(renderWorkerExecArgv([], 512, { NODE_OPTIONS: "--inspect  --max-semi-space-size=16" })).toEqual([`--max-old-space-size=${memoryShares(512).workerHeapMB}`, "--no-regexp-tier-up"]);
  });

  it("compile each regular expression once, to machine code, unless the user chose how V8 compiles them", () => {
    const heapLimit = `--max-old-space-size=${memoryShares(512).workerHeapMB}`;
    expect(renderWorkerExecArgv([], 512, {})).toEqual([heapLimit, "--max-semi-space-size=8", "--no-regexp-tier-up"]);
    expect(renderWorkerExecArgv(["--regexp-tier-up"], 512, {})).toEqual(["--regexp-tier-up", heapLimit, "--max-semi-space-size=8"]);
    expect(renderWorkerExecArgv(["--regexp_tier_up_ticks=5"], 512, {})).toEqual(["--regexp_tier_up_ticks=5", heapLimit, "--max-semi-space-size=8"]);
    expect(renderWorkerExecArgv(["--regexp-interpret-all"], 512, {})).toEqual(["--regexp-interpret-all", heapLimit, "--max-semi-space-size=8"]);
  });
});

describe("an export's search index parts", () => {
  it("take what the budget holds beside the export's own process, which grows with the folder, at about 0.45 MB a page while Pagefind writes, and never under 100 pages", () => {
    expect(searchPartPages(1024, 5_000)).toBe(1718);
    expect(searchPartPages(1024, 50_000)).toBe(988);
    expect(searchPartPages(1024, 200)).toBe(1796);
    expect(searchPartPages(4096, 5_000)).toBe(8545);
    expect(searchPartPages(384, 5_000)).toBe(296);
    expect(searchPartPages(384, 100_000)).toBe(100);
  });
});

describe("the caches' part of their shares", () => {
  it("is a third while a render worker runs beside them, and the whole once none does", () => {
    expect(cacheShare(true)).toBeCloseTo(1 / 3, 10);
    expect(cacheShare(false)).toBe(1);
  });
});
