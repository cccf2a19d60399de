import type { ChildProcess } from "node:child_process";

/** How V8 begins the report it writes when a process's heap is full, before it aborts. */
const HEAP_FULL_REPORT = "<--- Last few GCs --->";

/**
 * A render worker's error output, passed on to the server's own, but for
 * the report V8 writes when the worker's heap is full (its last
 * collections, then a native stack: some thirty lines a time, which a
 * hostile page could have written on every request). The server says in
 * one line which page it was (app/guide/service/worker-renderer.server.ts).
 * The worker is forked with its error output piped for this.
 */
export function passOnWorkerErrors(child: ChildProcess): void {
  const errors = child.stderr;
  if (!errors) return;
  let heapFull = false;
  errors.setEncoding("utf8");
  errors.on("data", (text: string) => {
    if (heapFull) return;
    const report = text.indexOf(HEAP_FULL_REPORT);
    if (report !== -1) heapFull = true;
    const passed = report === -1 ? text : text.slice(0, report).trimEnd();
    if (passed !== "") process.stderr.write(report === -1 ? passed : `${passed}\n`);
  });
  // As the worker itself (unref'd where it is forked): its output does not keep the server running.
  (errors as { unref?: () => void }).unref?.();
}
