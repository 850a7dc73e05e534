/**
 * Pictures as scenes of pieces (docs/pictures.md): a drawer (`src/games/<game>/pictures.ts`)
 * lays a picture out as pieces — a tile in one of its states, a card, a name label, a panel, the
 * key — each an SVG fragment drawn in its own box of whole pixels, placed at whole-pixel
 * positions. The picture's SVG (the source of truth: golden files, leak tests) is the pieces in
 * order, each translated to its place; the Discord wing rasterises each distinct piece once and
 * composes the PNG by copying its pixels (src/discord/pictures/compose.ts), which gives the
 * same pixels as rasterising the whole SVG because every translation is a whole number of
 * pixels (tested within a stated tolerance, test/discord/compose.test.ts).
 *
 * A piece must draw only inside its box (0..w × 0..h): what lies outside is cut when composed.
 * Pure string builders, no I/O.
 */
import { ADVANCES, UNITS_PER_EM } from './font-metrics.js';
import { drawable, esc, FONT_FAMILY, THEME } from './svg.js';

/** An SVG fragment drawn in its own box (0, 0)–(w, h), whole pixels; its markup is its identity. */
export interface Piece {
  /** Width of the box, px (a whole number ≥ 1). */
  readonly w: number;
  /** Height of the box, px (a whole number ≥ 1). */
  readonly h: number;
  /** SVG elements in the box's coordinates. */
  readonly svg: string;
}

/** A piece at its place in a picture. */
export interface PlacedPiece {
  /** Left edge, px from the picture's left (a whole number). */
  x: number;
  /** Top edge, px from the picture's top (a whole number). */
  y: number;
  piece: Piece;
  /**
   * The part of the game this piece shows, in the game's own terms (e.g. `slot:2:0`), for the
   * lesson highlights (`PictureContext.highlight`, docs/lessons.md); absent for most pieces.
   */
  key?: string;
  /**
   * Its highlight ring goes around it, outside its box (`put`'s `ring`), not inside: for a
   * piece whose content reaches its edges (a row of small marks and a count).
   */
  ringOutside?: true;
}

/**
 * The colour of a lesson highlight ring (docs/lessons.md): a bright cyan that no game uses for
 * anything else (the "just changed" marks are gold, a turn's frame too, the player's own blue).
 */
export const HIGHLIGHT_RING = '#2de2e6';

/** The ring drawn over a highlighted piece of `w` × `h` px: a thick outline inside its box. */
export function highlightRing(w: number, h: number): Piece {
  const inset = 3;
  return piece(w, h, `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" rx="12" fill="none" stroke="${HIGHLIGHT_RING}" stroke-width="6"/>`);
}

/** How far a ring drawn outside a piece's box reaches beyond it, px (`PlacedPiece.ringOutside`). */
export const RING_OUTSET = 7;

/**
 * The ring drawn around a highlighted piece (`PlacedPiece.ringOutside`), as a piece of `w` × `h`
 * px: the piece's box grown by RING_OUTSET on each side; a 4-px outline 2–6 px outside the piece, its
 * corners rounded little enough (6 px) that their inner curve stays off the piece's corners.
 */
export function outsideRing(w: number, h: number): Piece {
  return piece(w, h, `<rect x="3" y="3" width="${w - 6}" height="${h - 6}" rx="6" fill="none" stroke="${HIGHLIGHT_RING}" stroke-width="4"/>`);
}

/** A picture as pieces: drawn over an opaque background in order (later pieces on top). */
export interface Scene {
  /** Width, px. */
  width: number;
  /** Height, px. */
  height: number;
  /** The opaque background colour, `#rrggbb`. */
  background: string;
  /** The pieces in drawing order. */
  placed: PlacedPiece[];
}

/**
 * A piece of `w` × `h` px drawn by `parts` (SVG elements in the piece's own coordinates).
 * Throws when the size is not a whole number of pixels of at least 1 (a drawer's bug).
 */
export function piece(w: number, h: number, parts: string | readonly string[]): Piece {
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) throw new Error(`piece size must be whole pixels ≥ 1, not ${w} × ${h}`);
  return { w, h, svg: typeof parts === 'string' ? parts : parts.join('') };
}

/** Builds a {@link Scene} top to bottom. */
export class SceneBuilder {
  private readonly placed: PlacedPiece[] = [];
  private bottom = 0;

  /** A picture `width` px wide on `background` (default the theme's). */
  constructor(
    readonly width: number,
    readonly background: string = THEME.background,
  ) {}

