/**
 * Building blocks of the games' scene drawers (src/games/scene.ts, docs/pictures.md "Phone
 * layout"): the phone-first sizes, text pieces that wrap and never cut, panels, headings, the
 * status banner and the key. Pictures are laid out in PNG pixels, PICTURE_PX wide, for a phone's
 * message column of PHONE_DISPLAY_PX CSS px: every text is at least MIN_TEXT_PX, which is
 * ≥ MIN_CSS_PX there (test/games/pictures-phone.test.ts computes it for every text of every game).
 *
 * Every piece keeps its ink inside its box (strokes drawn inside), so composing gives resvg's
 * pixels (src/discord/pictures/compose.ts).
 */
import { piece, SceneBuilder, fitWrap, measure, textElement, wrapLines, type Piece } from './scene.js';
import { rect, THEME } from './svg.js';

/** Width of a picture and of its PNG, px (Discord shows at most ≈ 540 px of a picture on a desktop). */
export const PICTURE_PX = 540;

/** The phone message column a picture is laid out for, CSS px (Discord's mobile column on a 390-px phone). */
export const PHONE_DISPLAY_PX = 330;

/** The smallest text allowed at PHONE_DISPLAY_PX, CSS px. */
export const MIN_CSS_PX = 11;

/**
 * The smallest text drawn, px: 21 px of 540 is 12.8 CSS px at 330, and 11.2 at 288 — the width
 * the local page shows a picture at on a 390-px phone (inside its message's container).
 */
export const MIN_TEXT_PX = 21;

/** Names and card words, px. */
export const NAME_PX = 24;

/** Headlines (the status banner), px. */
export const TITLE_PX = 26;

/** Outer margin, px. */
export const MARGIN = 10;

/** Width of a full-width panel, px. */
export const PANEL_W = PICTURE_PX - 2 * MARGIN;

/** Height of a line of `size`-px text, px. */
export function lineHeight(size: number): number {
  return Math.ceil(size * 1.25);
}

/** Where a line's baseline sits below the line's top, px (ascenders and accents stay inside the line). */
export function baseline(size: number): number {
  return Math.round(size * 0.96);
}

/** Options of {@link textLines}. */
export interface LinesOptions {
  size: number;
  fill?: string;
  bold?: boolean;
  /** `start` (x is the left edge), `middle` (x is the centre), `end` (x is the right edge). */
  anchor?: 'start' | 'middle' | 'end';
}

/** `<text>` elements for `lines` from (x, top), one line every `lineHeight(size)` px, each glyph placed (scene.ts `textElement`). */
export function textLines(x: number, top: number, lines: readonly string[], o: LinesOptions): string {
  const lh = lineHeight(o.size);
  let out = '';
  lines.forEach((line, i) => {
    out += textElement(x, top + baseline(o.size) + i * lh, line, { size: o.size, fill: o.fill, bold: o.bold, anchor: o.anchor });
  });
  return out;
}

/** A text block: `content` wrapped to `width` px (never cut) at `size` px, or shrunk down to `minSize` to fit `maxLines` first. */
export interface Block {
  lines: string[];
  size: number;
  /** Height of the lines, px. */
  height: number;
  /** Width of the widest line, px. */
  width: number;
}

/** Blocks laid out recently, by their inputs: the same words in the same box are laid out once (a board repeats most of its words). */
const blocks = new Map<string, Block>();
/** How many laid-out blocks are kept (a few hundred KB). */
const BLOCKS_KEPT = 4096;

/** `content` laid out as a {@link Block} (see there). `minSize` defaults to `size` (no shrinking). */
export function block(content: string, width: number, size: number, opts: { bold?: boolean; minSize?: number; maxLines?: number } = {}): Block {
  const key = `${width}|${size}|${opts.minSize ?? size}|${opts.maxLines ?? 0}|${opts.bold ? 1 : 0}|${content}`;
  const known = blocks.get(key);
  if (known) return known;
  const fitted = fitWrap(content, width, size, opts.minSize ?? size, opts.maxLines ?? Infinity, opts.bold);
  const widest = Math.max(0, ...fitted.lines.map((line) => measure(line, fitted.size, opts.bold)));
  const laid: Block = { lines: fitted.lines, size: fitted.size, height: fitted.lines.length * lineHeight(fitted.size), width: widest };
  if (blocks.size >= BLOCKS_KEPT) blocks.clear();
  blocks.set(key, laid);
  return laid;
}

