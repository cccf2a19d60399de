/**
 * npm run bench:load [-- --duration 30 --connections 100]
 * Load on the production build over loopback with autocannon: `/`, a guide
 * page and POST /theme, each for --duration seconds, twice, with the
 * server's memory (RSS) before and after each round. Fails on any error,
 * timeout or non-2xx/3xx answer.
 */
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { rssBytes, startServer } from "./start-server.ts";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "30" }, connections: { type: "string", default: "100" } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const targets = [
  { name: "GET /", path: "/", method: "GET" as const },
  { name: "GET /guide/themes", path: "/guide/themes", method: "GET" as const },
  {
    name: "POST /theme",
    path: "/theme",
    method: "POST" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "theme=dark&redirectTo=%2Fguide%2Fthemes",
  },
];

const server = await startServer();
const rssMiB = () => (rssBytes(server.process.pid!) ?? 0) / 1024 / 1024;

let failed = false;
const rows: string[] = [];
for (const round of [1, 2]) {
  for (const target of targets) {
    const before = rssMiB();
    const result = await autocannon({
      url: server.url + target.path,
      method: target.method,
      headers: { "Accept-Encoding": "gzip, br", ...target.headers },
      body: target.body,
      connections,
      duration,
    });
    const after = rssMiB();
    const bad = result.errors + result.timeouts + result.non2xx - (target.method === "POST" ? result["3xx"] : 0);
    if (bad > 0) failed = true;
    rows.push(
      [
        round,
        target.name.padEnd(18),
        Math.round(result.requests.average).toString().padStart(7),
        `${result.latency.p50} ms`.padStart(7),
        `${result.latency.p99} ms`.padStart(7),
        String(result.errors).padStart(6),
        String(result.timeouts).padStart(8),
        `${before.toFixed(0)} → ${after.toFixed(0)} MiB`,
      ].join("  "),
    );
  }
}
await server.stop();

console.log(`autocannon, ${connections} connections, ${duration} s a target, loopback, production build\n`);
console.log("round  target              req/s      p50      p99  errors  timeouts  server RSS");
for (const row of rows) console.log(row);
if (failed) {
  console.log("\nErrors, timeouts or unexpected statuses: see above.");
  process.exit(1);
}
