/**
 * The production server's entry, run through `npm start` / `npm run serve`,
 * which set NODE_ENV=production before anything is imported.
 *
 * It first starts itself again with its heap held to its share of the
 * memory budget (heap-limit.ts). Then it starts the guide's render worker
 * before it loads anything else (render-worker-prestart.ts), then the
 * server, which hands the worker to the guide. The rest of the server is imported only then: a static import would
 * be loaded before this runs. Before either, Node's compile cache is turned
 * on for both (compile-cache.ts). What it prints from the docs folder
 * shows control characters as escapes, as the command line does
 * (terminal-text.ts).
 */
import { enableCompileCache } from "./compile-cache.ts";
import { limitServerHeap } from "./heap-limit.ts";
import { prestartRenderWorker } from "./render-worker-prestart.ts";
import { escapeControlCharactersInOutput } from "./terminal-text.ts";

escapeControlCharactersInOutput();
limitServerHeap();
enableCompileCache();
const renderWorker = prestartRenderWorker(new URL("../build/worker/render-worker.js", import.meta.url));
const { serve } = await import("./serve.ts");
await serve({ renderWorker });
