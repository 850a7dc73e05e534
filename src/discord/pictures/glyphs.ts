/**
 * Text drawn from a glyph cache (docs/pictures.md "Text"): the drawers place every character of
 * a text at a multiple of 1 / GLYPH_STEPS px (src/games/scene.ts `textElement`), so a glyph's
 * pixels depend only on its font, size, character and sub-pixel phase. Each such glyph is
 * rasterised once by resvg (its coverage, an alpha mask) and a text is drawn by adding the
 * coverage of its glyphs and blending its colour with it — resvg's own pixels within a level
 * (a text is one path to resvg: coverage of glyphs sharing a pixel adds up, as here).
 *
 * A piece's SVG is split into layers in drawing order: runs of shapes (each rasterised by resvg,
 * cached and shared by every piece with the same shapes — a panel whatever the name on it, an
 * icon drawn after a text) and runs of texts (drawn here). Only a piece whose texts are all
 * drawable this way is split: every `<text>` at the top level (not in a `<g>`), with an `x` for
 * every character, a `#rrggbb` fill and only the attributes `textElement` writes. Any other
 * piece is rasterised whole, as before. Runs on the render workers, never on the event loop.
 */
import { GLYPH_STEPS } from '../../games/scene.js';
import { esc, FONT_FAMILY } from '../../games/svg.js';
import { ByteLru } from './cache.js';
import { div255 } from './runs.js';

/** One `<text>` of a piece, drawable from the glyph cache. */
export interface GlyphText {
  /** Baseline, px from the piece's top (a multiple of 1 / GLYPH_STEPS). */
  y: number;
  /** Each character's left edge, px (multiples of 1 / GLYPH_STEPS). */
  xs: number[];
  chars: string[];
  size: number;
  bold: boolean;
  /** The fill as a little-endian u32 RGB (alpha byte 0). */
  rgb: number;
  /**
   * Each character's glyph mask (`null`: not drawable from a mask) and each pair's shared pixels
   * with the character before, once {@link GlyphCache.prepare} resolved them: a cached piece's
   * texts are drawn from these without a lookup.
   */
  glyphs?: (Glyph | null)[];
  pairs?: Pair[];
}

/** A layer of a piece: shapes (SVG markup, rasterised by resvg) or texts (drawn from glyphs). */
export type Layer = { shapes: string; texts?: undefined } | { texts: GlyphText[]; shapes?: undefined };

const TEXT = /<text ([^>]*)>([^<]*)<\/text>/g;
const ATTR = /([a-z-]+)="([^"]*)"/g;
const ALLOWED = new Set(['x', 'y', 'font-size', 'fill', 'font-weight']);
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Whether `v` is a multiple of 1 / GLYPH_STEPS. */
function onStep(v: number): boolean {
  return Number.isFinite(v) && Number.isInteger(v * GLYPH_STEPS);
}

/** Whether `markup` opens as many groups as it closes (a text between them would be inside a group). */
function balanced(markup: string): boolean {
  return (markup.match(/<g[\s>]/g)?.length ?? 0) === (markup.match(/<\/g>/g)?.length ?? 0);
}

