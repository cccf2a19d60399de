/**
 * npm run bench:lighthouse [-- --docs --throttling simulate|devtools|both --port 3296]
 * Lighthouse (mobile preset, its default) on the production build: `/`, a
 * guide page and /appearance, each in light and in dark (set by the theme
 * cookie). Prints the four category scores and the Core Web Vitals it saw.
 *
 * Each page is measured twice: with Lighthouse's default throttling, which
 * loads the page at full speed and simulates the mobile network and CPU from
 * what it saw, and with the same throttling applied to the browser while it
 * loads ("devtools"). On loopback the two disagree for this site: the
 * simulation counts every request that finished before the first frame was
 * shown; the app's module preloads, which used to finish before the
 * stylesheet and the font let Chrome show it, had their 110 KB charged to
 * the paint, which is why they were taken out (see BENCHMARKS.md).
 *
 * --docs adds the long page of a generated docs folder (make-docs-corpus.ts,
 * served by a second server with CONTENT_DIR), in light and dark.
 * --throttling simulate (what PageSpeed Insights shows) or devtools runs one
 * of the two only; --port sets the first server's port (the second: +1).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromiumArgs, chromiumExecutable } from "../tests/browser.ts";
import { makeDocsCorpus } from "./make-docs-corpus.ts";
import { startServer, type RunningServer } from "./start-server.ts";

const { values } = parseArgs({
  options: {
    docs: { type: "boolean", default: false },
    throttling: { type: "string", default: "both" },
    port: { type: "string" },
  },
});
const throttlings = values.throttling === "both" ? ["simulate", "devtools"] : [values.throttling];
if (!throttlings.every((method) => method === "simulate" || method === "devtools")) {
  console.error("--throttling is simulate, devtools or both.");
  process.exit(1);
}

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
};

const chrome = chromiumExecutable();
if (!chrome) {
  console.error("No Chromium found: set CHROME_PATH (or run `node scripts/ensure-browser.ts`).");
  process.exit(1);
}
const portFor = (offset: number): Record<string, string> => (values.port ? { PORT: String(Number(values.port) + offset) } : {});
const server = await startServer(portFor(0));
const targets = ["/", "/guide/themes", "/appearance"].map((page) => ({ url: server.url + page, label: page }));
let docs: { folder: string; server: RunningServer } | null = null;
if (values.docs) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-docs-"));
  const corpus = makeDocsCorpus(folder);
  docs = { folder, server: await startServer({ ...portFor(1), CONTENT_DIR: folder }) };
  targets.push({ url: docs.server.url + corpus.longPage.url, label: `${corpus.longPage.url} (generated docs)` });
}
const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
const rows: string[] = [];
let allPerfect = true;

for (const throttling of throttlings) {
  for (const target of targets) {
    for (const theme of ["light", "dark"]) {
      const file = path.join(out, `${new URL(target.url).pathname.replaceAll("/", "_")}-${theme}-${throttling}.json`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART) and
      // asks to be run again: a run is tried up to three times.
      for (let attempt = 1; ; attempt++) {
        try {
          execFileSync(
            "npx",
            [
              "lighthouse",
              target.url,
              `--chrome-flags=--headless ${chromiumArgs.join(" ")}`,
              `--throttling-method=${throttling}`,
              `--extra-headers=${JSON.stringify({ Cookie: `theme=${theme}` })}`,
              "--only-categories=performance,accessibility,best-practices,seo",
              "--output=json",
              `--output-path=${file}`,
              "--quiet",
            ],
            { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
          );
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          console.error(`Lighthouse failed on ${target.label} (${theme}, ${throttling}); running it again.`);
        }
      }
      const report = JSON.parse(fs.readFileSync(file, "utf8")) as Report;
      const score = (id: string) => Math.round(report.categories[id]!.score * 100);
      const scores = ["performance", "accessibility", "best-practices", "seo"].map(score);
      if (scores.some((value) => value !== 100)) allPerfect = false;
      const audit = (id: string) => report.audits[id]?.displayValue ?? "–";
      rows.push(
        `| ${throttling === "simulate" ? "simulated (default)" : "applied (devtools)"} | ${target.label} | ${theme} | ${scores.join(" | ")} | ${audit("first-contentful-paint")} | ${audit("largest-contentful-paint")} | ${audit("cumulative-layout-shift")} | ${audit("total-blocking-time")} |`,
      );
    }
  }
}
await server.stop();
if (docs) {
  await docs.server.stop();
  fs.rmSync(docs.folder, { recursive: true, force: true });
}

console.log(`Lighthouse ${JSON.parse(fs.readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8")).version}, mobile preset, ${chrome}\n`);
console.log("| throttling | page | theme | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT |");
console.log("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
console.log(`\nReports: ${out}`);
if (!allPerfect) console.log("\nNot every score is 100: see the reports for the audits that failed.");
