/**
 * Gzip for a page that is the same in every response but for its nonce.
 *
 * The page is compressed once, when it is kept, into segments of deflate
 * blocks that each end on a byte boundary (a sync flush). A response then
 * needs no compressor at all: the segments with the response's nonce as a
 * stored (uncompressed) block between each two, a closing empty block, and
 * the gzip trailer (CRC-32 and length of the whole page). That costs a CRC
 * pass and a copy instead of a compression, and the page gets the best
 * compression level rather than the fastest.
 *
 * A page holds its nonce many times (every script and module preload), and
 * it is the same nonce each time. So the page is compressed with a stand-in
 * in every nonce's place: bytes that occur nowhere else in the page, each
 * different from the others. A match the compressor finds can then only
 * cover a stand-in byte by copying the same byte of an earlier stand-in,
 * which in the response is the same byte of the same nonce; so only the
 * first nonce has to be sent as it is, and later ones cost a back-reference,
 * as in gzip of the whole page. Where the compressor wrote a stand-in as
 * literal bytes instead (none earlier within its 32 KB window, say), the
 * check made when the page is kept finds it, and that nonce is sent as it
 * is too, starting a new segment. Each segment is compressed with the 32 KB
 * before it as a preset dictionary, so it can still refer back across the
 * nonce (a guide page's hydration data repeats its article).
 *
 * The format is RFC 1952 (gzip) around RFC 1951 (deflate), section 3.2.4
 * for stored blocks.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";

export type StitchedGzip = {
  /** The page's text between its nonces, for the CRC. */
  parts: Buffer[];
  /** The compressed segments; a response puts its nonce, stored, between each two. */
  segments: Buffer[];
  /** Uncompressed length of the parts together. */
  fixedLength: number;
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
// Control characters other than tab, newline and carriage return: not in HTML a page sends.
const STAND_IN_BYTES = [...Array(32).keys()].filter((byte) => byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);
const DEFLATE_OPTIONS = { level: 9, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Compresses a page, given as its text between the places a nonce of `nonceLength` bytes goes. */
export function prepareStitchedGzip(textParts: string[], nonceLength: number): StitchedGzip {
  const parts = textParts.map((part) => Buffer.from(part, "utf8"));
  const fixedLength = parts.reduce((sum, part) => sum + part.length, 0);
  const standIn = Buffer.from(STAND_IN_BYTES.slice(0, nonceLength));
  const canStandIn = standIn.length === nonceLength && !parts.some((part) => standIn.some((byte) => part.includes(byte)));
  // Each part on its own, every nonce stored: larger, but right for any page.
  const eachPartAlone = () => ({ parts, segments: parts.map((part) => zlib.deflateRawSync(part, DEFLATE_OPTIONS)), fixedLength, nonceLength });
  if (!canStandIn) return eachPartAlone();

  // The page as the compressor sees it, and as a response with `testNonce` decodes.
  const testNonce = Buffer.from(crypto.randomBytes(nonceLength).toString("base64").slice(0, nonceLength));
  const compressed = joinParts(parts, standIn);
  const expected = joinParts(parts, testNonce);
  const partStart = (index: number) => parts.slice(0, index).reduce((sum, part) => sum + part.length + nonceLength, 0);

  const segments: Buffer[] = [];
  for (let first = 0; first < parts.length; ) {
    const start = partStart(first);
    const dictionary = compressed.subarray(Math.max(0, start - WINDOW_SIZE), start);
    const decodeDictionary = expected.subarray(Math.max(0, start - WINDOW_SIZE), start);
    // Try the rest of the page as one segment; cut before the first nonce it gets wrong, and try again.
    for (let last = parts.length - 1; ; ) {
      const end = partStart(last) + parts[last]!.length;
      const options = dictionary.length > 0 ? { ...DEFLATE_OPTIONS, dictionary } : DEFLATE_OPTIONS;
      const segment = zlib.deflateRawSync(compressed.subarray(start, end), options);
      const decoded = zlib.inflateRawSync(segment, {
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        ...(decodeDictionary.length > 0 ? { dictionary: decodeDictionary } : {}),
      });
      const wrongAt = firstDifference(decoded, expected.subarray(start, end));
      if (wrongAt === -1) {
        segments.push(segment);
        first = last + 1;
        break;
      }
      // Parts first..wrongPart are right; the nonce after wrongPart goes stored.
      const wrongPart = parts.findLastIndex((_, index) => index >= first && partStart(index) <= start + wrongAt);
      const next = Math.min(wrongPart, last - 1);
      // Cannot happen (a lone part has no stand-in to get wrong), but never serve a wrong page.
      if (next < first) return eachPartAlone();
      last = next;
    }
  }
  return { parts, segments, fixedLength, nonceLength };
}

/** The whole page, gzipped, with `nonce` wherever it was cut out. */
export function stitchGzip({ parts, segments, fixedLength, nonceLength }: StitchedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length !== nonceLength) throw new RangeError(`The page was compressed for a nonce of ${nonceLength} bytes, not ${nonceBytes.length}`);
  if (nonceBytes.length > MAX_STORED_BLOCK) throw new RangeError("A nonce that long does not fit one stored block");
  const storedNonce = Buffer.alloc(5 + nonceBytes.length);
  // BFINAL=0, BTYPE=00 (stored); the rest of the byte is padding. Then LEN and its complement, little-endian.
  storedNonce.writeUInt8(0x00, 0);
  storedNonce.writeUInt16LE(nonceBytes.length, 1);
  storedNonce.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(storedNonce, 5);

  const pieces: Buffer[] = [GZIP_HEADER];
  segments.forEach((segment, index) => {
    if (index > 0) pieces.push(storedNonce);
    pieces.push(segment);
  });
  pieces.push(FINAL_EMPTY_BLOCK);

  let crc = 0;
  parts.forEach((part, index) => {
    if (index > 0) crc = zlib.crc32(nonceBytes, crc);
    crc = zlib.crc32(part, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((fixedLength + nonceBytes.length * (parts.length - 1)) % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

function joinParts(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [separator, part] : [part])));
}

function firstDifference(actual: Buffer, expected: Buffer): number {
  const length = Math.min(actual.length, expected.length);
  for (let index = 0; index < length; index++) if (actual[index] !== expected[index]) return index;
  return actual.length === expected.length ? -1 : length;
}
