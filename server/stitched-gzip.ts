/**
 * Gzip for a page that is the same in every response but for its nonce.
 *
 * The page is compressed once, when it is kept, into segments of deflate
 * blocks that each end on a byte boundary (a sync flush). A response then
 * needs no compressor at all: the segments with the response's nonce as a
 * stored (uncompressed) block between each two, a closing empty block, and
 * the gzip trailer (CRC-32 and length of the whole page). That costs a copy
 * instead of a compression, and the page gets the best compression level
 * rather than the fastest.
 *
 * A page holds its nonce many times (every script and module preload), and
 * it is the same nonce each time. So the page is compressed with a stand-in
 * in every nonce's place (nonce-stand-in.ts): only the first nonce has to be
 * sent as it is, and later ones cost a back-reference, as in gzip of the
 * whole page. Where the compressor wrote a stand-in as
 * literal bytes instead (none earlier within its 32 KB window, say), the
 * check made when the page is kept finds it, and that nonce is sent as it
 * is too, starting a new segment. Each segment is compressed with the 32 KB
 * before it as a preset dictionary, so it can still refer back across the
 * nonce (a guide page's hydration data repeats its article).
 *
 * The CRC-32 is not computed over the page for each response either. For
 * messages of one length, CRC-32 is affine: crc(a ^ b) = crc(a) ^ crc(b) ^
 * crc(zeros). So the page's CRC is that of the page with zeros for its
 * nonces, XORed with one precomputed value for each bit set in the nonce
 * (the change that bit makes at all the nonce's places at once).
 *
 * The format is RFC 1952 (gzip) around RFC 1951 (deflate), section 3.2.4
 * for stored blocks.
 */
import zlib from "node:zlib";
import { exactCopy, firstDifference, joinParts, nonceStandIn, partStartsOf, testNonce } from "./nonce-stand-in.ts";

export type StitchedGzip = {
  /** The compressed segments; a response puts its nonce, stored, between each two. */
  segments: Buffer[];
  /** CRC-32 of the page with zero bytes in its nonces' places. */
  crcWithZeros: number;
  /** What setting bit `b` of nonce byte `j` does to that CRC: entry `j * 8 + b`. */
  crcPerNonceBit: Uint32Array;
  /** Uncompressed length of the whole page. */
  length: number;
  /** Bytes of the nonce the page was compressed for: the distances depend on it. */
  nonceLength: number;
};

// Magic, deflate, no flags, no modification time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
// A final stored block with no data: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;
// How far back deflate can refer: more dictionary than this is never used.
const WINDOW_SIZE = 32 * 1024;
const DEFLATE_OPTIONS = { level: 9, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Compresses a page, given as its text between the places a nonce of `nonceLength` bytes goes. */
export function prepareStitchedGzip(textParts: string[], nonceLength: number): StitchedGzip {
  if (nonceLength > MAX_STORED_BLOCK) throw new RangeError("A nonce that long does not fit one stored block");
  const parts = textParts.map((part) => Buffer.from(part, "utf8"));
  const partStarts = partStartsOf(parts, nonceLength);
  const checksum = nonceChecksum(parts, partStarts, nonceLength);
  const standIn = nonceStandIn(parts, nonceLength);
  // Each part on its own, every nonce stored: larger, but right for any page.
  const eachPartAlone = () => ({ segments: parts.map((part) => exactCopy(zlib.deflateRawSync(part, DEFLATE_OPTIONS))), ...checksum, nonceLength });
  if (!standIn) return eachPartAlone();

  // The page as the compressor sees it, and as a response with a test nonce decodes.
  const compressed = joinParts(parts, standIn);
  const expected = joinParts(parts, testNonce(nonceLength));

  const segments: Buffer[] = [];
  for (let first = 0; first < parts.length; ) {
    const start = partStarts[first]!;
    const dictionary = compressed.subarray(Math.max(0, start - WINDOW_SIZE), start);
    const decodeDictionary = expected.subarray(Math.max(0, start - WINDOW_SIZE), start);
    // Try the rest of the page as one segment; cut before the first nonce it gets wrong, and try again.
    for (let last = parts.length - 1; ; ) {
      const end = partStarts[last]! + parts[last]!.length;
      const options = dictionary.length > 0 ? { ...DEFLATE_OPTIONS, dictionary } : DEFLATE_OPTIONS;
      const segment = zlib.deflateRawSync(compressed.subarray(start, end), options);
      const decoded = zlib.inflateRawSync(segment, {
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        ...(decodeDictionary.length > 0 ? { dictionary: decodeDictionary } : {}),
      });
      const wrongAt = firstDifference(decoded, expected.subarray(start, end));
      if (wrongAt === -1) {
        segments.push(exactCopy(segment));
        first = last + 1;
        break;
      }
      // Parts first..wrongPart are right; the nonce after wrongPart goes stored.
      const wrongPart = parts.findLastIndex((_, index) => index >= first && partStarts[index]! <= start + wrongAt);
      const next = Math.min(wrongPart, last - 1);
      // Cannot happen (a lone part has no stand-in to get wrong), but never serve a wrong page.
      if (next < first) return eachPartAlone();
      last = next;
    }
  }
  return { segments, ...checksum, nonceLength };
}

/**
 * The whole page, gzipped, with `nonce` wherever it was cut out: the kept
 * segments and the few bytes made for this nonce (its stored block, the
 * trailer), in order, to be written without copying the page.
 */
export function stitchGzip({ segments, crcWithZeros, crcPerNonceBit, length, nonceLength }: StitchedGzip, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length !== nonceLength) throw new RangeError(`The page was compressed for a nonce of ${nonceLength} bytes, not ${nonceBytes.length}`);
  const storedNonce = Buffer.alloc(5 + nonceBytes.length);
  // BFINAL=0, BTYPE=00 (stored); the rest of the byte is padding. Then LEN and its complement, little-endian.
  storedNonce.writeUInt8(0x00, 0);
  storedNonce.writeUInt16LE(nonceBytes.length, 1);
  storedNonce.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(storedNonce, 5);

  let crc = crcWithZeros;
  for (let index = 0; index < nonceBytes.length; index++) {
    const byte = nonceBytes[index]!;
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) crc ^= crcPerNonceBit[index * 8 + bit]!;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);

  const pieces: Buffer[] = [GZIP_HEADER];
  segments.forEach((segment, index) => {
    if (index > 0) pieces.push(storedNonce);
    pieces.push(segment);
  });
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return pieces;
}

/** The CRC-32 of the page with zeros for its nonces, and what each bit of a nonce changes in it. */
function nonceChecksum(parts: Buffer[], partStarts: number[], nonceLength: number) {
  const page = joinParts(parts, Buffer.alloc(nonceLength));
  const crcWithZeros = zlib.crc32(page);
  const nonceStarts = partStarts.slice(1).map((partStart) => partStart - nonceLength);
  const crcPerNonceBit = new Uint32Array(nonceLength * 8);
  for (let index = 0; index < nonceLength; index++) {
    for (let bit = 0; bit < 8; bit++) {
      for (const start of nonceStarts) page[start + index] = 1 << bit;
      crcPerNonceBit[index * 8 + bit] = (zlib.crc32(page) ^ crcWithZeros) >>> 0;
      for (const start of nonceStarts) page[start + index] = 0;
    }
  }
  return { crcWithZeros, crcPerNonceBit, length: page.length };
}
