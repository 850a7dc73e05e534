/**
 * PNG encoding of a rasterised picture (README "Pictures"; docs/pictures.md "Render time").
 * resvg's own `asPng` spent about a third of a picture's render time (≈ 12 ms of ≈ 46 ms CPU
 * for a board, measured 2026-12-02) writing RGBA with its default filter and compression.
 * Every picture is drawn on an opaque background, so the alpha channel says nothing: this
 * writes the same pixels as 8-bit RGB, rows unfiltered, deflated at PNG_DEFLATE_LEVEL — the
 * flat panels and text of a picture compress best that way (≈ 4–5 ms and ≈ 20 % smaller
 * files). Lossless: decoding gives exactly the pixels resvg drew. A picture with any pixel
 * not fully opaque is left to `asPng` (the encoder says so by returning null).
 *
 * The encoder is plain JavaScript kept as source text, so that the raster worker
 * (./rasterise.ts, code run with `eval`) and the main thread run the very same code.
 */
import { deflateSync } from 'node:zlib';

/** zlib level of the picture's pixel data: 3 is ≈ 2× faster than 6 for ≈ 15 % more bytes (README "Pictures" has the sizes). */
export const PNG_DEFLATE_LEVEL = 3;

/**
 * The encoder's source: `encodeOpaquePng(pixels, width, height, deflateSync, level)` → a PNG
 * Buffer, or null when a pixel is not fully opaque. `pixels`: RGBA, 4 bytes a pixel, rows top
 * to bottom (resvg's `RenderedImage.pixels`); `deflateSync`: node:zlib's.
 */
export const PNG_ENCODER_SOURCE = `
let pngCrcTable = null;
function pngCrc(parts) {
  if (!pngCrcTable) {
    pngCrcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      pngCrcTable[n] = c;
    }
  }
  let crc = -1;
  for (const part of parts) for (let i = 0; i < part.length; i++) crc = pngCrcTable[(crc ^ part[i]) & 255] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(pngCrc([head.subarray(4), data]), 0);
  return [head, data, crc];
}
function encodeOpaquePng(pixels, width, height, deflateSync, level) {
  const stride = width * 3 + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  let alpha = 255;
  for (let y = 0, s = 0; y < height; y++) {
    let d = y * stride;
    raw[d++] = 0;
    for (let x = 0; x < width; x++, s += 4) {
      raw[d++] = pixels[s];
      raw[d++] = pixels[s + 1];
      raw[d++] = pixels[s + 2];
      alpha &= pixels[s + 3];
    }
  }
  if (alpha !== 255) return null;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    ...pngChunk('IHDR', header),
    ...pngChunk('IDAT', deflateSync(raw, { level })),
    ...pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
`;

type Encoder = (pixels: Uint8Array, width: number, height: number, deflate: typeof deflateSync, level: number) => Buffer | null;

// The same source as the worker's, made a function once (see the module comment).
const encoder = new Function(`${PNG_ENCODER_SOURCE}\nreturn encodeOpaquePng;`)() as Encoder;

/**
 * The PNG of `pixels` (RGBA rows, `width` × `height`) as 8-bit RGB, or null when a pixel is
 * not fully opaque (then use resvg's `asPng`). Lossless.
 */
export function encodeOpaquePng(pixels: Uint8Array, width: number, height: number, level = PNG_DEFLATE_LEVEL): Buffer | null {
  return encoder(pixels, width, height, deflateSync, level);
}
