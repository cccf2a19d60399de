/**
 * npm run bench [-- --duration 10 --connections 50]
 * Builds, starts the production server and measures, on loopback with
 * autocannon and a browser's Accept-Encoding: `/`, a guide page and
 * /appearance, each with no cookie and with theme=dark; the guide page with
 * a query (which skips the page cache: a full render per request); and a
 * plain node:http server sending the guide page's bytes (the ceiling).
 * Prints req/s, latency, bytes and, per request, the server's CPU time.
 */
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { cpuSeconds, startServer, startUrlPrintingServer } from "./start-server.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

if (!values["no-build"]) execFileSync("npm", ["run", "build"], { stdio: "ignore" });
const server = await startServer();

// autocannon shares the machine with the server, and at these rates it is
// often the one that runs out of CPU first; so besides req/s, each row
// records the CPU time the server process spent per request (from
// /proc/<pid>/stat, Linux only), which the load generator cannot limit.

type Row = { name: string; requests: number; p50: number; p99: number; bytes: number; errors: number; cpuPerRequest: number | null };
async function measure(name: string, url: string, pid: number, headers: Record<string, string> = {}): Promise<Row> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration, headers: { "Accept-Encoding": ACCEPT_ENCODING, ...headers } });
  const cpuAfter = cpuSeconds(pid);
  return {
    name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total / Math.max(result.requests.total, 1),
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(result.requests.total, 1),
  };
}

const GUIDE_PAGE = "/guide/themes";
const rows: Row[] = [];
for (const pagePath of ["/", GUIDE_PAGE, "/appearance"]) {
  rows.push(await measure(`${pagePath}`, server.url + pagePath, server.process.pid!));
  rows.push(await measure(`${pagePath} (theme=dark)`, server.url + pagePath, server.process.pid!, { Cookie: "theme=dark" }));
}
rows.push(await measure(`${GUIDE_PAGE}?q (rendered each time)`, `${server.url}${GUIDE_PAGE}?q`, server.process.pid!));

// The ceiling: the guide page's exact bytes and headers, from plain node:http.
// node:http, not fetch: the body must stay exactly as sent, compressed.
const sample = await new Promise<http.IncomingMessage>((resolve) =>
  http.get(server.url + GUIDE_PAGE, { headers: { "Accept-Encoding": ACCEPT_ENCODING } }, resolve),
);
const chunks: Buffer[] = [];
for await (const chunk of sample) chunks.push(chunk as Buffer);
const sampleHeaders = Object.fromEntries(
  Object.entries(sample.headers).filter(([name]) => name !== "content-length" && name !== "transfer-encoding" && name !== "connection"),
);
const bodyFile = path.join(os.tmpdir(), `bench-guide-${process.pid}`);
fs.writeFileSync(bodyFile, Buffer.concat(chunks));
await server.stop();

const ceilingServer = await startUrlPrintingServer(new URL("./ceiling-server.ts", import.meta.url).pathname, [bodyFile, JSON.stringify(sampleHeaders)]);
const ceiling = await measure("ceiling: node:http, same bytes", ceilingServer.url, ceilingServer.pid);
await ceilingServer.stop();
fs.rmSync(bodyFile);

console.log(`\n${os.cpus().length} cores, Node ${process.version}, autocannon -c ${connections} -d ${duration}, Accept-Encoding: ${ACCEPT_ENCODING}\n`);
console.log("| page | req/s | p50 | p99 | bytes/response | ratio to ceiling | server CPU/request | CPU ratio to ceiling |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of [...rows, ceiling]) {
  const cpu = row.cpuPerRequest === null ? "n/a" : `${Math.round(row.cpuPerRequest * 1e6)} µs`;
  const cpuRatio = row.cpuPerRequest === null || ceiling.cpuPerRequest === null ? "n/a" : (ceiling.cpuPerRequest / row.cpuPerRequest).toFixed(3);
  console.log(
    `| ${row.name} | ${Math.round(row.requests).toLocaleString("en")} | ${row.p50} ms | ${row.p99} ms | ${Math.round(row.bytes).toLocaleString("en")} | ${(row.requests / ceiling.requests).toFixed(3)} | ${cpu} | ${cpuRatio} |`,
  );
}
console.log("\nratio to ceiling: req/s over the ceiling's req/s. CPU ratio: the ceiling's server CPU per request over the page's;");
console.log("the load generator runs on the same cores, so where it saturates first the req/s ratio flatters, the CPU ratio does not.");
const failed = [...rows, ceiling].filter((row) => row.errors > 0);
if (failed.length > 0) {
  console.log(`\nErrors or non-2xx answers: ${failed.map((row) => `${row.name} (${row.errors})`).join(", ")}`);
  process.exit(1);
}
