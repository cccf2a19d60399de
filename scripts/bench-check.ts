/**
 * npm run bench:check [-- --sizes 1000,5000]
 * `themed-guide check` as a CI step runs it: on the generated docs folder
 * (200 pages; larger sizes are copies of it, each in a folder of its own),
 * with an empty cache folder, then again on the same files (the cache kept
 * between CI runs, or a second check while writing): its wall time and the
 * peak RSS of it and its render workers (sampled every 100 ms). The
 * generated folder has no broken link, so check must end with status 0 and
 * "No problems".
 * Needs the package bundled (`npm run build && npm run build -w themed-guide`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CORPUS_PAGES, makeDocsCorpusCopies } from "./make-docs-corpus.ts";
import { measure } from "./measure-process.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,5000" } } });
const sizes = values.sizes.split(",").map(Number);
const CLI = fileURLToPath(new URL("../packages/cli/dist/cli.js", import.meta.url));
const MB = 1000 * 1000;

if (!fs.existsSync(CLI)) {
  console.error("No bundled command: run `npm run build && npm run build -w themed-guide` first.");
  process.exit(1);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-check-"));
process.on("exit", () => fs.rmSync(scratch, { recursive: true, force: true }));
console.log(`Node ${process.version}; ${os.availableParallelism()} cores`);

for (const size of sizes) {
  const docs = path.join(scratch, `docs-${size}`);
  const { copies } = makeDocsCorpusCopies(docs, size);
  const cache = path.join(scratch, `cache-${size}`);
  for (const run of ["empty cache folder", "again, unchanged files"]) {
    const { seconds, peakRss, code, output } = await measure(process.execPath, [CLI, "check", docs, "--cache-dir", cache]);
    const last = output.trim().split("\n").at(-1);
    console.log(`${copies * CORPUS_PAGES} pages, ${run}: themed-guide check ${seconds.toFixed(1)} s, peak RSS ${(peakRss / MB).toFixed(0)} MB, exit ${code}: ${last}`);
  }
  fs.rmSync(docs, { recursive: true, force: true });
}
