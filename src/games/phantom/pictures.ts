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
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { piece, SceneBuilder, sceneSvg, type Piece } from '../scene.js';
import { block, heading, keyPanel, MARGIN, MIN_TEXT_PX, NAME_PX, PANEL_W, panelPiece, PICTURE_PX, pillPiece, statusBanner, textLines, textPiece, type KeyItem } from '../scene-kit.js';
import { THEME, altText, circle, path, rect, round } from '../svg.js';
import { CARDS, type CardNumber, type Colour, type CrimeReveal, type Glass, type GlassTarget, type PhantomAction } from './rules.js';
import { ownerOf } from './seating.js';
import { describeEvent } from './ui-text.js';
import type { PhantomPublicView, PhantomSeatView } from './views.js';
import { changedMark, decidingMark, INK, turnMark, winnerMark } from '../marks.js';
import { latestLines } from '../picture-kit.js';
import { phantomText, type PhantomText } from './text/index.js';

type P = PhantomText['pictures'];

/** Layout, px (phone layout: PICTURE_PX wide, one card per line). */
const W = PICTURE_PX;
const M = MARGIN;
const TEXT = NAME_PX;
const LABEL = MIN_TEXT_PX;
const PAPER = '#f4f1e8';
const GAP = 6;

/** Suit colours (always drawn with the word); the Phantom has no suit. */
const SUIT_FILL: Record<Colour, string> = { yellow: '#f2d24b', red: '#ec5b52', blue: '#5c97f2' };
const PHANTOM_FILL = '#a99ad6';

/** The left part of a card: the face-down back or the number band, px. */
const BAND_W = 84;
/** The smallest card height, px. */
const CARD_H = 76;
/** Where a card's words start, and their width, px. */
const TEXT_X = BAND_W + 14;
const TEXT_W = PANEL_W - TEXT_X - 14;

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

/** A star: the first investigator of this crime (§3.3 step 2). */
function firstMark(cx: number, cy: number, size = 24): string {
  const h = size / 2;
  const pts: string[] = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const r = k % 2 === 0 ? h : h * 0.45;
    pts.push(`${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`);
  }
  return path(`M${pts.join(' L')} Z`, { fill: '#f7f3c9', stroke: INK, strokeWidth: 1.5 });
}

/** A face-down card back, everything inside (x, y, w, h): plain, with an inner frame (cheap to encode). */
function cardBack(x: number, y: number, w: number, h: number): string {
  return rect(x + 1, y + 1, w - 2, h - 2, { fill: '#3b4a8c', radius: 10, stroke: '#8ea1e1', strokeWidth: 2 }) + rect(x + 6, y + 6, w - 12, h - 12, { fill: 'none', radius: 6, stroke: '#4f60a8', strokeWidth: 2 });
}

