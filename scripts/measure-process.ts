import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { treeRssBytes } from "./start-server.ts";

/** A command run to its end: its wall time, and the peak RSS of it and everything it started, sampled every 100 ms. */
export type Measured = { seconds: number; peakRss: number; code: number | null; output: string };

export function measure(command: string, args: string[], cwd = process.cwd(), env: Record<string, string> = {}): Promise<Measured> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssBytes(child.pid!) ?? 0)), 100);
    child.once("exit", (code) => {
      clearInterval(sampler);
      resolve({ seconds: (performance.now() - started) / 1000, peakRss, code, output });
    });
  });
}

export function report(name: string, { seconds, peakRss, code, output }: Measured, outDir: string) {
  if (code !== 0) {
    console.log(`${name}: failed (exit ${code}) after ${seconds.toFixed(1)} s, peak RSS ${(peakRss / MB).toFixed(0)} MB:\n${output.trim().split("\n").slice(-15).join("\n")}`);
    return;
  }
  const bytes = Number(execFileSync("du", ["-sb", outDir], { encoding: "utf8" }).split("\t")[0]);
  const files = countFiles(outDir, () => true);
  console.log(`${name}: ${seconds.toFixed(1)} s, peak RSS ${(peakRss / MB).toFixed(0)} MB, wrote ${(bytes / MB).toFixed(1)} MB in ${files} files`);
}


const MB = 1000 * 1000;

function countFiles(dir: string, include: (name: string) => boolean): number {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && include(entry.name)).length;
}
