/**
 * Suspicion — the pictures (README "Pictures", ../picture.ts): the public table and a seat's
 * hand as SVG, drawn from a view only (docs/rules/suspicion.md §1.13: the public view for the
 * board, one seat's view for its hand).
 *
 * The table: one row per detective, their suspect card in the middle with the evidence laid
 * where it lies on a real table — LEFT and RIGHT beside the suspect card, BOTTOM below it
 * (§1.2); the card exposed in a counter window (§1.7) or lying face down in a vote (§1.9) is
 * framed; piles, the attack card waiting for a cancel (§1.8), the last declaration, and a key.
 * The hand: the seat's cards as cards with their effects, its own suspect, its own face-down
 * card and vote.
 *
 * Every word comes from `suspicionText(t).pictures`; colours always come with their word, symbols
 * are drawn shapes (the font has no emoji) explained in the key.
 */
import type { GameEvent, Seat } from '../engine.js';
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { measure, piece, SceneBuilder, sceneSvg, type Piece } from '../scene.js';
import { block, heading, keyPanel, lineHeight, MARGIN, MIN_TEXT_PX, NAME_PX, PANEL_W, panelPiece, PICTURE_PX, pillPiece, statusBanner, textLines, textPiece, type KeyItem } from '../scene-kit.js';
import { THEME, altText, circle, path, rect, round } from '../svg.js';
import type { CardFace, Colour, SuspicionAction } from './rules.js';
import { describeEvent } from './ui-text.js';
import { actingSeats, type PlayerView, type SuspicionPublicView, type SuspicionSeatView } from './views.js';
import { ballotMark, changedMark, decidingMark, INK, turnMark, winnerMark } from '../marks.js';
import { latestLines } from '../picture-kit.js';
import { sentenceStop } from '../../i18n/format.js';
import { suspicionText, type SuspicionText } from './text/index.js';

type P = SuspicionText['pictures'];

const W = PICTURE_PX;
const M = MARGIN;
/** Name / card-word size and label size, px. */
const TEXT = NAME_PX;
const LABEL = MIN_TEXT_PX;

/** Fill of each evidence colour (always drawn with its word). */
const COLOUR_FILL: Record<Colour, string> = {
  red: '#ec5b52',
  orange: '#f29a43',
  yellow: '#f2d24b',
  green: '#57bd6b',
  blue: '#5c97f2',
  pink: '#f291cd',
};

/** The suspect card's paper colour. */
const PAPER = '#ece6d6';

// ── Geometry of a detective's row (phone layout: 540 px) ──────────────────────────────

/** Padding inside a row's panel, and the gutter left of it for the turn marker, px. */
const ROW_PAD = 8;
const GUTTER = 26;
/** Width of an evidence tile (LEFT, RIGHT, BOTTOM) and of the suspect card, px. */
const TILE_W = 144;
const SUSPECT_W = 180;
const GAP = 5;
const ROW_GAP = 8;
/** The smallest tile and card height, px (one line of a card word). */
const TILE_H = 54;
/** x of the columns inside a row panel. */
const LEFT_X = ROW_PAD + GUTTER;
const SUSPECT_X = LEFT_X + TILE_W + GAP;
const RIGHT_X = SUSPECT_X + SUSPECT_W + GAP;

// ── Symbols (each explained in the key) ─────────────────────────────────────────────────

/** Shield: protected evidence (it won a counter-counter, §1.7). */
function shieldMark(cx: number, cy: number, size = 22, fill = INK): string {
  const h = size / 2;
  const d = `M${round(cx)} ${round(cy - h)} L${round(cx + h * 0.85)} ${round(cy - h * 0.6)} C${round(cx + h * 0.85)} ${round(cy + h * 0.3)} ${round(cx + h * 0.4)} ${round(cy + h * 0.8)} ${round(cx)} ${round(cy + h)} C${round(cx - h * 0.4)} ${round(cy + h * 0.8)} ${round(cx - h * 0.85)} ${round(cy + h * 0.3)} ${round(cx - h * 0.85)} ${round(cy - h * 0.6)} Z`;
  return path(d, { fill });
}

/** Lightning bolt: exposed, waiting for counters (§1.7). */
function boltMark(cx: number, cy: number, size = 24, fill = INK): string {
  const h = size / 2;
  const d = `M${round(cx + h * 0.2)} ${round(cy - h)} L${round(cx - h * 0.6)} ${round(cy + h * 0.15)} L${round(cx - h * 0.05)} ${round(cy + h * 0.15)} L${round(cx - h * 0.25)} ${round(cy + h)} L${round(cx + h * 0.6)} ${round(cy - h * 0.2)} L${round(cx + h * 0.05)} ${round(cy - h * 0.2)} Z`;
  return path(d, { fill });
}

/** Two opposite arrows: a counter card (§1.7). */
function counterMark(cx: number, cy: number, size = 26, stroke = INK): string {
  const h = size / 2;
  const d =
    `M${round(cx - h)} ${round(cy - h * 0.35)} H${round(cx + h)} M${round(cx + h * 0.45)} ${round(cy - h * 0.8)} L${round(cx + h)} ${round(cy - h * 0.35)} L${round(cx + h * 0.45)} ${round(cy + h * 0.1)}` +
    ` M${round(cx + h)} ${round(cy + h * 0.45)} H${round(cx - h)} M${round(cx - h * 0.45)} ${round(cy)} L${round(cx - h)} ${round(cy + h * 0.45)} L${round(cx - h * 0.45)} ${round(cy + h * 0.9)}`;
  return path(d, { stroke, strokeWidth: 3, roundCaps: true });
}

