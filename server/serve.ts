/**
 * The production server: static files, compression, security headers and
 * React Router's request handler, with a graceful stop on SIGTERM. It keeps
 * no state between requests, so any number of replicas can run side by side.
 *
 * Started by server/index.ts, once the guide's render worker is starting.
 * It reaches the app only through the build's server seam
 * (app/server-seam.server.ts): settings, the guide's start, the nonce, the theme.
 */
import { createRequestHandler as createFetchHandler } from "react-router";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { Worker } from "node:worker_threads";
import http from "node:http";
import module from "node:module";
import zlib from "node:zlib";
import type { ServerBuild } from "react-router";
import sirv from "sirv";
import type { ServerSeam } from "../app/server-seam.server.ts";
import { collectEarlyOnceListening } from "./heap-limit.ts";
import { memoryShares } from "./memory-budget.ts";
import { listeningUrl } from "./listening-url.ts";
import { liveReloadEvents } from "./live-reload.ts";
import { answerDevelopmentHostsOnly } from "./development-hosts.ts";
import { answerError, limitRequestBody, permissionsPolicy, rejectBadForwardedProto, rejectBadHost, rejectMalformedPath, strictTransportSecurity } from "./request-guards.ts";
import { allowRouteMethods } from "./route-methods.ts";
import { createPageCache } from "./page-cache.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { startHeapFile, watchStartHeap } from "./start-heap.ts";

const clientDir = new URL("../build/client/", import.meta.url).pathname;
const serverBuildUrl = new URL("../build/server/index.js", import.meta.url).href;

/**
 * `liveReload` (`themed-guide dev`): the folder is watched and open pages
 * reload their data on each change (live-reload.ts); pages are then rendered
 * per request, never kept.
 */
export async function serve({ renderWorker, liveReload = false }: { renderWorker: Worker | null; liveReload?: boolean }) {
  // What the start reaches, for the next start's heap (start-heap.ts); `dev` reloads instead.
  const startHeap = watchStartHeap(liveReload ? null : startHeapFile(process.env));
  const build = await loadBuild();
  const seam = (build.entry.module as unknown as { serverSeam: ServerSeam }).serverSeam;
  const { port, host, trustProxy, memoryBudgetMB } = await startApp(seam, renderWorker, liveReload);
  const liveReloads = liveReload ? liveReloadEvents(seam) : null;

  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy that terminates TLS, X-Forwarded-Proto and -Host count only
  // when TRUST_PROXY says whom to trust (e.g. "1" for one hop, or "loopback").
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  // Pages are kept in memory once rendered (page-cache.ts). A page already
  // kept is answered here, first, with the headers the layers below set on it
  // the first time: they would only set the same again.
  // At its share of the budget, less while a render worker runs beside the server (server/memory-budget.ts).
  const { responseCacheBytes } = memoryShares(memoryBudgetMB);
  const pageCache = liveReload ? null : createPageCache(createFetchHandler(build, "production"), build.assets.version, seam, () => responseCacheBytes * seam.cacheShare());
  if (pageCache) app.use(pageCache.serveKept);
  app.use(
    helmet({
      // The page's policy carries a per-request nonce; entry.server.tsx sets it.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      // Only over HTTPS: see strictTransportSecurity() below.
      strictTransportSecurity: false,
    }),
  );
  app.use(permissionsPolicy);
  app.use(strictTransportSecurity);
  // A kept page names no host, so the ones answered above need not.
  app.use(rejectBadHost);
  app.use(rejectBadForwardedProto);
  // Against DNS rebinding: the folder is not published yet (development-hosts.ts).
  if (liveReload) app.use(answerDevelopmentHostsOnly(host));
  app.use(limitRequestBody);
  app.use(rejectMalformedPath);
  // After the path is known to decode: React Router's matching warns in the log of one that does not.
  app.use(allowRouteMethods(build));

  // Hashed file names: a file never changes under its name.
  app.use("/assets", sirv(`${clientDir}assets`, { immutable: true, maxAge: 31_536_000, gzip: true, brotli: true }));
  app.use("/assets", (_request, response) => {
    response.status(404).type("text/plain").send("Not found");
  });
  app.use(sirv(clientDir, { maxAge: 3600, etag: true }));
  // Before compression, which would hold the events back.
  if (liveReloads) app.get(seam.liveReload.path, liveReloads.handle);

  // For the answers made per request (form posts, URLs with a query, and
  // what the page cache passes on: 404s, /llms.txt, sitemaps): brotli at
  // quality 4 with an 18-bit window costs a fraction of Node's default
  // (quality 11) and allocates far less per response. A page the cache
  // sends is compressed already, and passes through as it is.
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  // A page asked for the first time is rendered and kept here; form posts and
  // URLs with a query go through React Router's handler every time.
  if (pageCache) app.use(pageCache.renderAndKeep);

  // `use`, not a route pattern: the path reaches React Router as sent, and
  // React Router decides what a malformed one means.
  app.use(reactRouterHandler(build, () => seam.requestContext(seam.createNonce())));
  app.use(answerError);

  const server = http.createServer(app);
  // Node hands CONNECT to this event, not to the app; without a listener the
  // socket is dropped with no answer at all.
  server.on("connect", (_request, socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  collectEarlyOnceListening(server);
  startHeap.noteOnceListening(server);
  // A port in use, an address this machine does not have: one line and exit status 1, not an unhandled 'error' event.
  const cannotListen = (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? "the port is in use" : error.message;
    console.error(`Cannot listen on ${host ?? "every address"}, port ${port}: ${reason}`);
    process.exit(1);
  };
  server.once("error", cannotListen);
  server.listen({ port, host }, () => {
    server.off("error", cannotListen);
    console.log(`Listening on ${listeningUrl(server.address(), host)}`);
    // Every module is loaded by now: write their compiled code out for the
    // next start (compile-cache.ts) instead of only at a clean exit.
    module.flushCompileCache();
  });

  let stopping = false;
  function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    // Open pages' event streams never finish on their own.
    liveReloads?.close();
    server.close(() => process.exit(0));
    // A kept-alive connection that finishes its request must not hold the stop up.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      console.error("Requests still running after 10 s; stopping anyway");
      process.exit(1);
    }, 10_000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function loadBuild(): Promise<ServerBuild> {
  try {
    return (await import(serverBuildUrl)) as ServerBuild;
  } catch (error) {
    const cause = error as NodeJS.ErrnoException;
    if (cause.code === "ERR_MODULE_NOT_FOUND" && cause.message.includes("build/server")) {
      console.error("No production build found. Run `npm run build` first (or `npm start`, which builds).");
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

/** The settings, validated, and the guide loaded: a folder or a setting at fault ends the start with its one line. */
async function startApp(seam: ServerSeam, renderWorker: Worker | null, liveReload: boolean) {
  try {
    const settings = seam.settings();
    await seam.startGuide({ renderWorker, liveReload });
    return settings;
  } catch (error) {
    console.error(seam.describeStartError(error) ?? error);
    process.exit(1);
  }
}
