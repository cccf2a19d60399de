/**
 * What a long export says while it runs, so that it is seen to move (a
 * 50,000-page export takes some 24 minutes, and said nothing until it
 * ended): a line at most every PROGRESS_INTERVAL_MS, the first once the
 * export has run that long, so that a short one prints only its result.
 */
export const PROGRESS_INTERVAL_MS = 10_000;

export function exportProgress(totalPages: number, print: (line: string) => void, now: () => number = () => performance.now()) {
  const started = now();
  let lastLine = started;
  let pagesWritten = 0;
  const count = (n: number) => n.toLocaleString("en");
  return {
    /** One more page written: a line, if the last was long enough ago. */
    pageWritten(): void {
      pagesWritten++;
      const time = now();
      if (time - lastLine < PROGRESS_INTERVAL_MS) return;
      lastLine = time;
      print(`${count(pagesWritten)} of ${count(totalPages)} pages written (${Math.floor((pagesWritten / totalPages) * 100)}%)`);
    },
    /** The next step's name, on an export long enough to have said anything. */
    step(line: string): void {
      if (now() - started >= PROGRESS_INTERVAL_MS) print(line);
    },
  };
}
