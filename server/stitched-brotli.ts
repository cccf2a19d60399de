/**
 * Brotli for a page that is the same in every response but for its nonce.
 *
 * Brotli sends a long page about a sixth smaller than gzip, but its
 * segments cannot be compressed apart and joined the way stitched-gzip.ts
 * joins deflate's. So the whole page goes through one encoder, with the
 * nonce stand-in (nonce-stand-in.ts) in each of its places, and the encoder
 * is flushed just before and just after each stand-in that has to be sent as
 * it is (the first; any other it wrote as literals). A flush ends the stream
 * so far on a byte boundary, so each such stand-in's output is a run of
 * whole bytes; a response swaps it for an uncompressed meta-block holding
 * its nonce (RFC 7932, section 9.2). The other stand-ins are back-references
 * to the first, and decode to the response's nonce.
 *
 * Apart from copies, two things in a brotli stream depend on bytes already
 * decoded, and so would see the nonce where the encoder saw the stand-in:
 * - which Huffman code a literal is read with, chosen from the two bytes
 *   before it (literal context modelling): turned off, so every context has
 *   the same code, for about 0.4% more bytes;
 * - the last distances used, which a later copy can name again: the swapped
 *   output holds literals only (its bytes occur nowhere before it), so it
 *   leaves them as they were.
 * All else (positions, distances, the static dictionary's reach) depends on
 * lengths only, and a nonce's length is fixed. A page is kept only if it
 * decodes exactly with a test nonce; otherwise it is served gzipped.
 *
 * Quality 11 takes tens of milliseconds for a long page, so the server has
 * this done after a page's first response, in a child process
 * (brotli-compressor.ts).
 */
import { once } from "node:events";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { exactCopy, firstDifference, joinParts, nonceStandIn, partStartsOf, testNonce } from "./nonce-stand-in.ts";

export type StitchedBrotli = {
  /** The compressed page; a response puts its nonce, uncompressed, between each two. */
  segments: Buffer[];
  /** Bytes of the nonce the page was compressed for: positions depend on it. */
  nonceLength: number;
};

// An uncompressed meta-block's length is written in four nibbles here.
const MAX_UNCOMPRESSED = 1 << 16;
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * Compresses a page, given as its text between the places a nonce of
 * `nonceLength` bytes goes; null if it cannot be done safely (the page holds
 * the stand-in's bytes) or does not decode right.
 */
export async function prepareStitchedBrotli(textParts: string[], nonceLength: number): Promise<StitchedBrotli | null> {
  if (nonceLength < 1 || nonceLength > MAX_UNCOMPRESSED) return null;
  const parts = textParts.map((part) => Buffer.from(part, "utf8"));
  const standIn = nonceStandIn(parts, nonceLength);
  if (!standIn) return null;
  const compressed = joinParts(parts, standIn);
  const nonce = testNonce(nonceLength);
  const expected = joinParts(parts, nonce);
  const nonceStarts = partStartsOf(parts, nonceLength)
    .slice(1)
    .map((partStart) => partStart - nonceLength);

  const sentAsIs = new Set(nonceStarts.slice(0, 1));
  // Each round sends one more nonce as it is; a page has a handful.
  for (let round = 0; round <= nonceStarts.length; round++) {
    const prepared = {
      segments: await compressAround(compressed, [...sentAsIs].sort((a, b) => a - b), nonceLength),
      nonceLength,
    };
    const decoded = await brotliDecompress(Buffer.concat(stitchBrotli(prepared, nonce.toString("utf8"))));
    const wrongAt = firstDifference(decoded, expected);
    if (wrongAt === -1) return prepared;
    const wrongNonce = nonceStarts.find((start) => wrongAt >= start && wrongAt < start + nonceLength);
    // A wrong byte outside any nonce is nothing a round can fix; never serve it.
    if (wrongNonce === undefined || sentAsIs.has(wrongNonce)) return null;
    sentAsIs.add(wrongNonce);
  }
  return null;
}

/**
 * The whole page, in brotli, with `nonce` wherever it was cut out: the kept
 * segments and the few bytes made for this nonce, in order. They are written
 * as they are (page-cache.ts), so no response copies the page.
 */
export function stitchBrotli({ segments, nonceLength }: StitchedBrotli, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length !== nonceLength) throw new RangeError(`The page was compressed for a nonce of ${nonceLength} bytes, not ${nonceBytes.length}`);
  const uncompressedNonce = Buffer.alloc(3 + nonceLength);
  // Bits from the lowest: ISLAST=0; MNIBBLES=4 (written 0, two bits); MLEN-1
  // (sixteen bits); ISUNCOMPRESSED=1; then padding to the byte boundary.
  uncompressedNonce.writeUIntLE(((nonceLength - 1) << 3) | (1 << 19), 0, 3);
  nonceBytes.copy(uncompressedNonce, 3);

  const pieces: Buffer[] = [];
  segments.forEach((segment, index) => {
    if (index > 0) pieces.push(uncompressedNonce);
    pieces.push(segment);
  });
  return pieces;
}

/**
 * The page through one encoder, flushed around the stand-ins at
 * `sentAsIsStarts`: the output between them, without the stand-ins' own.
 */
async function compressAround(page: Buffer, sentAsIsStarts: number[], nonceLength: number): Promise<Buffer[]> {
  const encoder = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      // A window that holds the whole page, and no more memory than that takes.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
        zlib.constants.BROTLI_MAX_WINDOW_BITS,
        Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(page.length + 16))),
      ),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
    },
  });
  const output: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = once(encoder, "end");
  const failed = new Promise<never>((_, reject) => encoder.once("error", reject));
  const takeOutput = () => exactCopy(Buffer.concat(output.splice(0)));

  const segments: Buffer[] = [];
  let offset = 0;
  for (const start of sentAsIsStarts) {
    await Promise.race([writeAndFlush(encoder, page.subarray(offset, start)), failed]);
    segments.push(takeOutput());
    await Promise.race([writeAndFlush(encoder, page.subarray(start, start + nonceLength)), failed]);
    takeOutput(); // The stand-in's literals: a response has its nonce there instead.
    offset = start + nonceLength;
  }
  encoder.end(page.subarray(offset));
  await ended;
  segments.push(takeOutput());
  return segments;
}

async function writeAndFlush(encoder: zlib.BrotliCompress, bytes: Buffer) {
  encoder.write(bytes);
  await new Promise<void>((resolve) => encoder.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => resolve()));
  // The flush's output is pushed before its callback, but 'data' may be emitted a tick later.
  await new Promise((resolve) => setImmediate(resolve));
}
