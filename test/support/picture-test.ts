/**
 * Helpers for the games' picture tests (src/games/<game>/pictures.ts): rasterise an SVG with
 * the shipped DejaVu fonts, compare with a committed golden file (regenerate with
 * UPDATE_GOLDEN=1), write the PNG under test-results/pictures/ for a person to look at, and
 * check the drawing rules every picture must keep (text inside the canvas and not overlapping, sizes, alt text).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Resvg, renderAsync } from '@resvg/resvg-js';
import { expect } from 'vitest';
import type { Picture, PictureContext, PictureSeat } from '../../src/games/picture.js';
import { MIN_LABEL_PX, PICTURE_WIDTH } from '../../src/games/picture.js';
import { textWidth } from '../../src/games/svg.js';
import type { Catalog } from '../../src/i18n/index.js';
import type { GameEvent, Viewer } from '../../src/games/engine.js';
import { testComposer } from './compose-check.js';
import { expectSceneRules } from './scene-checks.js';

const FONT_DIR = join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
/** The fonts a picture is rasterised with (the only family a drawer may name). */
export const FONT_FILES = [join(FONT_DIR, 'DejaVuSans.ttf'), join(FONT_DIR, 'DejaVuSans-Bold.ttf')];
const RESVG_FONT = { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' };

/** Largest PNG a picture may rasterise to, bytes. */
export const MAX_PNG_BYTES = 150 * 1024;

/** Rasterise `svg` to PNG at its own size (or `width` px wide). */
export async function rasterise(svg: string, width?: number): Promise<Buffer> {
  const image = await renderAsync(svg, { font: RESVG_FONT, ...(width ? { fitTo: { mode: 'width' as const, value: width } } : {}) });
  return image.asPng();
}

/** Synchronous rasterising (for a quick timing loop). */
export function rasteriseSync(svg: string): Buffer {
  return new Resvg(svg, { font: RESVG_FONT }).render().asPng();
}

/** Seats named for pictures: short and long names (a long one tests fitting). */
export function pictureSeats(n: number, names = ['Ana', 'Bartholomew Featherstonehaugh', 'Cleo', 'Dev', 'Eve', 'Finn']): PictureSeat[] {
  return Array.from({ length: n }, (_, seat) => ({ seat, name: names[seat] ?? `Player ${seat + 1}`, bot: seat === 3, away: seat === 4 }));
}

/** A picture context. */
export function pictureContext(t: Catalog, n: number, viewer: Viewer, latest: GameEvent[] = [], over = false): PictureContext {
  return { seats: pictureSeats(n), viewer, t, latest, over };
}

/**
 * Compare `picture.svg` with `test/games/<game>/golden/<name>.svg` (written when UPDATE_GOLDEN
 * is set or the file is missing), rasterise it to test-results/pictures/<game>-<name>.png
 * (and a 390 px wide copy, as a phone shows it) and assert the PNG is at most 150 KB.
 */
export async function expectGolden(game: string, name: string, picture: Picture): Promise<void> {
  const golden = join(process.cwd(), 'test', 'games', game, 'golden', `${name}.svg`);
  if (process.env.UPDATE_GOLDEN || !existsSync(golden)) {
    mkdirSync(dirname(golden), { recursive: true });
    writeFileSync(golden, picture.svg);
  }
  expect(picture.svg).toBe(readFileSync(golden, 'utf8'));
  const outDir = join(process.cwd(), 'test-results', 'pictures');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${game}-${name}-390.png`), await rasterise(picture.svg, 390));
  // The PNG the bot sends: composed from the scene's pieces (src/discord/pictures/compose.ts).
  expect(picture.scene, `${game} ${name}: drawn as a scene (the bot composes scenes only)`).toBeDefined();
  const { png } = testComposer().png(picture.scene!);
  writeFileSync(join(outDir, `${game}-${name}.png`), png);
  expect(png.length).toBeLessThanOrEqual(MAX_PNG_BYTES);
}

/** Decode the XML entities `esc` writes. */
function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

/** Every `<text>` element: position, size, weight, anchor and content. */
export function textsOf(svg: string): { x: number; y: number; size: number; bold: boolean; anchor: string; content: string }[] {
  const out = [];
  for (const m of svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
    const attrs = m[1]!;
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];
    out.push({
      // Every character placed (src/games/scene.ts textElement): the first is the left edge.
      x: Number(attr('x')?.trim().split(/\s+/)[0]),
      y: Number(attr('y')),
      size: Number(attr('font-size')),
      bold: attr('font-weight') === 'bold',
      anchor: attr('text-anchor') ?? 'start',
      content: unescape(m[2]!),
    });
  }
  return out;
}

/**
 * The rules every picture keeps (a picture drawn as a scene: ./scene-checks.ts): `PICTURE_WIDTH` wide, a valid opaque SVG document, every
 * text at least `MIN_LABEL_PX` and inside the canvas (measured with `textWidth`), nothing
 * but Latin-1 letters and "…" in the drawn text, alt text 40–1,024 characters.
 */
export function expectPictureRules(picture: Picture): void {
  if (picture.scene) {
    expectSceneRules(picture);
    return;
  }
  expect(picture.width).toBe(PICTURE_WIDTH);
  expect(picture.height).toBeGreaterThan(0);
  expect(picture.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(picture.svg).toContain(`height="${picture.height}"`);
  expect(picture.svg).not.toMatch(/undefined|NaN|\[object/);
  for (const t of textsOf(picture.svg)) {
    expect(t.size, t.content).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    const w = textWidth(t.content, t.size, t.bold);
    const left = t.anchor === 'middle' ? t.x - w / 2 : t.anchor === 'end' ? t.x - w : t.x;
    expect(left, `"${t.content}" starts left of the canvas`).toBeGreaterThanOrEqual(0);
    expect(left + w, `"${t.content}" ends right of the canvas`).toBeLessThanOrEqual(picture.width);
    expect(t.y - t.size, `"${t.content}" above the canvas`).toBeGreaterThanOrEqual(0);
    expect(t.y, `"${t.content}" below the canvas`).toBeLessThanOrEqual(picture.height);
    expect(t.content, 'drawn text beyond Latin-1').toMatch(/^[\u0020-\u007e\u00a0-\u00ff\u2026]*$/);
  }
  // No two texts overlap (boxes from the baseline: 0.75 em above, 0.2 em below; widths measured generously, so 2 px of slack).
  const boxes = textsOf(picture.svg).map((t) => {
    const w = textWidth(t.content, t.size, t.bold);
    const left = t.anchor === 'middle' ? t.x - w / 2 : t.anchor === 'end' ? t.x - w : t.x;
    return { left: left + 2, right: left + w - 2, top: t.y - t.size * 0.75, bottom: t.y + t.size * 0.2, content: t.content };
  });
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `"${a.content}" overlaps "${b.content}"`).toBe(false);
    }
  }
  expect(picture.alt.length).toBeGreaterThanOrEqual(40);
  expect(picture.alt.length).toBeLessThanOrEqual(1024);
}