/** A tick: evidence placed. */
function tickMark(cx: number, cy: number, size = 20, stroke = INK): string {
  const h = size / 2;
  return path(`M${round(cx - h)} ${round(cy)} L${round(cx - h * 0.25)} ${round(cy + h * 0.7)} L${round(cx + h)} ${round(cy - h * 0.7)}`, { stroke, strokeWidth: 4, roundCaps: true });
}

/** A cross: a countered card about to leave (§1.7). */
function crossMark(cx: number, cy: number, size = 20, stroke: string = THEME.danger): string {
  const h = size / 2;
  return path(`M${round(cx - h)} ${round(cy - h)} L${round(cx + h)} ${round(cy + h)} M${round(cx + h)} ${round(cy - h)} L${round(cx - h)} ${round(cy + h)}`, {
    stroke,
    strokeWidth: 5,
    roundCaps: true,
  });
}

/** A card's back (face down, or the draw pile): hatched; everything drawn inside (x, y, w, h). */
function cardBack(x: number, y: number, w: number, h: number, stroke?: string): string {
  const sw = stroke ? 5 : 2;
  // The hatching stays 2 px inside the frame's inner edge (its 3-px strokes never cross the box).
  const ix = x + sw;
  const iy = y + sw;
  const iw = w - 2 * sw;
  const ih = h - 2 * sw;
  const lines: string[] = [];
  for (let k = 20; k < iw + ih; k += 20) {
    const x1 = ix + Math.max(0, k - ih);
    const y1 = iy + Math.min(k, ih);
    const x2 = ix + Math.min(k, iw);
    const y2 = iy + Math.max(0, k - iw);
    lines.push(`M${round(x1)} ${round(y1)} L${round(x2)} ${round(y2)}`);
  }
  return (
    rect(x + sw / 2, y + sw / 2, w - sw, h - sw, { fill: '#3b4a8c', radius: 10, stroke: stroke ?? '#8ea1e1', strokeWidth: sw }) +
    path(lines.join(' '), { stroke: '#4f60a8', strokeWidth: 3 })
  );
}

/** The icon of a special card (drawn shapes; the name is always written beside it). */
function specialIcon(kind: 'burn' | 'tamper' | 'block' | 'wild', cx: number, cy: number, size: number): string {
  const h = size / 2;
  switch (kind) {
    case 'burn':
      return path(
        `M${round(cx)} ${round(cy - h)} C${round(cx + h * 0.9)} ${round(cy - h * 0.2)} ${round(cx + h * 0.8)} ${round(cy + h)} ${round(cx)} ${round(cy + h)} C${round(cx - h * 0.8)} ${round(cy + h)} ${round(cx - h * 0.9)} ${round(cy)} ${round(cx - h * 0.3)} ${round(cy - h * 0.4)} C${round(cx - h * 0.2)} ${round(cy)} ${round(cx)} ${round(cy)} ${round(cx)} ${round(cy - h)} Z`,
        { fill: '#f26b3a', stroke: INK, strokeWidth: 2 },
      );
    case 'tamper':
      return path(`M${round(cx - h)} ${round(cy + h)} L${round(cx + h * 0.5)} ${round(cy - h * 0.5)} M${round(cx + h * 0.2)} ${round(cy - h)} L${round(cx + h)} ${round(cy - h * 0.2)}`, {
        stroke: INK,
        strokeWidth: 7,
        roundCaps: true,
      });
    case 'block': {
      const r = h;
      const pts: string[] = [];
      for (let k = 0; k < 8; k++) {
        const a = Math.PI / 8 + (k * Math.PI) / 4;
        pts.push(`${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`);
      }
      return path(`M${pts.join(' L')} Z`, { fill: THEME.danger, stroke: INK, strokeWidth: 2 }) + rect(cx - h * 0.6, cy - h * 0.15, h * 1.2, h * 0.3, { fill: THEME.text });
    }
    case 'wild': {
      const colours = Object.values(COLOUR_FILL);
      const sw = size / colours.length;
      return colours.map((fill, k) => rect(cx - h + k * sw, cy - h * 0.6, sw, h * 1.2, { fill })).join('');
    }
  }
}

// ── Text helpers ────────────────────────────────────────────────────────────────────────

function colourWord(p: P, c: Colour): string {
  return p.colourNames[c];
}

function faceWord(p: P, f: CardFace): string {
  return f.kind === 'evidence' ? colourWord(p, f.colour) + (f.counter ? ` (${p.counterWord})` : '') : p.specialNames[f.kind];
}

/** Display name of a seat as drawn (plain text; `text` escapes it). */
function nameOf(ctx: PictureContext, seat: Seat): string {
  return ctx.seats[seat]?.name ?? `#${seat + 1}`;
}

/** Which seats and slots the latest events touched (highlighted until the next change). */
interface Changes {
  slots: Set<string>;
  seats: Set<Seat>;
}

function changesOf(latest: GameEvent[], viewer: Seat | null): Changes {
  const slots = new Set<string>();
  const seats = new Set<Seat>();
  const slot = (seat: unknown, i: unknown) => {
    if (typeof seat === 'number' && typeof i === 'number') slots.add(`${seat}:${i}`);
  };
  for (const e of latest) {
    if (e.to && (viewer === null || !e.to.includes(viewer))) continue;
    switch (e.type) {
      case 'placed':
      case 'declared':
        slot(e.suspect, e.slot);
        break;
      case 'uncountered':
      case 'countered':
      case 'counteredBack':
      case 'revealed':
        slot(e.suspect, e.slot);
        break;
      case 'recoloured':
        slot(e.suspect, e.toSlot);
        slot(e.suspect, e.fromSlot);
        break;
      case 'arrestDraw':
        if (e.slot !== null) slot(e.seat, e.slot);
        else if (typeof e.seat === 'number') seats.add(e.seat);
        break;
      case 'burned':
      case 'blocked':
        if (typeof e.target === 'number') seats.add(e.target);
        break;
      case 'tampered':
        for (const lost of (e.lost as { slot: number }[] | undefined) ?? []) slot(e.target, lost.slot);
        break;
      case 'turnLost':
      case 'cancelled':
      case 'discarded':
        if (typeof e.seat === 'number') seats.add(e.seat);
        break;
    }
  }
  return { slots, seats };
}

