/**
 * Checks shared by the picture tests of the games (`test/games/<game>/pictures.test.ts`):
 * golden SVG files, rasterising to PNG with the shipped DejaVu fonts (resvg), text kept on
 * the canvas, alt-text length, and a PictureContext with fixed names.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { expect } from 'vitest';
import type { GameEvent, Viewer } from '../../src/games/engine.js';
import { MIN_LABEL_PX, type Picture, type PictureContext } from '../../src/games/picture.js';
import { textWidth } from '../../src/games/svg.js';
import type { Catalog } from '../../src/i18n/index.js';
import { en } from '../../src/i18n/en/index.js';
import { testComposer } from './compose-check.js';
import { expectSceneRules, sceneTexts } from './scene-checks.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The fonts a picture may use: DejaVu Sans regular and bold. */
export const FONT_FILES = [join(FONT_DIR, 'DejaVuSans.ttf'), join(FONT_DIR, 'DejaVuSans-Bold.ttf')];

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'];

/** A picture context for `n` seats named Ana, Ben, … (or `names`), seen by `viewer`. */
export function pictureContext(n: number, viewer: Viewer, opts: { t?: Catalog; latest?: GameEvent[]; over?: boolean; names?: string[] } = {}): PictureContext {
  const names = opts.names ?? NAMES;
  return {
    seats: Array.from({ length: n }, (_, seat) => ({ seat, name: names[seat] ?? `Player ${seat + 1}`, bot: false, away: false })),
    viewer,
    t: opts.t ?? en,
    latest: opts.latest ?? [],
    over: opts.over ?? false,
  };
}

/** Rasterise `svg` to PNG bytes with the shipped fonts (optionally scaled to `width` px). */
export async function rasterise(svg: string, width?: number): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    ...(width ? { fitTo: { mode: 'width' as const, value: width } } : {}),
  });
  return Buffer.from(image.asPng());
}

/**
 * Compare `picture.svg` with `test/games/<game>/golden/<name>.svg` (written when UPDATE_GOLDEN=1 or
 * missing), write its PNG to `test-results/pictures/<game>-<name>.png` and return the size of
 * the PNG the bot would send (composed from the picture's scene: src/discord/pictures/compose.ts), bytes.
 * Throws for a picture without a scene (the bot sends none).
 */
export async function checkGolden(game: string, name: string, picture: Picture): Promise<number> {
  const svg = picture.svg;
  const golden = join('test', 'games', game, 'golden', `${name}.svg`);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) {
    mkdirSync(dirname(golden), { recursive: true });
    writeFileSync(golden, svg);
  }
  expect(svg).toBe(readFileSync(golden, 'utf8'));
  const out = join('test-results', 'pictures', `${game}-${name}.png`);
  mkdirSync(dirname(out), { recursive: true });
  if (!picture.scene) throw new Error(`${game} ${name}: drawn without a scene (the bot composes scenes only)`);
  // The PNG the bot sends: composed from the scene's pieces (src/discord/pictures/compose.ts).
  const { png } = testComposer().png(picture.scene);
  writeFileSync(out, png);
  return png.length;
}

/** One `<text>` element of an SVG: position, size, anchor, boldness and content (unescaped). */
export interface SvgText {
  x: number;
  y: number;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  bold: boolean;
  content: string;
}

/** Every `<text>` element of `svg`. */
export function textsOf(svg: string): SvgText[] {
  const out: SvgText[] = [];
  for (const m of svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
    const attrs = m[1]!;
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];
    out.push({
      // Every character placed (src/games/scene.ts textElement): the first is the left edge.
      x: Number(attr('x')?.trim().split(/\s+/)[0]),
      y: Number(attr('y')),
      size: Number(attr('font-size')),
      anchor: (attr('text-anchor') as SvgText['anchor']) ?? 'start',
      bold: attr('font-weight') === 'bold',
      content: m[2]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'),
    });
  }
  return out;
}

/** The plain text a picture shows (every `<text>` content), for leak checks. */
export function shownText(p: Picture): string {
  if (p.scene) return sceneTexts(p).map((t) => t.content).join('\n');
  return textsOf(p.svg).map((t) => t.content).join('\n');
}

/**
 * Assert the picture's contract: width 720, sane height, every text inside the canvas
 * (measured with `textWidth`) and at least MIN_LABEL_PX (27 px: 11 px on a 390-px phone), only Latin-1 characters plus "…", alt text
 * 40–1,024 characters.
 */
export function checkPicture(p: Picture, maxHeight = 1500): void {
  if (p.scene) {
    expectSceneRules(p);
    expect(p.height).toBeLessThanOrEqual(maxHeight * 1.5);
    return;
  }
  expect(p.width).toBe(720);
  expect(p.height).toBeGreaterThan(100);
  expect(p.height).toBeLessThanOrEqual(maxHeight);
  expect(p.svg).toContain(`height="${p.height}"`);
  const problems: string[] = [];
  for (const t of textsOf(p.svg)) {
    const w = textWidth(t.content, t.size, t.bold);
    const left = t.anchor === 'start' ? t.x : t.anchor === 'middle' ? t.x - w / 2 : t.x - w;
    const where = `${JSON.stringify(t.content)} at ${t.x},${t.y}`;
    if (left < 0 || left + w > p.width) problems.push(`${where}: outside the width (${Math.round(left)}..${Math.round(left + w)})`);
    if (t.y - t.size < 0 || t.y > p.height) problems.push(`${where}: outside the height`);
    if (t.size < MIN_LABEL_PX) problems.push(`${where}: smaller than ${MIN_LABEL_PX} px (11 px on a 390-px phone)`);
    if (!/^[\u0020-\u007e\u00a0-\u00ff\u2026]*$/.test(t.content)) problems.push(`${where}: characters beyond Latin-1`);
  }
  expect(problems).toEqual([]);
  expect(p.alt.length).toBeGreaterThanOrEqual(40);
  expect(p.alt.length).toBeLessThanOrEqual(1024);
}
