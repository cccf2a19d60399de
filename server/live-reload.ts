import type express from "express";
import type { ServerSeam } from "../app/server-seam.server.ts";

/**
 * `themed-guide dev`: the content folder watched (through the seam's
 * `watchGuide`), and each outcome sent to every open page as a server-sent
 * event: the guide loaded again, or the error that keeps the last good one
 * in force (app/guide/dev/live-reload.tsx listens). A page that connects
 * while the folder is broken is told the error at once.
 */
export function liveReloadEvents(seam: ServerSeam): { handle: express.RequestHandler; close(): void } {
  const pages = new Set<express.Response>();
  const watcher = seam.watchGuide((change) => {
    for (const page of pages) send(page, eventOf(seam, change));
  });

  const handle: express.RequestHandler = (request, response) => {
    response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
    // A comment: the browser knows the stream is open.
    response.write(": listening\n\n");
    const error = watcher.lastError();
    if (error) send(response, eventOf(seam, error));
    pages.add(response);
    request.on("close", () => pages.delete(response));
  };

  return {
    handle,
    close() {
      watcher.close();
      for (const page of pages) page.end();
    },
  };
}

type GuideChange = Parameters<Parameters<ServerSeam["watchGuide"]>[0]>[0];

function eventOf({ liveReload }: ServerSeam, change: GuideChange): { event: string; data: string } {
  return change.type === "updated" ? { event: liveReload.updatedEvent, data: String(change.pages) } : { event: liveReload.errorEvent, data: change.message };
}

function send(page: express.Response, { event, data }: { event: string; data: string }) {
  // Each line of the data on a data: line of its own (an event ends at an empty line).
  page.write(`event: ${event}\n${data.split(/\r?\n/).map((line) => `data: ${line}`).join("\n")}\n\n`);
}
