/**
 * npm run bench [-- --duration 10 --connections 50]
 * Builds, starts the production server and measures, on loopback with
 * autocannon and a browser's Accept-Encoding: `/`, a guide page and
 * /appearance, each with no cookie and with theme=dark; the guide page with
 * a query (which skips the page cache: a full render per request); and a
 * plain node:http server sending the guide page's bytes (the ceiling).
 */
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { startServer } from "./start-server.ts";

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

type Row = { name: string; requests: number; p50: number; p99: number; bytes: number; errors: number };
async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections, duration, headers: { "Accept-Encoding": ACCEPT_ENCODING, ...headers } });
  return {
    name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total / Math.max(result.requests.total, 1),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const GUIDE_PAGE = "/guide/themes";
const rows: Row[] = [];
for (const pagePath of ["/", GUIDE_PAGE, "/appearance"]) {
  rows.push(await measure(`${pagePath}`, server.url + pagePath));
  rows.push(await measure(`${pagePath} (theme=dark)`, server.url + pagePath, { Cookie: "theme=dark" }));
}
rows.push(await measure(`${GUIDE_PAGE}?q (rendered each time)`, `${server.url}${GUIDE_PAGE}?q`));

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

const ceilingProcess = spawn(process.execPath, [new URL("./ceiling-server.ts", import.meta.url).pathname, bodyFile, JSON.stringify(sampleHeaders)], {
  stdio: ["ignore", "pipe", "inherit"],
});
const [firstLine] = (await once(ceilingProcess.stdout!, "data")) as [Buffer];
const ceiling = await measure("ceiling: node:http, same bytes", firstLine.toString().trim());
ceilingProcess.kill("SIGTERM");
fs.rmSync(bodyFile);

console.log(`\n${os.cpus().length} cores, Node ${process.version}, autocannon -c ${connections} -d ${duration}, Accept-Encoding: ${ACCEPT_ENCODING}\n`);
console.log("| page | req/s | p50 | p99 | bytes/response | ratio to ceiling |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const row of [...rows, ceiling]) {
  console.log(
    `| ${row.name} | ${Math.round(row.requests).toLocaleString("en")} | ${row.p50} ms | ${row.p99} ms | ${Math.round(row.bytes).toLocaleString("en")} | ${(row.requests / ceiling.requests).toFixed(3)} |`,
  );
}
const failed = [...rows, ceiling].filter((row) => row.errors > 0);
if (failed.length > 0) {
  console.log(`\nErrors or non-2xx answers: ${failed.map((row) => `${row.name} (${row.errors})`).join(", ")}`);
  process.exit(1);
}
