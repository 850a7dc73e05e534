/**
 * NOIR pictures (README "Pictures"; docs/rules/noir.md §2.8): the public board — the grid of
 * suspect tiles in its current shape with dead / innocent-marker / proven-innocent / arrested
 * marks, the last shift as an arrow, the counters, the canvas answers and a key — drawn from
 * the public view; a seat's hand — the same grid with that seat's own identity (and, for the
 * Inspector, evidence cards) marked, plus those cards as cards — drawn from that seat's view.
 * Pure: no state, no clock; every word comes from `noirText(ctx.t).pictures`.
 */
import type { GameEvent } from '../engine.js';
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { MIN_LABEL_PX, MIN_TEXT_PX, PICTURE_WIDTH } from '../picture.js';
import { fitLines, rect, svgDocument, text, textWidth, THEME } from '../svg.js';
import { altText, arrow, circle, cross, highlightRingAt, legendStrip, line, padlock, tick, turnMarker, wrapText, type LegendItem } from '../picture-kit.js';
import type { RenderContext } from '../ui.js';
import { ACTION_CAP, type Cell, type NoirAction, type Role } from './rules.js';
import { COLUMN_LETTERS, coordOf, describeEvent, suspectOf } from './ui-text.js';
import type { NoirPublicView, NoirSeatView } from './views.js';
import { noirText } from './text/index.js';

/** Layout, px. */
const W = PICTURE_WIDTH;
const MARGIN = 16;
const TILE_W = 120;
const TILE_H = 90;
const GAP = 6;
const GRID_LEFT = 44;
const GRID_SPAN = 5 * TILE_W + 4 * GAP;

/** Colours of the tiles (paper cards on the dark table). */
const PAPER = '#ebe3d1';
const INK = '#1e1f22';
const DEAD_TILE = '#1e1f22';
const DEAD_INK = '#8e9297';
const MARKER_GREEN = '#1f8b4c';
const ARREST_BLUE = '#3b5bdb';
const KILLER_RED = THEME.danger;

/** How a tile is marked in a seat's own picture. */
type OwnMark = 'self' | 'hand' | null;

/** The canvas answers the board lists (the latest ones). */
const CANVAS_SHOWN = 3;

type Pics = ReturnType<typeof picsOf>;
function picsOf(ctx: PictureContext) {
  return noirText(ctx.t).pictures;
}

function nameOf(ctx: PictureContext, seat: number): string {
  return ctx.seats[seat]?.name ?? `#${seat + 1}`;
}

/** A minimal render context for the shared event sentences (they read only `t` and `name`). */
function renderContext(ctx: PictureContext): RenderContext {
  return { t: ctx.t, name: (seat: number) => nameOf(ctx, seat) } as unknown as RenderContext;
}

/** Suspects the latest events touched (killed, arrested, exonerated, disguised away), and the shifted line. */
function latestMarks(events: GameEvent[]): { suspects: Set<number>; shift: boolean } {
  const suspects = new Set<number>();
  let shift = false;
  for (const e of events) {
    if (e.type === 'shift') shift = true;
    for (const key of ['suspect', 'discarded', 'target'] as const) {
      if (typeof e[key] === 'number' && (e.type === 'kill' || e.type === 'arrest' || e.type === 'exonerate' || e.type === 'citizen' || e.type === 'disguise')) {
        suspects.add(e[key] as number);
      }
    }
  }
  return { suspects, shift };
}

/** The role of `seat` in `v`. */
function roleOfSeat(v: NoirPublicView, seat: number): Role {
  return seat === v.killerSeat ? 'killer' : 'inspector';
}

