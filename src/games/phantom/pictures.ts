/**
 * Tricks and the Phantom — the pictures (README "Pictures", ../picture.ts): the public table
 * and a player's hand as SVG, drawn from a view only (docs/rules/phantom.md §3.5: the public
 * view for the board, one seat's view for its hand).
 *
 * The table: the scores toward the target (§3.9); the crime being reported — each
 * investigator position's face-down card with its clue token and the magnifying glasses
 * lying on it (§3.3 steps 3–4), the 3-player 4th-party card face up (§3.8); and the round's
 * other crime, solved: its cards face up, the criminal framed (§3.4) and the points (§3.7).
 * The hand: the player's cards with their effects (§3.2), what they reported this crime, the
 * 3-player discard, their score.
 *
 * Every word comes from `phantomText(t)` (`pictures`, card names and effects); colours always
 * come with their word, symbols are drawn shapes (the font has no emoji) explained in a key.
 */
import type { Catalog } from '../../i18n/index.js';
import type { GameEvent, Seat } from '../engine.js';
import { MIN_LABEL_PX, MIN_TEXT_PX, PICTURE_WIDTH, type GamePictures, type MoveTarget, type Picture, type PictureContext } from '../picture.js';
import { THEME, altText, circle, fitLines, fitText, path, rect, round, svgDocument, text, textWidth, wrapText } from '../svg.js';
import { CARDS, type CardNumber, type Colour, type CrimeReveal, type Glass, type GlassTarget, type PhantomAction } from './rules.js';
import { ownerOf } from './seating.js';
import { describeEvent } from './ui-text.js';
import type { PhantomPublicView, PhantomSeatView } from './views.js';
import { changedMark, decidingMark, INK, turnMark, winnerMark } from '../marks.js';
import { highlightRingAt, keyPanel, latestLines, type KeyPanelItem } from '../picture-kit.js';
import { phantomText, type PhantomText } from './text/index.js';

type P = PhantomText['pictures'];

const W = PICTURE_WIDTH;
const M = 20;
const TEXT = MIN_TEXT_PX;
const LABEL = MIN_LABEL_PX;
const PAPER = '#f4f1e8';
const GAP = 10;

/** Suit colours (always drawn with the word); the Phantom has no suit. */
const SUIT_FILL: Record<Colour, string> = { yellow: '#f2d24b', red: '#ec5b52', blue: '#5c97f2' };
const PHANTOM_FILL = '#a99ad6';

/** A card on the table (landscape, two per line), px. */
const CARD_W = (W - 2 * M - GAP) / 2;
const CARD_H = 140;
/** A solved crime's card: taller, for its owner, clue and glasses on lines of their own. */
const SOLVED_H = CARD_H + 28;
/** The left part of a table card: the face-down back or the number band, px. */
const BAND_W = 96;

// ── Symbols (each explained in the key) ─────────────────────────────────────────────────

/** A magnifying glass (§3.3 step 4). */
function glassMark(cx: number, cy: number, size = 26, stroke: string = INK): string {
  const r = size * 0.3;
  const ox = cx - size * 0.12;
  const oy = cy - size * 0.12;
  const hx = ox + r * 0.72;
  const hy = oy + r * 0.72;
  return (
    circle(ox, oy, r, { fill: '#cfe3f7', stroke, strokeWidth: 3 }) +
    path(`M${round(hx)} ${round(hy)} L${round(cx + size * 0.45)} ${round(cy + size * 0.45)}`, { stroke, strokeWidth: 5, roundCaps: true })
  );
}

/** A clue token in its colour (§3.3 step 3); its word is always written next to it. */
function clueToken(cx: number, cy: number, r: number, colour: Colour): string {
  return circle(cx, cy, r, { fill: SUIT_FILL[colour], stroke: INK, strokeWidth: 3 }) + circle(cx, cy, r * 0.55, { fill: 'none', stroke: INK, strokeWidth: 2 });
}

/** A torch-like badge: the first investigator of this crime (§3.3 step 2). */
function firstMark(cx: number, cy: number, size = 24): string {
  const h = size / 2;
  // A five-pointed star.
  const pts: string[] = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const r = k % 2 === 0 ? h : h * 0.45;
    pts.push(`${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`);
  }
  return path(`M${pts.join(' L')} Z`, { fill: '#f7f3c9', stroke: INK, strokeWidth: 1.5 });
}

