/**
 * Composing a picture's PNG from its pieces (docs/pictures.md), the way game
 * renderers draw: a drawer lays a picture out as pieces (src/games/scene.ts) — a tile in one of
 * its states, a card, a name label, a panel — and each distinct piece is cached as its layers:
 * its shapes rasterised once (resvg, the shipped fonts) as premultiplied RGBA runs, shared by
 * every piece with the same shapes, and its texts, drawn from a glyph cache when composed
 * (./glyphs.ts; a piece whose texts cannot be is rasterised whole). A picture is made by copying
 * those pixels to their places over the background, blending only the anti-aliased edges, and
 * drawing the texts. Every piece sits at whole pixels and every glyph at a ¼-px phase, so this
 * gives resvg's own pixels for the whole SVG to within the stated tolerance (tested,
 * test/discord/compose.test.ts, test/discord/glyphs.test.ts, test/games/pictures-phone.test.ts).
 *
 * The PNG is cut into horizontal strips where the layout allows (bands of pieces, each cut into
 * strips of at most STRIP_HEIGHT px from its own top; the background rows between bands apart),
 * each deflated on its own (ending on a sync flush, so the compressed strips join into one zlib
 * stream) and kept in a second bounded cache by what it shows (the pieces in it and where, relative
 * to the strip's top): a board whose one row changed reuses the compressed bytes of every other
 * strip, and so does a board whose panels a taller banner pushed down; only the strips whose
 * content changed are composed and deflated. Runs on the render workers (./render-worker.ts):
 * never on the event loop.
 *
 * Every shape layer (or whole piece) missing from the cache for one picture is rasterised in a
 * single resvg call (an atlas: packed in rows on a transparent canvas, 4 px apart), because each
 * call costs ≈ 0.3 ms of font loading whatever its size; missing glyphs take one more.
 */
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import type { Piece, Scene } from '../../games/scene.js';
import { FONT_FAMILY } from '../../games/svg.js';
import { ByteLru } from './cache.js';
import { GlyphCache, splitPiece, type GlyphText } from './glyphs.js';
import { opaque, over, runsOf, type Raster } from './runs.js';
import { adler32Combine, assemblePng, filterRows } from './strip-png.js';

/** Height of a PNG strip compressed and cached on its own, px (docs/pictures.md has the measurements). */
export const STRIP_HEIGHT = 48;

/** zlib level of a strip (docs/pictures.md: encode time × bytes measured). */
export const STRIP_DEFLATE_LEVEL = 3;

/** zlib memLevel of a strip: 9 (zlib's largest hash) deflates 14 % faster than the default 8, same bytes (docs/pictures.md). */
export const STRIP_DEFLATE_MEM_LEVEL = 9;

/**
 * Row filter of a strip's rows after its first (PNG filter types: 0 None, 1 Sub, 2 Up); a
 * strip's first row is always Sub, so a strip never depends on the one above it. None: 16–18 %
 * fewer bytes and 5–14 % less CPU a picture (p50) than Sub at level 3 (docs/pictures.md "PNG settings").
 */
export const STRIP_ROW_FILTER: 0 | 1 | 2 = 0;

/** Bytes the piece rasters may hold per composer (render worker). */
export const PIECE_CACHE_BYTES = 24 * 1024 * 1024;

/** Bytes the compressed strips may hold per composer (render worker). */
export const STRIP_CACHE_BYTES = 24 * 1024 * 1024;

/**
 * Space between pieces in an atlas, and around them at the atlas's edges, px: no anti-aliased
 * edge of one piece reaches the next, and no piece touches the atlas's edge (resvg clips a shape
 * that reaches its canvas's edge and flattens its curves differently there: a rounded corner at
 * x = 0 of an atlas came out up to 47 levels off the same corner inside the whole picture).
 */
const ATLAS_GAP = 4;

/** A layer of a cached piece: a raster (shapes, or the whole piece) or texts drawn from glyphs when composed. */
type PieceLayer = Raster | GlyphText[];

interface PieceEntry {
  /** Stable while cached: strips refer to pieces by it. */
  id: number;
  /** The piece's box, px. */
  w: number;
  h: number;
  /** In drawing order. */
  layers: PieceLayer[];
  /** Bytes it holds of its own (its texts; shape rasters are cached and counted apart). */
  bytes: number;
  /** The first and last rows it draws in (its box's coordinates), or `null` when it draws nothing. */
  drawn: { first: number; last: number } | null;
}

/** A cached shape layer or whole piece. */
interface RasterEntry {
  raster: Raster;
}