/** Header: title line, the two seats (turn marker, "you", winner), the acting line. */
function drawHeader(v: NoirPublicView, ctx: PictureContext, p: Pics, out: string[]): number {
  const mode = noirText(ctx.t).modeName[v.mode];
  out.push(text(MARGIN, 42, v.phase === 'over' ? p.headerOver(mode) : p.header(v.turns + 1, mode), { size: MIN_TEXT_PX, bold: true, maxWidth: W - 2 * MARGIN }));
  const boxW = (W - 3 * MARGIN) / 2;
  for (const seat of [v.killerSeat, v.inspectorSeat]) {
    const role = roleOfSeat(v, seat);
    const x = MARGIN + (role === 'killer' ? 0 : boxW + MARGIN);
    const y = 62;
    const mine = ctx.viewer === seat;
    const acting = !ctx.over && v.toAct === seat;
    out.push(rect(x, y, boxW, 84, { fill: THEME.panel, radius: 12, stroke: mine ? THEME.you : acting ? THEME.highlight : undefined, strokeWidth: 4 }));
    let left = x + 16;
    if (acting) {
      out.push(turnMarker(x + 26, y + 42, 28));
      left = x + 50;
    }
    const roleWord = p.roleName[role] + (mine ? ` (${p.you})` : '');
    out.push(text(left, y + 32, roleWord, { size: MIN_LABEL_PX, fill: THEME.muted, maxWidth: x + boxW - left - 12 }));
    const winner = v.phase === 'over' && v.winner === role;
    out.push(text(left, y + 68, nameOf(ctx, seat) + (winner ? ` - ${p.wins}` : ''), { size: MIN_TEXT_PX, bold: true, maxWidth: x + boxW - left - 12 }));
  }
  return 146;
}

/** The acting line or the result, then deaths / deck / hand counters. */
function drawStatus(v: NoirPublicView, ctx: PictureContext, p: Pics, top: number, out: string[]): number {
  let y = top + 40;
  // The result banner wraps (or shrinks) rather than being cut.
  const status = fitLines(statusText(v, ctx, p), W - 2 * MARGIN, MIN_LABEL_PX + 2, 2, MIN_LABEL_PX, v.phase === 'over');
  status.lines.forEach((l, i) => out.push(text(MARGIN, y + i * (status.size + 6), l, { size: status.size, fill: v.phase === 'over' ? THEME.highlight : THEME.text, bold: v.phase === 'over' })));
  y += 22 + (status.lines.length - 1) * (status.size + 6);
  // Deaths bar: one notch per death up to the target.
  const barW = 300;
  const fillW = Math.min(1, v.deaths / v.killTarget) * barW;
  out.push(text(MARGIN, y + 30, p.deaths(v.deaths, v.killTarget), { size: MIN_LABEL_PX, fill: THEME.text }));
  const barX = W - MARGIN - barW;
  out.push(rect(barX, y + 12, barW, 22, { fill: THEME.panel, radius: 6, stroke: THEME.panelLight, strokeWidth: 2 }));
  if (fillW > 0) out.push(rect(barX, y + 12, fillW, 22, { fill: KILLER_RED, radius: 6 }));
  y += 38;
  const counts = [p.deck(v.deckSize), p.hand(v.handSize)].join(' · ');
  out.push(text(MARGIN, y + 26, counts, { size: MIN_LABEL_PX, fill: THEME.muted, maxWidth: W - 2 * MARGIN }));
  // The evidence deck (Disguise and Exonerate draw from it): a lesson's note, and the Activity's target.
  out.push(highlightRingAt(ctx, 'deck', MARGIN - 8, y - 2, Math.min(W - 2 * MARGIN, textWidth(p.deck(v.deckSize), MIN_LABEL_PX)) + 16, 38));
  return y + 34;
}

function statusText(v: NoirPublicView, ctx: PictureContext, p: Pics): string {
  if (v.phase === 'over') {
    if (v.winner === null) return p.draw(v.actionCap ?? ACTION_CAP);
    const seat = v.winner === 'killer' ? v.killerSeat : v.inspectorSeat;
    return p.winLine(nameOf(ctx, seat), p.roleName[v.winner], noirText(ctx.t).reasonText[v.endReason ?? 'arrest']);
  }
  const doing =
    v.phase === 'firstKill'
      ? p.doing.firstKill
      : v.phase === 'chooseIdentity'
        ? p.doing.chooseIdentity
        : v.phase === 'discard'
          ? p.doing.discard
          : p.doing[v.actingRole ?? 'killer'];
  return p.toAct(nameOf(ctx, v.toAct ?? 0), doing);
}

/** What marks one tile carries. */
interface TileMarks {
  cell: Cell;
  cleared: boolean;
  arrested: boolean;
  latest: boolean;
  own: OwnMark;
  revealed: Role | null;
}

