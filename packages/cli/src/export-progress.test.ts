import { expect, test } from "vitest";
import { exportProgress, PROGRESS_INTERVAL_MS } from "./export-progress.ts";

/** An export of `totalPages` that writes `written` of them, one every `msEach`, on a clock of its own; what it printed. */
function exportOnAClock(totalPages: number, written: number, msEach: number) {
  const clock = { time: 0 };
  const lines: string[] = [];
  const progress = exportProgress(totalPages, (line) => lines.push(line), () => clock.time);
  for (let page = 0; page < written; page++) {
    clock.time += msEach;
    progress.pageWritten();
  }
  progress.step("Writing the search index");
  return { lines, elapsed: clock.time };
}

test("a short export says nothing while it runs", () => {
  expect(exportOnAClock(200, 200, 20).lines).toEqual([]);
});

test("a long export says how many pages are written, at most once an interval, then that it writes the index", () => {
  // A page every 30 ms for 31 seconds: a line once 10 s have passed since the start, then since the last line.
  const { lines, elapsed } = exportOnAClock(50_000, 1_033, 30);
  expect(elapsed).toBeGreaterThan(3 * PROGRESS_INTERVAL_MS);
  expect(lines).toEqual(["334 of 50,000 pages written (0%)", "668 of 50,000 pages written (1%)", "1,002 of 50,000 pages written (2%)", "Writing the search index"]);
});