/** A face-down card back (hatched). */
function cardBack(x: number, y: number, w: number, h: number): string {
  const lines: string[] = [];
  for (let k = 22; k < w + h; k += 22) {
    const x1 = x + Math.max(0, k - h);
    const y1 = y + Math.min(k, h);
    const x2 = x + Math.min(k, w);
    const y2 = y + Math.max(0, k - w);
    lines.push(`M${round(x1)} ${round(y1)} L${round(x2)} ${round(y2)}`);
  }
  return rect(x, y, w, h, { fill: '#3b4a8c', radius: 10, stroke: '#8ea1e1', strokeWidth: 2 }) + path(lines.join(' '), { stroke: '#4f60a8', strokeWidth: 3 });
}

// ── Words ───────────────────────────────────────────────────────────────────────────────

function nameOf(ctx: PictureContext, seat: Seat): string {
  return ctx.seats[seat]?.name ?? `#${seat + 1}`;
}

/** The player of a position, with the seat letter in the 2-player game (§3.8). */
function ownerName(ctx: PictureContext, players: number, position: number): string {
  const who = nameOf(ctx, ownerOf(position, players));
  if (players !== 2) return who;
  const letter = phantomText(ctx.t).seatLetters[Math.floor(position / players)] ?? '';
  return phantomText(ctx.t).pictures.seatLetter(who, letter);
}

/** "10 Politician" / "Phantom" as drawn on a card. */
function cardName(t: Catalog, card: CardNumber): string {
  return phantomText(t).cardNames[CARDS[card].key];
}

/** "10 Politician (blue)" / "Phantom", for alt text. */
function cardWords(t: Catalog, card: CardNumber): string {
  const colour = CARDS[card].colour;
  const name = cardName(t, card);
  return colour === null ? name : `${card} ${name} (${phantomText(t).pictures.colourNames[colour]})`;
}

/** Positions and seats the latest visible events touched. */
interface Changes {
  positions: Set<number | 'fourth'>;
  seats: Set<Seat>;
  solved: boolean;
}

function changesOf(latest: GameEvent[], viewer: Seat | null): Changes {
  const out: Changes = { positions: new Set(), seats: new Set(), solved: false };
  for (const e of latest) {
    if (e.to && (viewer === null || !e.to.includes(viewer))) continue;
    if (e.type === 'reported' && typeof e.position === 'number') out.positions.add(e.position);
    if (e.type === 'glass-placed' && (typeof e.on === 'number' || e.on === 'fourth')) out.positions.add(e.on);
    if (e.type === 'discarded' && typeof e.seat === 'number') out.seats.add(e.seat);
    if (e.type === 'crime-solved') {
      out.solved = true;
      const r = e.reveal as CrimeReveal | undefined;
      for (const pt of r?.points ?? []) if (pt.gain !== 0) out.seats.add(pt.seat);
    }
  }
  return out;
}

// ── Status ──────────────────────────────────────────────────────────────────────────────

function statusLines(v: PhantomPublicView, ctx: PictureContext): { main: string; sub: string } {
  const p = phantomText(ctx.t).pictures;
  const cut = (s: string) => fitText(s, 300, TEXT + 2, true);
  const target = p.target(v.targetScore) + (v.beginner ? ` · ${p.beginner}` : '');
  const round = `${p.round(v.round, v.crime)} · ${target}`;
  switch (v.phase) {
    case 'over':
      return { main: p.won(v.winners.map((s) => cut(nameOf(ctx, s))).join(' & ')), sub: target };
    case 'discard':
      return { main: p.discard, sub: round };
    case 'report':
      return { main: p.report(cut(ownerName(ctx, v.players, v.actingPosition ?? 0))), sub: round };
    case 'solve':
      return { main: p.glass(cut(nameOf(ctx, v.toAct[0] ?? 0))), sub: round };
  }
}

