/**
 * The fonts pictures are rasterised with (docs/pictures.md), and the PNG a picture becomes. Every
 * picture is a scene of pieces, rasterised by resvg piece by piece and composed on the render
 * workers (./compose.ts, ./render-worker.ts) with only the fonts the project ships
 * (`assets/fonts/`, made by `scripts/subset-fonts.sh`): no system font is ever looked up, so a
 * picture is the same bytes on every machine.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
