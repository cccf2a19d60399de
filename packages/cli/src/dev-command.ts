import { enableCompileCache } from "../../../server/compile-cache.ts";
import { limitServerHeap } from "../../../server/heap-limit.ts";
import { prestartRenderWorker } from "../../../server/render-worker-prestart.ts";
import { RENDER_WORKER_FILE } from "./site-build.ts";
import { siteEnvironment } from "./site-settings.ts";

/**
 * `themed-guide dev`: the server on the folder while writing it. The
 * production server (no bundler, no compiler) with the folder watched: an
 * edit, a new, renamed or deleted file shows in open pages within a second,
 * without a reload; a file that breaks the folder shows its error over the
 * page, and the server goes on with the last good guide until it is fixed.
 * It listens on this machine only (127.0.0.1) unless --host says otherwise.
 */
export async function devCommand(folder: string, options: Record<string, string | boolean | undefined>): Promise<void> {
  const environment = siteEnvironment(folder, options);
  if (typeof options.host !== "string" && !process.env.HOST) environment.HOST = "127.0.0.1";
  Object.assign(process.env, environment, { NODE_ENV: "production" });
  // As `serve` does: the command starts again with its heap held to its share of the budget, few malloc arenas and
  // regular expressions compiled once for the render worker's highlighter (server/heap-limit.ts), and comes back here.
  limitServerHeap();
  enableCompileCache();
  const renderWorker = prestartRenderWorker(RENDER_WORKER_FILE);
  const { serve } = await import("../../../server/serve.ts");
  await serve({ renderWorker, liveReload: true });
}