function drawStatus(out: string[], y: number, v: PhantomPublicView, ctx: PictureContext): number {
  const { main, sub } = statusLines(v, ctx);
  const lines = wrapText(main, W - 2 * M - 32, TEXT + 2, 2, true);
  const h = 24 + lines.length * 38 + 34;
  out.push(rect(M, y, W - 2 * M, h, { fill: THEME.panel, radius: 14 }));
  lines.forEach((line, i) => out.push(text(M + 16, y + 44 + i * 38, line, { size: TEXT + 2, bold: true })));
  out.push(text(M + 16, y + 44 + lines.length * 38 - 4, sub, { size: LABEL, fill: THEME.muted, maxWidth: W - 2 * M - 32 }));
  return h;
}

// ── Scores ──────────────────────────────────────────────────────────────────────────────

const SCORE_ROW = 54;

/** One line per player: marker, name, cards in hand, a bar toward the target, the score. */
function drawScores(out: string[], y: number, v: PhantomPublicView, ctx: PictureContext, me: Seat | null, changes: Changes): number {
  const p = phantomText(ctx.t).pictures;
  const h = 16 + v.players * SCORE_ROW;
  out.push(rect(M, y, W - 2 * M, h, { fill: THEME.panel, radius: 14 }));
  out.push(highlightRingAt(ctx, 'scores', M + 2, y + 2, W - 2 * M - 4, h - 4));
  const firstSeat = v.phase === 'over' ? null : ownerOf(v.firstInvestigator, v.players);
  for (let seat = 0; seat < v.players; seat++) {
    const top = y + 8 + seat * SCORE_ROW;
    const cy = top + SCORE_ROW / 2;
    const info = ctx.seats[seat];
    if (seat === me) out.push(rect(M + 6, top + 2, W - 2 * M - 12, SCORE_ROW - 4, { fill: 'none', radius: 10, stroke: THEME.you, strokeWidth: 3 }));
    if (v.phase === 'over' && v.winners.includes(seat)) out.push(winnerMark(M + 24, cy));
    else if (v.toAct.includes(seat)) out.push(v.phase === 'discard' ? decidingMark(M + 24, cy) : turnMark(M + 24, cy));
    const tags = [seat === me ? p.you : '', info?.bot ? p.bot : '', info?.away ? p.away : ''].filter(Boolean).join(', ');
    const suffix = tags ? ` (${tags})` : '';
    const nameMax = 242 - textWidth(suffix, LABEL);
    const shownName = fitText(nameOf(ctx, seat), nameMax, TEXT, true);
    out.push(text(M + 44, cy + 10, shownName, { size: TEXT, bold: true }));
    // Its own text element after a real gap: SVG drops the leading space of " (you)" ("Ana(you)").
    if (suffix) out.push(text(M + 44 + textWidth(shownName, TEXT, true) + 10, cy + 9, suffix.trim(), { size: LABEL, fill: THEME.muted }));
    if (seat === firstSeat) out.push(firstMark(M + 44 + 262, cy, 26));
    // Cards in hand: a small stack and the count in words.
    const hx = M + 330;
    const n = v.handCounts[seat] ?? 0;
    for (let k = Math.min(n, 3) - 1; k >= 0; k--) out.push(rect(hx + k * 5, cy - 14 + k * 2, 18, 26, { fill: '#3b4a8c', radius: 3, stroke: '#8ea1e1', strokeWidth: 1.5 }));
    out.push(text(hx + 34, cy + 8, p.cards(n), { size: LABEL, fill: THEME.muted, maxWidth: 130 }));
    // The bar toward the target, and the score in figures.
    // The score is drawn right-aligned in the last 110 px ("99/99" at most), the bar ends before it.
    const bx = M + 504;
    const bw = W - M - 16 - 110 - 10 - bx;
    const score = v.scores[seat] ?? 0;
    const filled = Math.max(0, Math.min(1, score / Math.max(1, v.targetScore)));
    out.push(rect(bx, cy - 9, bw, 18, { fill: THEME.background, radius: 9, stroke: THEME.panelLight, strokeWidth: 2 }));
    if (filled > 0) out.push(rect(bx, cy - 9, Math.max(18, bw * filled), 18, { fill: score >= v.targetScore ? THEME.ok : THEME.you, radius: 9 }));
    out.push(text(W - M - 16, cy + 10, `${score}/${v.targetScore}`, { size: TEXT, bold: true, anchor: 'end' }));
    if (changes.seats.has(seat)) out.push(changedMark(bx - 14, cy, 18));
  }
  return h;
}