interface Strip {
  /** Raw deflate data ending on a sync flush. */
  data: Buffer;
  /** Adler-32 of the strip's filtered rows. */
  adler: number;
  /** Length of the strip's filtered rows, bytes. */
  rawLength: number;
}

/** One strip of a picture: its first row, its height and the placed pieces (indexes, drawing order) that draw into it. */
interface StripPlan {
  top: number;
  rows: number;
  members: number[];
}

/** The first and last rows of a raster that draw anything, or null when it draws nothing (cached on the raster). */
function drawnRows(r: Raster): { first: number; last: number } | null {
  const memo = drawnMemo.get(r);
  if (memo !== undefined) return memo;
  let first = 0;
  while (first < r.h && r.rows[first] === r.rows[first + 1]) first++;
  let last = r.h - 1;
  while (last >= first && r.rows[last] === r.rows[last + 1]) last--;
  const drawn = first < r.h ? { first, last } : null;
  drawnMemo.set(r, drawn);
  return drawn;
}

const drawnMemo = new WeakMap<Raster, { first: number; last: number } | null>();

/** What composing one picture did (bench, tests). */
export interface ComposeStats {
  /** Pieces in the picture. */
  pieces: number;
  /** Pieces rasterised now (not in the cache). */
  rasterised: number;
  /** Strips in the picture, and how many were composed and deflated now. */
  strips: number;
  encoded: number;
  /** Rows of the strips composed and deflated now (of the picture's height). */
  encodedRows: number;
}

/** Options of a {@link Composer}. */
export interface ComposerOptions {
  /** The font files pieces are drawn with (the shipped subsets). */
  fonts: string[];
  /** resvg's constructor (the worker passes the module it loaded). */
  Resvg: new (svg: string, options?: ResvgRenderOptions) => { render(): { pixels: Buffer; width: number; height: number } };
  pieceCacheBytes?: number;
  stripCacheBytes?: number;
  /** Bytes of glyph masks (default GLYPH_CACHE_BYTES, ./glyphs.ts). */
  glyphCacheBytes?: number;
  /** zlib level of a strip (default STRIP_DEFLATE_LEVEL). */
  level?: number;
  /** Height of a strip, px (default STRIP_HEIGHT). */
  stripHeight?: number;
  /** Row filter after a strip's first row (default STRIP_ROW_FILTER). */
  filter?: 0 | 1 | 2;
}

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('composing pictures needs a little-endian machine');

/** Shared buffers of one composer, grown as needed. */
class Scratch {
  pixels = new Uint32Array(0);
  raw = Buffer.alloc(0);
  pixelsFor(n: number): Uint32Array {
    if (this.pixels.length < n) this.pixels = new Uint32Array(n);
    return this.pixels;
  }
  rawFor(n: number): Buffer {
    if (this.raw.length < n) this.raw = Buffer.alloc(n);
    return this.raw;
  }
}

/** Rasterises pieces once and composes pictures from them (see the module comment). One per render worker. */
export class Composer {
  private readonly pieces: ByteLru<PieceEntry>;
  /** Shape layers and whole pieces as runs (the piece cache's bytes are shared between both). */
  private readonly rasters: ByteLru<RasterEntry>;
  private readonly strips: ByteLru<Strip>;
  private readonly scratch = new Scratch();
  /** Glyph masks texts are drawn with (./glyphs.ts). */
  readonly glyphs: GlyphCache;
  private nextId = 1;
  private readonly level: number;
  private readonly stripHeight: number;
  private readonly filter: 0 | 1 | 2;
  /** Totals since the composer was made. */
  readonly totals = { pictures: 0, piecesRasterised: 0, piecesWhole: 0, atlases: 0, stripsEncoded: 0, stripsReused: 0 };

  constructor(private readonly options: ComposerOptions) {
    const pieceBytes = options.pieceCacheBytes ?? PIECE_CACHE_BYTES;
    // A piece entry holds its texts (rasters are cached apart): a quarter of the bound, the rasters the rest.
    this.pieces = new ByteLru<PieceEntry>(Math.floor(pieceBytes / 4), (e) => e.bytes);
    this.rasters = new ByteLru<RasterEntry>(pieceBytes - Math.floor(pieceBytes / 4), (e) => e.raster.ops.byteLength + e.raster.rows.byteLength + 64);
    this.strips = new ByteLru<Strip>(options.stripCacheBytes ?? STRIP_CACHE_BYTES, (s) => s.data.length + 48);
    this.glyphs = new GlyphCache(options.fonts, options.Resvg, options.glyphCacheBytes);
    this.level = options.level ?? STRIP_DEFLATE_LEVEL;
    this.stripHeight = options.stripHeight ?? STRIP_HEIGHT;
    this.filter = options.filter ?? STRIP_ROW_FILTER;
  }

