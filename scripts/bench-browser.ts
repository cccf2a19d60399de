/**
 * npm run bench:browser
 * What a first visit costs and how fast the theme switch paints, measured in
 * Chromium against the production build:
 * - the JavaScript files a first visit loads, per file and total: bytes on the
 *   wire as Chromium received them, and each file's body gzipped here (zlib,
 *   default level) so that servers compressing differently compare fairly;
 * - the same for a trivial React Router 8 page (scripts/trivial-app, built
 *   into a temporary folder), and the budget: a first visit here may load at
 *   most 10 KB (10,000 bytes) gzipped more JavaScript than that page;
 * - how much of it is the theme code (bundled alone, minified, gzipped);
 * - the blocking head script's size;
 * - the time from a click on a theme button to the frame that shows it.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { chromiumArgs, chromiumExecutable } from "../tests/browser.ts";
import { startServer, startUrlPrintingServer } from "./start-server.ts";

const BUDGET_BYTES = 10 * 1000;
const trivialAppDir = fileURLToPath(new URL("./trivial-app/", import.meta.url));

type Script = { url: string; wire: number; raw: number; gzip: number; encoding: string };
type FirstVisit = { page: Page; html: string; scripts: Script[] };

// Stopped and removed at the end in reverse order, also when something fails.
const cleanup: (() => unknown)[] = [];
let ours: FirstVisit;
let trivial: FirstVisit;
let headScript: string;
type Click = { ms: number; listenersMs: number; sameFrame: boolean };
const clicks: Click[] = [];
try {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-trivial-app-"));
  // It holds a link to node_modules (see buildTrivialApp): rmSync removes the link, never what it points to.
  cleanup.push(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  const trivialBuild = buildTrivialApp(tempDir);

  const server = await startServer();
  cleanup.push(() => server.stop());
  const trivialServer = await startUrlPrintingServer(path.join(trivialAppDir, "serve.ts"), [trivialBuild], { NODE_ENV: "production" });
  cleanup.push(() => trivialServer.stop());
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  cleanup.push(() => browser.close());

  ours = await firstVisit(browser, `${server.url}/guide/themes`);
  trivial = await firstVisit(browser, `${trivialServer.url}/`);
  headScript = /<script id="react-router-theme"[^>]*>([\s\S]*?)<\/script>/.exec(ours.html)?.[1] ?? "";

  // Click → paint: the first animation frame after the click must already have the new class.
  // Also timed: the click's listeners, from the first (capture on document) to the last (bubble on window).
  // For a visitor who asks for reduced motion: with motion, the site's switch cross-fades through a
  // View Transition, which shows the old page for that frame by design.
  const page = ours.page;
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => {
    const record: Click[] = [];
    (window as unknown as { clickFrames: typeof record }).clickFrames = record;
    let listenersStart = 0;
    document.addEventListener(
      "click",
      (event) => {
        const target = (event.target as Element).closest("button[name=theme]") as HTMLButtonElement | null;
        if (!target) return;
        listenersStart = performance.now();
        const entry: Click = { ms: 0, listenersMs: 0, sameFrame: false };
        record.push(entry);
        window.addEventListener("click", () => (entry.listenersMs = performance.now() - listenersStart), { once: true });
        requestAnimationFrame(() => {
          const root = document.documentElement;
          entry.ms = performance.now() - event.timeStamp;
          entry.sameFrame = target.value === "system" || root.classList.contains(target.value);
        });
      },
      true,
    );
  });
  for (let round = 0; round < 10; round++) {
    for (const name of ["Dark theme", "Light theme"]) {
      await page.getByRole("button", { name }).click();
      await page.waitForTimeout(50);
    }
  }
  clicks.push(...(await page.evaluate(() => (window as unknown as { clickFrames: Click[] }).clickFrames)));
} finally {
  for (const step of cleanup.reverse()) await step();
}

// The theme code on its own: what it adds on top of React and React Router.
const bundle = await build({
  configFile: false,
  logLevel: "silent",
  build: {
    write: false,
    minify: true,
    lib: { entry: new URL("../app/theme/theme-switch.tsx", import.meta.url).pathname, formats: ["es"] },
    rollupOptions: { external: [/^react(-dom)?(\/|$)/, /^react-router(\/|$)/] },
  },
});
const output = (Array.isArray(bundle) ? bundle[0]! : bundle) as { output: { type: string; code?: string }[] };
const themeCode = output.output.filter((chunk) => chunk.type === "chunk").map((chunk) => chunk.code ?? "").join("");

console.log("JavaScript files of a first visit. wire: body + headers as Chromium received them (encoding shown);");
console.log("gzip: each decoded body gzipped by this script (zlib, default level). 1 KiB = 1024 bytes.\n");
const oursGzip = report("/guide/themes, this site", ours);
const trivialGzip = report("/, a trivial React Router 8 page (scripts/trivial-app)", trivial);
const difference = oursGzip - trivialGzip;
const verdict = difference <= BUDGET_BYTES ? `within budget, ${fmt(BUDGET_BYTES - difference)} bytes to spare` : `OVER BUDGET by ${fmt(difference - BUDGET_BYTES)} bytes`;
console.log(
  `Difference, gzipped: ${difference >= 0 ? "+" : "-"}${kib(Math.abs(difference), 2)} KiB (${fmt(difference)} bytes); ` +
    `budget +10 KB = ${fmt(BUDGET_BYTES)} bytes: ${verdict}`,
);

console.log(`\nTheme code (switcher, store, hook, cookie writer), minified + gzip: ${kib(gzipSync(themeCode).length, 2)} KiB`);
console.log(`Blocking head script: ${Buffer.byteLength(headScript)} bytes (${gzipSync(headScript).length} gzipped)`);
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};
console.log(
  `\nTheme button clicks (reduced motion: no view transition), ${clicks.length}: new theme already in the first frame after the click ${clicks.filter((click) => click.sameFrame).length}/${clicks.length}; ` +
    `click → that frame ${spread(clicks.map((click) => click.ms))} (most of it is waiting for the frame); ` +
    `the click's listeners ${spread(clicks.map((click) => click.listenersMs))}`,
);

/** Builds the trivial app into `dir`/build with React Router's CLI, as its own process. */
function buildTrivialApp(dir: string): string {
  // The server build imports react-router, react-dom and isbot by name; from
  // a folder outside the repository Node finds them through this link.
  fs.symlinkSync(fileURLToPath(new URL("../node_modules/", import.meta.url)), path.join(dir, "node_modules"), "dir");
  const buildDirectory = path.join(dir, "build");
  const require = createRequire(import.meta.url);
  const devPackage = require.resolve("@react-router/dev/package.json");
  const cli = path.join(path.dirname(devPackage), (require(devPackage) as { bin: Record<string, string> }).bin["react-router"]!);
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: trivialAppDir,
    env: { ...process.env, NODE_ENV: "production", TRIVIAL_APP_BUILD_DIR: buildDirectory },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Building scripts/trivial-app failed:\n${result.stdout}${result.stderr}${result.error ?? ""}`);
  return buildDirectory;
}

/** Opens `url` in a fresh context (empty cache) and records every script file it loads. */
async function firstVisit(browser: Browser, url: string): Promise<FirstVisit> {
  const page = await browser.newPage();
  // Collected as promises: the handlers are still reading bodies when goto() resolves.
  const pending: Promise<Script>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      (async () => {
        const response = (await request.response())!;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        return {
          url: new URL(request.url()).pathname,
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          raw: body.length,
          gzip: gzipSync(body).length,
          encoding: (await response.headerValue("content-encoding")) ?? "none",
        };
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  return { page, html: await response.text(), scripts: await Promise.all(pending) };
}

/** Prints one page's scripts and returns their total gzipped size in bytes. */
function report(title: string, visit: FirstVisit): number {
  const sum = (key: "wire" | "raw" | "gzip") => visit.scripts.reduce((total, script) => total + script[key], 0);
  console.log(`${title}: ${visit.scripts.length} scripts, ${kib(sum("wire"))} KiB on the wire, ${kib(sum("gzip"))} KiB gzipped`);
  console.log(`  ${"wire".padStart(9)}  ${"decoded".padStart(9)}  ${"gzip".padStart(9)}  encoding  file`);
  for (const script of visit.scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kib(script.wire).padStart(5)} KiB  ${kib(script.raw).padStart(5)} KiB  ${kib(script.gzip).padStart(5)} KiB  ${script.encoding.padEnd(8)}  ${script.url}`);
  }
  console.log(`  ${kib(sum("wire")).padStart(5)} KiB  ${kib(sum("raw")).padStart(5)} KiB  ${kib(sum("gzip")).padStart(5)} KiB            total (${fmt(sum("gzip"))} bytes gzipped)`);
  // Not files, so outside the budget; shown because they are JavaScript too.
  // React Router's stream of loader data is the page's data (for a guide
  // page, its rendered Markdown again, for hydration), the rest is code.
  const inline = [...visit.html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const isData = (script: string) => script.startsWith("window.__reactRouterContext.streamController.");
  for (const [label, scripts] of [
    ["code", inline.filter((script) => !isData(script))],
    ["loader data", inline.filter(isData)],
  ] as const) {
    const text = scripts.join("");
    console.log(`  inline <script> in the HTML, ${label}, not counted above: ${fmt(Buffer.byteLength(text))} bytes (${fmt(gzipSync(text).length)} gzipped)`);
  }
  console.log("");
  return sum("gzip");
}

function kib(bytes: number, digits = 1): string {
  return (bytes / 1024).toFixed(digits);
}

function fmt(bytes: number): string {
  return bytes.toLocaleString("en");
}