/** One suspect tile at (x, y). */
function drawTile(x: number, y: number, m: TileMarks, p: Pics, out: string[]): void {
  const { cell } = m;
  const name = suspectOf(cell.suspect).name;
  const dead = !cell.alive;
  out.push(rect(x, y, TILE_W, TILE_H, { fill: dead ? DEAD_TILE : PAPER, radius: 10, stroke: dead ? THEME.panelLight : undefined, strokeWidth: 2 }));
  if (dead) out.push(cross(x + TILE_W / 2, y + TILE_H / 2, 56, '#3d3f45', 5));
  const nameW = textWidth(name, MIN_TEXT_PX, true);
  out.push(text(x + TILE_W / 2, y + 40, name, { size: MIN_TEXT_PX, bold: true, fill: dead ? DEAD_INK : INK, anchor: 'middle', maxWidth: TILE_W - 12 }));
  if (dead) out.push(line(x + TILE_W / 2 - nameW / 2, y + 30, x + TILE_W / 2 + nameW / 2, y + 30, { stroke: DEAD_INK, width: 3 }));
  // Corner symbols: innocent marker / proven innocent (top right), arrested (top left).
  if (cell.marker) {
    out.push(circle(x + TILE_W - 14, y + 14, 12, { fill: MARKER_GREEN }));
    out.push(tick(x + TILE_W - 14, y + 14, 14, '#ffffff', 3));
  } else if (m.cleared) {
    out.push(circle(x + TILE_W - 14, y + 14, 11, { fill: 'none', stroke: dead ? DEAD_INK : MARKER_GREEN, width: 3 }));
    out.push(tick(x + TILE_W - 14, y + 14, 12, dead ? DEAD_INK : MARKER_GREEN, 3));
  }
  if (m.arrested) out.push(padlock(x + 5, y + 3, 20, dead ? DEAD_INK : ARREST_BLUE, dead ? DEAD_TILE : PAPER));
  // One word at the bottom: what matters most about this tile.
  const word = m.revealed
    ? p.word[m.revealed]
    : dead
      ? p.word.dead
      : m.own === 'self'
        ? p.word.you
        : m.own === 'hand'
          ? p.word.evidence
          : m.arrested
            ? p.word.arrested
            : cell.marker
              ? p.word.innocent
              : m.cleared
                ? p.word.cleared
                : '';
  const wordFill = m.revealed === 'killer' ? KILLER_RED : dead ? DEAD_INK : m.own === 'self' ? THEME.you : m.own === 'hand' ? '#5c3d00' : m.arrested ? ARREST_BLUE : MARKER_GREEN;
  if (word) out.push(text(x + TILE_W / 2, y + 76, word, { size: MIN_LABEL_PX, fill: wordFill, anchor: 'middle', maxWidth: TILE_W - 4 }));
  // Frames, outermost last: own identity (solid blue), own evidence (dashed), revealed, just changed.
  if (m.own === 'self') out.push(rect(x - 3, y - 3, TILE_W + 6, TILE_H + 6, { fill: 'none', radius: 12, stroke: THEME.you, strokeWidth: 6 }));
  if (m.own === 'hand') out.push(rect(x - 2, y - 2, TILE_W + 4, TILE_H + 4, { fill: 'none', radius: 12, stroke: '#c99a2e', strokeWidth: 5, dash: '10 6' }));
  if (m.revealed === 'killer') out.push(rect(x - 3, y - 3, TILE_W + 6, TILE_H + 6, { fill: 'none', radius: 12, stroke: KILLER_RED, strokeWidth: 6 }));
  if (m.latest) out.push(rect(x - 6, y - 6, TILE_W + 12, TILE_H + 12, { fill: 'none', radius: 14, stroke: THEME.highlight, strokeWidth: 4 }));
}

/**
 * The grid in its current shape (labelled A.. / 1..), with the last-shift arrow in the right or
 * bottom margin. Returns the y below it.
 */
