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
 * (8-bit levels)… Measured over 41 M pixels of Suspicion's pictures (2026-12-06): 0.4 % of pixels
 * 1 level apart, 248 pixels 3 apart (rounded corners' anti-aliasing: a piece is blended once as
 * a whole, resvg blends each shape), one pixel 12 apart (the end of a dash of a dashed outline:
 * resvg measures a dash along a curve in floating point, which a different translation moves
 * by a fraction of a pixel).
 */
export const COMPOSE_TOLERANCE = 3;

/**
 * …except for at most this many pixels per million, which stay within OUTLIER_TOLERANCE: dash
 * ends and small curved symbols (resvg flattens a curve slightly differently at another position
 * of the atlas it draws a piece in — J'Accuse!'s pictures, full of small hearts, doors and rounded
 * cards, showed up to 10 per million 4–13 levels apart, 2026-12-07). Text is drawn from glyph
 * masks (src/discord/pictures/glyphs.ts), with each pair of neighbouring glyphs' own coverage
 * where they share a pixel; measured over 76 pictures of the four games, 51 M pixels, with the
 * tests' longest names (2026-12-07): 1.1 pixels per million more than 3 levels apart, 10 per
 * million in the worst picture, the most 14 levels (without the pairs: 9 per million, 31 in the
 * worst picture, 29 levels — a bold "rt" overlaps, which resvg, filling a text as one path,
 * counts once).
 */
export const OUTLIERS_PER_MILLION = 25;
export const OUTLIER_TOLERANCE = 16;

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
  /** Pixels more than COMPOSE_TOLERANCE apart. */
  outliers: number;
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

/** Whether `c` is within the tolerance: every pixel within COMPOSE_TOLERANCE but ≤ OUTLIERS_PER_MILLION within OUTLIER_TOLERANCE. */
export function withinTolerance(c: Comparison): boolean {
  return c.maxDiff <= OUTLIER_TOLERANCE && c.outliers <= Math.max(1, (c.pixels * OUTLIERS_PER_MILLION) / 1e6);
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
  let outliers = 0;
  let at: [number, number] | null = null;
  const n = scene.width * scene.height;
  for (let i = 0; i < n; i++) {
    let worst = 0;
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(got[i * 3 + c]! - want[i * 4 + c]!));
    if (want[i * 4 + 3] !== 255) worst = 255;
    if (worst > 0) differing++;
    if (worst > COMPOSE_TOLERANCE) outliers++;
    if (worst > maxDiff) {
      maxDiff = worst;
      at = [i % scene.width, Math.floor(i / scene.width)];
    }
  }
  return { pixels: n, differing, maxDiff, outliers, at };
}