// ── The phase: status lines, who acts, what is framed ───────────────────────────────────

/** The big status line and its smaller second line. */
function statusLines(view: SuspicionPublicView, ctx: PictureContext): { main: string; sub: string } {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  // Names whole: the banner wraps (and shrinks) rather than cutting them.
  const n = (seat: Seat) => nameOf(ctx, seat);
  const round = p.round(view.round, view.roundCap);
  const house = view.variant === 'classic' ? '' : ` · ${p.houseRules(suspicionText(ctx.t).variantNames[view.variant])}`;
  switch (ph.kind) {
    case 'turn':
      return { main: p.turn(n(ph.seat)), sub: round + house };
    case 'counter':
      return { main: p.counter(n(ph.placer), colourWord(p, ph.colour)), sub: p.waiting(ph.waiting.map(n).join(suspicionText(ctx.t).listSep) || suspicionText(ctx.t).nobody) };
    case 'counterBack':
      return { main: p.counterBack(n(ph.counterer), n(ph.placer)), sub: round + house };
    case 'cancel':
      return { main: p.cancel(n(ph.target), n(ph.attacker), p.specialNames[ph.attack]), sub: round + house };
    case 'vote':
      return { main: p.vote(n(ph.declarer), colourWord(p, ph.colour)), sub: `${p.voted(ph.answered, ph.voters.length)} · ${round}` };
    case 'over':
      return { main: ph.winner === null ? p.cap(view.roundCap) : p.won(n(ph.winner)), sub: round + house };
  }
}

// ── The status ─────────────────────────────────────────────────────────────────────────

/** The status banner at `y`; returns its height. */
function drawStatus(scene: SceneBuilder, y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const { main, sub } = statusLines(view, ctx);
  return statusBanner(scene, y, main, sub);
}

// ── A detective's row ───────────────────────────────────────────────────────────────────

interface RowOptions {
  /** Frame the row as the viewer's own ("you"). */
  own: boolean;
  /** The row's player is not the one looking (a review of another seat): no "(you)". */
  onlooker: boolean;
  changes: Changes;
}

/** What one evidence slot shows, as a piece `w` px wide (its height fits its words). */
function slotPiece(view: SuspicionPublicView, player: PlayerView, i: number, w: number, ctx: PictureContext): Piece {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  const colour = player.suspect[i]!;
  const fill = COLOUR_FILL[colour];
  const word = colourWord(p, colour);
  const slot = player.slots[i] ?? null;
  const seat = player.seat;
  const here = (kind: string) => ph.kind === kind && 'suspect' in ph && ph.suspect === seat && 'slot' in ph && ph.slot === i;
  const markW = 30;
  if (here('vote')) {
    // §1.9: the declared card lies face down; only its claim is public.
    const b = block(p.claim(word), w - 32, TEXT, { bold: true, minSize: LABEL });
    const h = Math.max(TILE_H, b.height + 24);
    return piece(w, h, [cardBack(0, 0, w, h, THEME.highlight), rect(12, 9, w - 24, h - 18, { fill: THEME.background, radius: 8 }), textLines(w / 2, (h - b.height) / 2, b.lines, { size: b.size, bold: true, fill, anchor: 'middle' })]);
  }
  if (here('counterBack')) {
    // §1.7: the placed card was countered; its placer may still counter back.
    const b = block(word, w - markW - 12, TEXT, { bold: true, minSize: LABEL, maxLines: 1 });
    const c = block(p.countered, w - markW - 12, LABEL);
    const h = Math.max(TILE_H, b.height + c.height + 10);
    const cx = markW + (w - markW) / 2;
    return piece(w, h, [
      rect(2.5, 2.5, w - 5, h - 5, { fill, radius: 10, stroke: THEME.highlight, strokeWidth: 5 }),
      textLines(cx, (h - b.height - c.height) / 2, b.lines, { size: b.size, bold: true, fill: INK, anchor: 'middle' }),
      textLines(cx, (h - b.height - c.height) / 2 + b.height, c.lines, { size: LABEL, fill: INK, anchor: 'middle' }),
      crossMark(20, h / 2, 18, INK),
    ]);
  }
  if (slot === null) {
    const b = block(word, w - 16, TEXT, { minSize: LABEL, maxLines: 1 });
    const h = Math.max(TILE_H, b.height + 16);
    return piece(w, h, [rect(1.5, 1.5, w - 3, h - 3, { fill: THEME.background, radius: 10, stroke: fill, strokeWidth: 3, dash: '10 7' }), textLines(w / 2, (h - b.height) / 2, b.lines, { size: b.size, fill, anchor: 'middle' })]);
  }
  const exposed = here('counter');
  const wild = slot.face.kind === 'wild';
  const b = block(word, w - markW - 10, TEXT, { bold: true, minSize: LABEL, maxLines: 1 });
  // Criminal Edition: who placed it, as their seat's badge (the number on their suspect card).
  const byH = view.variant === 'criminal' ? BADGE + 4 : 0;
  const textH = b.height + byH;
  const h = Math.max(TILE_H, textH + 12);
  const cx = markW + (w - markW) / 2;
  const stroke = exposed ? 6 : 2;
  const parts = [rect(stroke / 2, stroke / 2, w - stroke, h - stroke, { fill, radius: 10, stroke: exposed ? THEME.highlight : INK, strokeWidth: stroke })];
  parts.push(textLines(cx, (h - textH) / 2, b.lines, { size: b.size, bold: true, fill: INK, anchor: 'middle' }));
  if (byH) {
    const by = p.by('');
    const bw = measure(by, LABEL);
    const bx = cx - (bw + 4 + BADGE) / 2;
    const by0 = (h - textH) / 2 + b.height;
    parts.push(textLines(bx, by0 + (BADGE - lineHeight(LABEL)) / 2 + 2, [by], { size: LABEL, fill: INK }), seatBadge(bx + bw + 4 + BADGE / 2, by0 + BADGE / 2 + 2, slot.by));
  }
  // One mark at the left: waiting for counters (§1.7) > protected (§1.7) > a Wild's six colours (§1.8) > a tick.
  const cy = h / 2;
  if (exposed) parts.push(boltMark(19, cy, 26));
  else if (slot.protected) parts.push(shieldMark(19, cy, 22));
  else if (wild) parts.push(rect(5, cy - 13, 28, 26, { fill: PAPER, radius: 4 }), specialIcon('wild', 19, cy, 24));
  else parts.push(tickMark(18, cy, 16));
  // A protected or exposed Wild still shows its colours, small, at the top-right corner.
  if (wild && (exposed || slot.protected)) parts.push(rect(w - 30, 6, 24, 18, { fill: PAPER, radius: 3 }), specialIcon('wild', w - 18, 15, 20));
  return piece(w, h, parts);
}

