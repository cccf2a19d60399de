/**
 * npm run bench:lighthouse
 * Lighthouse (mobile preset, its default) on the production build: `/`, a
 * guide page and /appearance, each in light and in dark (set by the theme
 * cookie). Prints the four category scores and the Core Web Vitals it saw.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumArgs, chromiumExecutable } from "../tests/browser.ts";
import { startServer } from "./start-server.ts";

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
};

const chrome = chromiumExecutable();
if (!chrome) {
  console.error("No Chromium found: set CHROME_PATH (or run `node scripts/ensure-browser.ts`).");
  process.exit(1);
}
const server = await startServer();
const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
const rows: string[] = [];
let allPerfect = true;

for (const page of ["/", "/guide/themes", "/appearance"]) {
  for (const theme of ["light", "dark"]) {
    const file = path.join(out, `${page.replaceAll("/", "_")}-${theme}.json`);
    execFileSync(
      "npx",
      [
        "lighthouse",
        server.url + page,
        `--chrome-flags=--headless ${chromiumArgs.join(" ")}`,
        `--extra-headers=${JSON.stringify({ Cookie: `theme=${theme}` })}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--output=json",
        `--output-path=${file}`,
        "--quiet",
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const report = JSON.parse(fs.readFileSync(file, "utf8")) as Report;
    const score = (id: string) => Math.round(report.categories[id]!.score * 100);
    const scores = ["performance", "accessibility", "best-practices", "seo"].map(score);
    if (scores.some((value) => value !== 100)) allPerfect = false;
    const audit = (id: string) => report.audits[id]?.displayValue ?? "–";
    rows.push(
      `| ${page} | ${theme} | ${scores.join(" | ")} | ${audit("first-contentful-paint")} | ${audit("largest-contentful-paint")} | ${audit("cumulative-layout-shift")} | ${audit("total-blocking-time")} |`,
    );
  }
}
await server.stop();

console.log(`Lighthouse ${JSON.parse(fs.readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8")).version}, mobile preset, ${chrome}\n`);
console.log("| page | theme | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
console.log(`\nReports: ${out}`);
if (!allPerfect) console.log("\nNot every score is 100: see the reports for the audits that failed.");
