/**
 * SVG → PNG (README "Pictures"): the games' drawers (`src/games/<game>/pictures.ts`) give SVG,
 * Discord shows PNG. Rendered with resvg on libuv's thread pool (`renderAsync`), so the event
 * loop keeps answering clicks while a picture is drawn, with only the fonts the project ships
 * (`assets/fonts/`, made by `scripts/subset-fonts.sh`): no system font is ever looked up, so
 * a picture is the same bytes on every machine.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import { FONT_FAMILY } from '../../games/svg.js';

/** The font files pictures are drawn with: DejaVu Sans and Bold, subset (`scripts/subset-fonts.sh`). */
export const FONT_FILES = ['DejaVuSans.subset.ttf', 'DejaVuSans-Bold.subset.ttf'];

/**
 * The folder holding `assets/fonts/`: the repository root, found from this file both in the
 * sources (`src/discord/pictures/`) and in the build (`dist/src/discord/pictures/`).
 */
function fontDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES[0]!))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('assets/fonts not found: pictures need the shipped fonts (scripts/subset-fonts.sh)');
}

let fontPaths: string[] | null = null;

/** Absolute paths of the shipped font files (throws when `assets/fonts/` is missing). */
export function fontFiles(): string[] {
  fontPaths ??= FONT_FILES.map((file) => join(fontDir(), file));
  return fontPaths;
}

/** A rasterised picture. */
export interface Png {
  /** The PNG file. */
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Scale from a drawer's coordinates to the PNG's pixels. Drawers lay pictures out
 * `PICTURE_WIDTH` (720) px wide; Discord shows a picture at most ≈ 520 px wide on a desktop
 * and ≈ 400 px on a phone, so a 540-px PNG loses nothing at the size it is seen, and has
 * 0.56× the pixels: a NOIR board rasterises in a median 16 ms instead of 37 ms (one core,
 * load ≈ 6; README "Pictures").
 */
export const RASTER_SCALE = 0.75;

/**
 * Rasterise `svg` to a PNG at `scale` × its own size (default RASTER_SCALE) with the shipped
 * fonts, off the event loop (README "Pictures" has the measured times); rejects when the SVG
 * cannot be parsed. `fonts` overrides the font files (the bench compares the full fonts with
 * the subsets).
 */
export async function rasterise(svg: string, fonts: string[] = fontFiles(), scale = RASTER_SCALE): Promise<Png> {
  const image = await renderAsync(svg, {
    font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: 'off',
  });
  return { data: image.asPng(), width: image.width, height: image.height };
}
