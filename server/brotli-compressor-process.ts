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
    (brotli) => process.send!({ brotli } satisfies CompressResponse),
    (error: unknown) => process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies CompressResponse),
  );
});

async function compress({ gzipWithStandIn, partCount, nonceLength }: CompressRequest): Promise<StitchedBrotli | null> {
  const standIn = standInText(nonceLength);
  if (standIn === null) return null;
  const parts = zlib.gunzipSync(gzipWithStandIn).toString("utf8").split(standIn);
  // The page's own text held the stand-in: its places are not known, so it stays gzipped.
  if (parts.length !== partCount) return null;
  return prepareStitchedBrotli(parts, nonceLength);
}
