import fs from "node:fs";
import { Worker } from "node:worker_threads";

/**
 * The size and time of many files, for the folder's listing
 * (list-content-folder.server.ts). A stat is a system call, and a folder of
 * 50,000 pages has some 96,000 files: one after another they were half a
 * second of every start, a restart's largest part. From STAT_IN_WORKER_FROM
 * files, a worker thread stats the second half while this thread stats the
 * first, on the machine's second core; below it, starting the thread costs
 * more than it saves.
 */

export type FileStat = { size: number; mtimeMs: number; isFile: boolean; isDirectory: boolean };

export const STAT_IN_WORKER_FROM = 20_000;

// CommonJS, run from this text: the thread needs no module of the build. Per file: [kind (0 gone, 1 file, 2 folder, 3 other), size, mtimeMs].
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const out = new Float64Array(workerData.length * 3);
for (let i = 0; i < workerData.length; i++) {
  let stat;
  try { stat = fs.statSync(workerData[i], { throwIfNoEntry: false }); } catch {}
  out[3 * i] = stat ? (stat.isFile() ? 1 : stat.isDirectory() ? 2 : 3) : 0;
  out[3 * i + 1] = stat ? stat.size : 0;
  out[3 * i + 2] = stat ? stat.mtimeMs : 0;
}
parentPort.postMessage(out, [out.buffer]);
`;

/** Each file's stat, in the order given; null for one gone (or unreadable) since it was listed. */
export async function statFiles(files: readonly string[], inWorkerFrom = STAT_IN_WORKER_FROM): Promise<Array<FileStat | null>> {
  if (files.length < inWorkerFrom) return files.map(statFile);
  const half = Math.ceil(files.length / 2);
  const secondHalf = statInWorker(files.slice(half));
  const first = files.slice(0, half).map(statFile);
  // A thread that could not run (a platform without them, a failure) leaves its half to this one.
  const second = await secondHalf.catch(() => files.slice(half).map(statFile));
  return [...first, ...second];
}

function statInWorker(files: string[]): Promise<Array<FileStat | null>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: files });
    worker.once("message", (out: Float64Array) => {
      resolve(files.map((_, i) => (out[3 * i] === 0 ? null : { isFile: out[3 * i] === 1, isDirectory: out[3 * i] === 2, size: out[3 * i + 1]!, mtimeMs: out[3 * i + 2]! })));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The stat thread ended (${code})`)));
  });
}

/** One file's stat, following a symbolic link; null for one gone or unreadable since its folder was read. */
export function statFile(file: string): FileStat | null {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat ? { size: stat.size, mtimeMs: stat.mtimeMs, isFile: stat.isFile(), isDirectory: stat.isDirectory() } : null;
  } catch {
    return null;
  }
}