/** A piece holding a text block, `w` px wide, with `pad` px around it; aligned left, centred or right. */
export function textPiece(content: string, w: number, size: number, opts: { bold?: boolean; fill?: string; anchor?: 'start' | 'middle' | 'end'; minSize?: number; maxLines?: number; pad?: number } = {}): Piece {
  const pad = opts.pad ?? 2;
  const b = block(content, w - 2 * pad, size, opts);
  const x = opts.anchor === 'middle' ? w / 2 : opts.anchor === 'end' ? w - pad : pad;
  return piece(w, Math.max(1, b.height + 2), textLines(x, 1, b.lines, { size: b.size, bold: opts.bold, fill: opts.fill, anchor: opts.anchor }));
}

/** A rounded panel `w` × `h` px, optionally framed (`frame` colour, stroke drawn inside the box). */
export function panelPiece(w: number, h: number, fill: string = THEME.panel, frame?: string, frameWidth = 4, radius = 14): Piece {
  const inset = frame ? frameWidth / 2 : 0;
  return piece(w, h, rect(inset, inset, w - 2 * inset, h - 2 * inset, { fill, radius, ...(frame ? { stroke: frame, strokeWidth: frameWidth } : {}) }));
}

/** A heading (bold, NAME_PX) across the picture at `y`; returns its height. */
export function heading(scene: SceneBuilder, y: number, content: string): number {
  const p = textPiece(content, PANEL_W, NAME_PX, { bold: true });
  scene.put(MARGIN, y, p);
  return p.h;
}

/**
 * The status banner at `y`: `main` (bold, TITLE_PX) and `sub` (muted, MIN_TEXT_PX), each
 * wrapped, never cut, in a panel across the picture. Returns its height, px.
 */
export function statusBanner(scene: SceneBuilder, y: number, main: string, sub: string): number {
  const inner = PANEL_W - 28;
  const head = block(main, inner, TITLE_PX, { bold: true, minSize: NAME_PX, maxLines: 2 });
  const tail = sub ? block(sub, inner, MIN_TEXT_PX) : null;
  const h = 12 + head.height + (tail ? 2 + tail.height : 0) + 12;
  const body = [
    rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }),
    textLines(14, 12, head.lines, { size: head.size, bold: true }),
    tail ? textLines(14, 14 + head.height, tail.lines, { size: MIN_TEXT_PX, fill: THEME.muted }) : '',
  ];
  scene.put(MARGIN, y, piece(PANEL_W, h, body));
  return h;
}

/** One entry of a key: a symbol drawn centred on (cx, cy) in a 30-px box, and its words. */
export type KeyItem = [icon: (cx: number, cy: number) => string, label: string];

/** Size of a key's symbol box, px. */
const KEY_BOX = 30;

/**
 * The key as a panel across the picture at `y`: its title, then each symbol with its words,
 * flowed left to right onto as many lines as it takes; a label too long for a line wraps
 * under its symbol (never cut). One piece: the same key is the same piece in every picture
 * of a game, language and phase. Returns its height, px.
 */
export function keyPanel(scene: SceneBuilder, y: number, title: string, items: readonly KeyItem[]): number {
  const size = MIN_TEXT_PX;
  const lh = lineHeight(size);
  const rowH = Math.max(KEY_BOX, lh) + 6;
  const left = 14;
  const right = PANEL_W - 14;
  const parts: string[] = [];
  parts.push(textLines(left, 10 + (rowH - lh) / 2, [title], { size, bold: true, fill: THEME.muted }));
  let x = left + measure(title, size, true) + 14;
  let top = 10;
  for (const [icon, label] of items) {
    const oneLine = measure(label, size);
    let w = KEY_BOX + 6 + oneLine;
    if (x > left && x + w > right) {
      x = left;
      top += rowH;
    }
    const lines = x + w > right ? wrapLines(label, right - x - KEY_BOX - 6, size) : [label];
    if (lines.length > 1) w = KEY_BOX + 6 + Math.max(...lines.map((l) => measure(l, size)));
    parts.push(icon(x + KEY_BOX / 2, top + rowH / 2));
    parts.push(textLines(x + KEY_BOX + 6, top + (rowH - lh) / 2, lines, { size }));
    if (lines.length > 1) {
      // The next item starts a row below this one's last line.
      top += (lines.length - 1) * lh;
      x = right;
    } else x += w + 18;
  }
  const h = top + rowH + 10;
  scene.put(MARGIN, y, piece(PANEL_W, h, [rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }), ...parts]));
  return h;
}

/** A pill `label` on `fill` (ink text), its own width, NAME_PX-ish tall; `maxWidth` wraps it onto more lines. */
export function pillPiece(label: string, fill: string, ink: string, maxWidth: number): Piece {
  const size = MIN_TEXT_PX;
  const b = block(label, maxWidth - 16, size, { bold: true });
  const w = Math.ceil(b.width) + 16;
  const h = b.height + 6;
  return piece(w, h, [rect(0, 0, w, h, { fill, radius: Math.min(13, h / 2) }), textLines(8, 3, b.lines, { size, bold: true, fill: ink })]);
}
