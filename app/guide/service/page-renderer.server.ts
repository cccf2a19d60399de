import type { CodeSample } from "../render/code-samples.server";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { UrlTargets } from "../render/resolve-url.server";

/** Where the guide's pages are rendered, and the time a page may take (render-worker-client.server.ts makes one). */

export type PageRenderer = {
  readonly where: "worker" | "this process";
  /**
   * The renderer's code and its dependencies' versions (renderer-version.server.ts),
   * for the keys of rendered pages kept on disk; null when rendering from
   * source (development, tests), whose code changes without a version.
   */
  readonly version: string | null;
  /** The folder's link targets and a code block of each of its languages, before the first page. */
  prepare(targets: UrlTargets, samples: CodeSample[]): void;
  /** `background`: a page no one is waiting for, rendered after any that someone is. */
  render(job: RenderJob, background?: boolean): Promise<RenderResult>;
  /**
   * Every page is rendered: a worker ends once it has been idle a moment,
   * and starts again if a page is asked for later. `now`: none is expected
   * to need rendering (a start on unchanged files takes its pages from the
   * cache folder; an export has asked for its last page), so an idle worker
   * ends at once, and the promise resolves once its thread has exited.
   */
  release(options?: { now?: boolean }): Promise<void>;
  /** Whether a render worker is running now (or ending): what the caches in memory leave room for (server/memory-budget.ts). Absent: never. */
  workerRunning?(): boolean;
};

const MB = 1024 * 1024;

/**
 * How long one page may keep the worker busy: 5 s, and 15 s more per MB of
 * Markdown. The largest page a folder may hold (2 MB, load/list-content-folder.server.ts)
 * took 10.5 s when it was ordinary prose and code; one paragraph of a megabyte
 * or so full of code spans took minutes (the Markdown parser's work on a
 * paragraph grows faster than the paragraph), and every page asked for
 * meanwhile waited behind it. Past the limit the worker is ended, the page
 * fails with `RenderTimeLimitError`, and the pages that were waiting go to a
 * new worker.
 */
export function renderTimeLimitMs(markdownLength: number): number {
  return 5_000 + Math.round((15_000 * markdownLength) / MB);
}

export class RenderTimeLimitError extends Error {
  override name = "RenderTimeLimitError";
}

/**
 * Pages visitors wait for, at most, in the renderer's hands: past this, a
 * visitor's page not yet rendered is refused (RendererBusyError: 503 and
 * Retry-After) rather than queued. During a first start a crawler asking for
 * 2,000 pages at once made the server hold each page's Markdown twice, in
 * the server and in the worker's queue: the 5,000-page folder's first start
 * peaked at 561 MB against its 488 (BENCHMARKS.md). Pages rendered already,
 * and those the background renders, are not counted.
 */
export const MAX_WAITING_VISITOR_PAGES = 64;

export class RendererBusyError extends Error {
  override name = "RendererBusyError";
}

/**
 * The renderer threw on the page's Markdown (a nesting too deep for it,
 * say): the file's shape, which the same Markdown meets again, unlike a
 * worker that stopped.
 */
export class PageRenderError extends Error {
  override name = "PageRenderError";
}

