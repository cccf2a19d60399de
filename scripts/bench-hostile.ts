/**
 * npm run bench:hostile [-- --count N]
 * Starts the production build, fires N generated hostile requests (default
 * 5000), prints the answers by status, and fails on any 5xx, redirect off
 * the site, cookie set by a refused request, reflected markup, or if
 * /healthz stops answering afterwards.
 */
import { parseArgs } from "node:util";
import { run } from "./hostile-requests.ts";
import { startServer } from "./start-server.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "5000" } } });
const count = Number(values.count);

const server = await startServer();
const started = performance.now();
const report = await run(server.url, count);
const seconds = (performance.now() - started) / 1000;
const health = await fetch(`${server.url}/healthz`).then((response) => response.status).catch(() => "no answer");
await server.stop();

console.log(`${report.sent} hostile requests in ${seconds.toFixed(1)} s against the production build\n`);
console.log("status  count");
for (const [status, n] of [...report.byStatus].sort()) console.log(`${status.padEnd(7)} ${n}`);
console.log(`\n/healthz afterwards: ${health}`);

const failures = [...report.findings];
if (health !== 200) failures.push({ kind: "healthz", problem: `answered ${health}`, request: "GET /healthz" });
if (failures.length > 0) {
  console.log(`\n${failures.length} problems:`);
  for (const failure of failures.slice(0, 40)) console.log(`- ${failure.kind}: ${failure.problem}\n    ${JSON.stringify(failure.request)}`);
  process.exit(1);
}
console.log("\nNo 5xx, no redirect off the site, no cookie on a refusal, nothing reflected.");
