/**
 * Brotli for kept pages (stitched-brotli.ts), compressed in a child process.
 *
 * Quality 11 takes tens of milliseconds a page and megabytes of the C
 * library's memory while it runs. Done in the server, even one page at a
 * time, compressing a 200-page folder in both themes left the server's
 * resident memory 25 to 75 MB larger for good: the C library keeps what it
 * freed in the arenas of the threads that used it. A process that ends
 * gives all of it back. So pages go to a child process, one at a time (a
 * core stays free for requests), and the child ends once it has been idle
 * for a second, to start again when the next page is kept. Until its turn
 * a page waits as the gzip the server keeps anyway, not as its text.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CompressRequest, CompressResponse } from "./brotli-compressor-process.ts";
import { exactCopy, standInText } from "./nonce-stand-in.ts";
import type { StitchedBrotli } from "./stitched-brotli.ts";
import { stitchGzip, type StitchedGzip } from "./stitched-gzip.ts";

// Beside this file: TypeScript in the repository, JavaScript in the
// command-line package's bundle (packages/cli/scripts/bundle.ts).
const PROCESS_FILE = new URL(`./brotli-compressor-process.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);
const IDLE_MS = 1_000;

export type BrotliCompressor = {
  /**
   * The page, kept as `gzip` with `partCount` parts around its nonces, in
   * brotli; null if it could not be compressed safely or the child failed
   * (gzip serves then), or if `stillWanted` says no when its turn comes
   * (the page was let go while it waited).
   */
  compress(gzip: StitchedGzip, partCount: number, stillWanted?: () => boolean): Promise<StitchedBrotli | null>;
  /** Whether the child process is running: it ends once idle. */
  readonly running: boolean;
};

export function createBrotliCompressor(processFile: URL = PROCESS_FILE): BrotliCompressor {
  let child: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let pending = 0;
  let queue: Promise<unknown> = Promise.resolve();

  function start(): ChildProcess {
    const started = fork(fileURLToPath(processFile), [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      execArgv: [],
    });
    // It never keeps the server alive, and ends when the server does (its channel closes).
    started.unref();
    started.channel?.unref();
    started.on("exit", () => {
      if (child === started) child = null;
    });
    return started;
  }

  function compressNow(gzip: StitchedGzip, partCount: number): Promise<StitchedBrotli | null> {
    clearTimeout(idleTimer);
    const standIn = standInText(gzip.nonceLength);
    if (standIn === null) return Promise.resolve(null);
    const request: CompressRequest = { gzipWithStandIn: Buffer.concat(stitchGzip(gzip, standIn)), partCount, nonceLength: gzip.nonceLength };
    // A child that has closed its channel is ending, even before its 'exit'.
    if (child && !child.connected) {
      child.kill();
      child = null;
    }
    const current = (child ??= start());
    return new Promise((resolve) => {
      const finish = (result: StitchedBrotli | null) => {
        current.off("message", onMessage);
        current.off("exit", onExit);
        resolve(result);
      };
      const onMessage = (response: CompressResponse) => {
        if ("error" in response) console.error(`A page could not be compressed with brotli; it is served gzipped.\n${response.error}`);
        const brotli = "brotli" in response ? response.brotli : null;
        // A message's buffers are views of the whole message: keep only their own bytes (one copy).
        const ownBytes = (segment: Uint8Array) => exactCopy(Buffer.from(segment.buffer, segment.byteOffset, segment.byteLength));
        finish(brotli && { ...brotli, segments: brotli.segments.map(ownBytes) });
      };
      const onExit = () => finish(null);
      current.on("message", onMessage);
      current.on("exit", onExit);
      // A send that fails (the child has just ended) reports to its callback,
      // not as an 'error' event the server would die of; the page stays gzipped.
      current.send(request, (error) => {
        if (error) finish(null);
      });
    });
  }

  function endWhenIdle() {
    if (pending > 0) return;
    idleTimer = setTimeout(() => {
      const ending = child;
      child = null;
      ending?.kill();
    }, IDLE_MS).unref();
  }

  return {
    compress(gzip, partCount, stillWanted = () => true) {
      pending++;
      const result = queue.then(() => (stillWanted() ? compressNow(gzip, partCount) : null));
      queue = result.finally(() => {
        pending--;
        endWhenIdle();
      });
      return result;
    },
    get running() {
      return child !== null;
    },
  };
}
