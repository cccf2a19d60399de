import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { docsFolderCacheFolder, siteFolders } from "./cache-folder.ts";

/**
 * The heap a start of a docs folder reaches, remembered for the next start.
 *
 * What a start builds (the folder's listing, the pages' list, the
 * navigation: at 50,000 pages about 100 MB, and as much again of garbage
 * made on the way) is mostly kept for the life of the server. V8 sizes a new
 * process's old generation small and collects it whenever it fills: a
 * restart on 50,000 pages collected its whole heap five times while it
 * built what it keeps, and answered /healthz in a median 3.38 s, against
 * 2.70 s when its old generation began at 224 MB and it collected none
 * (BENCHMARKS.md). So the server notes, in the folder's part of the cache
 * folder, the most heap it held until it began listening, and the next
 * start begins its old generation at that and a tenth more, in steps of 32 MB
 * (`--initial-old-space-size`, heap-limit.ts). V8 never collects below
 * that size, so it is held to half the memory budget. A first start, one
 * whose note is missing or unreadable, and one after a start that reached
 * less than 96 MB (5,000 pages reached 46, 50,000 reached 192) begin as
 * V8 chooses; a folder that shrank has its smaller size from the start
 * after.
 */

const FILE_NAME = "start-heap.json";
/** The old generation a start begins with, against the heap the last start reached. */
const ROOM_FOR_THE_START = 1.1;
const MOST_OF_THE_BUDGET = 0.5;
const SIZE_STEP_MB = 32;
/**
 * Below this, V8 collects two or three times on its own in a start (at
 * about 38, 60 and 95 MB in a 50,000-page restart), a few tens of ms;
 * while a flag new to Node's cache of compiled code costs the start that
 * first uses it its modules' compiling again (a 5,000-page restart: 2.08 s
 * the first time, 1.55 s on 11-29 without the flag).
 */
const WORTH_IT_FROM_MB = 96;
const MB = 1024 * 1024;

/**
 * The note of the server's docs folder (CONTENT_DIR, CACHE_DIR, read as the
 * settings read them: app/settings.server.ts), before the settings are
 * loaded; null when the folder is not there (the settings then say so).
 */
export function startHeapFile(env: Record<string, string | undefined>, cwd = process.cwd()): string | null {
  const given = (name: string) => env[name]?.trim() || undefined;
  const { contentDir, cacheDir } = siteFolders({ CONTENT_DIR: given("CONTENT_DIR"), CACHE_DIR: given("CACHE_DIR") }, env, cwd);
  try {
    const root = fs.realpathSync(contentDir);
    // The server serves at the host's root: its base path is "".
    return path.join(docsFolderCacheFolder(cacheDir, root, ""), FILE_NAME);
  } catch {
    return null;
  }
}

/** The old generation, in MB, to begin a start with after one that reached what the note says; null without a note that reads as one. */
export function startOldGenerationMB(file: string | null, budgetMB: number): number | null {
  if (file === null) return null;
  try {
    const { reachedMB } = JSON.parse(fs.readFileSync(file, "utf8")) as { reachedMB?: unknown };
    if (typeof reachedMB !== "number" || !Number.isSafeInteger(reachedMB) || reachedMB < WORTH_IT_FROM_MB) return null;
    // In steps: Node keys its cache of compiled code by V8's flags, and a size that moved with every
    // start made every start compile its modules again (180 ms of a 50,000-page restart).
    const sizeMB = Math.ceil((reachedMB * ROOM_FOR_THE_START) / SIZE_STEP_MB) * SIZE_STEP_MB;
    return Math.min(sizeMB, Math.round(budgetMB * MOST_OF_THE_BUDGET));
  } catch {
    return null;
  }
}

/**
 * Watches the heap from here until the server listens, then notes the most
 * it held on the way, garbage included: what it held before each
 * collection (V8's GC profiler) and when it began listening. The most, not
 * what it holds at the end: a start that collected on the way ends with less
 * than it needed. Never throws; a cache folder that cannot be written only
 * costs the next start this sizing.
 */
export function watchStartHeap(file: string | null): { noteOnceListening(server: { once(event: "listening", listener: () => void): unknown }): void } {
  const profiler = file === null ? null : new v8.GCProfiler();
  profiler?.start();
  return {
    noteOnceListening(server) {
      if (file === null || profiler === null) return;
      server.once("listening", () => {
        const collections = profiler.stop()?.statistics ?? [];
        const mostBytes = Math.max(v8.getHeapStatistics().used_heap_size, ...collections.map((collection) => collection.beforeGC.heapStatistics.usedHeapSize));
        writeNote(file, Math.max(1, Math.round(mostBytes / MB)));
      });
    },
  };
}

/**
 * Into the folder the guide made and tried as it loaded: none is made here.
 * Node's recursive mkdir never returns under /proc (make-folder.server.ts),
 * and a folder the guide could not make is one nothing can be kept in.
 */
function writeNote(file: string, reachedMB: number): void {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    fs.writeFileSync(temporary, JSON.stringify({ reachedMB }));
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {}
  }
}
