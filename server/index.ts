/**
 * The production server's entry, run through `npm start` / `npm run serve`,
 * which set NODE_ENV=production before anything is imported.
 *
 * It starts the guide's render worker before it loads anything else: the
 * worker needs about a second before it renders a first page fast, and the
 * server needs half a second to load Express and its bundle, so the two load
 * side by side on two cores and the guide takes the worker over
 * (app/guide/render-worker-process.server.ts). The rest of the server is
 * imported only then: a static import would be loaded before this runs.
 * Before either, Node's compile cache is turned on for both (compile-cache.ts).
 */
import { prestartRenderWorker } from "../app/guide/render-worker-process.server.ts";
import { enableCompileCache } from "./compile-cache.ts";

enableCompileCache();
prestartRenderWorker(new URL("../build/worker/render-worker.js", import.meta.url));
await import("./serve.ts");