  /**
   * Place `p` with its top-left corner at (`x`, `y`), under `key` for the lesson highlights;
   * `ring`: where its highlight ring goes — inside its box (default) or around it (a piece whose
   * content reaches its edges). Throws when the position is not whole pixels or the piece sticks
   * out left, right or above the picture (a drawer's bug).
   */
  put(x: number, y: number, p: Piece, key?: string, ring: 'inside' | 'outside' = 'inside'): this {
    if (!Number.isInteger(x) || !Number.isInteger(y)) throw new Error(`piece position must be whole pixels, not ${x}, ${y}`);
    if (x < 0 || y < 0 || x + p.w > this.width) throw new Error(`piece ${p.w} × ${p.h} at ${x}, ${y} is outside the ${this.width}-px picture`);
    this.placed.push(key === undefined ? { x, y, piece: p } : { x, y, piece: p, key, ...(ring === 'outside' ? { ringOutside: true as const } : {}) });
    this.bottom = Math.max(this.bottom, y + p.h);
    return this;
  }

  /** The lowest edge of any piece placed so far, px. */
  get height(): number {
    return this.bottom;
  }

  /**
   * The scene, `height` px tall (default: down to the lowest piece). Each piece put with a key
   * in `highlight` (`PictureContext.highlight`: a lesson's note, docs/lessons.md) gets a
   * highlight ring on top, in its own box (or around it: `put`'s `ring`).
   */
  finish(height = this.bottom, highlight?: ReadonlySet<string>): Scene {
    const rings: PlacedPiece[] = [];
    if (highlight && highlight.size > 0) {
      for (const placed of this.placed) {
        if (placed.key === undefined || !highlight.has(placed.key)) continue;
        if (!placed.ringOutside) {
          rings.push({ x: placed.x, y: placed.y, piece: highlightRing(placed.piece.w, placed.piece.h) });
          continue;
        }
        // Around the piece, kept inside the picture.
        const x = Math.max(0, placed.x - RING_OUTSET);
        const y = Math.max(0, placed.y - RING_OUTSET);
        const right = Math.min(this.width, placed.x + placed.piece.w + RING_OUTSET);
        const bottom = Math.min(Math.ceil(height), placed.y + placed.piece.h + RING_OUTSET);
        if (right > x && bottom > y) rings.push({ x, y, piece: outsideRing(right - x, bottom - y) });
      }
    }
    return { width: this.width, height: Math.ceil(height), background: this.background, placed: [...this.placed, ...rings] };
  }
}

/** The SVG document of `scene`: its background, then each piece translated to its place. */
export function sceneSvg(scene: Scene): string {
  const { width, height } = scene;
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}"><rect x="0" y="0" width="${width}" height="${height}" fill="${scene.background}"/>`;
  for (const { x, y, piece: p } of scene.placed) out += x === 0 && y === 0 ? `<g>${p.svg}</g>` : `<g transform="translate(${x} ${y})">${p.svg}</g>`;
  return `${out}</svg>`;
}

// ── Text placed glyph by glyph ─────────────────────────────────────────────────────────

/** Glyph positions are multiples of 1 / GLYPH_STEPS px (the composer caches a glyph per sub-pixel phase). */
export const GLYPH_STEPS = 4;

/** `v` to the nearest multiple of 1 / GLYPH_STEPS px. */
function snap(v: number): number {
  return Math.round(v * GLYPH_STEPS) / GLYPH_STEPS;
}

/** Options of {@link textElement}. */
export interface TextElementOptions {
  /** Font size, px. */
  size: number;
  bold?: boolean;
  /** `#rrggbb` (default the theme's text colour). */
  fill?: string;
  /** `start` (x is the left edge), `middle` (x is the centre), `end` (x is the right edge). */
  anchor?: 'start' | 'middle' | 'end';
}

/**
 * A `<text>` element for `content` (emoji dropped, `drawable`) with its baseline at `y` and
 * **every character placed** (an `x` list): the advances of the shipped fonts
 * (src/games/font-metrics.ts, no kerning — as {@link measure} counts them), each position and
 * the baseline snapped to 1 / GLYPH_STEPS px. The anchor is applied here, not by the renderer.
 * So resvg draws each glyph exactly where the composer draws it from its glyph cache
 * (src/discord/pictures/glyphs.ts; docs/pictures.md "Text"), and the text is as wide as measured.
 * A text with combining marks keeps one `x` (the composer then rasterises its piece whole).
 */