// ── Cards on the table ──────────────────────────────────────────────────────────────────

/** Glasses lying on `on`, as their owners' names. */
function glassesOn(glasses: readonly Glass[], on: GlassTarget, ctx: PictureContext): string[] {
  return glasses.filter((g) => g.on === on).map((g) => nameOf(ctx, g.seat));
}

/** The glass line of a card: a glass symbol and the names (cut to fit). */
function glassLine(out: string[], x: number, y: number, maxWidth: number, names: string[], onLight: boolean): void {
  if (names.length === 0) return;
  out.push(glassMark(x + 13, y - 8, 26, onLight ? INK : THEME.text));
  out.push(text(x + 32, y, names.join(', '), { size: LABEL, fill: onLight ? INK : THEME.text, maxWidth: maxWidth - 32 }));
}

/** A face-up card: number band in its suit colour (the Phantom: no number), name, suit word. */
function faceUpCard(out: string[], x: number, y: number, w: number, h: number, card: CardNumber, t: Catalog, frame?: string, suitLine = true): void {
  const p = phantomText(t).pictures;
  const colour = CARDS[card].colour;
  out.push(rect(x, y, w, h, { fill: PAPER, radius: 12, ...(frame ? { stroke: frame, strokeWidth: 6 } : { stroke: INK, strokeWidth: 2 }) }));
  out.push(rect(x + 6, y + 6, BAND_W - 6, h - 12, { fill: colour === null ? PHANTOM_FILL : SUIT_FILL[colour], radius: 8 }));
  if (colour === null) {
    // The Phantom: a ghost shape instead of a number.
    const cx = x + 3 + BAND_W / 2;
    const cy = y + h / 2;
    out.push(
      path(
        `M${round(cx - 20)} ${round(cy + 24)} V${round(cy - 6)} C${round(cx - 20)} ${round(cy - 34)} ${round(cx + 20)} ${round(cy - 34)} ${round(cx + 20)} ${round(cy - 6)} V${round(cy + 24)} L${round(cx + 10)} ${round(cy + 16)} L${round(cx)} ${round(cy + 24)} L${round(cx - 10)} ${round(cy + 16)} Z`,
        { fill: '#ffffff', stroke: INK, strokeWidth: 2 },
      ) +
        circle(cx - 7, cy - 8, 3.5, { fill: INK }) +
        circle(cx + 7, cy - 8, 3.5, { fill: INK }),
    );
  } else {
    out.push(text(x + 3 + BAND_W / 2, y + h / 2 + 17, String(card), { size: 48, bold: true, fill: INK, anchor: 'middle' }));
  }
  const tx = x + BAND_W + 12;
  const tw = w - BAND_W - 22;
  out.push(text(tx, y + 36, cardName(t, card), { size: TEXT, fill: INK, bold: true, maxWidth: tw }));
  if (colour !== null && suitLine) out.push(text(tx, y + 66, p.colourNames[colour], { size: LABEL, fill: INK, maxWidth: tw }));
}