/** The text `m` (a match of TEXT) as a GlyphText, `undefined` when empty, `null` when not glyph-drawable. */
function glyphText(m: RegExpMatchArray): GlyphText | null | undefined {
  const attrs = new Map<string, string>();
  for (const a of m[1]!.matchAll(ATTR)) attrs.set(a[1]!, a[2]!);
  for (const name of attrs.keys()) if (!ALLOWED.has(name)) return null;
  const fill = attrs.get('fill') ?? '';
  const weight = attrs.get('font-weight');
  if (!/^#[0-9a-fA-F]{6}$/.test(fill) || (weight !== undefined && weight !== 'bold')) return null;
  if (m[2]!.replace(/&(amp|lt|gt|quot|#39);/g, '').includes('&')) return null;
  const chars = [...m[2]!.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)];
  if (chars.length === 0) return undefined;
  const xs = (attrs.get('x') ?? '').trim().split(/\s+/).map(Number);
  const y = Number(attrs.get('y'));
  const size = Number(attrs.get('font-size'));
  if (xs.length !== chars.length || !xs.every(onStep) || !onStep(y) || !(size > 0) || chars.some((c) => /\p{M}/u.test(c))) return null;
  const v = parseInt(fill.slice(1), 16);
  return { y, xs, chars, size, bold: weight === 'bold', rgb: (((v >> 16) & 255) | (((v >> 8) & 255) << 8) | ((v & 255) << 16)) >>> 0 };
}

/**
 * A piece's SVG as layers in drawing order — runs of shapes and runs of texts — or `null` when it
 * has no text or a text that is not glyph-drawable (see the module comment): then the piece is
 * rasterised whole.
 */
export function splitPiece(svg: string): Layer[] | null {
  if (!svg.includes('<text')) return null;
  const layers: Layer[] = [];
  let last = 0;
  for (const m of svg.matchAll(TEXT)) {
    const before = svg.slice(last, m.index);
    if (before.trim() !== '') {
      if (!balanced(before)) return null;
      layers.push({ shapes: before });
    }
    last = m.index! + m[0].length;
    const t = glyphText(m);
    if (t === null) return null;
    if (t === undefined) continue;
    const top = layers.at(-1);
    if (top?.texts) top.texts.push(t);
    else layers.push({ texts: [t] });
  }
  const after = svg.slice(last);
  if (after.trim() !== '') {
    if (!balanced(after)) return null;
    layers.push({ shapes: after });
  }
  return layers;
}

/** A glyph's coverage (opaque outside this module): an alpha mask `w` × `h` whose top-left is (`dx`, `dy`) from the glyph's origin. */
export interface Glyph {
  dx: number;
  dy: number;
  w: number;
  h: number;
  alpha: Uint8Array;
}

/** The mask of a blank (a space): draws nothing. */
const BLANK: Glyph = { dx: 0, dy: 0, w: 0, h: 0, alpha: new Uint8Array(0) };

/** Bytes the glyph masks may hold per render worker (a few thousand glyphs). */
export const GLYPH_CACHE_BYTES = 8 * 1024 * 1024;

/** The resvg constructor a glyph cache renders with (the worker's loaded module). */
export type ResvgClass = new (svg: string, options?: object) => { render(): { pixels: Buffer; width: number; height: number } };

/**
 * Where two neighbouring glyphs both have ink in a pixel, resvg's coverage of the pair drawn
 * together there (`null`: they share no pixel). Offsets from the first glyph's whole-pixel
 * origin, as (dx, dy, coverage) triples.
 */
export type Pair = Int16Array | null;

/** What a glyph cell needs to draw: the text, its size, weight and the x of each character from the cell's origin. */
interface CellJob {
  chars: string;
  xs: number[];
  size: number;
  bold: boolean;
  fy: number;
}

/**
 * Draws texts from cached glyph masks (and, where neighbouring glyphs share pixels, their pairs'
 * coverage there); whatever is missing is rasterised in one resvg call per kind. One per composer.
 */
export class GlyphCache {
  private readonly glyphs: ByteLru<Glyph | null>;
  private readonly pairs: ByteLru<Pair>;
  /** Totals since the cache was made (bench, tests). */
  readonly totals = { rasterised: 0, pairs: 0, atlases: 0 };

  constructor(
    private readonly fonts: string[],
    private readonly Resvg: ResvgClass,
    bytes = GLYPH_CACHE_BYTES,
  ) {
    this.glyphs = new ByteLru<Glyph | null>(bytes, (g) => (g ? g.alpha.byteLength : 0) + 64);
    this.pairs = new ByteLru<Pair>(bytes / 4, (p) => (p ? p.byteLength : 0) + 48);
  }

  /** Bytes the masks hold now. */
  get bytes(): number {
    return this.glyphs.bytes + this.pairs.bytes;
  }

  private static key(ch: string, size: number, bold: boolean, fx: number, fy: number): string {
    return `${bold ? 'b' : 'r'}${size}|${fx}|${fy}|${ch}`;
  }

  /** The pair key of characters i − 1 and i of `t` (the second's x from the first's whole pixel). */
  private static pairKey(t: GlyphText, i: number, fy: number): string {
    const base = Math.floor(t.xs[i - 1]!);
    return `${t.bold ? 'b' : 'r'}${t.size}|${t.xs[i - 1]! - base}|${t.xs[i]! - base}|${fy}|${t.chars[i - 1]}${t.chars[i]}`;
  }

  private glyphAt(t: GlyphText, i: number, fy: number): Glyph | null | undefined {
    const x = t.xs[i]!;
    return this.glyphs.get(GlyphCache.key(t.chars[i]!, t.size, t.bold, x - Math.floor(x), fy));
  }

  /**
   * Make sure every glyph of `texts` is cached, and every pair of neighbouring glyphs that share
   * a pixel: the missing glyphs rasterised in one resvg call, then the missing pairs in another.
   */
  prepare(all: readonly GlyphText[]): void {
    const texts = all.filter((t) => t.glyphs === undefined);
    if (texts.length === 0) return;
    const missing = new Map<string, CellJob>();
    for (const t of texts) {
      const fy = t.y - Math.floor(t.y);
      t.chars.forEach((ch, i) => {
        if (/\s/.test(ch)) return;
        const fx = t.xs[i]! - Math.floor(t.xs[i]!);
        const key = GlyphCache.key(ch, t.size, t.bold, fx, fy);
        if (this.glyphs.get(key) === undefined && !missing.has(key)) missing.set(key, { chars: ch, xs: [fx], size: t.size, bold: t.bold, fy });
      });
    }
    if (missing.size > 0) {
      const jobs = [...missing.entries()];
      this.atlas(jobs.map(([, job]) => job), (i, cell) => this.glyphs.set(jobs[i]![0], cell.glyph()));
      this.totals.rasterised += jobs.length;
    }
    const pairs = new Map<string, { job: CellJob; shared: number[] }>();
    for (const t of texts) {
      const fy = t.y - Math.floor(t.y);
      for (let i = 1; i < t.chars.length; i++) {
        if (/\s/.test(t.chars[i - 1]!) || /\s/.test(t.chars[i]!)) continue;
        const key = GlyphCache.pairKey(t, i, fy);
        if (this.pairs.get(key) !== undefined || pairs.has(key)) continue;
        const a = this.glyphAt(t, i - 1, fy);
        const b = this.glyphAt(t, i, fy);
        if (!a || !b) continue;
        const base = Math.floor(t.xs[i - 1]!);
        const shared = sharedPixels(a, b, Math.floor(t.xs[i]!) - base);
        if (shared.length === 0) this.pairs.set(key, null);
        else pairs.set(key, { job: { chars: `${t.chars[i - 1]}${t.chars[i]}`, xs: [t.xs[i - 1]! - base, t.xs[i]! - base], size: t.size, bold: t.bold, fy }, shared });
      }
    }
    if (pairs.size > 0) {
      const jobs = [...pairs.entries()];
      this.atlas(
        jobs.map(([, p]) => p.job),
        (i, cell) => {
          const { shared } = jobs[i]![1];
          const out = new Int16Array(shared.length / 2 * 3);
          for (let k = 0; k < shared.length; k += 2) {
            out[(k / 2) * 3] = shared[k]!;
            out[(k / 2) * 3 + 1] = shared[k + 1]!;
            out[(k / 2) * 3 + 2] = cell.alphaAt(shared[k]!, shared[k + 1]!);
          }
          this.pairs.set(jobs[i]![0], out);
        },
      );
      this.totals.pairs += jobs.length;
    }
    for (const t of texts) {
      const fy = t.y - Math.floor(t.y);
      t.glyphs = t.chars.map((ch, i) => (/\s/.test(ch) ? BLANK : (this.glyphAt(t, i, fy) ?? null)));
      t.pairs = t.chars.map((ch, i) => (i === 0 || /\s/.test(ch) || /\s/.test(t.chars[i - 1]!) ? null : (this.pairs.get(GlyphCache.pairKey(t, i, fy)) ?? null)));
    }
  }

  /**
   * Whether every glyph of `texts` is cached and drawable from its mask (after {@link prepare});
   * false when one's ink reached the edge of its cell: the piece is then rasterised whole.
   */
  ready(texts: readonly GlyphText[]): boolean {
    return texts.every((t) => t.glyphs !== undefined && t.glyphs.every((g) => g !== null));
  }

  /** The first and last rows `texts` ink (from their glyph masks; after {@link prepare}), or `null`. */
  rowsOf(texts: readonly GlyphText[]): { first: number; last: number } | null {
    let first = Infinity;
    let last = -Infinity;
    for (const t of texts) {
      for (let i = 0; i < t.chars.length; i++) {
        if (/\s/.test(t.chars[i]!)) continue;
        const g = t.glyphs?.[i];
        if (!g || g.h === 0) continue;
        first = Math.min(first, Math.floor(t.y) + g.dy);
        last = Math.max(last, Math.floor(t.y) + g.dy + g.h - 1);
      }
    }
    return first <= last ? { first, last } : null;
  }

  /**
   * Draw `jobs` (one text each, its x from its cell's origin) in one resvg call, a cell each with
   * the origin well inside it, and hand each cell to `take`.
   */
  private atlas(jobs: CellJob[], take: (i: number, cell: { glyph(): Glyph | null; alphaAt(dx: number, dy: number): number }) => void): void {
    const WIDTH = 1024;
    const cells = jobs.map((g) => {
      const ox = Math.ceil(g.size * 0.6) + 2;
      const oy = Math.ceil(g.size * 1.4) + 2;
      return { w: ox + Math.ceil(g.size * 2.2 * g.xs.length) + 2, h: oy + Math.ceil(g.size * 0.7) + 2, ox, oy, x: 0, y: 0 };
    });
    let x = 0;
    let y = 0;
    let shelf = 0;
    for (const c of cells) {
      if (x > 0 && x + c.w > WIDTH) {
        x = 0;
        y += shelf;
        shelf = 0;
      }
      c.x = x;
      c.y = y;
      x += c.w;
      shelf = Math.max(shelf, c.h);
    }
    const height = y + shelf;
    let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT_FAMILY}">`;
    jobs.forEach((g, i) => {
      const c = cells[i]!;
      const text = esc(g.chars);
      svg += `<text x="${g.xs.map((gx) => c.x + c.ox + gx).join(' ')}" y="${c.y + c.oy + g.fy}" font-size="${g.size}"${g.bold ? ' font-weight="bold"' : ''} fill="#000000">${text}</text>`;
    });
    svg += '</svg>';
    const px = new this.Resvg(svg, {
      font: { fontFiles: this.fonts, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
      fitTo: { mode: 'original' },
      shapeRendering: 2,
      textRendering: 1,
      logLevel: 'off',
    }).render().pixels;
    this.totals.atlases++;
    jobs.forEach((_, i) => {
      const c = cells[i]!;
      take(i, {
        alphaAt: (dx, dy) => px[((c.y + c.oy + dy) * WIDTH + c.x + c.ox + dx) * 4 + 3]!,
        glyph: () => {
          let x0 = c.w;
          let x1 = -1;
          let y0 = c.h;
          let y1 = -1;
          for (let r = 0; r < c.h; r++) {
            const row = ((c.y + r) * WIDTH + c.x) * 4 + 3;
            for (let k = 0; k < c.w; k++) {
              if (px[row + k * 4] !== 0) {
                if (k < x0) x0 = k;
                if (k > x1) x1 = k;
                if (r < y0) y0 = r;
                if (r > y1) y1 = r;
              }
            }
          }
          if (x1 < 0) return { dx: 0, dy: 0, w: 0, h: 0, alpha: new Uint8Array(0) };
          // Ink on the cell's edge may have been cut: such a glyph is never drawn from a mask.
          if (x0 === 0 || y0 === 0 || x1 === c.w - 1 || y1 === c.h - 1) return null;
          const w = x1 - x0 + 1;
          const h = y1 - y0 + 1;
          const alpha = new Uint8Array(w * h);
          for (let r = 0; r < h; r++) {
            const row = ((c.y + y0 + r) * WIDTH + c.x + x0) * 4 + 3;
            for (let k = 0; k < w; k++) alpha[r * w + k] = px[row + k * 4]!;
          }
          return { dx: x0 - c.ox, dy: y0 - c.oy, w, h, alpha };
        },
      });
    });
  }

  private coverage = new Uint16Array(0);

  /**
   * Draw `texts` (in a piece's coordinates) over `px` (premultiplied RGBA, little-endian u32,
   * `w` px wide, `h` rows), the piece's origin at (`ox`, `oy`) of `px`; ink outside `clip` (and
   * `px`) is cut, as a piece's is outside its box. Call {@link prepare} first, and draw only when
   * {@link ready}: throws when a glyph is not cached.
   */
  draw(texts: readonly GlyphText[], px: Uint32Array, w: number, h: number, ox = 0, oy = 0, clip = { left: 0, top: 0, right: w, bottom: h }): void {
    const cl = Math.max(0, clip.left);
    const ct = Math.max(0, clip.top);
    const cr0 = Math.min(w, clip.right);
    const cb0 = Math.min(h, clip.bottom);
    if (cl >= cr0 || ct >= cb0) return;
    if (this.coverage.length < w * h) this.coverage = new Uint16Array(w * h);
    const cov = this.coverage;
    for (const t of texts) {
      const baseY = Math.floor(t.y) + oy;
      let left = w;
      let right = -1;
      let top = h;
      let bottom = -1;
      const glyphs = t.glyphs;
      if (!glyphs) throw new Error(`text ${JSON.stringify(t.chars.join(''))} is not prepared`);
      for (let i = 0; i < t.chars.length; i++) {
        const g = glyphs[i];
        if (!g) throw new Error(`glyph ${JSON.stringify(t.chars[i])} at ${t.size} px is not drawable from a mask`);
        if (g.w === 0) continue;
        const xi = Math.floor(t.xs[i]!) + ox;
        const gx = xi + g.dx;
        const gy = baseY + g.dy;
        const c0 = Math.max(0, cl - gx);
        const c1 = Math.min(g.w, cr0 - gx);
        const r0 = Math.max(0, ct - gy);
        const r1 = Math.min(g.h, cb0 - gy);
        if (c0 >= c1 || r0 >= r1) continue;
        for (let r = r0; r < r1; r++) {
          const at = (gy + r) * w + gx;
          const src = r * g.w;
          for (let k = c0; k < c1; k++) {
            const a = g.alpha[src + k]!;
            if (a !== 0) cov[at + k] = cov[at + k]! + a;
          }
        }
        if (gx + c0 < left) left = gx + c0;
        if (gx + c1 - 1 > right) right = gx + c1 - 1;
        if (gy + r0 < top) top = gy + r0;
        if (gy + r1 - 1 > bottom) bottom = gy + r1 - 1;
      }
      if (right < 0) continue;
      // Where neighbours share a pixel, the pair's own coverage (their ink may overlap there).
      for (let i = 1; i < t.chars.length; i++) {
        const pair = t.pairs?.[i];
        if (!pair) continue;
        const px0 = Math.floor(t.xs[i - 1]!) + ox;
        for (let k = 0; k < pair.length; k += 3) {
          const x = px0 + pair[k]!;
          const y = baseY + pair[k + 1]!;
          if (x >= cl && x < cr0 && y >= ct && y < cb0) cov[y * w + x] = pair[k + 2]!;
        }
      }
      const cr = t.rgb & 255;
      const cg = (t.rgb >>> 8) & 255;
      const cb = (t.rgb >>> 16) & 255;
      for (let r = top; r <= bottom; r++) {
        for (let at = r * w + left, end = r * w + right; at <= end; at++) {
          const sum = cov[at]!;
          if (sum === 0) continue;
          cov[at] = 0;
          const a = sum > 255 ? 255 : sum;
          const inv = 255 - a;
          const d = px[at]!;
          // The colour at coverage `a` (premultiplied) over what is there.
          const rr = div255(cr * a) + div255((d & 255) * inv);
          const gg = div255(cg * a) + div255(((d >>> 8) & 255) * inv);
          const bb = div255(cb * a) + div255(((d >>> 16) & 255) * inv);
          const aa = a + div255((d >>> 24) * inv);
          px[at] = ((rr > 255 ? 255 : rr) | ((gg > 255 ? 255 : gg) << 8) | ((bb > 255 ? 255 : bb) << 16) | ((aa > 255 ? 255 : aa) << 24)) >>> 0;
        }
      }
    }
  }
}

/**
 * The pixels where glyph masks `a` (origin at 0) and `b` (origin at whole pixel `bx`, same
 * baseline) both have ink, as (dx, dy) pairs from `a`'s origin.
 */
function sharedPixels(a: Glyph, b: Glyph, bx: number): number[] {
  const out: number[] = [];
  const left = Math.max(a.dx, bx + b.dx);
  const right = Math.min(a.dx + a.w, bx + b.dx + b.w);
  const top = Math.max(a.dy, b.dy);
  const bottom = Math.min(a.dy + a.h, b.dy + b.h);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      if (a.alpha[(y - a.dy) * a.w + (x - a.dx)] !== 0 && b.alpha[(y - b.dy) * b.w + (x - bx - b.dx)] !== 0) out.push(x, y);
    }
  }
  return out;
}
