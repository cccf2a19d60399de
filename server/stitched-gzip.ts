/**
 * Gzip for a page that is the same in every response but for its nonce.
 *
 * The fixed parts are compressed once, each as its own run of deflate
 * blocks ending on a byte boundary (a sync flush), so none refers back into
 * another. A response then needs no compressor at all: the parts' blocks
 * with each response's nonce between them as a stored (uncompressed) block,
 * a closing empty block, and the gzip trailer (CRC-32 and length of the
 * whole page). That costs a CRC pass and a copy instead of a compression,
 * and the parts get the best compression level rather than the fastest.
 *
 * A part may still refer back into the text before it, as gzip of the whole
 * page would (a guide page's hydration data repeats its article): each part
 * is compressed with the 32 KB before it as a preset dictionary, in which
 * every nonce is NUL bytes of the nonce's length. A page holds no NUL, so no
 * match can reach into a nonce, and every distance is the same as in the
 * response, whatever its nonce. A page that does hold NUL is compressed
 * without dictionaries.
 *
 * The format is RFC 1952 (gzip) around RFC 1951 (deflate), section 3.2.4
 * for stored blocks.
 */
import zlib from "node:zlib";

export type StitchedGzip = {
  /** The fixed parts, as text (for the CRC) and as compressed blocks. */
  parts: { raw: Buffer; deflated: Buffer }[];
  /** Uncompressed length of the fixed parts together. */
  fixedLength: number;
  /** Bytes of the nonce the parts were compressed for: the distances depend on it. */
  nonceLength: number;
};

// Magic, deflate, no flags, no modification time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
// A final stored block with no data: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;
// How far back deflate can refer: the most of a dictionary that can be used.
const WINDOW_SIZE = 32 * 1024;

/** Compresses the page's fixed parts (the text between the places a nonce of `nonceLength` bytes goes). */
export function prepareStitchedGzip(parts: string[], nonceLength: number): StitchedGzip {
  const raws = parts.map((part) => Buffer.from(part, "utf8"));
  const useDictionaries = !raws.some((raw) => raw.includes(0));
  const placeholder = Buffer.alloc(nonceLength);
  let history = Buffer.alloc(0);
  const prepared = raws.map((raw, index) => {
    if (index > 0) history = Buffer.concat([history, placeholder]).subarray(-WINDOW_SIZE);
    const deflated = zlib.deflateRawSync(raw, {
      level: 9,
      memLevel: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(useDictionaries && history.length > 0 ? { dictionary: history } : {}),
    });
    history = Buffer.concat([history, raw]).subarray(-WINDOW_SIZE);
    return { raw, deflated };
  });
  return { parts: prepared, fixedLength: prepared.reduce((sum, part) => sum + part.raw.length, 0), nonceLength };
}

/** The whole page, gzipped, with `nonce` wherever it was cut out. */
export function stitchGzip({ parts, fixedLength, nonceLength }: StitchedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length !== nonceLength) throw new RangeError(`The parts were compressed for a nonce of ${nonceLength} bytes, not ${nonceBytes.length}`);
  if (nonceBytes.length > MAX_STORED_BLOCK) throw new RangeError("A nonce that long does not fit one stored block");
  const storedNonce = Buffer.alloc(5 + nonceBytes.length);
  // BFINAL=0, BTYPE=00 (stored); the rest of the byte is padding. Then LEN and its complement, little-endian.
  storedNonce.writeUInt8(0x00, 0);
  storedNonce.writeUInt16LE(nonceBytes.length, 1);
  storedNonce.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(storedNonce, 5);

  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(storedNonce);
      crc = zlib.crc32(nonceBytes, crc);
    }
    pieces.push(part.deflated);
    crc = zlib.crc32(part.raw, crc);
  });
  pieces.push(FINAL_EMPTY_BLOCK);

  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((fixedLength + nonceBytes.length * (parts.length - 1)) % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
