import { enableCompileCache } from "../../../server/compile-cache.ts";
import { limitServerHeap } from "../../../server/heap-limit.ts";
import { prestartRenderWorker } from "../../../server/render-worker-prestart.ts";
import { RENDER_WORKER_FILE } from "./site-build.ts";
import { siteEnvironment } from "./site-settings.ts";

/**
 * `themed-guide serve`: the production server on the folder, exactly as the
 * repository's `npm run serve` runs it (server/index.ts), with the options
 * put into the environment it reads its settings from.
 */
export async function serveCommand(folder: string, options: Record<string, string | boolean | undefined>): Promise<void> {
  Object.assign(process.env, siteEnvironment(folder, options), { NODE_ENV: "production" });
  // The command starts again with its heap held to its share of the budget, and comes back here (heap-limit.ts).
  limitServerHeap();
  enableCompileCache();
  const renderWorker = prestartRenderWorker(RENDER_WORKER_FILE);
  const { serve } = await import("../../../server/serve.ts");
  await serve({ renderWorker });
}
