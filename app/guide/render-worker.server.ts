import { renderMarkdown } from "./markdown/render-markdown.server";
import { renderPage, type RenderJob, type RenderResult } from "./render-page.server";
import type { UrlTargets } from "./resolve-url.server";

/**
 * The render worker's entry (built to build/worker/ by react-router.config.ts),
 * run as a child process of the server (page-renderer.server.ts). It is
 * told the folder's link targets and code languages once, then renders the
 * pages it is sent, one message each way per page, one page at a time,
 * visitors' pages before the background's. It ends when the server ends
 * it, or when the server is gone.
 */

export type WorkerRequest =
  | { targets: UrlTargets; languages: string[] }
  /** `background`: rendered when no visitor's page is waiting. */
  | { id: number; job: RenderJob; background: boolean };
export type WorkerResponse = { id: number; result: RenderResult } | { id: number; error: string };
type PageRequest = Extract<WorkerRequest, { job: RenderJob }>;

if (!process.send) throw new Error("render-worker.server.ts runs as a child process with an IPC channel");

// What needs no knowledge of the folder warms up at once, while the server
// is still reading the folder: the parsers, the pipeline, the highlighter.
const pipelineWarm = warmUp([]);
let targets: UrlTargets | null = null;
// One page at a time, so a visitor's page never shares the CPU with the background's.
const visitors: PageRequest[] = [];
const background: PageRequest[] = [];
let busy = false;

process.on("message", (request: WorkerRequest) => {
  if ("targets" in request) {
    targets = request.targets;
    busy = true;
    void pipelineWarm.then(() => warmUp(request.languages)).finally(() => {
      busy = false;
      void renderNext();
    });
    return;
  }
  (request.background ? background : visitors).push(request);
  void renderNext();
});
process.on("disconnect", () => process.exit(0));

async function renderNext() {
  if (busy || !targets) return;
  const request = visitors.shift() ?? background.shift();
  if (!request) return;
  busy = true;
  let response: WorkerResponse;
  try {
    response = { id: request.id, result: await renderPage(request.job, targets) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  busy = false;
  // The server may have gone meanwhile; then there is no one to tell.
  if (process.connected) process.send!(response, undefined, undefined, () => {});
  void renderNext();
}

/**
 * The first page takes a second more than the next ones: the highlighter
 * starts, its grammars load and compile, the parsers' code gets optimised.
 * This happens while the server is still starting, on a document with a
 * code block in every language the folder uses, so the first visitor waits
 * for less of it.
 */
async function warmUp(languages: string[]) {
  // Plain text needs no grammar; it still starts the highlighter.
  const fences = (languages.length > 0 ? languages : ["text"]).map((language) => `\`\`\`${language}\nx\n\`\`\``).join("\n\n");
  const document = `# Warm-up\n\nSome *text* with [a link](page.md).\n\n> [!NOTE]\n> A note.\n\n<div>raw</div>\n\n${fences}\n`;
  await renderMarkdown(document, { relativePath: "warm-up.md", resolveUrl: () => null }).catch(() => {});
}
