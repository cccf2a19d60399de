/**
 * What the page compressors (stitched-gzip.ts, stitched-brotli.ts) share:
 * a page is compressed once with a stand-in in every place of its nonce, and
 * checked by decoding it with a real one.
 *
 * The stand-in is bytes that occur nowhere else in the page, each different
 * from the others. A match the compressor finds can then only cover a
 * stand-in byte by copying the same byte of an earlier stand-in, which in a
 * response is the same byte of the same nonce. Only a stand-in written as
 * literal bytes has to be replaced by the nonce itself.
 */
import crypto from "node:crypto";

// Control characters other than tab, newline and carriage return: not in HTML a page sends.
const STAND_IN_BYTES = [...Array(32).keys()].filter((byte) => byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);

/** The stand-in for a nonce of `nonceLength` bytes, or null if it is too long or the page holds one of its bytes. */
export function nonceStandIn(parts: Buffer[], nonceLength: number): Buffer | null {
  const standIn = Buffer.from(STAND_IN_BYTES.slice(0, nonceLength));
  const usable = standIn.length === nonceLength && !parts.some((part) => standIn.some((byte) => part.includes(byte)));
  return usable ? standIn : null;
}

/** The stand-in as text (control characters are one byte each in UTF-8), or null if a nonce that long has none. */
export function standInText(nonceLength: number): string | null {
  return nonceLength <= STAND_IN_BYTES.length ? String.fromCharCode(...STAND_IN_BYTES.slice(0, nonceLength)) : null;
}

/** A nonce to check a compressed page with: printable, so never a stand-in byte. */
export function testNonce(nonceLength: number): Buffer {
  return Buffer.from(crypto.randomBytes(nonceLength).toString("base64").slice(0, nonceLength));
}

export function joinParts(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [separator, part] : [part])));
}

/** Where the parts start in the page, with a nonce of `nonceLength` bytes between each two. */
export function partStartsOf(parts: Buffer[], nonceLength: number): number[] {
  const starts: number[] = [];
  parts.reduce((offset, part) => (starts.push(offset), offset + part.length + nonceLength), 0);
  return starts;
}

export function firstDifference(actual: Buffer, expected: Buffer): number {
  const length = Math.min(actual.length, expected.length);
  for (let index = 0; index < length; index++) if (actual[index] !== expected[index]) return index;
  return actual.length === expected.length ? -1 : length;
}

/**
 * zlib's synchronous calls return a view of their 64 KB output buffer: kept
 * as it is, a 40-byte segment would hold on to all of it, and a few hundred
 * cached pages to tens of megabytes.
 */
export function exactCopy(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  // Not from Node's shared pool either, which has the same effect at a smaller scale.
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}
