/**
 * npm run bench:browser
 * What a first visit costs and how fast the theme switch paints, measured in
 * Chromium against the production build:
 * - bytes of JavaScript transferred on a first visit (per file and total),
 *   and how much of it is the theme code (bundled alone, minified, gzipped);
 * - the blocking head script's size;
 * - the time from a click on a theme button to the frame that shows it.
 */
import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { chromiumArgs, chromiumExecutable } from "../tests/browser.ts";
import { startServer } from "./start-server.ts";

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });

// First visit: every script the page loads, with the bytes that crossed the wire.
const page = await browser.newPage();
const scripts: { url: string; bytes: number }[] = [];
page.on("requestfinished", async (request) => {
  if (request.resourceType() !== "script") return;
  const sizes = await request.sizes();
  scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
});
await page.goto(`${server.url}/guide/themes`, { waitUntil: "networkidle" });
const html = await page.content();
const headScript = /<script id="theme-script"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

// Click → paint: the first animation frame after the click must already have the new class.
const clicks: { ms: number; sameFrame: boolean }[] = [];
await page.evaluate(() => {
  const record: { ms: number; sameFrame: boolean }[] = [];
  (window as unknown as { clickFrames: typeof record }).clickFrames = record;
  document.addEventListener(
    "click",
    (event) => {
      const target = (event.target as Element).closest("button[name=theme]") as HTMLButtonElement | null;
      if (!target) return;
      const clickedAt = event.timeStamp;
      requestAnimationFrame(() => {
        const root = document.documentElement;
        const shown = target.value === "system" || root.classList.contains(target.value);
        record.push({ ms: performance.now() - clickedAt, sameFrame: shown });
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
clicks.push(...(await page.evaluate(() => (window as unknown as { clickFrames: { ms: number; sameFrame: boolean }[] }).clickFrames)));
await browser.close();
await server.stop();

// The theme code on its own: what it adds on top of React and React Router.
const bundle = await build({
  configFile: false,
  logLevel: "silent",
  build: {
    write: false,
    minify: true,
    lib: { entry: new URL("../app/theme/theme-switch.tsx", import.meta.url).pathname, formats: ["es"] },
    rollupOptions: { external: [/^react/, "react-router"] },
  },
});
const output = (Array.isArray(bundle) ? bundle[0]! : bundle) as { output: { type: string; code?: string }[] };
const themeCode = output.output.filter((chunk) => chunk.type === "chunk").map((chunk) => chunk.code ?? "").join("");

const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
console.log(`First visit to /guide/themes: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KiB transferred (brotli)`);
for (const script of scripts.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(6)} KiB  ${script.url}`);
console.log(`\nTheme code (switcher, store, hook, cookie writer), minified + gzip: ${(gzipSync(themeCode).length / 1024).toFixed(2)} KiB`);
console.log(`Blocking head script: ${Buffer.byteLength(headScript)} bytes (${gzipSync(headScript).length} gzipped)`);
const times = clicks.map((click) => click.ms).sort((a, b) => a - b);
console.log(
  `\nClick → first frame after it, ${clicks.length} clicks: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, ` +
    `max ${times.at(-1)!.toFixed(1)} ms; new theme already in that frame: ${clicks.filter((click) => click.sameFrame).length}/${clicks.length}`,
);