/** The Phantom's ghost, centred on (cx, cy). */
function ghost(cx: number, cy: number): string {
  return (
    path(
      `M${round(cx - 18)} ${round(cy + 21)} V${round(cy - 5)} C${round(cx - 18)} ${round(cy - 30)} ${round(cx + 18)} ${round(cy - 30)} ${round(cx + 18)} ${round(cy - 5)} V${round(cy + 21)} L${round(cx + 9)} ${round(cy + 14)} L${round(cx)} ${round(cy + 21)} L${round(cx - 9)} ${round(cy + 14)} Z`,
      { fill: '#ffffff', stroke: INK, strokeWidth: 2 },
    ) +
    circle(cx - 6, cy - 6, 3.5, { fill: INK }) +
    circle(cx + 6, cy - 6, 3.5, { fill: INK })
  );
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

/** The big status line and its second line (names whole: the banner wraps, never cuts). */
function statusLines(v: PhantomPublicView, ctx: PictureContext): { main: string; sub: string } {
  const p = phantomText(ctx.t).pictures;
  const target = p.target(v.targetScore) + (v.beginner ? ` · ${p.beginner}` : '');
  const round = `${p.round(v.round, v.crime)} · ${target}`;
  // Closed mid-game (a lesson done, a cancelled game): nobody is to act any more.
  if (ctx.over && v.phase !== 'over') return { main: p.closed, sub: round };
  switch (v.phase) {
    case 'over':
      return { main: p.won(v.winners.map((s) => nameOf(ctx, s)).join(' & ')), sub: target };
    case 'discard':
      return { main: p.discard, sub: round };
    case 'report':
      return { main: p.report(ownerName(ctx, v.players, v.actingPosition ?? 0)), sub: round };
    case 'solve':
      return { main: p.glass(nameOf(ctx, v.toAct[0] ?? 0)), sub: round };
  }
}

// ── Scores ──────────────────────────────────────────────────────────────────────────────

/** Width of the score column (the score in figures, the bar under it), px. */
const SCORE_W = 110;
/** The marker gutter at a score line's left, px. */
const MARK_W = 34;

/**
 * The scores panel (§3.9): one line per player — marker, name (wrapped, never cut), its tags
 * ("you", bot, away), the first investigator's star and the cards in hand under it, the score
 * and a bar toward the target at the right. Returns its height.
 */
function drawScores(scene: SceneBuilder, y: number, v: PhantomPublicView, ctx: PictureContext, me: Seat | null, changes: Changes): number {
  const p = phantomText(ctx.t).pictures;
  const firstSeat = v.phase === 'over' ? null : ownerOf(v.firstInvestigator, v.players);
  const rowW = PANEL_W - 12;
  const nameW = rowW - MARK_W - SCORE_W - 16;
  const rows: Piece[] = [];
  for (let seat = 0; seat < v.players; seat++) {
    const info = ctx.seats[seat];
    const tags = [seat === me && !ctx.onlooker ? p.you : '', info?.bot ? p.bot : '', info?.away ? p.away : ''].filter(Boolean).join(', ');
    const first = seat === firstSeat;
    const name = block(nameOf(ctx, seat), nameW, TEXT, { bold: true, minSize: LABEL, maxLines: 2 });
    const subText = [tags ? `(${tags})` : '', p.cards(v.handCounts[seat] ?? 0)].filter(Boolean).join(' · ');
    const sub = block(subText, nameW - (first ? 30 : 0), LABEL);
    const h = Math.max(58, 8 + name.height + sub.height + 8);
    const parts: string[] = [];
    if (seat === me) parts.push(rect(1.5, 1.5, rowW - 3, h - 3, { fill: 'none', radius: 10, stroke: THEME.you, strokeWidth: 3 }));
    const cy = h / 2;
    if (v.phase === 'over' && v.winners.includes(seat)) parts.push(winnerMark(MARK_W / 2 + 2, cy, 24));
    // A table closed mid-game (a lesson done, a cancelled game: ctx.over) marks nobody to act.
    else if (!ctx.over && v.toAct.includes(seat)) parts.push(v.phase === 'discard' ? decidingMark(MARK_W / 2 + 2, cy, 22) : turnMark(MARK_W / 2 + 2, cy, 24));
    const top = (h - name.height - sub.height) / 2;
    parts.push(textLines(MARK_W, top, name.lines, { size: name.size, bold: true }));
    if (first) parts.push(firstMark(MARK_W + 12, top + name.height + sub.height / 2, 22));
    parts.push(textLines(MARK_W + (first ? 30 : 0), top + name.height, sub.lines, { size: LABEL, fill: THEME.muted }));
    // The score in figures, and the bar toward the target under it.
    const score = v.scores[seat] ?? 0;
    const sx = rowW - SCORE_W - 8;
    parts.push(textLines(rowW - 10, cy - 28, [`${score}/${v.targetScore}`], { size: TEXT, bold: true, anchor: 'end' }));
    const filled = Math.max(0, Math.min(1, score / Math.max(1, v.targetScore)));
    parts.push(rect(sx + 1, cy + 6, SCORE_W - 2, 16, { fill: THEME.background, radius: 8, stroke: THEME.panelLight, strokeWidth: 2 }));
    if (filled > 0) parts.push(rect(sx, cy + 5, Math.max(18, Math.round(SCORE_W * filled)), 18, { fill: score >= v.targetScore ? THEME.ok : THEME.you, radius: 9 }));
    if (changes.seats.has(seat)) parts.push(changedMark(sx - 14, cy - 14, 18));
    rows.push(piece(rowW, h, parts));
  }
  const h = 6 + rows.reduce((sum, r) => sum + r.h + 2, 0) + 4;
  // The whole panel carries the key `scores` (a lesson's note rings it, docs/lessons.md).
  scene.put(M, y, panelPiece(PANEL_W, h), 'scores');
  let ry = y + 6;
  for (const r of rows) {
    scene.put(M + 6, ry, r);
    ry += r.h + 2;
  }
  return h;
}

// ── Cards on the table ──────────────────────────────────────────────────────────────────

/** Glasses lying on `on`, as their owners' names. */
function glassesOn(glasses: readonly Glass[], on: GlassTarget, ctx: PictureContext): string[] {
  return glasses.filter((g) => g.on === on).map((g) => nameOf(ctx, g.seat));
}

/** One line of a card's words: text, or a glass symbol and the glasses' owners. */
interface CardLine {
  content: string;
  size: number;
  bold?: boolean;
  fill: string;
  /** Drawn with a magnifying glass at its left. */
  glass?: boolean;
  /** Drawn bold in a pill of this colour (the criminal's tag). */
  pill?: string;
}

/**
 * A card across the picture: its band (`band`: SVG drawn in a BAND_W-wide column of height h,
 * given h) and its lines of words to the right, each wrapped (never cut); `frame` a coloured
 * outline; `corner` a symbol at the top right (the first investigator's star).
 */
function cardPiece(fill: string, stroke: { colour: string; width: number; dash?: string }, band: (h: number) => string, lines: CardLine[], corner?: string): Piece {
  const blocks = lines.map((l) => ({ l, b: block(l.content, TEXT_W - (l.glass ? 34 : 0) - (corner ? 30 : 0) - (l.pill ? 16 : 0), l.size, { bold: l.bold || l.pill !== undefined }) }));
  const textH = blocks.reduce((sum, { l, b }) => sum + b.height + (l.pill ? 8 : 0), 0);
  const h = Math.max(CARD_H, textH + 16);
  const sw = stroke.width;
  const parts = [rect(sw / 2, sw / 2, PANEL_W - sw, h - sw, { fill, radius: 12, stroke: stroke.colour, strokeWidth: sw, ...(stroke.dash ? { dash: stroke.dash } : {}) }), band(h)];
  let y = (h - textH) / 2;
  for (const { l, b } of blocks) {
    if (l.glass) parts.push(glassMark(TEXT_X + 13, y + Math.min(b.height, 30) / 2, 24, l.fill));
    if (l.pill) {
      parts.push(rect(TEXT_X, y, Math.ceil(b.width) + 16, b.height + 4, { fill: l.pill, radius: 8 }));
      parts.push(textLines(TEXT_X + 8, y + 2, b.lines, { size: b.size, bold: true, fill: l.fill }));
      y += b.height + 8;
      continue;
    }
    parts.push(textLines(TEXT_X + (l.glass ? 34 : 0), y, b.lines, { size: b.size, bold: l.bold, fill: l.fill }));
    y += b.height;
  }
  if (corner) parts.push(corner);
  return piece(PANEL_W, h, parts);
}

/** The number band of a face-up card in its suit colour (the Phantom: a ghost). */
function faceBand(card: CardNumber): (h: number) => string {
  const colour = CARDS[card].colour;
  return (h) =>
    rect(6, 6, BAND_W - 6, h - 12, { fill: colour === null ? PHANTOM_FILL : SUIT_FILL[colour], radius: 8 }) +
    (colour === null ? ghost(3 + BAND_W / 2, h / 2) : textLines(3 + BAND_W / 2, h / 2 - 29, [String(card)], { size: 46, bold: true, fill: INK, anchor: 'middle' }));
}

/** A card's name with its suit word, as a card line ("Politician (blue)"; the Phantom has no suit). */
function faceLines(t: Catalog, card: CardNumber): CardLine[] {
  const colour = CARDS[card].colour;
  const name = colour === null ? cardName(t, card) : `${cardName(t, card)} (${phantomText(t).pictures.colourNames[colour]})`;
  return [{ content: name, size: TEXT, bold: true, fill: INK }];
}

/** The crime being reported: one card per investigator position, in position order; returns the height. */
function drawCrimeNow(scene: SceneBuilder, y0: number, v: PhantomPublicView, ctx: PictureContext, changes: Changes): number {
  const p = phantomText(ctx.t).pictures;
  let y = y0;
  y += heading(scene, y, p.crimeNow(v.crime)) + 4;
  const slots: (number | 'fourth')[] = Array.from({ length: v.positions }, (_, i) => i);
  if (v.players === 3) slots.push('fourth');
  for (const slot of slots) {
    let card: Piece;
    if (slot === 'fourth') {
      if (v.fourthParty === null) card = cardPiece(THEME.background, { colour: THEME.panelLight, width: 2, dash: '8 6' }, () => '', [{ content: p.noFourthParty, size: LABEL, fill: THEME.muted }]);
      else {
        const glasses = glassesOn(v.glasses, 'fourth', ctx);
        card = cardPiece(PAPER, { colour: INK, width: 2 }, faceBand(v.fourthParty), [
          ...faceLines(ctx.t, v.fourthParty),
          { content: p.fourthParty, size: LABEL, bold: true, fill: INK },
          ...(glasses.length ? [{ content: glasses.join(', '), size: LABEL, fill: INK, glass: true }] : []),
        ]);
      }
    } else {
      const report = v.reports.find((r) => r.position === slot);
      // A table closed mid-game (ctx.over) marks nobody to act here either.
      const acting = !ctx.over && v.phase === 'report' && v.actingPosition === slot;
      const glasses = glassesOn(v.glasses, slot, ctx);
      const first = slot === v.firstInvestigator && v.phase !== 'over';
      const lines: CardLine[] = [{ content: ownerName(ctx, v.players, slot), size: TEXT, bold: true, fill: THEME.text }];
      if (report) lines.push({ content: p.clue(report.colour), size: LABEL, fill: THEME.text });
      else lines.push({ content: acting ? p.toReport : p.waiting, size: LABEL, fill: acting ? THEME.highlight : THEME.muted });
      if (glasses.length) lines.push({ content: glasses.join(', '), size: LABEL, fill: THEME.text, glass: true });
      const band = report ? (h: number) => cardBack(6, 6, BAND_W - 6, h - 12) + clueToken(3 + BAND_W / 2, h / 2, 22, report.colour) : acting ? (h: number) => turnMark(3 + BAND_W / 2, h / 2, 32) : () => '';
      const stroke = report ? { colour: THEME.panelLight, width: 2 } : acting ? { colour: THEME.highlight, width: 5 } : { colour: THEME.panelLight, width: 2, dash: '8 6' };
      card = cardPiece(report ? THEME.panel : THEME.background, stroke, band, lines, first ? firstMark(PANEL_W - 22, 22, 24) : undefined);
    }
    // A lesson's note pointing at a reported card (docs/lessons.md); the Activity's target for a glass.
    scene.put(M, y, card, `report:${slot}`);
    if (changes.positions.has(slot)) scene.put(M + PANEL_W - CHANGED.w - (slot === v.firstInvestigator ? 40 : 4), y + 4, CHANGED);
    y += card.h + GAP;
  }
  return y - y0;
}

/** The "just changed" diamond, placed over a card's top-right corner. */
const CHANGED = piece(22, 22, changedMark(11, 11, 18));

/** The solved crime: its cards face up, the criminal framed, glasses, points; returns the height. */
function drawSolved(scene: SceneBuilder, y0: number, v: PhantomPublicView, r: CrimeReveal, ctx: PictureContext, changes: Changes): number {
  const t = ctx.t;
  const p = phantomText(t).pictures;
  let y = y0;
  const head = textPiece(p.crimeSolved(r.round, r.crime), PANEL_W - 30, TEXT, { bold: true });
  scene.put(M, y, head);
  if (changes.solved) scene.put(M + PANEL_W - CHANGED.w, y + 4, CHANGED);
  y += head.h + 4;
  const slots: { card: CardNumber; at: GlassTarget; owner: string; clue: Colour | null }[] = r.cards.map((c) => ({
    card: c.card,
    at: c.position,
    owner: ownerName(ctx, v.players, c.position),
    clue: c.colour,
  }));
  if (r.fourthParty !== null) slots.push({ card: r.fourthParty, at: 'fourth', owner: p.fourthParty, clue: null });
  for (const slot of slots) {
    const criminal = r.criminalAt === slot.at && r.criminal !== null;
    const names = glassesOn(r.glasses, slot.at, ctx);
    const lines: CardLine[] = [...faceLines(t, slot.card)];
    lines.push({ content: slot.clue ? `${slot.owner} · ${p.clue(slot.clue)}` : slot.owner, size: LABEL, fill: INK });
    if (names.length) lines.push({ content: names.join(', '), size: LABEL, fill: INK, glass: true });
    const band = faceBand(slot.card);
    const withToken = slot.clue ? (h: number) => band(h) + clueToken(BAND_W - 10, h - 20, 11, slot.clue!) : band;
    // The criminal: framed red, its tag above its name.
    const card = cardPiece(PAPER, criminal ? { colour: THEME.danger, width: 6 } : { colour: INK, width: 2 }, withToken, criminal ? [{ content: p.criminal, size: LABEL, fill: '#ffffff', pill: THEME.danger }, ...lines] : lines);
    scene.put(M, y, card);
    y += card.h + GAP;
  }
  if (r.criminal === null) {
    const note = textPiece(p.noCriminal, PANEL_W, LABEL, { fill: THEME.muted });
    scene.put(M, y, note);
    y += note.h + 4;
  }
  // Points of this crime: one pill per player, flowed.
  const label = textPiece(p.points, 160, LABEL, { bold: true, fill: THEME.muted });
  const pills = r.points.map((pt) => pillPiece(`${nameOf(ctx, pt.seat)} ${pt.gain < 0 ? '-' : '+'}${Math.abs(pt.gain)}`, pt.gain > 0 ? THEME.ok : pt.gain < 0 ? THEME.danger : THEME.panelLight, pt.gain !== 0 ? '#ffffff' : THEME.text, PANEL_W));
  let x = M + Math.ceil(block(p.points, 156, LABEL, { bold: true }).width) + 12;
  let lineTop = y;
  let lineH = label.h;
  scene.put(M, y + 2, label);
  for (const pill of pills) {
    if (x > M && x + pill.w > M + PANEL_W) {
      x = M;
      lineTop += lineH + 6;
      lineH = 0;
    }
    scene.put(x, lineTop, pill);
    x += pill.w + 8;
    lineH = Math.max(lineH, pill.h);
  }
  y = lineTop + lineH + 4;
  return y - y0;
}

// ── Key ─────────────────────────────────────────────────────────────────────────────────

/**
 * The key's entries for what the picture shows; `closed` (a table closed mid-game: ctx.over
 * before the game's end) leaves out the marks of who is to act, which such a picture does not draw.
 */
function legendItems(v: PhantomPublicView, p: P, closed: boolean): KeyItem[] {
  const l = p.legend;
  const items: KeyItem[] =
    v.phase === 'over'
      ? [[(cx, cy) => winnerMark(cx, cy, 22), l.winner]]
      : [...(closed ? [] : [[(cx: number, cy: number) => turnMark(cx, cy, 22), l.turn] as KeyItem]), [(cx, cy) => firstMark(cx, cy, 24), l.first]];
  if (v.phase === 'discard' && !closed) items.push([(cx, cy) => decidingMark(cx, cy, 22), l.deciding]);
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
    out.push(p.alt.reported(ownerName(ctx, v.players, r.position), r.colour) + (glasses.length ? `, ${p.alt.glasses(glasses.join(', '))}` : '') + '.');
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

function finish(scene: SceneBuilder, y: number, ctx: PictureContext, alt: string): Picture {
  const built = scene.finish(y, ctx.highlight);
  return { svg: sceneSvg(built), width: W, height: built.height, alt, scene: built };
}

/** The public table (docs/rules/phantom.md §3.5: drawn from the public view only). */
function board(v: PhantomPublicView, ctx: PictureContext): Picture {
  const p = phantomText(ctx.t).pictures;
  const scene = new SceneBuilder(W);
  const changes = changesOf(ctx.latest, null);
  const { main, sub } = statusLines(v, ctx);
  let y = M;
  y += statusBanner(scene, y, main, sub) + GAP;
  y += drawScores(scene, y, v, ctx, null, changes) + GAP;
  if (v.phase !== 'over') y += drawCrimeNow(scene, y, v, ctx, changes) + GAP;
  if (v.lastCrime) y += drawSolved(scene, y, v, v.lastCrime, ctx, changes) + GAP;
  y += keyPanel(scene, y, p.legend.title, legendItems(v, p, ctx.over)) + M;
  return finish(scene, y, ctx, altText([p.alt.board(v.players), ...tableSentences(v, ctx)]));
}

/** A hand card across the picture: number band, name and suit word, and the effect in words (§3.2). */
function handCard(card: CardNumber, t: Catalog): Piece {
  return cardPiece(PAPER, { colour: INK, width: 2 }, faceBand(card), [
    ...faceLines(t, card),
    { content: phantomText(t).cardEffects[CARDS[card].key], size: LABEL, fill: INK },
  ]);
}

/** A panel across the picture with a note; returns its height. */
function notePanel(scene: SceneBuilder, y: number, content: string, fill: string = THEME.text): number {
  const b = block(content, PANEL_W - 28, LABEL);
  const h = b.height + 20;
  scene.put(M, y, piece(PANEL_W, h, [rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 12 }), textLines(14, 10, b.lines, { size: LABEL, fill })]));
  return h;
}

