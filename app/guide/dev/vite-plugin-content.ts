import path from "node:path";
import { isRunnableDevEnvironment, type ErrorPayload, type Plugin, type ViteDevServer, type WebSocketClient } from "vite";
import { CONTENT_UPDATED_EVENT, LISTENING_EVENT } from "./live-reload-event.ts";
import { readSettings } from "../../settings.server.ts";
import { pageCount } from "../page-count.ts";
import { createReloadQueue } from "./reload-queue.ts";
import { warningsStanding } from "../service/standing-warnings.ts";
import { watchBesideContentFolder } from "./watch-folder.ts";

/**
 * Development only: the content folder is watched, with the project files
 * beside it (mkdocs.yml, book.toml), and a change to them (a file added,
 * edited, renamed or removed) loads the guide again in the
 * running server and tells open pages to fetch their data again
 * (live-reload.ts); a page without that listener is reloaded. A folder that no longer loads shows its error in Vite's
 * overlay, and the server goes on with the last guide that did; fixing it
 * clears the overlay. Production never reloads (service/guide-service.server.ts).
 */

const CONTENT_MODULE = "app/guide/service/guide-service.server.ts";
/** How long the watcher's reports must pause before the guide loads again (reload-queue.ts). */
const SETTLE_MS = 60;

type ContentModule = typeof import("../service/guide-service.server");

export function contentLiveReload(): Plugin {
  return {
    name: "guide-content-live-reload",
    apply: "serve",
    configureServer(server) {
      // The folder the guide loads, from the same settings (a bad setting is the guide's to report, on the first page).
      let contentDir: string;
      try {
        contentDir = readSettings().contentDir;
      } catch {
        return;
      }
      const reloader = createReloader(server, path.join(server.config.root, CONTENT_MODULE));
      server.watcher.add(contentDir);
      server.watcher.on("all", (_event, file) => {
        if (file === contentDir || file.startsWith(contentDir + path.sep)) reloader.schedule(file);
      });
      const projectWatcher = watchBesideContentFolder(
        contentDir,
        (file) => reloader.schedule(file),
        () => {
          // The folder made again: Vite's watch of the old one reports nothing of it.
          server.watcher.unwatch(contentDir);
          server.watcher.add(contentDir);
          reloader.schedule(contentDir);
        },
      );
      server.httpServer?.once("close", () => projectWatcher.close());
      // A page opened while the folder is broken is shown the error too.
      server.ws.on("connection", () => reloader.showError());
      server.ws.on(LISTENING_EVENT, (_data: unknown, client: WebSocketClient) => reloader.listening.add(client));
    },
  };
}

function createReloader(server: ViteDevServer, moduleFile: string) {
  let error: ErrorPayload["err"] | null = null;
  const listening = new WeakSet<WebSocketClient>();

  async function importContentModule(): Promise<ContentModule> {
    const environment = server.environments.ssr;
    if (!isRunnableDevEnvironment(environment)) throw new Error("The server environment cannot run modules");
    try {
      return await environment.runner.import<ContentModule>(moduleFile);
    } catch {
      // The module failed when it was first run (the folder was broken at
      // start), and the runner keeps that failure for it and the routes that
      // import it: run them all afresh.
      environment.runner.evaluatedModules.clear();
      return await environment.runner.import<ContentModule>(moduleFile);
    }
  }

  async function reload() {
    try {
      const started = performance.now();
      const { reloadGuide } = await importContentModule();
      const { guide, warningsAsBefore } = await reloadGuide();
      error = null;
      server.config.logger.info(`guide reloaded: ${pageCount(guide.pages.length)} in ${Math.round(performance.now() - started)} ms${warningsStanding(warningsAsBefore)}`, { timestamp: true });
      for (const client of server.ws.clients) {
        // A page that does not listen (Vite's error page, shown when the folder was broken at start) is loaded anew.
        client.send(listening.has(client) ? { type: "custom", event: CONTENT_UPDATED_EVENT } : { type: "full-reload", path: "*" });
      }
    } catch (caught) {
      const next = toOverlayError(caught);
      // Said once, as watch-guide.server.ts does: the open pages already show it.
      if (error?.message === next.message) return;
      error = next;
      server.config.logger.error(`guide not reloaded: ${error.message}`, { timestamp: true });
      server.ws.send({ type: "error", err: error });
    }
  }

  return {
    schedule: createReloadQueue(reload, SETTLE_MS).schedule,
    listening,
    showError() {
      if (error) server.ws.send({ type: "error", err: error });
    },
  };
}

function toOverlayError(caught: unknown): ErrorPayload["err"] {
  const error = caught instanceof Error ? caught : new Error(String(caught));
  const { file, line, column } = error as { file?: string; line?: number; column?: number };
  return {
    message: error.message,
    // The content's error is about a file, not about this code: no stack to read.
    stack: "",
    plugin: "guide-content-live-reload",
    ...(file ? { id: file, loc: { file, line: line ?? 1, column: column ?? 1 } } : {}),
  };
}
