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
import { MIN_LABEL_PX, MIN_TEXT_PX, PICTURE_WIDTH, type GamePictures, type Picture, type PictureContext } from '../picture.js';
import { THEME, altText, fitText, path, rect, round, svgDocument, text, textWidth, wrapText } from '../svg.js';
import type { CardFace, Colour } from './rules.js';
import { describeEvent } from './ui-text.js';
import { actingSeats, type PlayerView, type SuspicionPublicView, type SuspicionSeatView } from './views.js';
import { changedMark, decidingMark, INK, turnMark, winnerMark } from '../marks.js';
import { keyPanel, latestLines, type KeyPanelItem } from '../picture-kit.js';
import { suspicionText, type SuspicionText } from './text/index.js';

type P = SuspicionText['pictures'];

const W = PICTURE_WIDTH;
/** Outer margin, px. */
const M = 20;
/** Name / card-word size and label size, px. */
const TEXT = MIN_TEXT_PX;
const LABEL = MIN_LABEL_PX;

/** Fill of each evidence colour (always drawn with its word). */
const COLOUR_FILL: Record<Colour, string> = {
  red: '#ec5b52',
  orange: '#f29a43',
  yellow: '#f2d24b',
  green: '#57bd6b',
  blue: '#5c97f2',
  pink: '#f291cd',
};

// ── Geometry of a detective's row ───────────────────────────────────────────────────────

/** Gutter left of a row for the turn marker, px. */
const GUTTER = 34;
/** Width of an evidence tile and of the suspect card, px. */
const TILE_W = 196;
const SUSPECT_W = 224;
const GAP = 8;
/** Heights: the top line (LEFT, suspect, RIGHT) and the BOTTOM tile, px. */
const TOP_H = 64;
const BOTTOM_H = 60;
const ROW_PAD = 6;
const ROW_H = ROW_PAD + TOP_H + GAP + BOTTOM_H + ROW_PAD;
const ROW_GAP = 10;
const CLUSTER_X = M + GUTTER;
const LEFT_X = CLUSTER_X;
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

