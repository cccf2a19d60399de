/**
 * The child process that compresses kept pages with brotli for the server
 * (brotli-compressor.ts). A page comes as its gzip with the nonce stand-in
 * in the nonce's places (a fifth of its size; the server keeps nothing
 * else of it), and goes back as brotli segments. The process ends when the
 * server closes the channel.
 */
import zlib from "node:zlib";
import { standInText } from "./nonce-stand-in.ts";
import { prepareStitchedBrotli, type StitchedBrotli } from "./stitched-brotli.ts";

export type CompressRequest = { gzipWithStandIn: Buffer; partCount: number; nonceLength: number };
export type CompressResponse = { brotli: StitchedBrotli | null } | { error: string };

process.on("message", (request: CompressRequest) => {
  compress(request).then(
    (brotli) => reply({ brotli }),
    (error: unknown) => reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

/**
 * The server may have stopped while a page was being compressed: then there
 * is no one to answer, and this process ends without a word (a send on a
 * closed channel would otherwise throw, and print its stack).
 */
function reply(message: CompressResponse) {
  if (process.connected) process.send!(message, () => {});
}

async function compress({ gzipWithStandIn, partCount, nonceLength }: CompressRequest): Promise<StitchedBrotli | null> {
  const standIn = standInText(nonceLength);
  if (standIn === null) return null;
  const parts = zlib.gunzipSync(gzipWithStandIn).toString("utf8").split(standIn);
  // The page's own text held the stand-in: its places are not known, so it stays gzipped.
  if (parts.length !== partCount) return null;
  return prepareStitchedBrotli(parts, nonceLength);
}