function drawGrid(v: NoirPublicView, ctx: PictureContext, top: number, ownOf: (suspect: number) => OwnMark, out: string[]): number {
  const p = picsOf(ctx);
  const rows = v.grid.length;
  const cols = v.grid[0]?.length ?? 0;
  const span = cols * TILE_W + Math.max(0, cols - 1) * GAP;
  const left = GRID_LEFT + (GRID_SPAN - span) / 2;
  const tilesTop = top + 38;
  const cleared = new Set(v.discards);
  const arrested = new Set(v.arrests.filter((a) => !a.hit).map((a) => a.suspect));
  const latest = latestMarks(ctx.latest);
  const reveal = v.reveal;
  for (let c = 0; c < cols; c++) {
    out.push(text(left + c * (TILE_W + GAP) + TILE_W / 2, top + 26, COLUMN_LETTERS[c] ?? '?', { size: MIN_LABEL_PX, fill: THEME.muted, bold: true, anchor: 'middle' }));
  }
  for (let r = 0; r < rows; r++) {
    const y = tilesTop + r * (TILE_H + GAP);
    out.push(text(GRID_LEFT - 22, y + TILE_H / 2 + 8, String(r + 1), { size: MIN_LABEL_PX, fill: THEME.muted, bold: true, anchor: 'middle' }));
    v.grid[r]!.forEach((cell, c) => {
      const revealed: Role | null = reveal ? (cell.suspect === reveal.killerIdentity ? 'killer' : cell.suspect === reveal.inspectorIdentity ? 'inspector' : null) : null;
      drawTile(left + c * (TILE_W + GAP), y, {
        cell,
        cleared: cleared.has(cell.suspect),
        arrested: arrested.has(cell.suspect),
        latest: latest.suspects.has(cell.suspect),
        own: ownOf(cell.suspect),
        revealed,
      }, p, out);
      // A lesson's note pointing at this suspect (docs/lessons.md).
      out.push(highlightRingAt(ctx, `cell:${cell.suspect}`, left + c * (TILE_W + GAP) - 9, y - 9, TILE_W + 18, TILE_H + 18));
    });
  }
  const gridBottom = tilesTop + rows * (TILE_H + GAP) - GAP;
  // A lesson's note pointing at a whole row or column (a shift, docs/lessons.md).
  for (let c = 0; c < cols; c++) out.push(highlightRingAt(ctx, `col:${c}`, left + c * (TILE_W + GAP) - 4, tilesTop - 4, TILE_W + 8, gridBottom - tilesTop + 8));
  for (let r = 0; r < rows; r++) out.push(highlightRingAt(ctx, `row:${r}`, left - 4, tilesTop + r * (TILE_H + GAP) - 4, span + 8, TILE_H + 8));
  const ls = v.lastShift;
  let below = 16;
  if (ls && !(ls.collapsed && ls.turn === v.turns)) {
    const colour = latest.shift ? THEME.highlight : THEME.text;
    if (ls.axis === 'row' && ls.index < rows) {
      const y = tilesTop + ls.index * (TILE_H + GAP) + TILE_H / 2;
      const x0 = left + span + 10;
      out.push(ls.dir === 1 ? arrow(x0, y, W - 6, y, colour) : arrow(W - 6, y, x0, y, colour));
    } else if (ls.axis === 'col' && ls.index < cols) {
      const x = left + ls.index * (TILE_W + GAP) + TILE_W / 2;
      const y0 = gridBottom + 8;
      out.push(ls.dir === 1 ? arrow(x, y0, x, y0 + 34, colour) : arrow(x, y0 + 34, x, y0, colour));
      below = 46;
    }
  }
  return gridBottom + below;
}

/** Last shift line, canvas answers, collapsed-away suspects. */
function drawBelowGrid(v: NoirPublicView, ctx: PictureContext, p: Pics, top: number, out: string[]): number {
  let y = top;
  const ls = v.lastShift;
  let shiftLine = p.noShift;
  if (ls) {
    const label = ls.axis === 'row' ? String(ls.index + 1) : (COLUMN_LETTERS[ls.index] ?? '?');
    shiftLine = p.lastShift(p.shift(ls.axis, label, ls.dir), nameOf(ctx, ls.by));
  }
  out.push(arrow(MARGIN, y + 16, MARGIN + 34, y + 16, THEME.text, 5, 14));
  out.push(text(MARGIN + 46, y + 24, shiftLine, { size: MIN_LABEL_PX, maxWidth: W - 2 * MARGIN - 46 }));
  y += 36;
  if (ls && v.toAct !== null && (v.blockedShift || (ls.collapsed && ls.turn === v.turns))) {
    const note = v.blockedShift ? p.blocked(nameOf(ctx, v.toAct)) : p.lapsed;
    out.push(text(MARGIN + 46, y + 22, note, { size: MIN_LABEL_PX, fill: THEME.muted, maxWidth: W - 2 * MARGIN - 46 }));
    y += 34;
  }
  if (v.mode !== 'classic') {
    y += 10;
    out.push(text(MARGIN, y + 26, p.canvasHeading, { size: MIN_LABEL_PX + 2, bold: true }));
    y += 36;
    const shown = v.canvasses.slice(-(ctx.viewer === null ? CANVAS_SHOWN : CANVAS_SHOWN - 1));
    if (shown.length === 0) {
      out.push(text(MARGIN, y + 24, p.canvasNone, { size: MIN_LABEL_PX, fill: THEME.muted }));
      y += 34;
    }
    for (const c of shown) {
      const sentence = p.canvasItem(suspectOf(c.suspect).name, p.roleName[c.answeredBy], c.adjacent);
      out.push(c.adjacent ? tick(MARGIN + 14, y + 16, 22, THEME.ok, 4) : cross(MARGIN + 14, y + 16, 16, THEME.danger, 4));
      out.push(text(MARGIN + 40, y + 24, sentence, { size: MIN_LABEL_PX, maxWidth: W - 2 * MARGIN - 40 }));
      y += 34;
    }
  }
  if (v.removed.length > 0) {
    const lines = wrapText(p.removed(v.removed.map((id) => suspectOf(id).name).join(', ')), W - 2 * MARGIN, MIN_LABEL_PX, 2);
    for (const l of lines) {
      out.push(text(MARGIN, y + 28, l, { size: MIN_LABEL_PX, fill: THEME.muted }));
      y += 32;
    }
  }
  return y + 12;
}

