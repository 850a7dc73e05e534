/**
 * Composing pictures from cached pieces (src/discord/pictures/compose.ts, docs/pictures.md): the
 * PNG equals resvg's rasterisation of the whole SVG within COMPOSE_TOLERANCE,
 * pieces and strips are made once, and the PNG is a valid 8-bit RGB file.
 */
import { deflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { STRIP_HEIGHT } from '../../src/discord/pictures/compose.js';
import { adler32, adler32Combine, filterRows } from '../../src/discord/pictures/strip-png.js';
import { piece, SceneBuilder, sceneSvg, type Piece, type Scene } from '../../src/games/scene.js';
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

/** `scene` with every piece `k` px lower (and the picture `k` px taller), or only those below `from`. */
function shifted(scene: Scene, k: number, from = 0): Scene {
  return { ...scene, height: scene.height + k, placed: scene.placed.map((p) => (p.y >= from ? { ...p, y: p.y + k } : p)) };
}

/** The PNG's pixels decoded (fast-png) equal, channel by channel, the scene composed whole without any cache. */
function expectSamePixels(png: Buffer, scene: Scene): void {
  const decoded = decode(png);
  expect([decoded.width, decoded.height, decoded.channels]).toEqual([scene.width, scene.height, 3]);
  const whole = testComposer().pixels(scene);
  const rgb = new Uint8Array(whole.length * 3);
  for (let i = 0; i < whole.length; i++) {
    rgb[i * 3] = whole[i]! & 255;
    rgb[i * 3 + 1] = (whole[i]! >>> 8) & 255;
    rgb[i * 3 + 2] = (whole[i]! >>> 16) & 255;
  }
  expect(Buffer.from(decoded.data as Uint8Array).equals(Buffer.from(rgb))).toBe(true);
}

describe('strips cut at the layout, keyed by what they show (shift-invariant)', () => {
  it('re-encodes no strip of content that only moved down by k px (k not a multiple of STRIP_HEIGHT): only the new background rows above it', () => {
    const scene = sample(['Ana', 'Ben', 'Cleo']);
    for (const k of [13, 45]) {
      const composer = testComposer();
      composer.png(scene);
      const moved = shifted(scene, k);
      const { png, stats } = composer.png(moved);
      // The three cards are bands 110 px tall, 10 px apart: their strips hit; the rows above the
      // first card (10 + k px of background) are new strips (⌈(10 + k) ÷ STRIP_HEIGHT⌉).
      expect(stats.rasterised).toBe(0);
      expect(stats.encoded).toBe(Math.ceil((10 + k) / STRIP_HEIGHT));
      expectSamePixels(png, moved);
    }
  });

  it('when a banner grows (two lines instead of one) re-encodes only the banner, not the panels it pushes down', () => {
    const banner = (h: number) => piece(516, h, [rect(0, 0, 516, h, { fill: THEME.panel, radius: 14 }), text(20, 40, 'Ana to move', { size: 24, bold: true }), ...(h > 90 ? [text(20, 80, 'second line of the banner', { size: 24 })] : [])]);
    const withBanner = (h: number) => {
      const sb = new SceneBuilder(540);
      sb.put(12, 10, banner(h));
      sample(['Ana', 'Ben', 'Cleo']).placed.forEach((p) => sb.put(p.x, p.y + h + 16, p.piece));
      return sb.finish(sb.height + 10);
    };
    const composer = testComposer();
    composer.png(withBanner(86));
    const grown = withBanner(119);
    const { png, stats } = composer.png(grown);
    expect(stats.rasterised).toBe(1);
    // The banner's band (119 rows) in ⌈119 ÷ 32⌉ = 4 strips; everything below moved 33 px and hits.
    expect(stats.encoded).toBe(Math.ceil(119 / STRIP_HEIGHT));
    expectSamePixels(png, grown);
    // And back: every strip of the one-line banner's picture is still cached.
    expect(composer.png(withBanner(86)).stats.encoded).toBe(0);
  });

  it('leaves a piece that draws nothing out of every strip (an empty key piece over the whole picture changes no strip)', () => {
    const composer = testComposer();
    const scene = sample(['Ana', 'Ben']);
    const first = composer.png(scene);
    const keyed = { ...scene, placed: [...scene.placed, { x: 0, y: 0, piece: piece(540, scene.height, '') }] };
    const again = composer.png(keyed);
    expect(again.stats.encoded).toBe(0);
    expect(again.png.equals(first.png)).toBe(true);
  });

  it('cuts a band taller than STRIP_HEIGHT into strips of equal height, none taller than STRIP_HEIGHT, and decodes to the same pixels', () => {
    const sb = new SceneBuilder(200);
    sb.put(10, 5, piece(180, 33, rect(0, 0, 180, 33, { fill: '#ece6d6' })));
    sb.put(10, 50, piece(180, 100, rect(0, 0, 180, 100, { fill: '#1e1f22', radius: 10 })));
    const scene = sb.finish(160);
    const { png, stats } = testComposer({ stripHeight: 32 }).png(scene);
    // Background 5, band 33 (2 strips: 17 + 16), background 12, band 100 (4 strips of 25), background 10.
    expect(stats.strips).toBe(1 + 2 + 1 + 4 + 1);
    expectSamePixels(png, scene);
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

describe('filterRows', () => {
  /** PNG filtering as the specification writes it (first row Sub; a Sub row equal to the one above is Up), byte by byte. */
  function reference(px: Uint32Array, w: number, rows: number, filter: 0 | 1 | 2): Buffer {
    const out: number[] = [];
    const byte = (c: number, k: number) => (c >>> (8 * k)) & 255;
    for (let r = 0; r < rows; r++) {
      let f: number = r === 0 ? 1 : filter;
      if (f === 1 && r > 0 && px.subarray(r * w, r * w + w).every((c, x) => c === px[(r - 1) * w + x])) f = 2;
      out.push(f);
      for (let x = 0; x < w; x++) {
        const c = px[r * w + x]!;
        const left = x > 0 ? px[r * w + x - 1]! : 0;
        const up = r > 0 ? px[(r - 1) * w + x]! : 0;
        for (let k = 0; k < 3; k++) out.push(f === 0 ? byte(c, k) : f === 1 ? (byte(c, k) - byte(left, k)) & 255 : (byte(c, k) - byte(up, k)) & 255);
      }
    }
    return Buffer.from(out);
  }

  it('writes the bytes PNG filtering gives, and their Adler-32, for None, Sub and Up over rows with long spans of equal pixels', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
    const colours = [0xff2a2b30, 0xffffffff, 0xff102030, 0xfff0e0d0, 0xff808080];
    for (let trial = 0; trial < 40; trial++) {
      const w = 1 + Math.floor(random() * 300);
      const rows = 1 + Math.floor(random() * 12);
      const px = new Uint32Array(w * rows);
      for (let i = 0; i < px.length; ) {
        // Spans of 1–200 equal pixels, now and then a row copied from the one above.
        if (i % w === 0 && i >= w && random() < 0.3) {
          px.copyWithin(i, i - w, i);
          i += w;
          continue;
        }
        const n = 1 + Math.floor(random() * (random() < 0.5 ? 3 : 200));
        const c = random() < 0.8 ? colours[Math.floor(random() * colours.length)]! : (0xff000000 | Math.floor(random() * 0xffffff)) >>> 0;
        px.fill(c, i, Math.min(px.length, i + n));
        i += n;
      }
      for (const filter of [0, 1, 2] as const) {
        const raw = Buffer.alloc(rows * (3 * w + 1));
        const sum = filterRows(px, w, rows, filter, raw);
        const expected = reference(px, w, rows, filter);
        expect(raw.equals(expected), `trial ${trial}, filter ${filter}`).toBe(true);
        expect(sum, `trial ${trial}, filter ${filter}`).toBe(adler32(expected));
      }
    }
  });
});