  /** Bytes held by the caches now. */
  get cacheBytes(): { pieces: number; strips: number; glyphs: number } {
    return { pieces: this.pieces.bytes + this.rasters.bytes, strips: this.strips.bytes, glyphs: this.glyphs.bytes };
  }

  /** The PNG of `scene` (8-bit RGB, opaque), with what it took. Throws when a piece's SVG cannot be parsed. */
  png(scene: Scene): { png: Buffer; stats: ComposeStats } {
    const { width, height } = scene;
    const entries = this.entries(scene);
    const plan = this.stripMembers(scene, entries);
    const parts: Buffer[] = [];
    let adler = 1;
    let encoded = 0;
    let encodedRows = 0;
    const bgKey = `${width}|${scene.background}|`;
    for (const { top, rows, members } of plan) {
      // What the strip shows, never where it is in the picture: the same content moved up or down hits.
      let key = `${bgKey}${rows}`;
      for (const i of members) {
        const placed = scene.placed[i]!;
        key += `;${entries[i]!.id}@${placed.x},${placed.y - top}`;
      }
      let strip = this.strips.get(key);
      if (!strip) {
        strip = this.encodeStrip(scene, entries, members, top, rows);
        this.strips.set(key, strip);
        encoded++;
        encodedRows += rows;
      }
      parts.push(strip.data);
      adler = adler32Combine(adler, strip.adler, strip.rawLength);
    }
    this.totals.pictures++;
    this.totals.stripsEncoded += encoded;
    this.totals.stripsReused += plan.length - encoded;
    const rasterised = this.lastRasterised;
    return { png: assemblePng(width, height, parts, adler), stats: { pieces: scene.placed.length, rasterised, strips: plan.length, encoded, encodedRows } };
  }

  /** The composed pixels of `scene` (premultiplied RGBA, little-endian u32, row by row, all opaque): for tests. */
  pixels(scene: Scene): Uint32Array {
    const entries = this.entries(scene);
    const out = new Uint32Array(scene.width * scene.height);
    const all = scene.placed.map((_, i) => i);
    this.composeRows(scene, entries, all, 0, scene.height, out);
    return out;
  }

  private lastRasterised = 0;

  /** The cache entry of every placed piece, rasterising the missing ones in one atlas. */
  private entries(scene: Scene): PieceEntry[] {
    const out: PieceEntry[] = new Array(scene.placed.length);
    const missing = new Map<string, { piece: Piece; at: number[] }>();
    scene.placed.forEach(({ piece }, i) => {
      // Keyed by the markup alone (hashing a new key string would copy the markup each time); a
      // piece of the same markup in another box size is another piece.
      const key = piece.svg;
      const hit = this.pieces.get(key);
      if (hit && hit.w === piece.w && hit.h === piece.h) out[i] = hit;
      else {
        const size = `${piece.w}x${piece.h}|${key}`;
        const m = missing.get(size);
        if (m) m.at.push(i);
        else missing.set(size, { piece, at: [i] });
      }
    });
    this.lastRasterised = missing.size;
    if (missing.size > 0) {
      const list = [...missing.entries()];
      const made = this.rasterise(list.map(([, m]) => m.piece));
      list.forEach(([, m], k) => {
        const layers = made[k]!;
        let bytes = 64 + 16 * layers.length;
        for (const l of layers) if (Array.isArray(l)) for (const t of l) bytes += 48 + 12 * t.chars.length;
        const { w, h } = list[k]![1].piece;
        const entry: PieceEntry = { id: this.nextId++, w, h, layers, bytes, drawn: this.drawnRowsOf(layers, h) };
        this.pieces.set(m.piece.svg, entry);
        for (const i of m.at) out[i] = entry;
      });
      this.totals.piecesRasterised += missing.size;
    }
    return out;
  }

  /** The rows `layers` draw in (a piece `h` px tall), or `null` when they draw nothing. */
  private drawnRowsOf(layers: PieceLayer[], h: number): { first: number; last: number } | null {
    let first = Infinity;
    let last = -Infinity;
    for (const l of layers) {
      const d = Array.isArray(l) ? this.glyphs.rowsOf(l) : drawnRows(l);
      if (!d) continue;
      first = Math.min(first, d.first);
      last = Math.max(last, d.last);
    }
    first = Math.max(0, first);
    last = Math.min(h - 1, last);
    return first <= last ? { first, last } : null;
  }