/** The key: every symbol the picture uses. */
function legendItems(p: Pics, hand: Role | null): LegendItem[] {
  const tile = (fill: string) => (x: number, y: number, b: number) => rect(x, y, b, b, { fill, radius: 5, stroke: THEME.panelLight, strokeWidth: 2 });
  const items: LegendItem[] = [
    { draw: tile(PAPER), label: p.legend.alive },
    { draw: (x, y, b) => tile(DEAD_TILE)(x, y, b) + cross(x + b / 2, y + b / 2, b * 0.6, DEAD_INK, 3), label: p.legend.dead },
    { draw: (x, y, b) => circle(x + b / 2, y + b / 2, b / 2 - 1, { fill: MARKER_GREEN }) + tick(x + b / 2, y + b / 2, b * 0.55, '#ffffff', 3), label: p.legend.marker },
    { draw: (x, y, b) => circle(x + b / 2, y + b / 2, b / 2 - 2, { fill: 'none', stroke: MARKER_GREEN, width: 3 }) + tick(x + b / 2, y + b / 2, b * 0.5, MARKER_GREEN, 3), label: p.legend.cleared },
    { draw: (x, y, b) => padlock(x + 3, y, b, ARREST_BLUE, PAPER), label: p.legend.arrested },
    { draw: (x, y, b) => arrow(x, y + b / 2, x + b, y + b / 2, THEME.text, 5, 14), label: p.legend.shift },
    { draw: (x, y, b) => rect(x + 2, y + 2, b - 4, b - 4, { fill: 'none', radius: 6, stroke: THEME.highlight, strokeWidth: 4 }), label: p.legend.latest },
    { draw: (x, y, b) => turnMarker(x + b / 2, y + b / 2, b * 0.8), label: p.legend.turn },
  ];
  if (hand) items.push({ draw: (x, y, b) => rect(x + 2, y + 2, b - 4, b - 4, { fill: 'none', radius: 6, stroke: THEME.you, strokeWidth: 5 }), label: p.legend.you });
  if (hand === 'inspector') items.push({ draw: (x, y, b) => rect(x + 2, y + 2, b - 4, b - 4, { fill: 'none', radius: 6, stroke: '#c99a2e', strokeWidth: 4, dash: '6 4' }), label: p.legend.evidence });
  return items;
}

