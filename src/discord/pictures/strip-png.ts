/**
 * The PNG side of a composed picture (./compose.ts): a strip's rows filtered for PNG, the Adler-32
 * sums that let separately deflated strips join into one zlib stream, and the PNG assembled from
 * those strips (8-bit RGB).
 */
import * as zlib from 'node:zlib';

const ADLER_BASE = 65521;

/** Whether row `base` .. `base + w` of `px` equals the row above it. */
function sameAsAbove(px: Uint32Array, base: number, w: number): boolean {
  const above = base - w;
  for (let x = 0; x < w; x++) if (px[base + x] !== px[above + x]) return false;
  return true;
}

/**
 * PNG rows of `px` (opaque premultiplied RGBA = RGB) written to `raw`: the first row Sub, the
 * others `filter` — under Sub, a row equal to the one above is Up (all zeros); returns the
 * Adler-32 of the bytes written, computed in the same pass. A span of pixels equal to their
 * neighbours (the ones to the left under Sub, above under Up: most of a picture) is written as
 * zeros with one fill, and its checksum advanced in one step.
 */
export function filterRows(px: Uint32Array, w: number, rows: number, filter: 0 | 1 | 2, raw: Buffer): number {
  const stride = w * 3 + 1;
  let a = 1;
  let b = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * w;
    let f = r === 0 ? 1 : filter;
    // A row equal to the one above (a panel's flat rows, the gaps between lines) is Up: all
    // zeros, written with one fill, its checksum updated at once, and deflated as a long run.
    if (f === 1 && sameAsAbove(px, base, w)) f = 2;
    let d = r * stride;
    raw[d++] = f;
    a += f;
    b += a;
    if (f === 2) {
      const above = base - w;
      let x = 0;
      while (x < w) {
        let same = x;
        while (same < w && px[base + same] === px[above + same]) same++;
        if (same > x) {
          const n = 3 * (same - x);
          raw.fill(0, d, d + n);
          d += n;
          b += a * n;
          x = same;
          if (x === w) break;
        }
        const c = px[base + x]!;
        const u = px[above + x]!;
        const v0 = ((c & 255) - (u & 255)) & 255;
        const v1 = (((c >>> 8) & 255) - ((u >>> 8) & 255)) & 255;
        const v2 = (((c >>> 16) & 255) - ((u >>> 16) & 255)) & 255;
        raw[d] = v0;
        raw[d + 1] = v1;
        raw[d + 2] = v2;
        d += 3;
        a += v0;
        b += a;
        a += v1;
        b += a;
        a += v2;
        b += a;
        x++;
      }
    } else {
      // Sub: each pixel less the one to its left (a span equal to its left neighbour is zeros,
      // written with one fill as under Up); None: the pixel itself.
      let prev = 0;
      for (let x = 0; x < w; x++) {
        const c = px[base + x]!;
        if (f === 1 && c === prev) {
          let same = x + 1;
          while (same < w && px[base + same] === c) same++;
          const n = 3 * (same - x);
          raw.fill(0, d, d + n);
          d += n;
          b += a * n;
          x = same - 1;
          continue;
        }
        const v0 = ((c & 255) - (prev & 255)) & 255;
        const v1 = (((c >>> 8) & 255) - ((prev >>> 8) & 255)) & 255;
        const v2 = (((c >>> 16) & 255) - ((prev >>> 16) & 255)) & 255;
        raw[d] = v0;
        raw[d + 1] = v1;
        raw[d + 2] = v2;
        d += 3;
        a += v0;
        b += a;
        a += v1;
        b += a;
        a += v2;
        b += a;
        if (f === 1) prev = c;
      }
    }
    // One row adds at most 255 · stride to a and stride · a to b: exact in a double, reduced per row.
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}


/** Adler-32 of `data` (zlib's checksum). */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  const n = data.length;
  let i = 0;
  while (i < n) {
    const end = Math.min(n, i + 3800);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** Adler-32 of two buffers joined, from theirs and the second's length (zlib's adler32_combine). */
export function adler32Combine(adler1: number, adler2: number, len2: number): number {
  const rem = len2 % ADLER_BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adler2 & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

let crcTable: Int32Array | null = null;

/** CRC-32 of `parts` joined (PNG chunks): node:zlib's when this Node has it, else a table. */
function crc32(parts: Uint8Array[]): number {
  const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (native) {
    let crc = 0;
    for (const part of parts) crc = native(part, crc);
    return crc >>> 0;
  }
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (const part of parts) for (let i = 0; i < part.length; i++) crc = crcTable[(crc ^ part[i]!) & 255]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32([head.subarray(4), data]), 0);
  return [head, data, tail];
}

/** A PNG (8-bit RGB) from compressed strips: one zlib stream (header, the strips, an empty final block, Adler-32). */
export function assemblePng(width: number, height: number, strips: Buffer[], adler: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const trailer = Buffer.alloc(6);
  trailer[0] = 0x03; // an empty final block (fixed Huffman codes, end of block)
  trailer[1] = 0x00;
  trailer.writeUInt32BE(adler, 2);
  const idat = Buffer.concat([Buffer.from([0x78, 0x01]), ...strips, trailer]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), ...chunk('IHDR', header), ...chunk('IDAT', idat), ...chunk('IEND', Buffer.alloc(0))]);
}
