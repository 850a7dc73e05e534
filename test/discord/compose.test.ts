/**
 * Composing pictures from cached pieces (src/discord/pictures/compose.ts, docs/pictures.md): the
 * PNG equals resvg's rasterisation of the whole SVG within COMPOSE_TOLERANCE,
 * pieces and strips are made once, and the PNG is a valid 8-bit RGB file.
 */
import { deflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine } from '../../src/discord/pictures/strip-png.js';
import { piece, SceneBuilder, sceneSvg, type Piece } from '../../src/games/scene.js';
import { circle, rect, text, THEME } from '../../src/games/svg.js';
import { compareComposed, COMPOSE_TOLERANCE, testComposer, withinTolerance } from '../support/compose-check.js';

const panel = (w: number, h: number, stroke?: string) => piece(w, h, rect(1.5, 1.5, w - 3, h - 3, { fill: THEME.panel, radius: 14, ...(stroke ? { stroke, strokeWidth: 3 } : {}) }));
const label = (s: string, w = 220) => piece(w, 40, text(w / 2, 28, s, { size: 22, bold: true, anchor: 'middle' }));

/** A scene with overlapping pieces, anti-aliased edges, text on cards and a piece used twice. */
function sample(names: string[]): ReturnType<SceneBuilder['finish']> {
  const sb = new SceneBuilder(540);
  names.forEach((name, i) => {
    const top = 10 + i * 120;
    sb.put(12, top, panel(516, 110, i === 0 ? THEME.you : undefined));
    sb.put(24, top + 8, label(name));
    sb.put(30, top + 52, piece(50, 50, circle(25, 25, 21.3, { fill: '#f23f43', stroke: '#ffffff', strokeWidth: 2 })));
    sb.put(96, top + 50, piece(300, 54, [rect(1, 1, 298, 52, { fill: '#ece6d6', radius: 10 }), text(150, 36, 'Columna C hacia abajo', { size: 22, fill: '#1e1f22', anchor: 'middle' })]));
  });
  return sb.finish(20 + names.length * 120);
}

describe('composing a picture from pieces', () => {
  it('gives the pixels of the whole SVG rasterised by resvg, within the tolerance, as a valid 8-bit RGB PNG', () => {
    const scene = sample(['Ana (you)', 'Bartholomew', 'Élodie Ñandú']);
    const result = compareComposed(testComposer(), scene);
    expect(withinTolerance(result), `${result.maxDiff} at ${result.at}`).toBe(true);
    expect(result.maxDiff).toBeLessThanOrEqual(COMPOSE_TOLERANCE);
    // Almost every pixel is exactly resvg's.
    expect(result.differing / result.pixels).toBeLessThan(0.02);
  });

  it('rasterises each distinct piece once and re-encodes only the strips that changed', () => {
    const composer = testComposer();
    const first = composer.png(sample(['Ana', 'Ben', 'Cleo']));
    // Two panels (the first row's framed), the circle and the card once each, and three names.
    expect(first.stats.rasterised).toBe(2 + 1 + 1 + 3);
    const again = composer.png(sample(['Ana', 'Ben', 'Cleo']));
    expect(again.stats).toMatchObject({ rasterised: 0, encoded: 0 });
    expect(again.png.equals(first.png)).toBe(true);
    // Only the last row's name changed: one new piece, and only the strips it touches are encoded.
    const changed = composer.png(sample(['Ana', 'Ben', 'Dev']));
    expect(changed.stats.rasterised).toBe(1);
    expect(changed.stats.encoded).toBeGreaterThan(0);
    expect(changed.stats.encoded).toBeLessThanOrEqual(3);
    expect(withinTolerance(compareComposed(composer, sample(['Ana', 'Ben', 'Dev'])))).toBe(true);
  });

  it('cuts a piece that draws outside its box (which the comparison then reports): a drawer must keep to its boxes', () => {
    const sb = new SceneBuilder(200);
    // A 3-px stroke on the box's edge: half of it lies outside.
    sb.put(10, 10, piece(100, 60, rect(0, 0, 100, 60, { fill: THEME.panel, stroke: THEME.you, strokeWidth: 3 })));
    const result = compareComposed(testComposer(), sb.finish(80));
    expect(withinTolerance(result)).toBe(false);
  });

  it('places pieces at whole pixels only, inside the picture', () => {
    const sb = new SceneBuilder(100);
    const p: Piece = piece(10, 10, '');
    expect(() => sb.put(0.5, 0, p)).toThrow(/whole pixels/);
    expect(() => sb.put(95, 0, p)).toThrow(/outside/);
    expect(() => piece(10.5, 3, '')).toThrow(/whole pixels/);
    expect(sceneSvg(sb.put(3, 4, p).finish())).toContain('<g transform="translate(3 4)">');
  });

  it('decodes with a PNG library whatever the strip height, level and row filter', () => {
    for (const [stripHeight, level, filter] of [[7, 1, 0], [32, 6, 2], [64, 9, 1]] as const) {
      const scene = sample(['Ana', 'Ben']);
      const result = compareComposed(testComposer({ stripHeight, level, filter }), scene);
      expect(withinTolerance(result), `strip ${stripHeight}, level ${level}, filter ${filter}`).toBe(true);
      expect(decode(testComposer({ stripHeight, level, filter }).png(scene).png).height).toBe(scene.height);
    }
  });
});

describe('Adler-32 of joined strips', () => {
  it("is zlib's checksum of the joined bytes", () => {
    const a = Buffer.from('The Physician '.repeat(999));
    const b = Buffer.from('Columna C hacia abajo'.repeat(4000));
    const whole = deflateSync(Buffer.concat([a, b]));
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(whole.readUInt32BE(whole.length - 4));
    expect(adler32(Buffer.alloc(0))).toBe(1);
  });
});
