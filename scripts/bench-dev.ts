/**
 * `themed-guide dev` while a docs author writes: how long from saving a
 * file to the server telling open pages the folder changed (its live-reload
 * event, which an open page answers by fetching its data again, a few tens
 * of milliseconds more). On the generated folder (200 pages unless
 * `--pages`), with an empty cache folder: the start, then edits to one
 * long page a while apart (longer than a render worker idles before it
 * ends, if it did), then a page added and removed, which renders again
 * only the pages whose links lead to it. Prints each time and the
 * server's own line for it.
 * Needs the command bundled (`npm run build`, then `node scripts/bundle.ts`
 * in packages/cli; npm test does both).
 *
 * Usage: npm run bench:dev [-- --pages 200 --edits 4 --gap 20]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CONTENT_UPDATED_EVENT, LIVE_RELOAD_PATH } from "../app/guide/dev/live-reload-event.ts";
import { makeDocsCorpus } from "./make-docs-corpus.ts";
import { freePort } from "./start-server.ts";

const { values } = parseArgs({ options: { pages: { type: "string", default: "200" }, edits: { type: "string", default: "4" }, gap: { type: "string", default: "20" } } });
const CLI = fileURLToPath(new URL("../packages/cli/dist/cli.js", import.meta.url));
if (!fs.existsSync(CLI)) throw new Error(`No ${CLI}: run npm run build, then node scripts/bundle.ts in packages/cli`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dev-"));
const docs = path.join(work, "docs");
const copies = Math.max(1, Math.round(Number(values.pages) / 200));
for (let copy = 0; copy < copies; copy++) makeDocsCorpus(copies === 1 ? docs : path.join(docs, `part-${copy}`), copy + 1);
const markdownFiles = fs.readdirSync(docs, { recursive: true }).map(String).filter((file) => file.endsWith(".md"));
// The longest page: the slowest to render again.
const edited = path.join(docs, markdownFiles.toSorted((a, b) => fs.statSync(path.join(docs, b)).size - fs.statSync(path.join(docs, a)).size)[0]!);
const original = fs.readFileSync(edited, "utf8");

const port = await freePort();
const server = spawn(process.execPath, [CLI, "dev", docs, "--port", String(port)], {
  env: { ...process.env, CACHE_DIR: path.join(work, "cache") },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let output = "";
server.stdout.on("data", (chunk: Buffer) => (output += chunk));
server.stderr.on("data", (chunk: Buffer) => (output += chunk));
const until = async (test: () => boolean, what: string, timeoutMs = 600_000) => {
  for (const deadline = Date.now() + timeoutMs; !test(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`${what}: not seen\n${output}`);
  }
};

try {
  const started = performance.now();
  await until(() => / pages? ready in /.test(output), "every page rendered");
  console.log(`${markdownFiles.length} pages; ${output.match(/Guide: .*/)![0]} (${((performance.now() - started) / 1000).toFixed(1)} s from the command)`);

  // The events an open page listens to.
  const events = await fetch(`http://127.0.0.1:${port}${LIVE_RELOAD_PATH}`);
  const reader = events.body!.getReader();
  let updates = 0;
  void (async () => {
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read()) updates += decoder.decode(read.value).split(`event: ${CONTENT_UPDATED_EVENT}`).length - 1;
  })();
  const timeChange = async (label: string, change: () => void) => {
    const before = updates;
    const lines = output.split("\n").length;
    const changed = performance.now();
    change();
    await until(() => updates > before, `the event after ${label}`);
    const ms = performance.now() - changed;
    await until(() => /Guide reloaded/.test(output.split("\n").slice(lines - 1).join("\n")), "the server's line");
    const line = output.split("\n").slice(lines - 1).find((text) => text.startsWith("Guide reloaded"));
    console.log(`${label}: ${Math.round(ms)} ms (${line})`);
  };

  console.log(`edits to ${path.relative(docs, edited)} (${original.length.toLocaleString("en")} characters), ${values.gap} s apart:`);
  for (let edit = 1; edit <= Number(values.edits); edit++) {
    await new Promise((resolve) => setTimeout(resolve, Number(values.gap) * 1000));
    await timeChange(`  edit ${edit}`, () => fs.writeFileSync(edited, original.replace("\n\n", `\n\nEdited ${edit} times. `)));
  }
  const added = path.join(docs, "added-while-writing.md");
  await timeChange("a page added", () => fs.writeFileSync(added, "# Added while writing\n\nA new page.\n"));
  await timeChange("the page removed", () => fs.rmSync(added));
  await reader.cancel();
} finally {
  process.kill(-server.pid!, "SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
