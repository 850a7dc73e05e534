/**
 * Composed pictures against resvg's rasterisation of their whole SVG (docs/pictures.md): the
 * tolerance, and a comparison that decodes the composed PNG with a PNG library (fast-png), so
 * the check covers the encoder too.
 */
import { Resvg } from '@resvg/resvg-js';
import { decode } from 'fast-png';
import { Composer } from '../../src/discord/pictures/compose.js';
import { fontFiles } from '../../src/discord/pictures/rasterise.js';
import { sceneSvg, type Scene } from '../../src/games/scene.js';
import { FONT_FAMILY } from '../../src/games/svg.js';

/**
 * The tolerance: no colour channel of a composed pixel differs from resvg's by more than this
 * (8-bit levels). Measured: ≤ 1 level, on ≈ 0.3 % of pixels (rounding of anti-aliased edges).
 */
export const COMPOSE_TOLERANCE = 2;

/** A composer like a render worker's, with the shipped fonts. */
export function testComposer(options: { level?: number; stripHeight?: number; filter?: 0 | 1 | 2 } = {}): Composer {
  return new Composer({ fonts: fontFiles(), Resvg: Resvg as never, ...options });
}

/** What comparing a composed PNG with the whole SVG's rasterisation found. */
export interface Comparison {
  pixels: number;
  /** Pixels with any channel different. */
  differing: number;
  /** The largest channel difference, levels. */
  maxDiff: number;
  /** Where the largest difference is (x, y), for the failure message. */
  at: [number, number] | null;
}

/** Rasterise `scene`'s whole SVG with resvg (RGBA, premultiplied; every pixel opaque). */
export function wholeRaster(scene: Scene): Uint8Array {
  return new Resvg(sceneSvg(scene), {
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: 'off',
  }).render().pixels;
}

/** Compose `scene` to PNG with `composer`, decode it, and compare it with resvg's rasterisation of the whole SVG. */
export function compareComposed(composer: Composer, scene: Scene): Comparison {
  const { png } = composer.png(scene);
  const decoded = decode(png);
  if (decoded.width !== scene.width || decoded.height !== scene.height) throw new Error(`PNG is ${decoded.width} × ${decoded.height}, scene ${scene.width} × ${scene.height}`);
  if (decoded.channels !== 3 || decoded.depth !== 8) throw new Error(`PNG has ${decoded.channels} channels of ${decoded.depth} bits, not 8-bit RGB`);
  const got = decoded.data;
  const want = wholeRaster(scene);
  let differing = 0;
  let maxDiff = 0;
  let at: [number, number] | null = null;
  const n = scene.width * scene.height;
  for (let i = 0; i < n; i++) {
    let worst = 0;
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(got[i * 3 + c]! - want[i * 4 + c]!));
    if (want[i * 4 + 3] !== 255) worst = 255;
    if (worst > 0) differing++;
    if (worst > maxDiff) {
      maxDiff = worst;
      at = [i % scene.width, Math.floor(i / scene.width)];
    }
  }
  return { pixels: n, differing, maxDiff, at };
}
