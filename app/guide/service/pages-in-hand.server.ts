import type { Worker } from "node:worker_threads";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { WorkerRequest } from "../render/render-worker.server";

export type PageRequest = Extract<WorkerRequest, { job: RenderJob }>;

/**
 * A page sent to a render worker and not yet answered. `timer`: its time
 * limit, which runs from the worker's word that the page's turn has come.
 */
export type PageInHand = {
  request: PageRequest;
  child: Worker;
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

/**
 * The pages the render workers have in hand (worker-renderer.server.ts), in
 * the order they were asked for, which is the order they are sent in again
 * when their worker ends. While any is in hand this holds the process open:
 * a worker's channel does not (a server must be able to exit without it),
 * and a command or script that renders and then ends would stop mid-render.
 */
export function createPagesInHand() {
  const pages = new Map<number, PageInHand>();
  let awaited: NodeJS.Timeout | undefined;
  return {
    get size() {
      return pages.size;
    },
    get: (id: number) => pages.get(id),
    add(page: PageInHand) {
      awaited ??= setInterval(() => {}, 60_000);
      pages.set(page.request.id, page);
    },
    /** The page out of hand, its time limit stopped: it is answered, failed, or gone. */
    take(id: number): PageInHand | undefined {
      const page = pages.get(id);
      if (!page) return undefined;
      clearTimeout(page.timer);
      pages.delete(id);
      if (pages.size === 0 && awaited) {
        clearInterval(awaited);
        awaited = undefined;
      }
      return page;
    },
    /** What `child` has in hand, in the order it was asked for. */
    of: (child: Worker) => [...pages.values()].filter((page) => page.child === child),
    /** Pages a visitor waits for, not the background's. */
    visitors: () => [...pages.values()].filter((page) => !page.request.background).length,
  };
}