/** The crime being reported: one card per investigator position, in position order; returns the height. */
function drawCrimeNow(out: string[], y: number, v: PhantomPublicView, ctx: PictureContext, changes: Changes): number {
  const p = phantomText(ctx.t).pictures;
  const start = y;
  out.push(text(M + 4, y + 30, p.crimeNow(v.crime), { size: TEXT, bold: true, maxWidth: W - 2 * M - 8 }));
  y += 44;
  const slots: (number | 'fourth')[] = Array.from({ length: v.positions }, (_, i) => i);
  if (v.players === 3) slots.push('fourth');
  slots.forEach((slot, k) => {
    const x = M + (k % 2) * (CARD_W + GAP);
    const cy = y + Math.floor(k / 2) * (CARD_H + GAP);
    if (slot === 'fourth') {
      if (v.fourthParty === null) {
        out.push(rect(x, cy, CARD_W, CARD_H, { fill: THEME.background, radius: 12, stroke: THEME.panelLight, strokeWidth: 2, dash: '8 6' }));
        wrapText(p.noFourthParty, CARD_W - 24, LABEL, 3).forEach((line, i) => out.push(text(x + 12, cy + 36 + i * 28, line, { size: LABEL, fill: THEME.muted })));
      } else {
        faceUpCard(out, x, cy, CARD_W, CARD_H, v.fourthParty, ctx.t);
        out.push(text(x + BAND_W + 12, cy + 96, p.fourthParty, { size: LABEL, fill: INK, bold: true, maxWidth: CARD_W - BAND_W - 22 }));
        glassLine(out, x + BAND_W + 10, cy + CARD_H - 12, CARD_W - BAND_W - 18, glassesOn(v.glasses, 'fourth', ctx), true);
      }
    } else {
      const report = v.reports.find((r) => r.position === slot);
      const acting = v.phase === 'report' && v.actingPosition === slot;
      const tx = x + BAND_W + 12;
      const tw = CARD_W - BAND_W - 22;
      if (report) {
        out.push(rect(x, cy, CARD_W, CARD_H, { fill: THEME.panel, radius: 12, stroke: THEME.panelLight, strokeWidth: 2 }));
        out.push(cardBack(x + 6, cy + 6, BAND_W - 6, CARD_H - 12));
        out.push(clueToken(x + 3 + BAND_W / 2, cy + CARD_H / 2, 24, report.colour));
        out.push(text(tx, cy + 66, p.clue(p.colourNames[report.colour]), { size: LABEL, fill: THEME.text, maxWidth: tw }));
      } else {
        out.push(rect(x, cy, CARD_W, CARD_H, { fill: THEME.background, radius: 12, stroke: acting ? THEME.highlight : THEME.panelLight, strokeWidth: acting ? 5 : 2, dash: acting ? undefined : '8 6' }));
        if (acting) out.push(turnMark(x + 3 + BAND_W / 2, cy + CARD_H / 2, 34));
        out.push(text(tx, cy + 66, acting ? p.toReport : p.waiting, { size: LABEL, fill: acting ? THEME.highlight : THEME.muted, maxWidth: tw }));
      }
      const first = slot === v.firstInvestigator && v.phase !== 'over';
      const nameMax = tw - (first ? 30 : 0);
      out.push(text(tx, cy + 36, ownerName(ctx, v.players, slot), { size: TEXT, bold: true, maxWidth: nameMax }));
      if (first) out.push(firstMark(x + CARD_W - 24, cy + 26, 26));
      glassLine(out, tx - 2, cy + CARD_H - 14, tw + 4, glassesOn(v.glasses, slot, ctx), false);
    }
    if (changes.positions.has(slot)) out.push(changedMark(x + CARD_W - 6, cy + 6, 22));
    // A lesson's note pointing at a reported card (docs/lessons.md).
    out.push(highlightRingAt(ctx, `report:${slot}`, x - 4, cy - 4, CARD_W + 8, CARD_H + 8));
  });
  y += Math.ceil(slots.length / 2) * (CARD_H + GAP);
  return y - start;
}