/** Diameter of a seat badge, px. */
const BADGE = 24;

/** A seat's badge: its number (1-based) in a dark circle, centred on (cx, cy) (Criminal Edition: who placed a card). */
function seatBadge(cx: number, cy: number, seat: Seat): string {
  return circle(cx, cy, BADGE / 2 - 1, { fill: INK }) + textLines(cx, cy - lineHeight(LABEL) / 2, [String(seat + 1)], { size: LABEL, bold: true, fill: THEME.text, anchor: 'middle' });
}

/** The suspect card: the detective's name (wrapped, never cut), "(you)" on the viewer's own; its seat badge when `badge`. */
function suspectPiece(name: string, suffix: string, h: number, badge: Seat | null): Piece {
  const inset = badge === null ? 14 : 14 + BADGE;
  const b = block(name + suffix, SUSPECT_W - inset, TEXT, { bold: true, minSize: LABEL, maxLines: 2 });
  const hh = Math.max(h, b.height + 14);
  const parts = [rect(1, 1, SUSPECT_W - 2, hh - 2, { fill: PAPER, radius: 10, stroke: INK, strokeWidth: 2 })];
  parts.push(textLines(badge === null ? SUSPECT_W / 2 : BADGE + (SUSPECT_W - BADGE) / 2, (hh - b.height) / 2, b.lines, { size: b.size, bold: true, fill: INK, anchor: 'middle' }));
  if (badge !== null) parts.push(seatBadge(6 + BADGE / 2, hh / 2, badge));
  return piece(SUSPECT_W, hh, parts);
}

/** The height the suspect card of `name` needs, px. */
function suspectHeight(name: string, badge: boolean): number {
  return block(name, SUSPECT_W - (badge ? 14 + BADGE : 14), TEXT, { bold: true, minSize: LABEL, maxLines: 2 }).height + 14;
}

/** The marker at the left of a row (a piece in its 26-px gutter). */
const MARK: Record<'turn' | 'deciding' | 'winner' | 'voter', Piece> = {
  turn: piece(GUTTER, 28, turnMark(GUTTER / 2, 14, 22)),
  deciding: piece(GUTTER, 28, decidingMark(GUTTER / 2, 14, 22)),
  winner: piece(GUTTER, 28, winnerMark(GUTTER / 2, 14, 22)),
  voter: piece(GUTTER, 28, ballotMark(GUTTER / 2, 14, 22)),
};

/** The "just changed" diamond, placed over a tile's or card's top-right corner. */
const CHANGED = piece(22, 22, changedMark(11, 11, 18));

/** The hand-size stack and its count in words ("3 cards"). */
function handCountPiece(count: string): Piece {
  const b = block(count, TILE_W - 40, LABEL);
  const h = Math.max(36, b.height + 4);
  const stack: string[] = [];
  for (let k = 2; k >= 0; k--) stack.push(rect(2 + k * 5, (h - 30) / 2 + k * 1.5, 18, 26, { fill: '#3b4a8c', radius: 3, stroke: '#8ea1e1', strokeWidth: 1.5 }));
  return piece(TILE_W, h, [...stack, textLines(38, (h - b.height) / 2, b.lines, { size: LABEL })]);
}

