import { GuideContentError } from "../guide-content-error";
import { pageCount } from "../page-count";
import { reloadGuide } from "../service/guide-service.server";
import { settings } from "../../settings.server";
import { createReloadQueue } from "./reload-queue";
import { warningsStanding } from "../service/standing-warnings";
import { watchContentFolder } from "./watch-folder";

/** What a change to the folder came to: the guide loaded again, or the error that kept the last good one in force. */
export type GuideChange = { type: "updated"; pages: number } | GuideError;
type GuideError = { type: "error"; message: string; file: string | null; line: number | null };

/** How long the watcher's reports must pause before the guide loads again (reload-queue.ts). */
const SETTLE_MS = 60;

/**
 * `themed-guide dev`: the content folder watched, and on each change (a file
 * added, edited, renamed or removed) the guide loaded again in this process
 * and the outcome told to `onChange`, which the server passes on to open
 * pages (server/live-reload.ts). A folder that no longer loads keeps the last
 * good guide in force; `lastError` is the error until a reload succeeds.
 */
export function watchGuide(onChange: (change: GuideChange) => void): { close(): void; lastError(): GuideError | null } {
  let error: GuideError | null = null;
  const queue = createReloadQueue(async () => {
    const started = performance.now();
    try {
      const { guide, warningsAsBefore } = await reloadGuide();
      error = null;
      const { rendered, fromDiskCache, unchanged } = guide.renderCounts();
      const counts = `${rendered} rendered, ${fromDiskCache} from the page cache, ${unchanged} unchanged`;
      console.log(`Guide reloaded: ${pageCount(guide.pages.length)} in ${Math.round(performance.now() - started)} ms (${counts})${warningsStanding(warningsAsBefore)}`);
      onChange({ type: "updated", pages: guide.pages.length });
    } catch (caught) {
      const next = describe(caught);
      // One change often reaches the watch twice (a folder removed: its files, then its name beside it); the same
      // error is said once, and the open pages already show it.
      if (error?.message === next.message) return;
      error = next;
      console.error(`Guide not reloaded: ${error.message}`);
      onChange(error);
    }
  }, SETTLE_MS);
  const watcher = watchContentFolder(settings().contentDir, (file) => queue.schedule(file));
  return { close: () => watcher.close(), lastError: () => error };
}

function describe(caught: unknown): GuideError {
  const message = caught instanceof Error ? caught.message : String(caught);
  if (!(caught instanceof GuideContentError)) return { type: "error", message, file: null, line: null };
  return { type: "error", message, file: caught.file ?? null, line: caught.line ?? null };
}