/** The solved crime: its cards face up, the criminal framed, glasses, points; returns the height. */
function drawSolved(out: string[], y: number, v: PhantomPublicView, r: CrimeReveal, ctx: PictureContext, changes: Changes): number {
  const t = ctx.t;
  const p = phantomText(t).pictures;
  const start = y;
  out.push(text(M + 4, y + 30, p.crimeSolved(r.round, r.crime), { size: TEXT, bold: true, maxWidth: W - 2 * M - 40 }));
  if (changes.solved) out.push(changedMark(W - M - 14, y + 20, 22));
  y += 44;
  const slots: { card: CardNumber; at: GlassTarget; owner: string; clue: Colour | null }[] = r.cards.map((c) => ({
    card: c.card,
    at: c.position,
    owner: ownerName(ctx, v.players, c.position),
    clue: c.colour,
  }));
  if (r.fourthParty !== null) slots.push({ card: r.fourthParty, at: 'fourth', owner: p.fourthParty, clue: null });
  slots.forEach((slot, k) => {
    const x = M + (k % 2) * (CARD_W + GAP);
    const cy = y + Math.floor(k / 2) * (SOLVED_H + GAP);
    const criminal = r.criminalAt === slot.at && r.criminal !== null;
    // The criminal's tag takes the place of the suit word.
    faceUpCard(out, x, cy, CARD_W, SOLVED_H, slot.card, t, criminal ? THEME.danger : undefined, !criminal);
    const tx = x + BAND_W + 12;
    const tw = CARD_W - BAND_W - 22;
    // Who played it and with which clue (the criminal's tag replaces the suit word).
    if (criminal) {
      out.push(rect(tx - 2, cy + 46, Math.min(tw + 4, textWidth(p.criminal, LABEL, true) + 16), 28, { fill: THEME.danger, radius: 6 }));
      out.push(text(tx + 6, cy + 67, p.criminal, { size: LABEL, bold: true, fill: '#ffffff', maxWidth: tw - 8 }));
    }
    // Who played it, and with which clue on a line of its own (never cut: "blue clue" whole).
    const names = glassesOn(r.glasses, slot.at, ctx);
    const top = names.length ? 98 : 104;
    out.push(text(tx, cy + top, slot.owner, { size: LABEL, fill: INK, maxWidth: tw }));
    if (slot.clue) {
      const clue = fitLines(p.clue(p.colourNames[slot.clue]), tw, LABEL, 1, LABEL - 4);
      out.push(text(tx, cy + top + 30, clue.lines[0]!, { size: clue.size, fill: INK }));
      // The clue token the card was reported with, at the corner of the number band.
      out.push(clueToken(x + BAND_W - 8, cy + SOLVED_H - 22, 12, slot.clue));
    }
    glassLine(out, tx - 2, cy + SOLVED_H - 8, tw + 4, names, true);
  });
  y += Math.ceil(slots.length / 2) * (SOLVED_H + GAP);
  // Points of this crime: one chip per player.
  if (r.criminal === null) {
    out.push(text(M + 4, y + 26, p.noCriminal, { size: LABEL, fill: THEME.muted }));
    y += 38;
  }
  let x = M;
  let line = 0;
  const chipH = 40;
  out.push(text(x + 4, y + 28, p.points, { size: LABEL, fill: THEME.muted, bold: true }));
  x += textWidth(p.points, LABEL, true) + 20;
  for (const pt of r.points) {
    const label = `${fitText(nameOf(ctx, pt.seat), 180, LABEL, true)} ${pt.gain > 0 ? '+' : pt.gain < 0 ? '-' : '+'}${Math.abs(pt.gain)}`;
    const w = textWidth(label, LABEL, true) + 24;
    if (x + w > W - M) {
      line++;
      x = M;
    }
    const top = y + line * (chipH + 6);
    out.push(rect(x, top, w, chipH, { fill: pt.gain > 0 ? THEME.ok : pt.gain < 0 ? THEME.danger : THEME.panelLight, radius: 20 }));
    out.push(text(x + 12, top + 28, label, { size: LABEL, bold: true, fill: pt.gain > 0 || pt.gain < 0 ? '#ffffff' : THEME.text }));
    x += w + 10;
  }
  y += (line + 1) * (chipH + 6) + 4;
  return y - start;
}

// ── Key ─────────────────────────────────────────────────────────────────────────────────

type LegendItem = KeyPanelItem;

function legendItems(v: PhantomPublicView, p: P): LegendItem[] {
  const l = p.legend;
  const items: LegendItem[] =
    v.phase === 'over'
      ? [[(cx, cy) => winnerMark(cx, cy, 22), l.winner]]
      : [
          [(cx, cy) => turnMark(cx, cy, 22), l.turn],
          [(cx, cy) => firstMark(cx, cy, 24), l.first],
        ];
  if (v.phase === 'discard') items.push([(cx, cy) => decidingMark(cx, cy, 22), l.deciding]);
  if (v.phase !== 'over') items.push([(cx, cy) => cardBack(cx - 12, cy - 15, 24, 30), l.faceDown]);
  items.push(
    [(cx, cy) => changedMark(cx, cy, 20), l.changed],
    [(cx, cy) => clueToken(cx, cy, 12, 'red'), l.clue],
    [(cx, cy) => glassMark(cx, cy, 26, THEME.text), l.glass],
  );
  if (v.lastCrime) items.push([(cx, cy) => rect(cx - 13, cy - 12, 26, 24, { fill: PAPER, radius: 4, stroke: THEME.danger, strokeWidth: 4 }), l.criminal]);
  return items;
}

