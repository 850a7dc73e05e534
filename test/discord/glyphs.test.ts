/**
 * Text drawn from the glyph cache (src/discord/pictures/glyphs.ts, docs/pictures.md "Text"): how
 * a piece is split into layers, where `textElement` places each character, and that a text drawn
 * from glyph masks gives resvg's pixels for the whole SVG.
 */
import { describe, expect, it } from 'vitest';
import { splitPiece } from '../../src/discord/pictures/glyphs.js';
import { GLYPH_STEPS, measure, piece, SceneBuilder, textElement } from '../../src/games/scene.js';
import { rect, THEME } from '../../src/games/svg.js';
import { compareComposed, COMPOSE_TOLERANCE, testComposer } from '../support/compose-check.js';

describe('textElement', () => {
  it('places every character at its advance, snapped to 1/GLYPH_STEPS px, the anchor applied', () => {
    const svg = textElement(100, 30.3, 'Ñandú & Co', { size: 24, bold: true, anchor: 'middle' });
    const xs = /x="([^"]*)"/.exec(svg)![1]!.split(' ').map(Number);
    expect(xs).toHaveLength([...'Ñandú & Co'].length);
    for (const x of xs) expect(Number.isInteger(x * GLYPH_STEPS)).toBe(true);
    const width = measure('Ñandú & Co', 24, true);
    expect(Math.abs(xs[0]! - (100 - width / 2))).toBeLessThanOrEqual(0.5 / GLYPH_STEPS);
    // The second character starts one advance of "Ñ" later.
    expect(Math.abs(xs[1]! - xs[0]! - measure('Ñ', 24, true))).toBeLessThanOrEqual(1 / GLYPH_STEPS);
    expect(svg).toContain('y="30.25"');
    expect(svg).not.toContain('text-anchor');
    expect(svg).toContain('>Ñandú &amp; Co</text>');
  });

  it('keeps one x for a text with a combining mark (its piece is then rasterised whole)', () => {
    const svg = textElement(10, 20, 'Zoe\u0308\u0323', { size: 21 });
    expect(/x="([^"]*)"/.exec(svg)![1]).toBe('10');
    expect(splitPiece(svg)).toBeNull();
  });
});

describe('splitPiece', () => {
  const t = (s: string, x = 10) => textElement(x, 30, s, { size: 21 });
  it('splits shapes and texts into layers in drawing order', () => {
    const layers = splitPiece(`${rect(0, 0, 100, 40, { fill: THEME.panel })}${t('Ana')}${t('Ben', 50)}<circle cx="5" cy="5" r="3" fill="#fff"/>`)!;
    expect(layers.map((l) => (l.texts ? `texts:${l.texts.length}` : 'shapes'))).toEqual(['shapes', 'texts:2', 'shapes']);
    expect(layers[1]!.texts![0]!.chars).toEqual(['A', 'n', 'a']);
  });

  it('refuses what it cannot draw glyph by glyph: a text in a group, an anchor, a character without its x, a fill that is not #rrggbb, no text', () => {
    expect(splitPiece(`<g opacity="0.5">${t('Ana')}</g>`)).toBeNull();
    expect(splitPiece('<text x="10" y="20" font-size="21" fill="#ffffff" text-anchor="middle">Ana</text>')).toBeNull();
    expect(splitPiece('<text x="10 20" y="20" font-size="21" fill="#ffffff">Ana</text>')).toBeNull();
    expect(splitPiece('<text x="10.1 20 30" y="20" font-size="21" fill="#ffffff">Ana</text>')).toBeNull();
    expect(splitPiece('<text x="10 20 30" y="20" font-size="21" fill="red">Ana</text>')).toBeNull();
    expect(splitPiece(rect(0, 0, 10, 10, { fill: '#000000' }))).toBeNull();
  });
});

describe('text from the glyph cache', () => {
  /** Name cards: a panel, a name (a text layer), an icon drawn after it. */
  function cards(names: string[]) {
    const sb = new SceneBuilder(540);
    names.forEach((name, i) => {
      sb.put(10, 10 + i * 60, piece(520, 54, [rect(0, 0, 520, 54, { fill: THEME.panel, radius: 12 }), textElement(14, 36, name, { size: 24, bold: i % 2 === 0 }), '<circle cx="500" cy="27" r="9" fill="#f0b232"/>', textElement(506, 36, String(i), { size: 21, anchor: 'end', fill: '#1e1f22' })]));
    });
    return sb.finish(20 + names.length * 60);
  }

  it("gives resvg's pixels for the whole SVG (names without overlapping glyphs: within COMPOSE_TOLERANCE everywhere)", () => {
    const result = compareComposed(testComposer(), cards(['Bartholomew Featherstonehaugh', 'Élodie Ñandú', 'office fluffy', 'Quiñones 42 ¿qué?']));
    expect(result.maxDiff, `at ${result.at}`).toBeLessThanOrEqual(COMPOSE_TOLERANCE);
  });

  it('rasterises shapes once for every name drawn on them, and each glyph once', () => {
    const composer = testComposer();
    composer.png(cards(['Ana Bell', 'Ben Lane']));
    const atlases = composer.glyphs.totals.atlases;
    const shapes = composer.totals.atlases;
    // New names that start as the old ones (so their letters sit at the same sub-pixel
    // phases): new pieces, but no resvg call for glyphs, pairs or shapes.
    const again = composer.png(cards(['Ana Be', 'Ben La']));
    expect(again.stats.rasterised).toBe(2);
    expect(composer.glyphs.totals.atlases).toBe(atlases);
    expect(composer.totals.atlases).toBe(shapes);
  });
});