/** A detective's row at `y`: marker, LEFT / suspect card / RIGHT, then flags, BOTTOM and hand size; returns its height. */
function drawRow(scene: SceneBuilder, y: number, view: SuspicionPublicView, player: PlayerView, ctx: PictureContext, options: RowOptions): number {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  const seat = player.seat;
  const { acting, deciding } = actingSeats(view);
  const info = ctx.seats[seat];
  // A table closed mid-game (a lesson done, a cancelled game: ctx.over) marks nobody to act.
  const isTurn = !ctx.over && acting.includes(seat);
  const winner = ph.kind === 'over' && ph.winner === seat;
  const frame = options.own ? THEME.you : isTurn ? THEME.highlight : winner ? THEME.ok : undefined;
  const name = nameOf(ctx, seat);
  const suffix = options.own && !options.onlooker ? ` (${p.you})` : '';
  const left = slotPiece(view, player, 0, TILE_W, ctx);
  const right = slotPiece(view, player, 1, TILE_W, ctx);
  const bottom = slotPiece(view, player, 2, SUSPECT_W, ctx);
  const badge = view.variant === 'criminal' ? seat : null;
  const topH = Math.max(left.h, right.h, suspectHeight(name + suffix, badge !== null), TILE_H);
  const suspect = suspectPiece(name, suffix, topH, badge);
  // Under LEFT: flags. Under RIGHT: hand size.
  const flags: [string, string][] = [];
  if (player.blocked) flags.push([p.blocked, THEME.danger]);
  if (player.skipNext) flags.push([p.skips, THEME.highlight]);
  if (info?.away) flags.push([p.away, THEME.muted]);
  if (info?.bot) flags.push([p.bot, THEME.muted]);
  const pills = flags.map(([label, fill]) => pillPiece(label, fill, INK, TILE_W));
  const pillsH = pills.reduce((sum, pill) => sum + pill.h, 0) + Math.max(0, pills.length - 1) * 4;
  const count = view.variant !== 'arrest-race' ? handCountPiece(p.cards(player.handSize)) : null;
  const bottomH = Math.max(bottom.h, pillsH, count?.h ?? 0);
  const h = ROW_PAD + topH + GAP + bottomH + ROW_PAD;
  scene.put(M, y, panelPiece(PANEL_W, h, THEME.panel, frame), `suspect:${seat}`);
  const top = y + ROW_PAD;
  const mark = winner ? MARK.winner : isTurn ? MARK.turn : ctx.over ? null : ph.kind === 'vote' && ph.voters.includes(seat) ? MARK.voter : deciding.includes(seat) ? MARK.deciding : null;
  if (mark) scene.put(M + ROW_PAD, top + Math.round((topH - mark.h) / 2), mark);
  // Evidence: LEFT and RIGHT beside the suspect card, BOTTOM below it (§1.2).
  scene.put(M + LEFT_X, top + Math.round((topH - left.h) / 2), left, `slot:${seat}:0`);
  scene.put(M + SUSPECT_X, top, suspect);
  scene.put(M + RIGHT_X, top + Math.round((topH - right.h) / 2), right, `slot:${seat}:1`);
  const lower = top + topH + GAP;
  scene.put(M + SUSPECT_X, lower, bottom, `slot:${seat}:2`);
  let py = lower + Math.round((bottomH - pillsH) / 2);
  for (const pill of pills) {
    scene.put(M + LEFT_X, py, pill);
    py += pill.h + 4;
  }
  if (count) scene.put(M + RIGHT_X, lower + Math.round((bottomH - count.h) / 2), count);
  const corner = (x: number, w: number, ty: number) => scene.put(x + w - CHANGED.w + 4, ty - 4, CHANGED);
  if (options.changes.seats.has(seat)) corner(M + SUSPECT_X, SUSPECT_W, top);
  if (options.changes.slots.has(`${seat}:0`)) corner(M + LEFT_X, TILE_W, top + Math.round((topH - left.h) / 2));
  if (options.changes.slots.has(`${seat}:1`)) corner(M + RIGHT_X, TILE_W, top + Math.round((topH - right.h) / 2));
  if (options.changes.slots.has(`${seat}:2`)) corner(M + SUSPECT_X, SUSPECT_W, lower);
  return h;
}

// ── Piles, the attack in flight, the last declaration ───────────────────────────────────

/** A small card face (top discard, attack card): colour or special, with its word; `w` px wide. */
function facePiece(w: number, f: CardFace, p: P, highlight = false): Piece {
  const sw = highlight ? 5 : 2;
  const stroke = highlight ? THEME.highlight : INK;
  if (f.kind === 'evidence') {
    const b = block(colourWord(p, f.colour), w - (f.counter ? 50 : 16), TEXT, { bold: true, minSize: LABEL, maxLines: 1 });
    const h = Math.max(TILE_H, b.height + 14);
    const parts = [rect(sw / 2, sw / 2, w - sw, h - sw, { fill: COLOUR_FILL[f.colour], radius: 10, stroke, strokeWidth: sw })];
    parts.push(textLines(f.counter ? (w - 34) / 2 : w / 2, (h - b.height) / 2, b.lines, { size: b.size, bold: true, fill: INK, anchor: 'middle' }));
    if (f.counter) parts.push(counterMark(w - 22, h / 2, 22));
    return piece(w, h, parts);
  }
  const b = block(p.specialNames[f.kind], w - 56, TEXT, { bold: true, minSize: LABEL, maxLines: 1 });
  const h = Math.max(TILE_H, b.height + 14);
  return piece(w, h, [rect(sw / 2, sw / 2, w - sw, h - sw, { fill: PAPER, radius: 10, stroke, strokeWidth: sw }), specialIcon(f.kind, 25, h / 2, 28), textLines(46, (h - b.height) / 2, b.lines, { size: b.size, bold: true, fill: INK })]);
}

