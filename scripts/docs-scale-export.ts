import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measure, report } from "./measure-process.ts";

/**
 * The export half of `npm run bench:docs-scale`: `themed-guide build` of the
 * folder with an empty cache folder, then VitePress 1.6.4's build of the
 * same folder (installed from npm into a scratch project, the folder moved
 * into it for the build, as VitePress resolves Vue from where the docs are).
 */

const CLI = fileURLToPath(new URL("../packages/cli/dist/cli.js", import.meta.url));
const VITEPRESS_VERSION = "1.6.4";

export async function exportAtScale(folder: { dir: string }, pages: number, scratch: string, { vitepress }: { vitepress: boolean }) {
  if (!fs.existsSync(CLI)) {
    console.log("Export: no bundled command (`npm run build -w themed-guide`); skipped");
    return;
  }
  const out = path.join(scratch, `site-${pages}`);
  const cacheDir = fs.mkdtempSync(path.join(scratch, "export-cache-"));
  report(`themed-guide build (${pages} pages, empty cache)`, await measure(process.execPath, [CLI, "build", folder.dir, "--out", out], process.cwd(), { CACHE_DIR: cacheDir }), out);
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
  if (!vitepress) return;

  const peer = path.join(scratch, "vitepress");
  if (!fs.existsSync(peer)) {
    fs.mkdirSync(peer);
    execFileSync("npm", ["init", "-y"], { cwd: peer, stdio: "ignore" });
    execFileSync("npm", ["install", `vitepress@${VITEPRESS_VERSION}`, "--no-audit", "--no-fund"], { cwd: peer, stdio: "ignore" });
  }
  const docs = path.join(peer, "docs");
  fs.renameSync(folder.dir, docs);
  try {
    fs.mkdirSync(path.join(docs, ".vitepress"));
    fs.writeFileSync(path.join(docs, ".vitepress", "config.mts"), 'export default { title: "Acme Toolkit" };\n');
    const theirs = path.join(docs, ".vitepress", "dist");
    const vitepressBin = path.join(peer, "node_modules", "vitepress", "bin", "vitepress.js");
    report(`vitepress ${VITEPRESS_VERSION} build (${pages} pages)`, await measure(process.execPath, [vitepressBin, "build", docs], peer), theirs);
    fs.rmSync(path.join(docs, ".vitepress"), { recursive: true, force: true });
  } finally {
    fs.renameSync(docs, folder.dir);
  }
}
