/**
 * npm run bench:export [-- --sizes 200,5000]
 * The static export against the peer a user would pick instead: on the
 * generated docs folder (200 pages; 5,000 is 25 copies of it, each in a
 * folder of its own), `themed-guide build` and VitePress 1.6.4's
 * `vitepress build` (installed from npm into a scratch folder) on the same
 * folder, one after the other. For each: wall time, peak RSS of the
 * process and everything it started (sampled every 100 ms), and the size
 * and file count of what it wrote. Then, on our export served by a plain
 * static file host that gzips what is not compressed already (as GitHub
 * Pages and CDNs do), what one search costs a visitor in Chromium: the
 * bytes of every file the browser fetches from typing the query to the
 * results shown (the index's script and its pieces, the search code), for
 * a few queries, each in a fresh browser context (nothing cached).
 * Needs the package bundled (`npm run build && npm run build -w themed-guide`).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { makeDocsCorpusCopies } from "./make-docs-corpus.ts";
import { measureSearchTransfer, transferByKind } from "./search-transfer.ts";
import { measure, report } from "./measure-process.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "200,5000" } } });
const sizes = values.sizes.split(",").map(Number);
const CLI = fileURLToPath(new URL("../packages/cli/dist/cli.js", import.meta.url));
const VITEPRESS_VERSION = "1.6.4";
const MB = 1000 * 1000;
// Words of the generated folder: a common one, a rarer one, and two together.
const SEARCH_QUERIES = ["cache", "configuration", "retry timeout"];

if (!fs.existsSync(CLI)) {
  console.error("No bundled command: run `npm run build && npm run build -w themed-guide` first.");
  process.exit(1);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-export-"));
process.on("exit", () => fs.rmSync(scratch, { recursive: true, force: true }));

const peer = path.join(scratch, "vitepress");
fs.mkdirSync(peer);
execFileSync("npm", ["init", "-y"], { cwd: peer, stdio: "ignore" });
execFileSync("npm", ["install", `vitepress@${VITEPRESS_VERSION}`, "--no-audit", "--no-fund"], { cwd: peer, stdio: "ignore" });
const vitepressBin = path.join(peer, "node_modules", "vitepress", "bin", "vitepress.js");
console.log(`Node ${process.version}; ${os.cpus().length} cores; VitePress ${VITEPRESS_VERSION}`);

for (const size of sizes) {
  // Inside the peer's project, so that VitePress's build resolves Vue from its node_modules.
  const docs = path.join(peer, `docs-${size}`);
  const { folders, copies } = makeDocsCorpusCopies(docs, size);
  if (copies > 1) {
    // VitePress reads its config from the folder's root.
    fs.cpSync(path.join(folders[0]!, ".vitepress"), path.join(docs, ".vitepress"), { recursive: true });
    for (const folder of folders) fs.rmSync(path.join(folder, ".vitepress"), { recursive: true });
  }
  const pages = countFiles(docs, (name) => name.endsWith(".md"));
  console.log(`\n${pages} Markdown pages (${copies} ${copies === 1 ? "copy" : "copies"} of the generated folder)`);

  const ours = path.join(scratch, `site-${size}`);
  report("themed-guide build", await measure(process.execPath, [CLI, "build", docs, "--out", ours]), ours);
  for (const { query, results, files, bytes } of await measureSearchTransfer(ours, SEARCH_QUERIES)) {
    console.log(`  one search, "${query}": ${results} results shown; the browser fetched ${files.length} files, ${(bytes / 1000).toFixed(1)} KB (KB and files: ${transferByKind(files)})`);
  }
  const theirs = path.join(docs, ".vitepress", "dist");
  // From its own project, as a VitePress user runs it (it resolves Vue from where it runs).
  report(`vitepress build`, await measure(process.execPath, [vitepressBin, "build", docs], peer), theirs);
  fs.rmSync(docs, { recursive: true, force: true });
  fs.rmSync(ours, { recursive: true, force: true });
}

function countFiles(dir: string, include: (name: string) => boolean): number {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && include(entry.name)).length;
}
