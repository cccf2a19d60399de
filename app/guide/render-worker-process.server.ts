import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Starting the render worker process (render-worker.server.ts), and handing
 * one over from the production server's entry to the server bundle.
 *
 * The worker needs about a second before it renders its first page fast:
 * its modules load, then the highlighter's grammars. The server bundle
 * itself takes about half a second to load before the guide can start a
 * worker, so the production server starts one first (server/index.ts), and
 * the guide takes it over. The bundle has its own copy of this module, so
 * the hand-over goes through a registered symbol on the global object.
 */
const PRESTARTED = Symbol.for("themed-guide.prestarted-render-worker");

type Prestarted = { href: string; child: ChildProcess };
type WithPrestarted = typeof globalThis & { [PRESTARTED]?: Prestarted };

export function forkRenderWorker(workerFile: URL): ChildProcess {
  // "advanced" serialisation carries the targets' Maps and Sets as they are.
  const child = fork(fileURLToPath(workerFile), [], {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // The server's small young generation suits a server that keeps little; rendering makes garbage fast.
    execArgv: process.execArgv.filter((flag) => !flag.startsWith("--max-semi-space-size")),
  });
  // The worker does not keep the server alive; it exits when the server does
  // (its IPC channel closes), also if no guide ever takes it over.
  child.unref();
  child.channel?.unref();
  return child;
}

/** Starts the worker now, if it is built, for `takePrestartedWorker` to find. */
export function prestartRenderWorker(workerFile: URL): ChildProcess | null {
  if (!fs.existsSync(workerFile)) return null;
  const child = forkRenderWorker(workerFile);
  (globalThis as WithPrestarted)[PRESTARTED] = { href: workerFile.href, child };
  return child;
}

/** The worker started for this file, still running, once: a second call gets null. */
export function takePrestartedWorker(workerFile: URL): ChildProcess | null {
  const registry = globalThis as WithPrestarted;
  const prestarted = registry[PRESTARTED];
  delete registry[PRESTARTED];
  if (!prestarted) return null;
  const running = prestarted.child.exitCode === null && prestarted.child.signalCode === null && prestarted.child.connected;
  if (prestarted.href === workerFile.href && running) return prestarted.child;
  prestarted.child.kill();
  return null;
}