/** Draw pile, discard pile (top card), and the attack card waiting for a cancel; returns the height. */
function drawPiles(scene: SceneBuilder, y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  // Three columns: the draw pile, the discard pile, the attack in flight (§1.8).
  const colW = Math.floor((PANEL_W - 24 - 2 * 10) / 3);
  const x0 = M + 12;
  const draw = piece(colW, 84, [cardBack(0, 2, 54, 78), textLines(62, 4, [String(view.drawSize)], { size: TEXT + 4, bold: true })]);
  const drawWord = textPiece(p.drawPile, colW, LABEL, { fill: THEME.muted });
  const discardX = x0 + colW + 10;
  const top = view.topDiscard ? facePiece(colW, view.topDiscard, p) : piece(colW, TILE_H, rect(1, 1, colW - 2, TILE_H - 2, { fill: THEME.background, radius: 10, stroke: THEME.panelLight, strokeWidth: 2, dash: '8 6' }));
  const discardWord = textPiece(`${p.discardPile}: ${view.discardSize}`, colW, LABEL, { fill: THEME.muted });
  const attack = ph.kind === 'cancel' ? facePiece(colW, { kind: ph.attack }, p, true) : null;
  const attackWord = ph.kind === 'cancel' ? textPiece(p.attackOn(nameOf(ctx, ph.attacker), nameOf(ctx, ph.target)), colW, LABEL) : null;
  const h = 12 + Math.max(draw.h, top.h, attack?.h ?? 0) + 6 + Math.max(drawWord.h, discardWord.h, attackWord?.h ?? 0) + 12;
  scene.put(M, y, panelPiece(PANEL_W, h));
  const under = y + 12 + Math.max(draw.h, top.h, attack?.h ?? 0) + 6;
  // The piles carry keys: the Activity's targets of Draw and Discard (docs/activity.md).
  scene.put(x0, y + 12, draw, 'pile:draw');
  scene.put(x0, under, drawWord);
  scene.put(discardX, y + 12, top, 'pile:discard');
  scene.put(discardX, under, discardWord);
  if (attack && attackWord) {
    scene.put(discardX + colW + 10, y + 12, attack);
    scene.put(discardX + colW + 10, under, attackWord);
  }
  return h;
}

/** The last revealed declaration, wrapped; returns the height (0 when none). */
function drawReveal(scene: SceneBuilder, y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const r = view.lastReveal;
  if (!r) return 0;
  const s = suspicionText(ctx.t);
  const p = s.pictures;
  const line1 = p.lastReveal(nameOf(ctx, r.declarer), colourWord(p, r.colour), faceWord(p, r.face));
  const line2 = p.verdict(r.verdict === 'bluff' ? s.verdictBluff : s.verdictBelieve, r.won ? s.outcomeWon : s.outcomeLost);
  const a = block(line1, PANEL_W - 28, LABEL);
  const b = block(line2, PANEL_W - 28, LABEL);
  const h = 12 + a.height + b.height + 12;
  scene.put(M, y, piece(PANEL_W, h, [rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }), textLines(14, 12, a.lines, { size: LABEL }), textLines(14, 12 + a.height, b.lines, { size: LABEL })]));
  return h;
}

// ── The key ─────────────────────────────────────────────────────────────────────────────

/** Key items for what a picture of this view can show. */
function legendItems(view: SuspicionPublicView, p: P, withCounter: boolean): KeyItem[] {
  const l = p.legend;
  const ph = view.phase;
  const items: KeyItem[] = [];
  if (ph.kind === 'over') items.push([(cx, cy) => winnerMark(cx, cy, 22), l.winner]);
  else if (actingSeats(view).acting.length > 0) items.push([(cx, cy) => turnMark(cx, cy, 22), l.turn]);
  // A vote marks its voters (how many voted is in the status; who voted is secret, §1.13); a counter window its deciders.
  if (ph.kind === 'vote') items.push([(cx, cy) => ballotMark(cx, cy, 22), l.voter]);
  else if (ph.kind === 'counter') items.push([(cx, cy) => decidingMark(cx, cy, 22), l.deciding]);
  items.push(
    [(cx, cy) => rect(cx - 15, cy - 11, 30, 22, { fill: PAPER, radius: 4, stroke: INK, strokeWidth: 1.5 }), p.suspect],
    [(cx, cy) => changedMark(cx, cy, 18), l.changed],
    [(cx, cy) => rect(cx - 13, cy - 10, 26, 20, { fill: THEME.background, radius: 4, stroke: THEME.muted, strokeWidth: 2, dash: '5 4' }), l.needed],
    [(cx, cy) => rect(cx - 13, cy - 10, 26, 20, { fill: THEME.muted, radius: 4 }) + tickMark(cx, cy, 12), l.placed],
  );
  if (view.variant !== 'arrest-race') {
    items.push([(cx, cy) => boltMark(cx, cy, 22, THEME.highlight), l.exposed]);
    items.push([(cx, cy) => shieldMark(cx, cy, 20, THEME.text), l.protected]);
  }
  if (view.variant === 'classic' || view.variant === 'criminal') items.push([(cx, cy) => cardBack(cx - 11, cy - 13, 22, 26), l.faceDown]);
  if (view.variant !== 'arrest-race') items.push([(cx, cy) => rect(cx - 14, cy - 12, 28, 24, { fill: PAPER, radius: 4 }) + specialIcon('wild', cx, cy, 24), l.wild]);
  if (view.variant === 'criminal') items.push([(cx, cy) => seatBadge(cx, cy, 1), l.placedBy]);
  if (withCounter) items.push([(cx, cy) => counterMark(cx, cy, 22, THEME.text), l.counter]);
  return items;
}

// ── Alt text ────────────────────────────────────────────────────────────────────────────

