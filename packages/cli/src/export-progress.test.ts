import { expect, test } from "vitest";
import { exportProgress, PROGRESS_INTERVAL_MS } from "./export-progress.ts";

function withClock() {
  const clock = { time: 0 };
  const lines: string[] = [];
  return { clock, lines, print: (line: string) => lines.push(line), now: () => clock.time };
}

test("a short export says nothing while it runs", () => {
  const { clock, lines, print, now } = withClock();
  const progress = exportProgress(200, print, now);
  for (let page = 0; page < 200; page++) {
    clock.time += 20;
    progress.pageWritten();
  }
  progress.step("Writing the search index");
  expect(lines).toEqual([]);
});

test("a long export says how many pages are written, at most once an interval", () => {
  const { clock, lines, print, now } = withClock();
  const progress = exportProgress(50_000, print, now);
  // A page every 30 ms for 31 seconds: 1,033 pages; a line once 10 s have passed since the start, then since the last line.
  for (let page = 0; page < 1_033; page++) {
    clock.time += 30;
    progress.pageWritten();
  }
  expect(lines).toEqual(["334 of 50,000 pages written (0%)", "668 of 50,000 pages written (1%)", "1,002 of 50,000 pages written (2%)"]);
  expect(clock.time).toBeGreaterThan(3 * PROGRESS_INTERVAL_MS);
  progress.step("Writing the search index");
  expect(lines.at(-1)).toBe("Writing the search index");
});
