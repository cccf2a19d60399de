import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const ENTRY = new URL("./compile-cache.ts", import.meta.url).href;
const temporary: string[] = [];
afterEach(() => temporary.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Runs `code` as a module in a fresh Node, with `env` instead of the cache settings of this one. */
function runNode(code: string, env: Record<string, string>): string {
  const { NODE_COMPILE_CACHE: _ignored, ...inherited } = process.env;
  return execFileSync(process.execPath, ["--input-type=module", "-e", code], { env: { ...inherited, ...env }, encoding: "utf8" }).trim();
}

/** In a fresh Node: enable the cache, fork a child, and report both processes' cache directories. */
function forkAndReport(env: Record<string, string>): { directory: string | null; cacheDir: string | null; childCacheDir: string | null } {
  const scripts = fs.mkdtempSync(path.join(os.tmpdir(), "compile-cache-scripts-"));
  temporary.push(scripts);
  const child = path.join(scripts, "child.mjs");
  fs.writeFileSync(child, "import m from 'node:module'; process.send(m.getCompileCacheDir() ?? null, () => process.disconnect());");
  const code = `
    import { fork } from "node:child_process";
    import module from "node:module";
    import { enableCompileCache } from ${JSON.stringify(ENTRY)};
    const directory = enableCompileCache();
    const cacheDir = module.getCompileCacheDir() ?? null;
    fork(${JSON.stringify(child)}, [], { execArgv: [] }).on("message", (childCacheDir) => console.log(JSON.stringify({ directory, cacheDir, childCacheDir })));
  `;
  return JSON.parse(runNode(code, env));
}

it("caches compiled code in the temporary folder for the server and the processes it forks", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compile-cache-"));
  temporary.push(tmp);
  const { directory, cacheDir, childCacheDir } = forkAndReport({ TMPDIR: tmp });
  expect(directory).toBe(cacheDir);
  // Node keeps each version's cache in a folder of its own inside.
  expect(path.dirname(cacheDir!)).toBe(path.join(tmp, "node-compile-cache"));
  expect(childCacheDir).toBe(cacheDir);
  expect(fs.readdirSync(cacheDir!).length).toBeGreaterThan(0);
});

it("uses the directory NODE_COMPILE_CACHE names", () => {
  const chosen = fs.mkdtempSync(path.join(os.tmpdir(), "compile-cache-chosen-"));
  temporary.push(chosen);
  const { directory, cacheDir, childCacheDir } = forkAndReport({ NODE_COMPILE_CACHE: chosen });
  expect(directory).toBe(cacheDir);
  expect(path.dirname(cacheDir!)).toBe(chosen);
  expect(childCacheDir).toBe(cacheDir);
});
