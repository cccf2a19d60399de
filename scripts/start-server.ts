/**
 * Starts the production server (the existing build) on a free loopback port,
 * for benchmarks and for tests that need a server of their own.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type RunningServer = {
  url: string;
  process: ChildProcess;
  /** What the server printed, for a test to look at. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

const serverEntry = fileURLToPath(new URL("../server/index.ts", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * Spawns the production server on `port` and returns at once, without
 * waiting for it to listen (for a benchmark that times its start).
 */
export function spawnServer(port: number, env: Record<string, string> = {}) {
  // The flags of `npm run serve` (package.json) and the Dockerfile's CMD.
  const child = spawn(process.execPath, ["--max-semi-space-size=8", "--enable-source-maps", serverEntry], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  } satisfies RunningServer;
}

/** Starts the server and waits until it answers /healthz; on `env.PORT` if given, else a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = spawnServer(env.PORT ? Number(env.PORT) : await freePort(), env);
  const child = server.process;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The server did not answer /healthz within 30 s:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}

/**
 * Runs a Node script that listens on a free loopback port and prints its URL
 * as its first line (the benchmarks' ceiling and baseline servers).
 */
export async function startUrlPrintingServer(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const exited = once(child, "exit");
  const firstLine = await Promise.race([once(child.stdout!, "data"), exited.then(() => null)]);
  if (!firstLine) throw new Error(`${script} exited at start:\n${errors}`);
  return {
    url: String(firstLine[0]).trim(),
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** RSS of a process and all its descendants. */
export function treeRssBytes(pid: number): number | null {
  const own = rssBytes(pid);
  if (own === null) return null;
  return childPids(pid).reduce((sum, child) => sum + (treeRssBytes(child) ?? 0), own);
}

/** Each process of the tree, named by its script's file name (the server, its render worker a thread of it; the brotli compressor), with its RSS. */
export function treeRssParts(pid: number): { name: string; rss: number }[] {
  const rss = rssBytes(pid);
  if (rss === null) return [];
  let name = String(pid);
  try {
    const script = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").find((arg) => /\.[jt]s$/.test(arg));
    if (script) name = path.basename(script);
  } catch {}
  return [{ name, rss }, ...childPids(pid).flatMap((child) => treeRssParts(child))];
}

export function childPids(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A process's CPU time so far, user and system, in seconds (Linux): the
 * server's own cost, which a load generator sharing its cores cannot limit.
 */
export function cpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

export function rssBytes(pid: number): number | null {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
  } catch {
    return null;
  }
}

/**
 * Waits for the server's "pages rendered" line and for its render worker to
 * end; says what the line said, or that it did not come in time.
 */
export async function backgroundRenderingDone(server: { output(): string }, pid: number, timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let line: string | undefined;
  while (Date.now() < deadline) {
    line ??= /Guide: .* pages? ready in [\d.]+ s/.exec(server.output())?.[0];
    if (line && childPids(pid).length === 0) return line.replace(/^Guide: /, "");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const waited = `${Math.round(timeoutMs / 1000)} s`;
  return line ? `${line}, but the worker had not ended after ${waited}` : `not reported within ${waited}`;
}