// ── Alt text ────────────────────────────────────────────────────────────────────────────

/** `line` ending as a sentence: a full stop added unless it already ends with . ! ? or …. */
function asSentence(line: string): string {
  return /[.!?…]$/.test(line.trim()) ? line.trim() : `${line.trim()}.`;
}

function tableSentences(v: PhantomPublicView, ctx: PictureContext): string[] {
  const p = phantomText(ctx.t).pictures;
  const out: string[] = [];
  const { main, sub } = statusLines(v, ctx);
  out.push(`${asSentence(main)} ${asSentence(sub)}`);
  const changed = latestLines(ctx, describeEvent);
  if (changed.length) out.push(p.alt.changed(changed.join(' ')));
  out.push(p.alt.scores(v.scores.map((score, seat) => p.alt.score(nameOf(ctx, seat), score)).join(', '), v.targetScore));
  for (const r of v.reports) {
    const glasses = glassesOn(v.glasses, r.position, ctx);
    out.push(p.alt.reported(ownerName(ctx, v.players, r.position), p.colourNames[r.colour]) + (glasses.length ? `, ${p.alt.glasses(glasses.join(', '))}` : '') + '.');
  }
  if (v.players === 3 && v.fourthParty !== null && v.phase !== 'over') out.push(`${p.alt.fourth(cardWords(ctx.t, v.fourthParty))}.`);
  const r = v.lastCrime;
  if (r) {
    const who = r.criminalAt === null ? '' : r.criminalAt === 'fourth' ? p.fourthParty : ownerName(ctx, v.players, r.criminalAt);
    out.push(r.criminal === null ? p.noCriminal : p.alt.criminal(cardWords(ctx.t, r.criminal), who));
  }
  return out;
}

// ── The drawers ─────────────────────────────────────────────────────────────────────────

/** The public table (docs/rules/phantom.md §3.5: drawn from the public view only). */
function board(v: PhantomPublicView, ctx: PictureContext): Picture {
  const p = phantomText(ctx.t).pictures;
  const out: string[] = [];
  const changes = changesOf(ctx.latest, null);
  let y = M;
  y += drawStatus(out, y, v, ctx) + GAP;
  y += drawScores(out, y, v, ctx, null, changes) + GAP;
  if (v.phase !== 'over') y += drawCrimeNow(out, y, v, ctx, changes) + GAP;
  if (v.lastCrime) y += drawSolved(out, y, v, v.lastCrime, ctx, changes) + GAP;
  y += keyPanel(out, y, legendItems(v, p), p.legend.title, W, M) + M;
  const alt = altText([p.alt.board(v.players), ...tableSentences(v, ctx)]);
  return { svg: svgDocument(W, y, out), width: W, height: y, alt };
}

/** A hand card: number band, name, suit word and the effect in words (§3.2). */
function handCard(out: string[], y: number, card: CardNumber, t: Catalog): number {
  const effect = wrapText(phantomText(t).cardEffects[CARDS[card].key], W - 2 * M - BAND_W - 34, LABEL, 4);
  const h = Math.max(CARD_H, 84 + effect.length * 28);
  // The suit word sits beside the name here; the effect takes the lines below.
  faceUpCard(out, M, y, W - 2 * M, h, card, t, undefined, false);
  const tx = M + BAND_W + 12;
  const colour = CARDS[card].colour;
  if (colour !== null) {
    const nameW = textWidth(cardName(t, card), TEXT, true);
    out.push(text(tx + nameW + 14, y + 36, `(${phantomText(t).pictures.colourNames[colour]})`, { size: LABEL, fill: INK, maxWidth: W - M - 16 - (tx + nameW + 14) }));
  }
  effect.forEach((line, i) => out.push(text(tx, y + 70 + i * 28, line, { size: LABEL, fill: INK })));
  return h;
}