  /**
   * The layers of `pieces`: a piece whose texts the glyph cache can draw (./glyphs.ts) is its
   * shape layers (each rasterised once and cached apart, shared by every piece with the same
   * shapes) and its texts, drawn from glyphs when a strip is composed; any other piece is one
   * raster of the whole piece. Every raster missing is rasterised in one resvg call (an atlas),
   * every missing glyph and glyph pair in one more each.
   */
  private rasterise(pieces: Piece[]): PieceLayer[][] {
    const split = pieces.map((p) => splitPiece(p.svg));
    const texts = split.flatMap((layers) => (layers ? layers.flatMap((l) => l.texts ?? []) : []));
    if (texts.length > 0) this.glyphs.prepare(texts);
    const atlas: Piece[] = [];
    const atlasKeys: string[] = [];
    const pending = new Map<string, number>();
    /** A cached raster, or the index of one the atlas will draw. */
    const rasterFor = (key: string, p: Piece): Raster | number => {
      const hit = this.rasters.get(key);
      if (hit) return hit.raster;
      const at = pending.get(key);
      if (at !== undefined) return at;
      atlas.push(p);
      atlasKeys.push(key);
      pending.set(key, atlas.length - 1);
      return atlas.length - 1;
    };
    const plan = pieces.map((p, i): (Raster | number | GlyphText[])[] => {
      const layers = split[i];
      if (!layers || !layers.every((l) => !l.texts || this.glyphs.ready(l.texts))) {
        this.totals.piecesWhole++;
        return [rasterFor(`${p.w}x${p.h}|${p.svg}`, p)];
      }
      return layers.map((l) => (l.texts ? l.texts : rasterFor(`shapes|${p.w}x${p.h}|${l.shapes}`, { w: p.w, h: p.h, svg: l.shapes })));
    });
    const drawn = atlas.length > 0 ? this.atlas(atlas) : [];
    atlasKeys.forEach((key, k) => this.rasters.set(key, { raster: drawn[k]! }));
    return plan.map((layers) => layers.map((l) => (typeof l === 'number' ? drawn[l]! : l)));
  }