/** A suspect card (own identity / evidence) at (x, y), `w` × 118 px. */
function drawCard(x: number, y: number, w: number, suspect: number, caption: string, where: string, style: 'self' | 'hand' | 'choose', fresh: boolean, p: Pics, out: string[]): void {
  const stroke = style === 'self' ? THEME.you : '#c99a2e';
  out.push(rect(x, y, w, 118, { fill: PAPER, radius: 12, stroke, strokeWidth: 5, dash: style === 'hand' ? '10 6' : undefined }));
  out.push(text(x + w / 2, y + 30, caption, { size: MIN_LABEL_PX, fill: '#4a4a4a', anchor: 'middle', maxWidth: w - 16 }));
  out.push(text(x + w / 2, y + 68, suspectOf(suspect).name, { size: MIN_TEXT_PX + 4, bold: true, fill: INK, anchor: 'middle', maxWidth: w - 16 }));
  out.push(text(x + w / 2, y + 100, where, { size: MIN_LABEL_PX, fill: '#4a4a4a', anchor: 'middle', maxWidth: w - 16 }));
  if (fresh) {
    const tagW = Math.min(w - 20, textWidth(p.newCard, MIN_LABEL_PX, true) + 16);
    out.push(rect(x + w - tagW - 6, y - 16, tagW, 30, { fill: THEME.highlight, radius: 8 }));
    out.push(text(x + w - tagW / 2 - 6, y + 6, p.newCard, { size: MIN_LABEL_PX, bold: true, fill: INK, anchor: 'middle', maxWidth: tagW - 8 }));
  }
}

function whereOf(v: NoirPublicView, p: Pics, suspect: number): string {
  const c = coordOf(v.grid, suspect);
  return c ? p.at(c) : p.gone;
}

/** Names of suspects matching `pred`, comma-separated. */
function namesWhere(v: NoirPublicView, pred: (cell: Cell) => boolean): string {
  return v.grid.flat().filter(pred).map((cell) => suspectOf(cell.suspect).name).join(', ');
}

/** Alt-text sentences shared by board and hand: to act / result, counts, what changed, marks. */
function commonAlt(v: NoirPublicView, ctx: PictureContext, p: Pics): string[] {
  const out: string[] = [];
  if (v.phase === 'over') out.push(`${statusText(v, ctx, p)}.`);
  else out.push(p.altToAct(statusText(v, ctx, p)));
  out.push(p.altCounts(v.deaths, v.killTarget, v.deckSize));
  const rc = renderContext(ctx);
  const changed = ctx.latest.map((e) => describeEvent(e, rc, ctx.viewer)).filter((s): s is string => Boolean(s));
  if (changed.length) out.push(p.altLatest(changed.join(' ')));
  if (v.reveal) {
    const insp = v.reveal.inspectorIdentity === null ? noirText(ctx.t).none : suspectOf(v.reveal.inspectorIdentity).name;
    out.push(p.altReveal(suspectOf(v.reveal.killerIdentity).name, insp));
  }
  const marked = namesWhere(v, (c) => c.alive && (c.marker || v.discards.includes(c.suspect)));
  if (marked) out.push(p.altMarked(marked));
  const dead = namesWhere(v, (c) => !c.alive);
  if (dead) out.push(p.altDead(dead));
  return out;
}

function finish(body: string[], height: number, alt: string): Picture {
  return { svg: svgDocument(W, Math.ceil(height), body), width: W, height: Math.ceil(height), alt };
}

/** The public board (rules §2.8 "Public"): header, counters, grid, last shift, canvas, key. */
function board(v: NoirPublicView, ctx: PictureContext): Picture {
  const p = picsOf(ctx);
  const out: string[] = [];
  let y = drawHeader(v, ctx, p, out);
  y = drawStatus(v, ctx, p, y, out);
  y = drawGrid(v, ctx, y, () => null, out);
  y = drawBelowGrid(v, ctx, p, y, out);
  const key = legendStrip(MARGIN, y, W - 2 * MARGIN, p.legendHeading, legendItems(p, null));
  out.push(key.svg);
  y += key.height + 8;
  const mode = noirText(ctx.t).modeName[v.mode];
  const header = v.phase === 'over' ? p.headerOver(mode) : p.header(v.turns + 1, mode);
  return finish(out, y, altText([p.altBoard(header), ...commonAlt(v, ctx, p)]));
}