function seatSentences(view: SuspicionPublicView, ctx: PictureContext): string[] {
  const p = suspicionText(ctx.t).pictures;
  return view.players.map((player) => {
    const placed = player.suspect.filter((_, i) => player.slots[i]).map((c) => colourWord(p, c));
    const needed = player.suspect.filter((_, i) => !player.slots[i]).map((c) => colourWord(p, c));
    const parts = [placed.length ? p.alt.placed(placed.join(', ')) : p.alt.none];
    if (needed.length) parts.push(p.alt.needs(needed.join(', ')));
    const flags = [player.blocked ? p.blocked : '', player.skipNext ? p.skips : ''].filter(Boolean);
    return p.alt.seat(nameOf(ctx, player.seat), [...parts, ...flags].join(', '), view.variant === 'arrest-race' ? '' : p.cards(player.handSize)).replace(/; \.$/, '.');
  });
}

function statusSentence(view: SuspicionPublicView, ctx: PictureContext): string {
  const { main, sub } = statusLines(view, ctx);
  return `${main}${sentenceStop(main)} ${sub}${sentenceStop(sub)}`;
}

function changedSentence(ctx: PictureContext): string {
  const lines = latestLines(ctx, describeEvent);
  return lines.length ? suspicionText(ctx.t).pictures.alt.changed(lines.join(' ')) : '';
}

// ── The drawers ─────────────────────────────────────────────────────────────────────────

/** The public table (docs/rules/suspicion.md §1.13: drawn from the public view only). */
function board(view: SuspicionPublicView, ctx: PictureContext): Picture {
  const p = suspicionText(ctx.t).pictures;
  const scene = new SceneBuilder(W);
  const changes = changesOf(ctx.latest, null);
  let y = M;
  y += drawStatus(scene, y, view, ctx) + ROW_GAP;
  for (const player of view.players) y += drawRow(scene, y, view, player, ctx, { own: false, onlooker: false, changes }) + ROW_GAP;
  if (view.variant !== 'arrest-race' || view.discardSize > 0 || view.drawSize > 0) y += drawPiles(scene, y, view, ctx) + ROW_GAP;
  const reveal = drawReveal(scene, y, view, ctx);
  if (reveal) y += reveal + ROW_GAP;
  y += keyPanel(scene, y, p.legend.title, legendItems(view, p, false)) + M;
  const alt = altText([
    p.alt.board(view.players.length),
    statusSentence(view, ctx),
    changedSentence(ctx),
    ...seatSentences(view, ctx),
    p.alt.piles(view.drawSize, view.discardSize),
  ]);
  const built = scene.finish(y, ctx.highlight);
  return { svg: sceneSvg(built), width: W, height: y, alt, scene: built };
}

/** The narrowest colour band of a hand card, px. */
const HAND_BAND_MIN = 172;

/** A hand card's word (its colour, or its special's name) and the room its mark takes beside it in the band, px. */
function handWord(f: CardFace, p: P): { word: string; iconW: number } {
  if (f.kind === 'evidence') return { word: colourWord(p, f.colour), iconW: f.counter ? 34 : 0 };
  return { word: p.specialNames[f.kind], iconW: 40 };
}

/**
 * The colour band of a hand's cards, px: wide enough for each card's word in one line at the
 * smallest text size — a name is never broken ("Manipul-" / "ar" in Spanish at 172 px) — and
 * the same for every card of the hand, so that their effects line up; at most half the panel.
 */
function handBandWidth(faces: readonly CardFace[], p: P): number {
  const need = faces.map((f) => {
    const { word, iconW } = handWord(f, p);
    return Math.ceil(measure(word, LABEL, true)) + 16 + iconW;
  });
  return Math.min(Math.floor(PANEL_W / 2), Math.max(HAND_BAND_MIN, ...need));
}

/** A hand card, across the picture: its colour band (`bandW` px) and word (or its special icon and name) and its effect. */
function handCard(f: CardFace, p: P, bandW: number = HAND_BAND_MIN): Piece {
  const effect = f.kind === 'evidence' ? (f.counter ? p.effects.counter : p.effects.evidence) : p.effects[f.kind];
  const e = block(effect, PANEL_W - bandW - 30, LABEL);
  const { word, iconW } = handWord(f, p);
  const w = block(word, bandW - 16 - iconW, TEXT, { bold: true, minSize: LABEL, maxLines: 1 });
  // A counter card says so under its colour, beside the counter mark.
  const sub = f.kind === 'evidence' && f.counter ? block(p.counterWord, bandW - 16 - iconW, LABEL) : null;
  const wordsH = w.height + (sub?.height ?? 0);
  const h = Math.max(70, e.height + 20, wordsH + 20);
  const parts = [rect(1.5, 1.5, PANEL_W - 3, h - 3, { fill: '#f4f1e8', radius: 14, stroke: INK, strokeWidth: 3 })];
  parts.push(rect(8, 8, bandW, h - 16, { fill: f.kind === 'evidence' ? COLOUR_FILL[f.colour] : '#d9d2bf', radius: 10 }));
  const wordX = f.kind === 'evidence' ? 8 + (bandW - iconW) / 2 : 8 + iconW + (bandW - iconW) / 2;
  parts.push(textLines(wordX, (h - wordsH) / 2, w.lines, { size: w.size, bold: true, fill: INK, anchor: 'middle' }));
  if (sub) parts.push(textLines(wordX, (h - wordsH) / 2 + w.height, sub.lines, { size: LABEL, fill: INK, anchor: 'middle' }));
  if (f.kind !== 'evidence') parts.push(specialIcon(f.kind, 8 + 22, h / 2, 28));
  else if (f.counter) parts.push(counterMark(8 + bandW - 20, h / 2, 24));
  parts.push(textLines(bandW + 22, (h - e.height) / 2, e.lines, { size: LABEL, fill: INK }));
  return piece(PANEL_W, h, parts);
}