  /** Rasterise `pieces` in one resvg call: shelf-packed on a transparent atlas, then cut out as runs. */
  private atlas(pieces: Piece[]): Raster[] {
    this.totals.atlases++;
    const width = Math.max(540, ...pieces.map((p) => p.w)) + 2 * ATLAS_GAP;
    const order = pieces.map((_, i) => i).sort((a, b) => pieces[b]!.h - pieces[a]!.h);
    const at: { x: number; y: number }[] = new Array(pieces.length);
    let x = ATLAS_GAP;
    let y = ATLAS_GAP;
    let shelf = 0;
    for (const i of order) {
      const p = pieces[i]!;
      if (x > ATLAS_GAP && x + p.w + ATLAS_GAP > width) {
        x = ATLAS_GAP;
        y += shelf + ATLAS_GAP;
        shelf = 0;
      }
      at[i] = { x, y };
      x += p.w + ATLAS_GAP;
      shelf = Math.max(shelf, p.h);
    }
    const height = y + shelf + ATLAS_GAP;
    let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`;
    pieces.forEach((p, i) => {
      const { x: px, y: py } = at[i]!;
      svg += `<g transform="translate(${px} ${py})">${p.svg}</g>`;
    });
    svg += '</svg>';
    const image = new this.options.Resvg(svg, {
      font: { fontFiles: this.options.fonts, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
      fitTo: { mode: 'original' },
      shapeRendering: 2,
      textRendering: 1,
      logLevel: 'off',
    }).render();
    const px = new Uint32Array(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength >> 2);
    return pieces.map((p, i) => runsOf(px, image.width, at[i]!.x, at[i]!.y, p.w, p.h));
  }

  /**
   * Where the picture is cut into strips, and the placed pieces that draw into each (indexes, in
   * drawing order). Cuts follow the layout, not a grid from the picture's top: the pieces whose
   * drawn rows overlap (transitively) form a band; a band is cut into ⌈h ÷ stripHeight⌉ strips
   * of equal height (± 1 row) counted from the band's own top; the rows between bands (background
   * only) are strips of their own, at most stripHeight rows each. So a band moved up or down by a
   * panel above it that grew or shrank is cut into the same strips as before, and its strips'
   * keys (relative positions only) hit the cache. A piece that draws nothing (an empty key
   * piece for lesson highlights) is in no band and no strip.
   */
  private stripMembers(scene: Scene, entries: PieceEntry[]): StripPlan[] {
    const sh = this.stripHeight;
    const { height } = scene;
    // Each drawing piece's rows in the picture: [from, to).
    const spans: { i: number; from: number; to: number }[] = [];
    scene.placed.forEach(({ y }, i) => {
      const drawn = entries[i]!.drawn;
      if (!drawn) return;
      const from = Math.max(0, y + drawn.first);
      const to = Math.min(height, y + drawn.last + 1);
      if (from < to) spans.push({ i, from, to });
    });
    spans.sort((a, b) => a.from - b.from || a.i - b.i);
    const plan: StripPlan[] = [];
    const gap = (from: number, to: number) => {
      for (let top = from; top < to; top += sh) plan.push({ top, rows: Math.min(sh, to - top), members: [] });
    };
    let cursor = 0;
    for (let k = 0; k < spans.length; ) {
      const top = spans[k]!.from;
      let bottom = spans[k]!.to;
      const band: { i: number; from: number; to: number }[] = [];
      while (k < spans.length && spans[k]!.from < bottom) {
        band.push(spans[k]!);
        bottom = Math.max(bottom, spans[k]!.to);
        k++;
      }
      gap(cursor, top);
      band.sort((a, b) => a.i - b.i);
      const h = bottom - top;
      const count = Math.ceil(h / sh);
      for (let s = 0; s < count; s++) {
        const from = top + Math.floor((s * h) / count);
        const to = top + Math.floor(((s + 1) * h) / count);
        const members: number[] = [];
        for (const span of band) if (span.from < to && span.to > from) members.push(span.i);
        plan.push({ top: from, rows: to - from, members });
      }
      cursor = bottom;
    }
    gap(cursor, height);
    return plan;
  }

  /** Compose rows `top` .. `top + rows` of `scene` (the pieces `members`) into `out` (row `top` at index 0). */
  private composeRows(scene: Scene, entries: PieceEntry[], members: number[], top: number, rows: number, out: Uint32Array): void {
    const w = scene.width;
    out.fill(opaque(scene.background), 0, w * rows);
    for (const i of members) {
      const { x, y, piece: p } = scene.placed[i]!;
      for (const layer of entries[i]!.layers) {
        if (Array.isArray(layer)) {
          // Texts, drawn from glyphs: cut to the piece's box and to these rows.
          this.glyphs.draw(layer, out, w, rows, x, y - top, { left: x, top: Math.max(0, y - top), right: x + p.w, bottom: Math.min(rows, y - top + p.h) });
          continue;
        }
        const r = layer;
        const from = Math.max(y, top);
        const to = Math.min(y + r.h, top + rows);
        for (let row = from; row < to; row++) {
          const base = (row - top) * w + x;
          const ops = r.ops;
          let k = r.rows[row - y]!;
          const end = r.rows[row - y + 1]!;
          while (k < end) {
            const head = ops[k]!;
            const len = ops[k + 1]!;
            const at = base + (head >>> 1);
            if ((head & 1) === 0) {
              const c = ops[k + 2]!;
              if (c >>> 24 === 255) out.fill(c, at, at + len);
              else for (let j = 0; j < len; j++) out[at + j] = over(c, out[at + j]!);
              k += 3;
            } else {
              for (let j = 0; j < len; j++) {
                const c = ops[k + 2 + j]!;
                const a = c >>> 24;
                if (a === 255) out[at + j] = c;
                else if (a !== 0) out[at + j] = over(c, out[at + j]!);
              }
              k += 2 + len;
            }
          }
        }
      }
    }
  }

  /** Compose, filter and deflate one strip. */
  private encodeStrip(scene: Scene, entries: PieceEntry[], members: number[], top: number, rows: number): Strip {
    const w = scene.width;
    const px = this.scratch.pixelsFor(w * rows);
    this.composeRows(scene, entries, members, top, rows, px);
    const stride = w * 3 + 1;
    const raw = this.scratch.rawFor(stride * rows);
    const adler = filterRows(px, w, rows, this.filter, raw);
    const length = stride * rows;
    const data = deflateRawSync(raw.subarray(0, length), { level: this.level, memLevel: STRIP_DEFLATE_MEM_LEVEL, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    return { data, adler, rawLength: length };
  }
}
