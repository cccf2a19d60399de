import { PageRenderError } from "./page-renderer.server";

/**
 * What a render worker's death means for the pages it had in hand
 * (worker-renderer.server.ts). The pages it had not begun go to a new
 * worker, whatever it died of. The page it was on:
 * - it died of that page (V8 aborts once its heap is full: 20,000 nested
 *   quotes, a table of 5,000 columns; a native stack overflow faults): the
 *   page fails as one the renderer throws on, to be shown as plain text;
 * - the system killed it (SIGKILL: Linux's out-of-memory killer, when the
 *   machine runs short): nothing says the page was to blame, so it is tried
 *   once more on the new worker, and fails only if a worker dies on it again.
 * Any other end (SIGTERM, SIGINT: the server stopping) is no death: the
 * pages in hand fail with it.
 */

const CRASHES = new Set<NodeJS.Signals>(["SIGABRT", "SIGSEGV", "SIGBUS", "SIGILL"]);
const KILLED: NodeJS.Signals = "SIGKILL";

/** Whether a worker that ended by `signal` died, rather than was stopped with the server. */
export function isDeath(signal: NodeJS.Signals): boolean {
  return CRASHES.has(signal) || signal === KILLED;
}

/** The failure of the page a worker died on, or null to try it once more; `diedOnItBefore`: a worker died on it already. */
export function failureOfPageOnIt(signal: NodeJS.Signals, diedOnItBefore: boolean): PageRenderError | null {
  if (signal === KILLED && !diedOnItBefore) return null;
  const twice = signal === KILLED ? ", twice on this page: it may need more memory than the machine has" : "";
  return new PageRenderError(`the renderer ran out of memory or failed on it (${signal}${twice})`);
}
