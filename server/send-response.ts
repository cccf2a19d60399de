import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type express from "express";

/**
 * A web Response sent through Express, its body streamed as it comes: the
 * page cache's answers that are not pages to keep (page-cache.ts). Gathered
 * first, /llms-full.txt (every page's Markdown, 411 MB at 50,000 pages)
 * held the server at 1.4 GB and sent its first byte after 37 s.
 */
export async function sendResponse(request: express.Request, response: express.Response, answer: Response) {
  response.status(answer.status);
  for (const [name, value] of answer.headers) response.append(name, value);
  if (request.method === "HEAD" || !answer.body) {
    await answer.body?.cancel();
    response.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>), response);
  } catch (error) {
    // The headers are gone: a body that fails midway ends the answer short, which the client sees.
    response.destroy();
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") console.error(`${request.path}: the answer stopped midway: ${(error as Error).message}`);
  }
}