export function textElement(x: number, y: number, content: string, o: TextElementOptions): string {
  const shown = drawable(content).normalize('NFC');
  const chars = [...shown];
  const width = measure(shown, o.size, o.bold);
  const left = o.anchor === 'middle' ? x - width / 2 : o.anchor === 'end' ? x - width : x;
  let xs: string;
  if (/\p{M}/u.test(shown) || chars.length === 0) xs = String(snap(left));
  else {
    const table = o.bold ? advanceTables().bold : advanceTables().regular;
    const parts: number[] = [];
    let units = 0;
    for (const ch of chars) {
      parts.push(snap(left + (units * o.size) / UNITS_PER_EM));
      units += table.get(ch.codePointAt(0)!) ?? MISSING_ADVANCE;
    }
    xs = parts.join(' ');
  }
  const attrs = [`x="${xs}"`, `y="${snap(y)}"`, `font-size="${o.size}"`, `fill="${o.fill ?? THEME.text}"`];
  if (o.bold) attrs.push('font-weight="bold"');
  return `<text ${attrs.join(' ')}>${esc(shown)}</text>`;
}

// ── Measuring text with the shipped fonts' own widths ──────────────────────────────────

let widths: { regular: Map<number, number>; bold: Map<number, number> } | null = null;

function advanceTables(): { regular: Map<number, number>; bold: Map<number, number> } {
  if (widths) return widths;
  const regular = new Map<number, number>();
  const bold = new Map<number, number>();
  for (const line of ADVANCES) {
    for (const entry of line.split(' ')) {
      const [code, r, b] = entry.split(':').map((part) => parseInt(part, 36)) as [number, number, number];
      if (r) regular.set(code, r);
      if (b) bold.set(code, b);
    }
  }
  widths = { regular, bold };
  return widths;
}

/** Width of a character the fonts lack (resvg draws nothing or a box): a wide letter's, so it is never under-measured. */
const MISSING_ADVANCE = 1900;

/**
 * Advance width of `text` at `size` px in DejaVu Sans (bold when `bold`), px: the sum of the
 * shipped fonts' advances (src/games/font-metrics.ts). Kerning is not counted, so the text
 * drawn is never wider than measured. Emoji are dropped first, as when drawn (`drawable`).
 */
export function measure(text: string, size: number, bold = false): number {
  const table = bold ? advanceTables().bold : advanceTables().regular;
  let units = 0;
  for (const ch of drawable(text)) units += table.get(ch.codePointAt(0)!) ?? MISSING_ADVANCE;
  return (units * size) / UNITS_PER_EM;
}

/**
 * `content` broken into lines at most `maxWidth` px wide at `size` px: at spaces, after a
 * hyphen, and — for a word wider than a whole line (a long name without spaces) — between
 * letters, with a hyphen added. Never cut, never "…": as many lines as it takes (at least one). Emoji are dropped
 * first (`drawable`).
 */
export function wrapLines(content: string, maxWidth: number, size: number, bold = false): string[] {
  const fits = (s: string) => measure(s, size, bold) <= maxWidth;
  const words: string[] = [];
  for (const word of drawable(content).split(/\s+/).filter(Boolean)) {
    if (fits(word)) {
      words.push(word);
      continue;
    }
    // Too wide for a line: after its hyphens first, then between letters.
    const parts = word.split(/(?<=-)/);
    for (let i = 0; i < parts.length; i++) {
      let part = parts[i]!;
      const glued = i < parts.length - 1;
      while (!fits(part)) {
        // A hyphen marks the break, as in print.
        const chars = [...part];
        let n = chars.length - 1;
        while (n > 1 && !fits(`${chars.slice(0, n).join('')}-`)) n--;
        words.push(`${chars.slice(0, n).join('')}-\u0000`);
        part = chars.slice(n).join('');
      }
      words.push(glued ? `${part}\u0000` : part);
    }
  }
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const glue = current === '' || current.endsWith('\u0000') ? '' : ' ';
    const candidate = `${current}${glue}${word}`;
    if (current === '' || fits(candidate.replace(/\u0000/g, ''))) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines.map((line) => line.replace(/\u0000/g, ''));
}

/**
 * The largest size from `size` down to `minSize` px (1-px steps) at which `content` fits
 * `maxWidth` px in at most `maxLines` lines without breaking a word, and those lines; failing
 * that, at `minSize` in as many lines as it needs, words broken only where one is wider than
 * a line (never cut).
 */
export function fitWrap(content: string, maxWidth: number, size: number, minSize: number, maxLines: number, bold = false): { lines: string[]; size: number } {
  const words = drawable(content).split(/\s+/).filter(Boolean);
  for (let s = size; s > minSize; s--) {
    if (words.some((word) => measure(word, s, bold) > maxWidth && !word.includes('-'))) continue;
    const lines = wrapLines(content, maxWidth, s, bold);
    if (lines.length <= maxLines) return { lines, size: s };
  }
  return { lines: wrapLines(content, maxWidth, minSize, bold), size: minSize };
}
