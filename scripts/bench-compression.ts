/**
 * npm run bench:compression [-- --runs 2000]
 * What the page cache's compression machinery (server/stitched-gzip.ts,
 * server/stitched-brotli.ts, the brotli child process) buys over the plain
 * alternative, a kept page compressed again for every response: on the long
 * page of the generated 200-page docs folder and on the site's own
 * /guide/themes, the CPU time per response and the bytes sent, for
 *   - stitched gzip and stitched brotli (compressed once, a nonce stitched in per response),
 *   - gzip at zlib's default level, as the compression middleware sends it,
 *   - brotli at quality 4 (what serve.ts asks of the middleware) and at Node's default 11.
 * Needs a build (`npm run build`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { prepareStitchedBrotli, stitchBrotli } from "../server/stitched-brotli.ts";
import { prepareStitchedGzip, stitchGzip } from "../server/stitched-gzip.ts";
import { makeDocsCorpus } from "./make-docs-corpus.ts";
import { startServer } from "./start-server.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "2000" } } });
const runs = Number(values.runs);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-compression-"));
const corpus = makeDocsCorpus(folder);
const docs = await startServer({ CONTENT_DIR: folder });
const own = await startServer();
try {
  console.log(`\n${os.cpus().length} cores, Node ${process.version}, ${runs} responses per row, one thread\n`);
  console.log("| page | way | CPU per response | bytes sent | responses/s on one core |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  // Both pages fetched before any measuring: the measuring loops hold this
  // process's event loop for seconds, and a kept-alive connection the server
  // closed meanwhile would be taken for open by the next fetch.
  const longPage = await fetchPage(`${docs.url}${corpus.longPage.url}`);
  const guidePage = await fetchPage(`${own.url}/guide/themes`);
  await measurePage("long page (200-page folder)", longPage);
  await measurePage("/guide/themes", guidePage);
} finally {
  await docs.stop();
  await own.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}

/** The page as sent uncompressed, and the nonce it was sent with, to cut it where the cache cuts it. */
async function fetchPage(url: string): Promise<{ html: string; nonce: string }> {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  if (!nonce) throw new Error(`${url} answered without a nonce in its Content-Security-Policy`);
  return { html, nonce };
}

async function measurePage(name: string, { html, nonce }: { html: string; nonce: string }) {
  const parts = html.split(nonce);
  const nonceLength = Buffer.byteLength(nonce);
  const freshNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

  const gzip = prepareStitchedGzip(parts, nonceLength);
  const brotli = await prepareStitchedBrotli(parts, nonceLength);
  const withNonce = () => parts.join(freshNonce());
  const rows: [string, () => Buffer | Buffer[]][] = [
    ["stitched gzip (kept compressed)", () => stitchGzip(gzip, freshNonce())],
    ...(brotli ? [["stitched brotli (kept compressed)", () => stitchBrotli(brotli, freshNonce())] as [string, () => Buffer[]]] : []),
    ["gzip per response (level 6)", () => zlib.gzipSync(withNonce())],
    [
      "brotli per response (quality 4)",
      () => zlib.brotliCompressSync(withNonce(), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } }),
    ],
    ["brotli per response (quality 11)", () => zlib.brotliCompressSync(withNonce())],
  ];
  for (const [way, respond] of rows) {
    const count = way.includes("quality 11") ? Math.max(20, Math.round(runs / 50)) : runs;
    let bytes = 0;
    for (let index = 0; index < Math.min(count, 20); index++) respond(); // warm up
    const started = process.cpuUsage();
    for (let index = 0; index < count; index++) {
      const sent = respond();
      bytes = Array.isArray(sent) ? sent.reduce((sum, piece) => sum + piece.length, 0) : sent.length;
    }
    const used = process.cpuUsage(started);
    const microseconds = (used.user + used.system) / count;
    console.log(`| ${name} | ${way} | ${microseconds.toFixed(1)} µs | ${bytes.toLocaleString("en")} | ${Math.round(1e6 / microseconds).toLocaleString("en")} |`);
  }
}
