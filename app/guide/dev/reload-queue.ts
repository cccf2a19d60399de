import fs from "node:fs/promises";

/**
 * When to load the guide again, given the watcher's reports of changed
 * files. Editors write a file in several steps (truncate then write, or a
 * temporary file and a rename), and the watcher reports at most one change
 * per file in 50 ms, so the last step of a write may never be reported. The
 * queue therefore waits for the reports to settle, runs one reload for the
 * lot, never two at once, and afterwards looks at the files it was told
 * about: one that changed while the reload read the folder gets another.
 */
export function createReloadQueue(reload: () => Promise<void>, settleMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let reportedWhileRunning = false;
  const reported = new Set<string>();

  async function run() {
    if (running) return;
    running = true;
    reportedWhileRunning = false;
    const files = [...reported];
    reported.clear();
    const before = await Promise.all(files.map(signature));
    try {
      await reload();
    } finally {
      const after = await Promise.all(files.map(signature));
      files.forEach((file, index) => {
        if (after[index] !== before[index]) reported.add(file);
      });
      running = false;
      if (reportedWhileRunning || reported.size > 0) schedule();
    }
  }

  function schedule(file?: string) {
    if (file !== undefined) reported.add(file);
    // During a reload the report waits: `run` schedules again when it ends.
    if (running) {
      reportedWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void run().catch(() => {}), settleMs);
  }

  return { schedule };
}

/** What a change to a file alters: its time, its size, or whether it is there at all. */
async function signature(file: string): Promise<string> {
  try {
    const stats = await fs.stat(file);
    return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  } catch {
    return "missing";
  }
}