/** A player's cards and own position (drawn from that seat's view only). */
function hand(v: PhantomSeatView, ctx: PictureContext): Picture {
  const t = ctx.t;
  const p = phantomText(t).pictures;
  const out: string[] = [];
  const changes = changesOf(ctx.latest, v.me);
  let y = M;
  y += drawStatus(out, y, v, ctx) + GAP;
  out.push(text(M + 4, y + 30, p.yourCards, { size: TEXT, bold: true }));
  y += 44;
  const cards = [...v.hand].sort((a, b) => b - a);
  if (cards.length === 0) {
    out.push(rect(M, y, W - 2 * M, 60, { fill: THEME.panel, radius: 14 }));
    out.push(text(M + 16, y + 40, p.noCards, { size: TEXT, fill: THEME.muted, maxWidth: W - 2 * M - 32 }));
    y += 60 + GAP;
  }
  for (const card of cards) {
    const h = handCard(out, y, card, t);
    out.push(highlightRingAt(ctx, `hand:${card}`, M - 4, y - 4, W - 2 * M + 8, h + 8));
    y += h + GAP;
  }
  // What this player reported this crime, and the 3-player discard (§3.8).
  const mine: string[] = [];
  for (const r of v.myReports) {
    const owner = v.players === 2 ? `${phantomText(t).seatLetters[Math.floor(r.position / v.players)] ?? ''}: ` : '';
    mine.push(`${owner}${cardWords(t, r.card)} · ${p.clue(p.colourNames[r.colour])}`);
  }
  if (mine.length) {
    out.push(text(M + 4, y + 30, p.yourReports, { size: TEXT, bold: true, maxWidth: W - 2 * M - 8 }));
    y += 40;
    for (const line of mine) {
      out.push(rect(M, y, W - 2 * M, 52, { fill: THEME.panel, radius: 12 }));
      out.push(text(M + 16, y + 35, line, { size: LABEL, maxWidth: W - 2 * M - 32 }));
      y += 52 + 6;
    }
    y += GAP - 6;
  }
  if (v.myDiscard !== null) {
    out.push(rect(M, y, W - 2 * M, 52, { fill: THEME.panel, radius: 12 }));
    out.push(text(M + 16, y + 35, p.yourDiscard(cardWords(t, v.myDiscard)), { size: LABEL, maxWidth: W - 2 * M - 32 }));
    y += 52 + GAP;
  }
  y += drawScores(out, y, v, ctx, v.me, changes) + GAP;
  const items = legendItems({ ...v, lastCrime: null }, p).filter(([, label]) => label !== p.legend.faceDown && label !== p.legend.glass);
  y += keyPanel(out, y, items, p.legend.title, W, M) + M;
  const alt = altText([
    p.alt.hand(nameOf(ctx, v.me)),
    p.alt.cards(cards.length ? cards.map((c) => cardWords(t, c)).join(', ') : p.noCards),
    ...mine.map((line) => `${p.yourReports}: ${line}.`),
    v.myDiscard !== null ? `${p.yourDiscard(cardWords(t, v.myDiscard))}.` : '',
    `${p.yourScore(v.scores[v.me] ?? 0, v.targetScore)}.`,
    ...tableSentences(v, ctx),
  ]);
  return { svg: svgDocument(W, y, out), width: W, height: y, alt };
}

/**
 * Where each move is made on the table (docs/activity.md "Hit targets"): a card in the hand to
 * discard (§3.8) or report (§3.3 step 3: the clue colour is chosen next), the reported card or
 * the 4th-party card the magnifying glass goes on (§3.3 step 4).
 */
function targets(a: PhantomAction): MoveTarget[] {
  switch (a.type) {
    case 'discard':
    case 'report':
      return [{ key: `hand:${a.card}` }];
    case 'glass':
      return [{ key: `report:${a.on}` }];
  }
}

/** The Tricks and the Phantom drawers (../picture.ts). */
export const phantomPictures: GamePictures<PhantomPublicView, PhantomSeatView, PhantomAction> = { board, hand, targets };
