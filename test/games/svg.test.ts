/**
 * The shared SVG blocks (src/games/svg.ts): the shipped font has no emoji, so text drawn in a
 * picture never carries one — a bot seat's "🤖 Marple" is drawn "Marple", not with a gap.
 */
import { describe, expect, it } from 'vitest';
import { drawable, esc, text } from '../../src/games/svg.js';
import { wrapText } from '../../src/games/svg.js';

describe('svg text', () => {
  it('drops emoji (with the space after them) and keeps Latin-1 letters and drawn symbols', () => {
    expect(drawable('🤖 Marple')).toBe('Marple');
    expect(drawable('🟥 red · Señora ✓ …')).toBe('red · Señora ✓ …');
    expect(drawable('👩‍🚀 Ada 🇪🇸')).toBe('Ada ');
    expect(esc('🤖 Poirot & <Holmes>')).toBe('Poirot &amp; &lt;Holmes&gt;');
    const drawn = text(10, 20, "🤖 Marple's blue evidence", { size: 28, maxWidth: 600 });
    expect(drawn).toContain('>Marple&#39;s blue evidence</text>');
    expect(drawn).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(wrapText('Vote: is 🤖 Holmes honest?', 2000, 28, 1).join(' ')).toBe('Vote: is Holmes honest?');
  });
});