/**
 * A player's cards and own position (drawn from that seat's view only). Shown to an onlooker
 * (a review), it names the player, never "your".
 */
function hand(v: PhantomSeatView, ctx: PictureContext): Picture {
  const t = ctx.t;
  const p = phantomText(t).pictures;
  const scene = new SceneBuilder(W);
  const changes = changesOf(ctx.latest, v.me);
  const onlooker = ctx.onlooker === true;
  const who = nameOf(ctx, v.me);
  const { main, sub } = statusLines(v, ctx);
  let y = M;
  y += statusBanner(scene, y, main, sub) + GAP;
  y += heading(scene, y, onlooker ? p.cardsOf(who) : p.yourCards) + 4;
  const cards = [...v.hand].sort((a, b) => b - a);
  if (cards.length === 0) y += notePanel(scene, y, onlooker ? p.noCardsOf(who) : p.noCards, THEME.muted) + GAP;
  for (const card of cards) {
    const c = handCard(card, t);
    scene.put(M, y, c, `hand:${card}`);
    y += c.h + GAP;
  }
  // What this player reported this crime, and the 3-player discard (§3.8).
  const mine: string[] = [];
  for (const r of v.myReports) {
    const owner = v.players === 2 ? `${phantomText(t).seatLetters[Math.floor(r.position / v.players)] ?? ''}: ` : '';
    mine.push(`${owner}${cardWords(t, r.card)} · ${p.clue(r.colour)}`);
  }
  if (mine.length) {
    y += heading(scene, y, p.yourReports) + 4;
    for (const line of mine) y += notePanel(scene, y, line) + 6;
    y += GAP - 6;
  }
  const discard = v.myDiscard !== null ? (onlooker ? p.discardOf(who, cardWords(t, v.myDiscard)) : p.yourDiscard(cardWords(t, v.myDiscard))) : null;
  if (discard) y += notePanel(scene, y, discard) + GAP;
  y += drawScores(scene, y, v, ctx, v.me, changes) + GAP;
  const items = legendItems({ ...v, lastCrime: null }, p, ctx.over).filter(([, label]) => label !== p.legend.faceDown && label !== p.legend.glass);
  y += keyPanel(scene, y, p.legend.title, items) + M;
  const cardList = cards.length ? cards.map((c) => cardWords(t, c)).join(', ') : p.noCards;
  const alt = altText([
    p.alt.hand(who),
    // No cards: the sentence says so on its own (not "Your cards: No cards left….").
    cards.length ? (onlooker ? p.alt.cardsOf(who, cardList) : p.alt.cards(cardList)) : onlooker ? p.noCardsOf(who) : p.noCards,
    ...mine.map((line) => `${p.yourReports}: ${line}.`),
    discard ? `${discard}.` : '',
    `${onlooker ? p.scoreOf(who, v.scores[v.me] ?? 0, v.targetScore) : p.yourScore(v.scores[v.me] ?? 0, v.targetScore)}.`,
    ...tableSentences(v, ctx),
  ]);
  return finish(scene, y, ctx, alt);
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