/** A panel across the picture with `lines` of `size`-px text (a note); returns its height. */
function notePanel(scene: SceneBuilder, y: number, content: string, size: number, fill: string = THEME.text): number {
  const b = block(content, PANEL_W - 28, size);
  const h = b.height + 24;
  scene.put(M, y, piece(PANEL_W, h, [rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }), textLines(14, 12, b.lines, { size, fill })]));
  return h;
}

/** A seat's hand and own position (drawn from that seat's view only). */
function hand(view: SuspicionSeatView, ctx: PictureContext): Picture {
  const s = suspicionText(ctx.t);
  const p = s.pictures;
  const scene = new SceneBuilder(W);
  const changes = changesOf(ctx.latest, view.me);
  // A hand shown to someone else (a review): the seat's name, never "your".
  const onlooker = ctx.onlooker === true;
  const who = nameOf(ctx, view.me);
  let y = M;
  y += drawStatus(scene, y, view, ctx) + ROW_GAP;
  // The cards, one per line: the colour or special, and what it does.
  y += heading(scene, y, onlooker ? p.handOf(who) : p.yourHand) + 6;
  if (view.hand.length === 0) y += notePanel(scene, y, view.variant === 'arrest-race' ? p.noHandArrest : p.noHand, TEXT, THEME.muted) + ROW_GAP;
  else {
    const bandW = handBandWidth(view.hand.map((card) => card.face), p);
    for (const card of view.hand) {
      const c = handCard(card.face, p, bandW);
      scene.put(M, y, c, `hand:${card.card}`);
      y += c.h + 6;
    }
    y += ROW_GAP - 6;
  }
  // The own suspect, as the table shows it, framed as "you".
  y += heading(scene, y, onlooker ? p.suspectOf(who) : p.yourSuspect) + 6;
  const me = view.players[view.me];
  if (me) y += drawRow(scene, y, view, me, ctx, { own: true, onlooker, changes }) + ROW_GAP;
  // §1.9: the own face-down card while its vote is open, and the own vote.
  const ph = view.phase;
  const notes: string[] = [];
  if (view.faceDown) {
    const label = block(onlooker ? p.faceDownOf(who) : p.yourFaceDown, PANEL_W - 28, LABEL);
    const face = facePiece(260, view.faceDown, p);
    const h = 12 + label.height + 6 + face.h + 12;
    scene.put(M, y, piece(PANEL_W, h, [rect(1.5, 1.5, PANEL_W - 3, h - 3, { fill: THEME.panel, radius: 14, stroke: THEME.you, strokeWidth: 3 }), textLines(14, 12, label.lines, { size: LABEL, fill: THEME.muted })]));
    scene.put(M + 14, y + 12 + label.height + 6, face);
    y += h + ROW_GAP;
  }
  if (ph.kind === 'vote' && ph.voters.includes(view.me)) {
    const verdict = view.myVote === 'abstain' ? p.abstain : view.myVote === 'bluff' ? s.verdictBluff : s.verdictBelieve;
    notes.push(view.myVote === null ? (onlooker ? p.notVotedOf(who) : p.notVoted) : onlooker ? p.voteOf(who, verdict) : p.yourVote(verdict));
  }
  for (const note of notes) y += notePanel(scene, y, note, TEXT) + ROW_GAP;
  const withCounter = view.hand.some((c) => c.face.kind === 'evidence' && c.face.counter);
  y += keyPanel(scene, y, p.legend.title, legendItems(view, p, withCounter)) + M;
  const cards = view.hand.length ? view.hand.map((c) => faceWord(p, c.face)).join(', ') : p.empty;
  const alt = altText([
    p.alt.hand(who),
    statusSentence(view, ctx),
    onlooker ? p.alt.cardsOf(who, cards) : p.alt.handCards(cards),
    view.faceDown ? `${onlooker ? p.faceDownOf(who) : p.yourFaceDown}: ${faceWord(p, view.faceDown)}.` : '',
    ...notes,
    changedSentence(ctx),
    ...(me ? seatSentences({ ...view, players: [me] }, ctx) : []),
  ]);
  const built = scene.finish(y, ctx.highlight);
  return { svg: sceneSvg(built), width: W, height: y, alt, scene: built };
}

/**
 * Where each move is made on the table (docs/activity.md "Hit targets"): a card from the hand,
 * then the suspect it goes to (a Wild or a Tamper: the slot), the discard pile, or the pile to
 * draw from (§1.12); a Wild moved (§1.6 D) from its slot to the new one. Counters, cancels and
 * votes (§1.7–§1.9) are answered with buttons, not on the pictures.
 */
function targets(a: SuspicionAction): MoveTarget[] | null {
  switch (a.type) {
    case 'place':
    case 'declare':
      return [{ key: `hand:${a.card}` }, { key: `suspect:${a.suspect}` }];
    case 'burn':
    case 'block':
      return [{ key: `hand:${a.card}` }, { key: `suspect:${a.target}` }];
    case 'wild':
      return [{ key: `hand:${a.card}` }, { key: `slot:${a.suspect}:${a.slot}` }];
    case 'tamper':
      return [{ key: `hand:${a.card}` }, { key: a.slot === undefined ? `suspect:${a.target}` : `slot:${a.target}:${a.slot}` }];
    case 'discard':
      return [{ key: `hand:${a.card}` }, { key: 'pile:discard' }];
    case 'recolour':
      return [{ key: `slot:${a.suspect}:${a.from}` }, { key: `slot:${a.suspect}:${a.to}` }];
    case 'draw':
      return [{ key: 'pile:draw' }];
    default:
      return null;
  }
}

/** The Suspicion drawers (../picture.ts). */
export const suspicionPictures: GamePictures<SuspicionPublicView, SuspicionSeatView, SuspicionAction> = { board, hand, targets };
