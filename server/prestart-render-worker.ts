/**
 * The first thing the production server does, before it loads Express or its
 * bundle: start the guide's render worker, so that it boots on the second
 * core while the server loads, and is ready sooner for the first page. The
 * guide takes it over (app/guide/render-worker-process.server.ts).
 */
import { prestartRenderWorker } from "../app/guide/render-worker-process.server.ts";

prestartRenderWorker(new URL("../build/worker/render-worker.js", import.meta.url));
