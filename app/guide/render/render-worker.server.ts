import v8 from "node:v8";
import { parentPort } from "node:worker_threads";
import { sampleDocument, type CodeSample } from "./code-samples.server";
import { renderMarkdown } from "./markdown/render-markdown.server";
import { renderPage, type RenderJob, type RenderResult } from "./render-page.server";
import { createWorkQueue } from "./work-queue.server";
import { unpackTargets, type PackedTargets } from "./packed-targets.server";
import type { UrlLookups } from "./resolve-url.server";

/**
 * The render worker's entry (built to build/worker/ by react-router.config.ts),
 * run as a thread of the server or of an export (server/render-worker-thread.ts,
 * service/worker-renderer.server.ts). It is
 * told the folder's link targets and a code sample of each of its languages
 * once, then renders the pages it is sent, one message each way per page,
 * one page at a time, visitors' pages before anything else
 * (work-queue.server.ts). It ends when the server ends it, or with the
 * process.
 */

export type WorkerRequest =
  | { targets: PackedTargets; samples: CodeSample[] }
  /** `background`: rendered when no visitor's page is waiting. */
  | { id: number; job: RenderJob; background: boolean };
/** `started`: the page's turn has come (the server's time limit counts from here, service/render-worker-client.server.ts). */
/** `heapBytes`: the worker's heap after the page, so the server can end a worker that has grown past its share (server/memory-budget.ts). */
export type WorkerResponse = { id: number; started: true } | { id: number; result: RenderResult; heapBytes: number } | { id: number; error: string; heapBytes: number };
type PageRequest = Extract<WorkerRequest, { job: RenderJob }>;

if (!parentPort) throw new Error("render-worker.server.ts runs as a worker thread");
const server = parentPort;

/**
 * The first page took a second more than the next ones: the highlighter
 * starts, its grammars load and compile their rules as code enters them, the
 * parsers' code gets optimised. This happens while the server is still
 * starting, on a document of every construct and then on one real code
 * block of each language the folder uses (code-samples.server.ts), so the
 * first visitor waits for less of it.
 */
const WARM_UP_DOCUMENT = `# Warm-up\n\nSome *text* with [a link](page.md).\n\n> [!NOTE]\n> A note.\n\n<div>raw</div>\n\n\`\`\`text\nx\n\`\`\`\n`;

const queue = createWorkQueue();
// What needs no knowledge of the folder warms up at once, while the server
// is still reading the folder: the parsers, the pipeline, the highlighter.
queue.add("warm-up", () => warmUp(WARM_UP_DOCUMENT));

let targets: UrlLookups | null = null;
// Pages asked for before the targets came (the server sends them first, so none should be).
const early: PageRequest[] = [];

server.on("message", (request: WorkerRequest) => {
  if ("targets" in request) {
    targets = unpackTargets(request.targets);
    // One step per language, so a visitor's page waits for one at most.
    for (const sample of request.samples) queue.add("warm-up", () => warmUp(sampleDocument(sample)));
    for (const page of early.splice(0)) schedule(page);
    return;
  }
  if (targets) schedule(request);
  else early.push(request);
});

function schedule(request: PageRequest) {
  queue.add(request.background ? "background" : "visitor", async () => {
    server.postMessage({ id: request.id, started: true } satisfies WorkerResponse);
    let response: WorkerResponse;
    try {
      response = { id: request.id, result: await renderPage(request.job, targets!), heapBytes: heapBytes() };
    } catch (error) {
      response = { id: request.id, error: error instanceof Error ? error.message : String(error), heapBytes: heapBytes() };
    }
    server.postMessage(response);
  });
}

async function warmUp(document: string) {
  await renderMarkdown(document, { relativePath: "warm-up.md", resolveUrl: () => null }).catch(() => {});
}

/** What this thread's heap holds from the system: V8's pages and the memory its objects hold outside them. */
function heapBytes(): number {
  const { total_heap_size, external_memory } = v8.getHeapStatistics();
  return total_heap_size + external_memory;
}