/** One seat's picture (rules §2.8 "Private"): own cards as cards, then the grid with them marked. */
function hand(v: NoirSeatView, ctx: PictureContext): Picture {
  const p = picsOf(ctx);
  const out: string[] = [];
  let y = drawHeader(v, ctx, p, out);
  // Own cards.
  y += 8;
  const cards: { suspect: number; caption: string; style: 'self' | 'hand' | 'choose'; fresh: boolean }[] = [];
  if (v.identity !== null) cards.push({ suspect: v.identity, caption: p.identityCard, style: 'self', fresh: false });
  if (v.role === 'inspector') {
    for (const card of v.hand) {
      const choosing = v.identity === null;
      cards.push({ suspect: card, caption: choosing ? p.chooseCard : p.evidenceCard, style: choosing ? 'choose' : 'hand', fresh: v.drawn === card });
    }
  }
  const cardGap = 12;
  const cardW = cards.length ? Math.min(220, (W - 2 * MARGIN - (cards.length - 1) * cardGap) / cards.length) : 0;
  // Narrow cards (five while discarding) take the short captions.
  const short = (caption: string) => (caption === p.identityCard ? p.identityShort : caption === p.evidenceCard ? p.evidenceShort : caption);
  for (const c of cards) if (textWidth(c.caption, MIN_LABEL_PX) > cardW - 16) c.caption = short(c.caption);
  cards.forEach((c, i) => {
    drawCard(MARGIN + i * (cardW + cardGap), y + 10, cardW, c.suspect, c.caption, whereOf(v, p, c.suspect), c.style, c.fresh, p, out);
    out.push(highlightRingAt(ctx, `hand:${c.suspect}`, MARGIN + i * (cardW + cardGap) - 5, y + 5, cardW + 10, 128));
  });
  if (cards.length) y += 140;
  // Beside a lone identity card: the Killer's disguise draws so far, or the Inspector's empty hand.
  let side = '';
  if (v.role === 'inspector' && v.identity !== null && v.hand.length === 0) side = p.handEmpty;
  if (v.role === 'killer' && v.draws.length > 0) side = p.draws(v.draws.map((d) => p.drawItem(suspectOf(d.suspect).name, d.alive)).join(', '));
  if (side && cards.length === 1) {
    const left = MARGIN + cardW + 20;
    wrapText(side, W - MARGIN - left, MIN_LABEL_PX, 4).forEach((l, i) => {
      out.push(text(left, y - 100 + i * 30, l, { size: MIN_LABEL_PX, fill: THEME.muted }));
    });
  }
  y = drawStatus(v, ctx, p, y - 10, out);
  const handSet = new Set(v.role === 'inspector' ? v.hand : []);
  const ownOf = (suspect: number): OwnMark => (suspect === v.identity ? 'self' : handSet.has(suspect) ? 'hand' : null);
  y = drawGrid(v, ctx, y, ownOf, out);
  y = drawBelowGrid(v, ctx, p, y, out);
  const key = legendStrip(MARGIN, y, W - 2 * MARGIN, p.legendHeading, legendItems(p, v.role));
  out.push(key.svg);
  y += key.height + 8;
  const alt: string[] = [];
  if (v.role === 'killer') alt.push(p.altHandKiller(suspectOf(v.identity ?? 0).name, whereOf(v, p, v.identity ?? 0)));
  else if (v.identity === null) alt.push(p.altHandInspectorUnchosen(v.hand.map((c) => suspectOf(c).name).join(', ')));
  else {
    alt.push(p.altHandInspector(suspectOf(v.identity).name, whereOf(v, p, v.identity)));
    alt.push(p.altHand(v.hand.length ? v.hand.map((c) => suspectOf(c).name).join(', ') : noirText(ctx.t).none));
  }
  return finish(out, y, altText([...alt, ...commonAlt(v, ctx, p)]));
}

/**
 * Where each move is made on the table (docs/activity.md "Hit targets"): a kill or an arrest on
 * the suspect's tile, a shift on the arrow beside its row or column (rules §2.5), Disguise and
 * Exonerate on the evidence deck, choosing an identity and discarding on the card in hand, and
 * a Citizen's Arrest (§2.7) on the card discarded, then the suspect arrested.
 */
function targets(a: NoirAction): MoveTarget[] {
  switch (a.type) {
    case 'kill':
    case 'arrest':
      return [{ key: `cell:${a.suspect}` }];
    case 'shift':
      return [{ key: `${a.axis}:${a.index}`, side: a.axis === 'row' ? (a.dir === 1 ? 'right' : 'left') : a.dir === 1 ? 'below' : 'above' }];
    case 'disguise':
    case 'exonerate':
      return [{ key: 'deck' }];
    case 'choose':
    case 'discard':
      return [{ key: `hand:${a.suspect}` }];
    case 'citizen':
      return [{ key: `hand:${a.discard}` }, { key: `cell:${a.target}` }];
  }
}

/** NOIR's drawers (README "Pictures"): the hand is the board with the seat's own cards. */
export const noirPictures: GamePictures<NoirPublicView, NoirSeatView, NoirAction> = { board, hand, targets, handShowsBoard: true };
