/**
 * After the client build: a .br and a .gz beside every compressible file in
 * build/client, at the highest levels, so the server sends static files
 * compressed without compressing anything per request.
 */
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

const root = new URL("../build/client/", import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|txt|json|html|xml|map)$/;

let count = 0;
let before = 0;
let after = 0;
for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = await fs.readFile(file);
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  await fs.writeFile(`${file}.br`, br);
  await fs.writeFile(`${file}.gz`, gz);
  count++;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB with brotli`);
