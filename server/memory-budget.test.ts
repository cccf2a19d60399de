import { describe, expect, it } from "vitest";
import { cacheShare, memoryShares, renderWorkerHeapFlags, searchPartPages } from "./memory-budget.ts";

describe("a render worker's heap flags", () => {
  const heapLimit = `--max-old-space-size=${memoryShares(512).workerHeapMB}`;

  it("are the heap limit of its share and a small young generation, whatever the process that starts it runs with", () => {
    expect(renderWorkerHeapFlags(512, [])).toEqual([heapLimit, "--max-semi-space-size=8"]);
    // The server's own heap limit and early collection are its own (heap-limit.ts).
    expect(renderWorkerHeapFlags(512, ["--max-old-space-size=900", "--heap-growing-percent=10"])).toEqual([heapLimit, "--max-semi-space-size=8"]);
    expect(renderWorkerHeapFlags(1024, [])[0]).toBe(`--max-old-space-size=${memoryShares(1024).workerHeapMB}`);
  });

  it("leave the young generation the process runs with, the user's or the server's", () => {
    expect(renderWorkerHeapFlags(512, ["--max-semi-space-size=2"])).toEqual([heapLimit]);
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
