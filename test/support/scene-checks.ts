/**
 * The drawing rules of a picture drawn as a scene (src/games/scene.ts, docs/pictures.md "Phone
 * layout"), shared by every game's picture tests: PICTURE_PX wide; every piece inside the
 * picture; every text at least MIN_TEXT_PX (≥ MIN_CSS_PX on a PHONE_DISPLAY_PX-wide phone
 * column), measured with the fonts' own widths inside its piece's box (a text outside its box
 * would be cut when the PNG is composed) and never cut with "…"; no two texts overlap; only
 * characters the shipped fonts draw; alt text 40–1,024 characters.
 */
import { expect } from 'vitest';
import type { Picture } from '../../src/games/picture.js';
import { measure } from '../../src/games/scene.js';
import { baseline, MIN_CSS_PX, MIN_TEXT_PX, PHONE_DISPLAY_PX, PICTURE_PX } from '../../src/games/scene-kit.js';

/** A `<text>` of a scene with its piece's place: local and absolute coordinates, px. */
export interface SceneText {
  x: number;
  y: number;
  size: number;
  bold: boolean;
  anchor: 'start' | 'middle' | 'end';
  content: string;
  /** The piece's box in the picture. */
  piece: { x: number; y: number; w: number; h: number };
  /** The text's box in the piece (left, top, right, bottom), measured. */
  box: { left: number; top: number; right: number; bottom: number };
}

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

/** Every `<text>` of `picture`'s scene, with its piece and its measured box. */
export function sceneTexts(picture: Picture): SceneText[] {
  const out: SceneText[] = [];
  for (const placed of picture.scene?.placed ?? []) {
    for (const m of placed.piece.svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
      const attrs = m[1]!;
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];
      const t = {
        // Every character placed (scene.ts textElement): the first is the left edge.
        x: Number(attr('x')?.trim().split(/\s+/)[0]),
        y: Number(attr('y')),
        size: Number(attr('font-size')),
        bold: attr('font-weight') === 'bold',
        anchor: (attr('text-anchor') ?? 'start') as SceneText['anchor'],
        content: unescape(m[2]!),
      };
      const w = measure(t.content, t.size, t.bold);
      const left = t.anchor === 'middle' ? t.x - w / 2 : t.anchor === 'end' ? t.x - w : t.x;
      // Ascenders and accents reach ~0.93 em above the baseline, descenders ~0.24 em below.
      const box = { left, right: left + w, top: t.y - t.size * 0.93, bottom: t.y + t.size * 0.24 };
      out.push({ ...t, piece: { x: placed.x, y: placed.y, w: placed.piece.w, h: placed.piece.h }, box });
    }
  }
  return out;
}

/** The smallest text of `picture` as a phone shows it (picture shown PHONE_DISPLAY_PX CSS px wide), CSS px. */
export function smallestCssPx(picture: Picture): number {
  const sizes = sceneTexts(picture).map((t) => t.size);
  return (Math.min(...sizes) * PHONE_DISPLAY_PX) / picture.width;
}

/** Assert the scene rules (see the module comment); `labels` (optional) must each appear whole in the picture's texts. */
export function expectSceneRules(picture: Picture): void {
  const scene = picture.scene;
  expect(scene, 'drawn as a scene').toBeDefined();
  expect(picture.width).toBe(PICTURE_PX);
  expect(scene!.width).toBe(PICTURE_PX);
  expect(scene!.height).toBe(picture.height);
  expect(picture.svg).toContain(`height="${picture.height}"`);
  expect(picture.svg).not.toMatch(/undefined|NaN|\[object/);
  const problems: string[] = [];
  for (const placed of scene!.placed) {
    if (placed.x < 0 || placed.y < 0 || placed.x + placed.piece.w > scene!.width || placed.y + placed.piece.h > scene!.height) {
      problems.push(`piece ${placed.piece.w} × ${placed.piece.h} at ${placed.x}, ${placed.y} is outside the ${scene!.width} × ${scene!.height} picture`);
    }
  }
  const texts = sceneTexts(picture);
  for (const t of texts) {
    const where = `${JSON.stringify(t.content)} (piece at ${t.piece.x}, ${t.piece.y})`;
    if (t.size < MIN_TEXT_PX) problems.push(`${where}: ${t.size} px, smaller than ${MIN_TEXT_PX} px`);
    if ((t.size * PHONE_DISPLAY_PX) / picture.width < MIN_CSS_PX) problems.push(`${where}: under ${MIN_CSS_PX} CSS px on a phone`);
    if (t.box.left < -0.5 || t.box.right > t.piece.w + 0.5) problems.push(`${where}: ${Math.round(t.box.left)}..${Math.round(t.box.right)} outside its piece's width ${t.piece.w} (cut when composed)`);
    if (t.box.top < -0.5 || t.box.bottom > t.piece.h + 0.5) problems.push(`${where}: ${Math.round(t.box.top)}..${Math.round(t.box.bottom)} outside its piece's height ${t.piece.h} (cut when composed)`);
    if (t.content.includes('…')) problems.push(`${where}: cut with "…"`);
    if (!/^[\u0020-\u007e\u00a0-\u017f\u2010-\u2027]*$/.test(t.content)) problems.push(`${where}: characters the fonts do not draw`);
  }
  // No two texts overlap (their measured boxes in the picture, 1 px of slack).
  const boxes = texts.map((t) => ({ left: t.piece.x + t.box.left + 1, right: t.piece.x + t.box.right - 1, top: t.piece.y + t.y - t.size * 0.72, bottom: t.piece.y + t.y + t.size * 0.2, content: t.content }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push(`"${a.content}" overlaps "${b.content}"`);
    }
  }
  // Every problem named in the failure (a bare array diff hides them).
  if (problems.length > 0) throw new Error(problems.join('\n'));
  expect(picture.alt.length).toBeGreaterThanOrEqual(40);
  expect(picture.alt.length).toBeLessThanOrEqual(1024);
}

/** A line's baseline offset (re-exported for tests that place texts). */
export { baseline };
