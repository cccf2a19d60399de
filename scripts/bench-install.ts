/**
 * The command-line package as a docs author gets it: packed, then installed
 * into an empty folder with an empty npm cache (every dependency downloaded
 * from the registry, as on a first install), three times. Prints the
 * tarball's size, each install's wall time, and the installed size.
 * Needs a build (`npm run build`); the package is bundled here.
 *
 * Usage: npm run bench:install
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = 3;
const packageDir = fileURLToPath(new URL("../packages/cli/", import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-install-"));

execFileSync("node", ["scripts/bundle.ts"], { cwd: packageDir, stdio: "inherit" });
const packed = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], { cwd: packageDir, encoding: "utf8" });
const tarball = path.join(work, packed.trim().split("\n").at(-1)!);
console.log(`tarball: ${(fs.statSync(tarball).size / 1024 / 1024).toFixed(1)} MB`);

for (let run = 1; run <= RUNS; run++) {
  const project = path.join(work, `project-${run}`);
  const cache = path.join(work, `cache-${run}`);
  fs.mkdirSync(project);
  execFileSync("npm", ["init", "-y"], { cwd: project, stdio: "ignore" });
  const started = performance.now();
  execFileSync("npm", ["install", tarball, "--cache", cache, "--no-audit", "--no-fund"], { cwd: project, stdio: "ignore" });
  const seconds = (performance.now() - started) / 1000;
  const installed = execFileSync("du", ["-sb", "node_modules"], { cwd: project, encoding: "utf8" }).split("\t")[0]!;
  const packages = fs.readdirSync(path.join(project, "node_modules")).filter((name) => !name.startsWith(".")).length;
  console.log(`install ${run}: ${seconds.toFixed(1)} s, node_modules ${(Number(installed) / 1024 / 1024).toFixed(1)} MB in ${packages} top-level packages`);
}
fs.rmSync(work, { recursive: true, force: true });
