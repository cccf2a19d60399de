import type { PageRenderer } from "./render-worker-client.server";

/**
 * Several renderers as one: each page goes to the one with the fewest pages
 * in hand. A static export renders every page as fast as it can and then
 * ends, so it has one render worker per core; the server keeps one, as its
 * memory is what it budgets.
 */
export function renderWorkerPool(renderers: readonly PageRenderer[]): PageRenderer {
  const inHand = renderers.map(() => 0);
  return {
    where: renderers[0]!.where,
    version: renderers[0]!.version,
    prepare(targets, samples) {
      for (const renderer of renderers) renderer.prepare(targets, samples);
    },
    async render(job, background) {
      const index = inHand.indexOf(Math.min(...inHand));
      inHand[index]! += 1;
      try {
        return await renderers[index]!.render(job, background);
      } finally {
        inHand[index]! -= 1;
      }
    },
    async release(options) {
      await Promise.all(renderers.map((renderer) => renderer.release(options)));
    },
    workerRunning: () => renderers.some((renderer) => renderer.workerRunning?.() ?? false),
  };
}
