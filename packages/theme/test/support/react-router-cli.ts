import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const devPackage = require.resolve("@react-router/dev/package.json");
const cli = path.join(path.dirname(devPackage), (require(devPackage) as { bin: Record<string, string> }).bin["react-router"]!);

export type BuildMode = "production" | "development";

/**
 * Runs React Router's CLI (`react-router <args>`) in an app's folder, with
 * the repository's Node, and rejects with its output if it fails.
 */
export function reactRouter(appDir: string, args: string[], mode: BuildMode = "production"): Promise<void> {
  return run(process.execPath, [cli, ...args], appDir, mode);
}

/**
 * Builds an app. "development" bundles React's development build for the
 * browser (Vite takes it from NODE_ENV, not from --mode): the only build in
 * which React compares every attribute while hydrating and warns about a
 * difference.
 */
export function buildApp(appDir: string, mode: BuildMode = "production"): Promise<void> {
  return reactRouter(appDir, ["build"], mode);
}

export function run(command: string, args: string[], cwd: string, mode: BuildMode = "production"): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NODE_ENV: mode } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${path.basename(command)} ${args.join(" ")}\` failed in ${cwd}:\n${output}`));
    });
  });
}