/** A card's back (face down, or the draw pile): hatched, with a question mark. */
function cardBack(x: number, y: number, w: number, h: number, stroke?: string): string {
  const lines: string[] = [];
  for (let k = 22; k < w + h; k += 22) {
    const x1 = x + Math.max(0, k - h);
    const y1 = y + Math.min(k, h);
    const x2 = x + Math.min(k, w);
    const y2 = y + Math.max(0, k - w);
    lines.push(`M${round(x1)} ${round(y1)} L${round(x2)} ${round(y2)}`);
  }
  return (
    rect(x, y, w, h, { fill: '#3b4a8c', radius: 10, stroke: stroke ?? '#8ea1e1', strokeWidth: stroke ? 5 : 2 }) +
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
  // Names in the status are cut so that the sentence around them stays readable.
  const n = (seat: Seat) => fitText(nameOf(ctx, seat), 250, TEXT + 2, true);
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

/** The status banner (main line wrapped to two lines at most), returns its height. */
function drawStatus(out: string[], y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const { main, sub } = statusLines(view, ctx);
  const lines = wrapText(main, W - 2 * M - 32, TEXT + 2, 2, true);
  // The second line (round, house rules) wraps rather than being cut.
  const subLines = wrapText(sub, W - 2 * M - 32, LABEL, 2);
  const h = 24 + lines.length * 38 + 34 + (subLines.length - 1) * 32;
  out.push(rect(M, y, W - 2 * M, h, { fill: THEME.panel, radius: 14 }));
  lines.forEach((line, i) => out.push(text(M + 16, y + 44 + i * 38, line, { size: TEXT + 2, bold: true })));
  subLines.forEach((line, i) => out.push(text(M + 16, y + 44 + lines.length * 38 - 4 + i * 32, line, { size: LABEL, fill: THEME.muted })));
  return h;
}

// ── A detective's row ───────────────────────────────────────────────────────────────────

interface RowOptions {
  /** Frame the row as the viewer's own ("you"). */
  own: boolean;
  changes: Changes;
}

/** One evidence slot as it lies on the table. */
function drawSlot(out: string[], x: number, y: number, w: number, h: number, view: SuspicionPublicView, player: PlayerView, i: number, ctx: PictureContext, changes: Changes): void {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  const colour = player.suspect[i]!;
  const fill = COLOUR_FILL[colour];
  const word = colourWord(p, colour);
  const slot = player.slots[i] ?? null;
  const seat = player.seat;
  const here = (kind: string) => ph.kind === kind && 'suspect' in ph && ph.suspect === seat && 'slot' in ph && ph.slot === i;
  const cy = y + h / 2;
  if (here('vote')) {
    // §1.9: the declared card lies face down; only its claim is public.
    out.push(cardBack(x, y, w, h, THEME.highlight));
    out.push(rect(x + 14, y + 10, w - 28, h - 20, { fill: THEME.background, radius: 8 }));
    out.push(text(x + w / 2, cy + 10, p.claim(word), { size: TEXT, fill, bold: true, anchor: 'middle', maxWidth: w - 36 }));
  } else if (here('counterBack') && ph.kind === 'counterBack') {
    // §1.7: the placed card was countered; its placer may still counter back.
    out.push(rect(x, y, w, h, { fill, radius: 10, stroke: THEME.highlight, strokeWidth: 5 }));
    out.push(text(x + w / 2, y + 27, word, { size: TEXT, fill: INK, bold: true, anchor: 'middle', maxWidth: w - 60 }));
    out.push(text(x + w / 2, y + h - 7, p.countered, { size: LABEL, fill: INK, anchor: 'middle', maxWidth: w - 60 }));
    out.push(crossMark(x + 24, cy, 22, INK));
  } else if (slot === null) {
    out.push(rect(x, y, w, h, { fill: THEME.background, radius: 10, stroke: fill, strokeWidth: 3, dash: '10 7' }));
    out.push(text(x + w / 2, cy + 10, word, { size: TEXT, fill, anchor: 'middle', maxWidth: w - 20 }));
  } else {
    const exposed = here('counter');
    out.push(rect(x, y, w, h, { fill, radius: 10, stroke: exposed ? THEME.highlight : INK, strokeWidth: exposed ? 6 : 2 }));
    const second = view.variant === 'criminal' ? p.by(nameOf(ctx, slot.by)) : '';
    const wordY = second ? y + 27 : cy + 10;
    out.push(text(x + w / 2 + 12, wordY, word, { size: TEXT, fill: INK, bold: true, anchor: 'middle', maxWidth: w - 40 }));
    if (second) out.push(text(x + w / 2 + 12, y + h - 7, second, { size: LABEL, fill: INK, anchor: 'middle', maxWidth: w - 48 }));
    // One mark at the left: waiting for counters (§1.7) > protected (§1.7) > a Wild's six colours (§1.8) > a tick.
    const wild = slot.face.kind === 'wild';
    if (exposed) out.push(boltMark(x + 20, cy, 28));
    else if (slot.protected) out.push(shieldMark(x + 20, cy, 24));
    else if (wild) out.push(rect(x + 6, cy - 14, 30, 28, { fill: '#ece6d6', radius: 4 }) + specialIcon('wild', x + 21, cy, 26));
    else out.push(tickMark(x + 20, cy, 18));
    // A protected or exposed Wild still shows its colours, small, at the top-right corner.
    if (wild && (exposed || slot.protected)) out.push(rect(x + w - 30, y + 4, 24, 18, { fill: '#ece6d6', radius: 3 }) + specialIcon('wild', x + w - 18, y + 13, 20));
  }
  if (changes.slots.has(`${seat}:${i}`)) out.push(changedMark(x + w - 4, y + 4, 22));
}

/** Flags under the LEFT tile: blocked, skips a turn (small pills). */
function pill(out: string[], x: number, y: number, label: string, fill: string, maxWidth: number): void {
  // Bold when it fits, else plain: the word whole ("Salta turno") before any cut.
  const bold = textWidth(label, LABEL, true) <= maxWidth - 16;
  const shown = fitText(label, maxWidth - 16, LABEL, bold);
  const w = textWidth(shown, LABEL, bold) + 16;
  out.push(rect(x, y, w, 27, { fill, radius: 13 }));
  out.push(text(x + 8, y + 21, shown, { size: LABEL, bold, fill: INK }));
}

/** A detective's row at `y`: marker, suspect card with the name, LEFT / RIGHT / BOTTOM evidence, flags, hand size. */
function drawRow(out: string[], y: number, view: SuspicionPublicView, player: PlayerView, ctx: PictureContext, options: RowOptions): void {
  const p = suspicionText(ctx.t).pictures;
  const ph = view.phase;
  const seat = player.seat;
  const { acting, deciding } = actingSeats(view);
  const info = ctx.seats[seat];
  const isTurn = acting.includes(seat);
  const winner = ph.kind === 'over' && ph.winner === seat;
  const frame = options.own ? THEME.you : isTurn ? THEME.highlight : winner ? THEME.ok : undefined;
  out.push(rect(M, y, W - 2 * M, ROW_H, { fill: THEME.panel, radius: 14, ...(frame ? { stroke: frame, strokeWidth: 4 } : {}) }));
  const top = y + ROW_PAD;
  const markY = top + TOP_H / 2;
  if (winner) out.push(winnerMark(M + GUTTER / 2 + 2, markY));
  else if (isTurn) out.push(turnMark(M + GUTTER / 2 + 2, markY));
  else if (deciding.includes(seat)) out.push(decidingMark(M + GUTTER / 2 + 2, markY));
  // The suspect card in the middle, with its detective's name.
  out.push(rect(SUSPECT_X, top, SUSPECT_W, TOP_H, { fill: '#ece6d6', radius: 10, stroke: INK, strokeWidth: 2 }));
  const suffix = options.own ? ` (${p.you})` : '';
  const nameMax = SUSPECT_W - 20 - textWidth(suffix, TEXT, true);
  const name = fitText(nameOf(ctx, seat), nameMax, TEXT, true) + suffix;
  out.push(text(SUSPECT_X + SUSPECT_W / 2, top + TOP_H / 2 + 10, name, { size: TEXT, bold: true, fill: INK, anchor: 'middle', maxWidth: SUSPECT_W - 16 }));
  if (options.changes.seats.has(seat)) out.push(changedMark(SUSPECT_X + SUSPECT_W - 4, top + 4, 22));
  // Evidence: LEFT and RIGHT beside the suspect card, BOTTOM below it (§1.2).
  drawSlot(out, LEFT_X, top, TILE_W, TOP_H, view, player, 0, ctx, options.changes);
  drawSlot(out, RIGHT_X, top, TILE_W, TOP_H, view, player, 1, ctx, options.changes);
  const bottomY = top + TOP_H + GAP;
  drawSlot(out, SUSPECT_X, bottomY, SUSPECT_W, BOTTOM_H, view, player, 2, ctx, options.changes);
  // Under LEFT: flags. Under RIGHT: hand size, bot, away.
  const flags: [string, string][] = [];
  if (player.blocked) flags.push([p.blocked, THEME.danger]);
  if (player.skipNext) flags.push([p.skips, THEME.highlight]);
  if (info?.away) flags.push([p.away, THEME.muted]);
  if (info?.bot) flags.push([p.bot, THEME.muted]);
  const shown = flags.slice(0, 2);
  shown.forEach(([label, fill], k) => pill(out, LEFT_X, bottomY + (shown.length === 1 ? (BOTTOM_H - 30) / 2 : k * 30), label, fill, TILE_W));
  if (view.variant !== 'arrest-race') {
    // A small stack of card backs, then the count in words.
    const rx = RIGHT_X + 4;
    for (let k = Math.min(player.handSize, 3) - 1; k >= 0; k--) out.push(rect(rx + k * 6, bottomY + 14 + k * 2, 22, 30, { fill: '#3b4a8c', radius: 4, stroke: '#8ea1e1', strokeWidth: 1.5 }));
    out.push(text(rx + 44, bottomY + 38, p.cards(player.handSize), { size: LABEL, fill: THEME.text, maxWidth: TILE_W - 48 }));
  }
}

// ── Piles, the attack in flight, the last declaration ───────────────────────────────────

/** A small card face (top discard, attack card): colour or special, with its word. */
function smallFace(out: string[], x: number, y: number, w: number, h: number, f: CardFace, p: P, highlight = false): void {
  const stroke = highlight ? THEME.highlight : INK;
  const sw = highlight ? 5 : 2;
  if (f.kind === 'evidence') {
    out.push(rect(x, y, w, h, { fill: COLOUR_FILL[f.colour], radius: 10, stroke, strokeWidth: sw }));
    out.push(text(x + w / 2, y + h / 2 + 10, colourWord(p, f.colour), { size: TEXT, fill: INK, bold: true, anchor: 'middle', maxWidth: w - (f.counter ? 44 : 16) }));
    if (f.counter) out.push(counterMark(x + w - 22, y + 18, 22));
  } else {
    out.push(rect(x, y, w, h, { fill: '#ece6d6', radius: 10, stroke, strokeWidth: sw }));
    out.push(specialIcon(f.kind, x + 26, y + h / 2, 30));
    out.push(text(x + 48, y + h / 2 + 10, p.specialNames[f.kind], { size: TEXT, fill: INK, bold: true, maxWidth: w - 56 }));
  }
}

/** Draw pile, discard pile (top card), and the attack card waiting for a cancel; returns the height. */
function drawPiles(out: string[], y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const p = suspicionText(ctx.t).pictures;
  const h = 140;
  out.push(rect(M, y, W - 2 * M, h, { fill: THEME.panel, radius: 14 }));
  // Draw pile: a card back with the count.
  out.push(cardBack(M + 16, y + 14, 56, 80));
  out.push(text(M + 86, y + 44, p.drawPile, { size: LABEL, fill: THEME.muted, maxWidth: 150 }));
  out.push(text(M + 86, y + 80, String(view.drawSize), { size: TEXT + 4, bold: true }));
  // Discard pile: its top card and the count.
  const dx = M + 250;
  if (view.topDiscard) smallFace(out, dx, y + 14, 170, 56, view.topDiscard, p);
  else out.push(rect(dx, y + 14, 170, 56, { fill: THEME.background, radius: 10, stroke: THEME.panelLight, strokeWidth: 2, dash: '8 6' }));
  // Words under the cards wrap onto a second line rather than being cut.
  wrapText(`${p.discardPile}: ${view.discardSize}`, 190, LABEL, 2).forEach((line, i) => out.push(text(dx, y + 98 + i * 30, line, { size: LABEL, fill: THEME.muted })));
  // The special card in play: an attack waiting for its target's cancel (§1.8).
  const ph = view.phase;
  if (ph.kind === 'cancel') {
    const ax = M + 450;
    smallFace(out, ax, y + 14, 210, 56, { kind: ph.attack }, p, true);
    wrapText(p.attackOn(nameOf(ctx, ph.attacker), nameOf(ctx, ph.target)), 230, LABEL, 2).forEach((line, i) => out.push(text(ax, y + 98 + i * 30, line, { size: LABEL, fill: THEME.text })));
  }
  return h;
}

/** The last revealed declaration in two short lines; returns the height (0 when none). */
function drawReveal(out: string[], y: number, view: SuspicionPublicView, ctx: PictureContext): number {
  const r = view.lastReveal;
  if (!r) return 0;
  const s = suspicionText(ctx.t);
  const p = s.pictures;
  const line1 = p.lastReveal(nameOf(ctx, r.declarer), colourWord(p, r.colour), faceWord(p, r.face));
  const line2 = p.verdict(r.verdict === 'bluff' ? s.verdictBluff : s.verdictBelieve, r.won ? s.outcomeWon : s.outcomeLost);
  const lines = [...wrapText(line1, W - 2 * M - 32, LABEL, 2), ...wrapText(line2, W - 2 * M - 32, LABEL, 2)];
  const h = 18 + lines.length * 30;
  out.push(rect(M, y, W - 2 * M, h, { fill: THEME.panel, radius: 14 }));
  lines.forEach((line, i) => out.push(text(M + 16, y + 36 + i * 30, line, { size: LABEL, fill: THEME.text })));
  return h;
}

// ── The key ─────────────────────────────────────────────────────────────────────────────

type LegendItem = KeyPanelItem;

/** Key items for what a picture of this view can show. */
function legendItems(view: SuspicionPublicView, p: P, withCounter: boolean): LegendItem[] {
  const l = p.legend;
  const over = view.phase.kind === 'over';
  const items: LegendItem[] = over
    ? [[(cx, cy) => winnerMark(cx, cy, 22), l.winner]]
    : [
        [(cx, cy) => turnMark(cx, cy, 22), l.turn],
        [(cx, cy) => decidingMark(cx, cy, 22), l.deciding],
      ];
  items.push(
    [(cx, cy) => rect(cx - 15, cy - 12, 30, 24, { fill: '#ece6d6', radius: 4, stroke: INK, strokeWidth: 1.5 }), p.suspect],
    [(cx, cy) => changedMark(cx, cy, 20), l.changed],
    [(cx, cy) => rect(cx - 13, cy - 11, 26, 22, { fill: THEME.background, radius: 4, stroke: THEME.muted, strokeWidth: 2, dash: '5 4' }), l.needed],
    [(cx, cy) => rect(cx - 13, cy - 11, 26, 22, { fill: THEME.muted, radius: 4 }) + tickMark(cx, cy, 14), l.placed],
  );
  if (view.variant !== 'arrest-race') {
    items.push([(cx, cy) => boltMark(cx, cy, 24, THEME.highlight), l.exposed]);
    items.push([(cx, cy) => shieldMark(cx, cy, 22, THEME.text), l.protected]);
  }
  if (view.variant === 'classic' || view.variant === 'criminal') items.push([(cx, cy) => cardBack(cx - 12, cy - 14, 24, 28), l.faceDown]);
  if (view.variant !== 'arrest-race') items.push([(cx, cy) => rect(cx - 15, cy - 13, 30, 26, { fill: '#ece6d6', radius: 4 }) + specialIcon('wild', cx, cy, 26), l.wild]);
  if (withCounter) items.push([(cx, cy) => counterMark(cx, cy, 24, THEME.text), l.counter]);
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
  return `${main}. ${sub}.`;
}

function changedSentence(ctx: PictureContext): string {
  const lines = latestLines(ctx, describeEvent);
  return lines.length ? suspicionText(ctx.t).pictures.alt.changed(lines.join(' ')) : '';
}

// ── The drawers ─────────────────────────────────────────────────────────────────────────

/** The public table (docs/rules/suspicion.md §1.13: drawn from the public view only). */
function board(view: SuspicionPublicView, ctx: PictureContext): Picture {
  const p = suspicionText(ctx.t).pictures;
  const out: string[] = [];
  const changes = changesOf(ctx.latest, null);
  let y = M;
  y += drawStatus(out, y, view, ctx) + ROW_GAP;
  for (const player of view.players) {
    drawRow(out, y, view, player, ctx, { own: false, changes });
    y += ROW_H + ROW_GAP;
  }
  if (view.variant !== 'arrest-race' || view.discardSize > 0 || view.drawSize > 0) y += drawPiles(out, y, view, ctx) + ROW_GAP;
  const reveal = drawReveal(out, y, view, ctx);
  if (reveal) y += reveal + ROW_GAP;
  y += keyPanel(out, y, legendItems(view, p, false), p.legend.title, W, M) + M;
  const alt = altText([
    p.alt.board(view.players.length),
    statusSentence(view, ctx),
    changedSentence(ctx),
    ...seatSentences(view, ctx),
    p.alt.piles(view.drawSize, view.discardSize),
  ]);
  return { svg: svgDocument(W, y, out), width: W, height: y, alt };
}

/** Card geometry of the hand, px. */
const CARD_W = 212;
const CARD_H = 320;

/** One hand card, portrait, with its word, icon and effect. */
function handCard(out: string[], x: number, y: number, f: CardFace, p: P): void {
  const band = 74;
  out.push(rect(x, y, CARD_W, CARD_H, { fill: '#f4f1e8', radius: 16, stroke: INK, strokeWidth: 3 }));
  if (f.kind === 'evidence') {
    out.push(rect(x + 8, y + 8, CARD_W - 16, band, { fill: COLOUR_FILL[f.colour], radius: 10 }));
    out.push(text(x + CARD_W / 2, y + 8 + band / 2 + 11, colourWord(p, f.colour), { size: TEXT + 4, fill: INK, bold: true, anchor: 'middle', maxWidth: CARD_W - 32 }));
    if (f.counter) {
      out.push(counterMark(x + CARD_W / 2, y + band + 30, 36));
      out.push(text(x + CARD_W / 2, y + band + 76, p.counterWord, { size: TEXT, fill: INK, bold: true, anchor: 'middle', maxWidth: CARD_W - 20 }));
    } else out.push(tickMark(x + CARD_W / 2, y + band + 44, 34));
  } else {
    out.push(rect(x + 8, y + 8, CARD_W - 16, band, { fill: '#d9d2bf', radius: 10 }));
    out.push(text(x + CARD_W / 2, y + 8 + band / 2 + 11, p.specialNames[f.kind], { size: TEXT + 2, fill: INK, bold: true, anchor: 'middle', maxWidth: CARD_W - 24 }));
    out.push(specialIcon(f.kind, x + CARD_W / 2, y + band + 46, 48));
  }
  const effect = f.kind === 'evidence' ? (f.counter ? p.effects.counter : p.effects.evidence) : p.effects[f.kind];
  wrapText(effect, CARD_W - 24, LABEL, 5).forEach((line, i) => out.push(text(x + 12, y + band + 104 + i * 28, line, { size: LABEL, fill: INK })));
}

/** A seat's hand and own position (drawn from that seat's view only). */
function hand(view: SuspicionSeatView, ctx: PictureContext): Picture {
  const s = suspicionText(ctx.t);
  const p = s.pictures;
  const out: string[] = [];
  const changes = changesOf(ctx.latest, view.me);
  let y = M;
  y += drawStatus(out, y, view, ctx) + ROW_GAP;
  // The cards.
  out.push(text(M + 4, y + 30, p.yourHand, { size: TEXT, bold: true }));
  y += 46;
  if (view.hand.length === 0) {
    const msg = view.variant === 'arrest-race' ? p.noHandArrest : p.noHand;
    const lines = wrapText(msg, W - 2 * M - 32, TEXT, 2);
    out.push(rect(M, y, W - 2 * M, 24 + lines.length * 38, { fill: THEME.panel, radius: 14 }));
    lines.forEach((line, i) => out.push(text(M + 16, y + 44 + i * 38, line, { size: TEXT, fill: THEME.muted })));
    y += 24 + lines.length * 38 + ROW_GAP;
  } else {
    const n = view.hand.length;
    const gap = (W - 2 * M - n * CARD_W) / Math.max(1, n - 1);
    const step = n === 1 ? 0 : CARD_W + Math.min(gap, 24);
    const x0 = (W - (n * CARD_W + (n - 1) * (step - CARD_W))) / 2;
    view.hand.forEach((card, i) => handCard(out, x0 + i * step, y, card.face, p));
    y += CARD_H + ROW_GAP + 6;
  }
  // The own suspect, as the table shows it, framed as "you".
  out.push(text(M + 4, y + 30, p.yourSuspect, { size: TEXT, bold: true }));
  y += 42;
  const me = view.players[view.me];
  if (me) {
    drawRow(out, y, view, me, ctx, { own: true, changes });
    y += ROW_H + ROW_GAP;
  }
  // §1.9: the own face-down card while its vote is open, and the own vote.
  const ph = view.phase;
  const notes: string[] = [];
  if (view.faceDown) {
    out.push(rect(M, y, W - 2 * M, 116, { fill: THEME.panel, radius: 14, stroke: THEME.you, strokeWidth: 3 }));
    out.push(text(M + 16, y + 34, p.yourFaceDown, { size: LABEL, fill: THEME.muted, maxWidth: W - 2 * M - 32 }));
    smallFace(out, M + 16, y + 46, 260, 56, view.faceDown, p);
    y += 116 + ROW_GAP;
  }
  if (ph.kind === 'vote' && ph.voters.includes(view.me)) {
    const vote = view.myVote === null ? p.notVoted : p.yourVote(view.myVote === 'abstain' ? p.abstain : view.myVote === 'bluff' ? s.verdictBluff : s.verdictBelieve);
    notes.push(vote);
  }
  for (const note of notes) {
    out.push(rect(M, y, W - 2 * M, 56, { fill: THEME.panel, radius: 14 }));
    out.push(text(M + 16, y + 38, note, { size: TEXT, maxWidth: W - 2 * M - 32 }));
    y += 56 + ROW_GAP;
  }
  const withCounter = view.hand.some((c) => c.face.kind === 'evidence' && c.face.counter);
  y += keyPanel(out, y, legendItems(view, p, withCounter), p.legend.title, W, M) + M;
  const alt = altText([
    p.alt.hand(nameOf(ctx, view.me)),
    statusSentence(view, ctx),
    p.alt.handCards(view.hand.length ? view.hand.map((c) => faceWord(p, c.face)).join(', ') : p.empty),
    view.faceDown ? `${p.yourFaceDown}: ${faceWord(p, view.faceDown)}.` : '',
    ...notes,
    changedSentence(ctx),
    ...(me ? seatSentences({ ...view, players: [me] }, ctx) : []),
  ]);
  return { svg: svgDocument(W, y, out), width: W, height: y, alt };
}

/** The Suspicion drawers (../picture.ts). */
export const suspicionPictures: GamePictures<SuspicionPublicView, SuspicionSeatView> = { board, hand };
