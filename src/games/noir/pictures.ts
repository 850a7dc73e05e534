/**
 * NOIR pictures (README "Pictures"; docs/rules/noir.md §2.8), drawn as scenes of pieces with the
 * phone layout (src/games/scene.ts, src/games/scene-kit.ts; docs/pictures.md "Phone layout"):
 * the public board — who acts, the two seats, the counters, the grid of suspect tiles in its
 * current shape with dead / innocent-marker / proven-innocent / arrested marks and the last
 * shift on its row or column label, the canvas answers and a key — drawn from the public view;
 * a seat's hand — its own cards as cards, then the same grid with that seat's identity (and,
 * for the Inspector, evidence cards) framed — drawn from that seat's view.
 *
 * A tile carries the suspect's name and symbols only (a 5-column grid leaves a tile ≈ 97 px of
 * 540: no status word of either language fits whole at the smallest text size); every symbol
 * and frame is explained in the key, and the alt text says it all in words.
 * Pure: no state, no clock; every word comes from `noirText(ctx.t).pictures`.
 */
import type { GameEvent } from '../engine.js';
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { block, keyPanel, lineHeight, MARGIN, MIN_TEXT_PX, NAME_PX, PANEL_W, panelPiece, PICTURE_PX, statusBanner, textLines, textPiece, type KeyItem } from '../scene-kit.js';
import { piece, SceneBuilder, sceneSvg, type Piece } from '../scene.js';
import { altText, rect, THEME } from '../svg.js';
import { arrow, circle, cross, line, tick } from '../picture-kit.js';
import { INK, lockMark, turnMark, winnerMark } from '../marks.js';
import type { RenderContext } from '../ui.js';
import { ACTION_CAP, type Cell, type NoirAction, type Role } from './rules.js';
import { COLUMN_LETTERS, coordOf, describeEvent, suspectOf } from './ui-text.js';
import type { NoirPublicView, NoirSeatView } from './views.js';
import { noirText } from './text/index.js';

/** Layout, px (phone layout: PICTURE_PX wide). */
const W = PICTURE_PX;
const M = MARGIN;
const LABEL = MIN_TEXT_PX;
/** The grid: row numbers in a gutter at the left, five tiles of TILE_W with GAP between. */
const GRID_X = 8;
const ROW_GUTTER = 22;
const GAP = 4;
const TILE_W = Math.floor((W - 2 * GRID_X - ROW_GUTTER - 4 * GAP) / 5);
const TILE_H = 74;
/** Height of the column letters' line above the grid, px. */
const COL_LABEL_H = 30;

/** Colours of the tiles (paper cards on the dark table). */
const PAPER = '#ebe3d1';
const DEAD_TILE = '#1e1f22';
const DEAD_INK = '#8e9297';
const MARKER_GREEN = '#1f8b4c';
const ARREST_BLUE = '#3b5bdb';
const KILLER_RED = THEME.danger;
const INSPECTOR_BLUE = '#4c7df0';
const EVIDENCE_GOLD = '#c99a2e';

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

function headerText(v: NoirPublicView, ctx: PictureContext, p: Pics): string {
  const mode = noirText(ctx.t).modeName[v.mode];
  return v.phase === 'over' ? p.headerOver(mode) : p.header(v.turns + 1, mode);
}

// ── The top: status, the two seats, the counters ─────────────────────────────────────────

/**
 * The two seats side by side: role (muted), name (bold, wrapped, never cut), the turn marker,
 * "(you)" on the viewer's own (never for an onlooker), the winner's crown. Returns the height.
 */
function drawSeats(scene: SceneBuilder, y: number, v: NoirPublicView, ctx: PictureContext, p: Pics): number {
  const boxW = (PANEL_W - 10) / 2;
  const boxes = [v.killerSeat, v.inspectorSeat].map((seat) => {
    const role = roleOfSeat(v, seat);
    const mine = ctx.viewer === seat;
    const acting = !ctx.over && v.phase !== 'over' && v.toAct === seat;
    const winner = v.phase === 'over' && v.winner === role;
    const markW = acting || winner ? 34 : 0;
    const inner = boxW - 28 - markW;
    const roleWord = block(p.roleName[role] + (mine && !ctx.onlooker ? ` (${p.you})` : ''), inner, LABEL);
    const name = block(nameOf(ctx, seat) + (winner ? ` - ${p.wins}` : ''), inner, NAME_PX, { bold: true, minSize: LABEL, maxLines: 2 });
    return { mine, acting, winner, markW, roleWord, name, h: 10 + roleWord.height + name.height + 10 };
  });
  const h = Math.max(...boxes.map((b) => b.h));
  boxes.forEach((b, i) => {
    const frame = b.mine ? THEME.you : b.acting ? THEME.highlight : b.winner ? THEME.ok : undefined;
    const parts = [panelPiece(boxW, h, THEME.panel, frame).svg];
    if (b.acting) parts.push(turnMark(14 + 12, h / 2, 24));
    else if (b.winner) parts.push(winnerMark(14 + 12, h / 2, 24));
    const left = 14 + b.markW;
    const top = (h - b.roleWord.height - b.name.height) / 2;
    parts.push(textLines(left, top, b.roleWord.lines, { size: LABEL, fill: THEME.muted }));
    parts.push(textLines(left, top + b.roleWord.height, b.name.lines, { size: b.name.size, bold: true }));
    scene.put(M + i * (boxW + 10), y, piece(boxW, h, parts));
  });
  return h;
}

/** Deaths (words and a bar towards the target), the deck and the Inspector's hand size. Returns the height. */
function drawCounters(scene: SceneBuilder, y: number, v: NoirPublicView, p: Pics): number {
  const barW = 190;
  const inner = PANEL_W - 28;
  const deaths = block(p.deaths(v.deaths, v.killTarget), inner - barW - 12, LABEL);
  const counts = block([p.deck(v.deckSize), p.hand(v.handSize)].join(' · '), inner, LABEL);
  const topH = Math.max(deaths.height, 26);
  const h = 10 + topH + 4 + counts.height + 10;
  const barX = PANEL_W - 14 - barW;
  const fillW = Math.round(Math.min(1, v.deaths / v.killTarget) * barW);
  const parts = [
    rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }),
    textLines(14, 10 + (topH - deaths.height) / 2, deaths.lines, { size: LABEL }),
    rect(barX + 1, 10 + (topH - 22) / 2 + 1, barW - 2, 20, { fill: THEME.background, radius: 6, stroke: THEME.panelLight, strokeWidth: 2 }),
  ];
  if (fillW > 0) parts.push(rect(barX, 10 + (topH - 22) / 2, fillW, 22, { fill: KILLER_RED, radius: 6 }));
  parts.push(textLines(14, 10 + topH + 4, counts.lines, { size: LABEL, fill: THEME.muted }));
  // The evidence deck (Disguise and Exonerate draw from it): a lesson's note, and the Activity's target.
  scene.put(M, y, piece(PANEL_W, h, parts), 'deck');
  return h;
}

// ── The grid ─────────────────────────────────────────────────────────────────────────────

/** What marks one tile carries. */
interface TileMarks {
  cell: Cell;
  cleared: boolean;
  arrested: boolean;
  latest: boolean;
  own: OwnMark;
  revealed: Role | null;
}

/** The innocent marker (a filled green disc with a white tick), centred on (cx, cy). */
function markerMark(cx: number, cy: number, r = 11): string {
  return circle(cx, cy, r, { fill: MARKER_GREEN }) + tick(cx, cy, r * 1.2, '#ffffff', 3);
}

/** Proven innocent (a green ring with a tick), centred on (cx, cy). */
function clearedMark(cx: number, cy: number, colour = MARKER_GREEN, r = 10): string {
  return circle(cx, cy, r, { fill: 'none', stroke: colour, width: 3 }) + tick(cx, cy, r * 1.1, colour, 3);
}

/** A revealed role's band across a tile's foot (the Killer red, the Inspector blue). */
function roleBand(role: Role): string {
  return role === 'killer' ? KILLER_RED : INSPECTOR_BLUE;
}

/**
 * One suspect tile, TILE_W × TILE_H: the name (struck through when dead), the corner symbols
 * (arrested top left, innocent marker / proven innocent top right), a revealed role's band at
 * its foot, and its frames drawn inside its box (latest outermost, then own identity / evidence).
 */
function tilePiece(m: TileMarks): Piece {
  const { cell } = m;
  const name = suspectOf(cell.suspect).name;
  const dead = !cell.alive;
  const parts: string[] = [rect(0, 0, TILE_W, TILE_H, { fill: dead ? DEAD_TILE : PAPER, radius: 10 })];
  if (dead) parts.push(rect(1, 1, TILE_W - 2, TILE_H - 2, { fill: 'none', radius: 10, stroke: THEME.panelLight, strokeWidth: 2 }), cross(TILE_W / 2, TILE_H / 2, 40, '#3d3f45', 5));
  if (m.revealed) parts.push(`<path d="M0 ${TILE_H - 14} H${TILE_W} V${TILE_H - 10} A10 10 0 0 1 ${TILE_W - 10} ${TILE_H} H10 A10 10 0 0 1 0 ${TILE_H - 10} Z" fill="${roleBand(m.revealed)}"/>`);
  const b = block(name, TILE_W - 16, NAME_PX, { bold: true, minSize: LABEL, maxLines: 1 });
  const top = Math.round((TILE_H - b.height) / 2) + 4;
  parts.push(textLines(TILE_W / 2, top, b.lines, { size: b.size, bold: true, fill: dead ? DEAD_INK : INK, anchor: 'middle' }));
  if (dead) {
    const y = top + Math.round(b.size * 0.62);
    parts.push(line(TILE_W / 2 - b.width / 2, y, TILE_W / 2 + b.width / 2, y, { stroke: DEAD_INK, width: 3 }));
  }
  if (cell.marker) parts.push(markerMark(TILE_W - 17, 17));
  else if (m.cleared) parts.push(clearedMark(TILE_W - 17, 17, dead ? DEAD_INK : MARKER_GREEN));
  if (m.arrested) parts.push(lockMark(8, 4, dead ? DEAD_INK : ARREST_BLUE, dead ? DEAD_TILE : PAPER));
  if (m.latest) parts.push(rect(2, 2, TILE_W - 4, TILE_H - 4, { fill: 'none', radius: 10, stroke: THEME.highlight, strokeWidth: 4 }));
  const inset = m.latest ? 6 : 0;
  if (m.own === 'self') parts.push(rect(inset + 3, inset + 3, TILE_W - 2 * inset - 6, TILE_H - 2 * inset - 6, { fill: 'none', radius: 9, stroke: THEME.you, strokeWidth: 6 }));
  if (m.own === 'hand') parts.push(rect(inset + 2.5, inset + 2.5, TILE_W - 2 * inset - 5, TILE_H - 2 * inset - 5, { fill: 'none', radius: 9, stroke: EVIDENCE_GOLD, strokeWidth: 5, dash: '10 6' }));
  if (m.revealed === 'killer' && m.own !== 'self') parts.push(rect(inset + 3, inset + 3, TILE_W - 2 * inset - 6, TILE_H - 2 * inset - 6, { fill: 'none', radius: 9, stroke: KILLER_RED, strokeWidth: 6 }));
  return piece(TILE_W, TILE_H, parts);
}

/** A row number or column letter; the last shift's line gets an arrow (gold while it is the latest change). */
function linePiece(w: number, h: number, label: string, shift: { axis: 'row' | 'col'; dir: 1 | -1; fresh: boolean } | null): Piece {
  if (!shift) return piece(w, h, textLines(w / 2, (h - lineHeight(LABEL)) / 2, [label], { size: LABEL, bold: true, fill: THEME.muted, anchor: 'middle' }));
  const colour = shift.fresh ? THEME.highlight : THEME.text;
  const parts = [rect(1, 1, w - 2, h - 2, { fill: THEME.panel, radius: 6, stroke: colour, strokeWidth: 2 })];
  if (shift.axis === 'row') {
    // The number above, a horizontal arrow below it.
    parts.push(textLines(w / 2, 6, [label], { size: LABEL, bold: true, fill: colour, anchor: 'middle' }));
    const y = h - 16;
    parts.push(shift.dir === 1 ? arrow(4, y, w - 3, y, colour, 3, 8) : arrow(w - 4, y, 3, y, colour, 3, 8));
  } else {
    // The letter, a vertical arrow beside it.
    parts.push(textLines(w / 2 - 12, (h - lineHeight(LABEL)) / 2, [label], { size: LABEL, bold: true, fill: colour, anchor: 'middle' }));
    const x = w / 2 + 14;
    parts.push(shift.dir === 1 ? arrow(x, 4, x, h - 3, colour, 3, 8) : arrow(x, h - 4, x, 3, colour, 3, 8));
  }
  return piece(w, h, parts);
}

/** An empty piece spanning a row or column of the grid: it only carries the line's key (its region, a lesson's ring). */
function spanPiece(w: number, h: number): Piece {
  return piece(w, h, '');
}

/** The grid in its current shape (labelled A.. / 1..), the last shift marked on its label. Returns its height. */
function drawGrid(scene: SceneBuilder, y: number, v: NoirPublicView, ctx: PictureContext, ownOf: (suspect: number) => OwnMark): number {
  const rows = v.grid.length;
  const cols = v.grid[0]?.length ?? 0;
  const span = cols * TILE_W + Math.max(0, cols - 1) * GAP;
  const left = GRID_X + ROW_GUTTER + Math.floor((5 * TILE_W + 4 * GAP - span) / 2);
  const tilesTop = y + COL_LABEL_H + 4;
  const cleared = new Set(v.discards);
  const arrested = new Set(v.arrests.filter((a) => !a.hit).map((a) => a.suspect));
  const latest = latestMarks(ctx.latest);
  const reveal = v.reveal;
  const ls = v.lastShift && !(v.lastShift.collapsed && v.lastShift.turn === v.turns) ? v.lastShift : null;
  const shiftOf = (axis: 'row' | 'col', index: number) => (ls && ls.axis === axis && ls.index === index ? { axis, dir: ls.dir, fresh: latest.shift } : null);
  for (let c = 0; c < cols; c++) scene.put(left + c * (TILE_W + GAP), y, linePiece(TILE_W, COL_LABEL_H, COLUMN_LETTERS[c] ?? '?', shiftOf('col', c)));
  for (let r = 0; r < rows; r++) {
    const ty = tilesTop + r * (TILE_H + GAP);
    scene.put(left - ROW_GUTTER, ty, linePiece(ROW_GUTTER - 2, TILE_H, String(r + 1), shiftOf('row', r)));
    v.grid[r]!.forEach((cell, c) => {
      const revealed: Role | null = reveal ? (cell.suspect === reveal.killerIdentity ? 'killer' : cell.suspect === reveal.inspectorIdentity ? 'inspector' : null) : null;
      const tile = tilePiece({
        cell,
        cleared: cleared.has(cell.suspect),
        arrested: arrested.has(cell.suspect),
        latest: latest.suspects.has(cell.suspect),
        own: ownOf(cell.suspect),
        revealed,
      });
      scene.put(left + c * (TILE_W + GAP), ty, tile, `cell:${cell.suspect}`);
    });
  }
  const height = COL_LABEL_H + 4 + rows * (TILE_H + GAP) - GAP;
  // A whole row or column (a shift): a lesson's note rings it (docs/lessons.md), the Activity
  // places its shift arrows beside it (docs/activity.md "Hit targets").
  for (let c = 0; c < cols; c++) scene.put(left + c * (TILE_W + GAP), tilesTop, spanPiece(TILE_W, height - COL_LABEL_H - 4), `col:${c}`);
  for (let r = 0; r < rows; r++) scene.put(left, tilesTop + r * (TILE_H + GAP), spanPiece(span, TILE_H), `row:${r}`);
  return height;
}

// ── Under the grid: the last shift in words, the canvas, the collapsed-away suspects ─────

/** A line of text with an icon at its left, in a piece across the picture. */
function iconLine(icon: string, content: string, opts: { fill?: string; bold?: boolean; size?: number } = {}): Piece {
  const size = opts.size ?? LABEL;
  const b = block(content, PANEL_W - 44, size, { bold: opts.bold });
  const h = Math.max(30, b.height + 4);
  return piece(PANEL_W, h, [icon, textLines(40, 2, b.lines, { size, fill: opts.fill, bold: opts.bold })]);
}

/** Last shift line, canvas answers, collapsed-away suspects. Returns the height. */
function drawBelowGrid(scene: SceneBuilder, y0: number, v: NoirPublicView, ctx: PictureContext, p: Pics): number {
  let y = y0;
  const put = (pc: Piece, gap = 4) => {
    scene.put(M, y, pc);
    y += pc.h + gap;
  };
  const ls = v.lastShift;
  let shiftLine = p.noShift;
  if (ls) {
    const label = ls.axis === 'row' ? String(ls.index + 1) : (COLUMN_LETTERS[ls.index] ?? '?');
    shiftLine = p.lastShift(p.shift(ls.axis, label, ls.dir), nameOf(ctx, ls.by));
  }
  put(iconLine(arrow(2, 15, 32, 15, THEME.text, 4, 12), shiftLine));
  if (ls && v.toAct !== null && (v.blockedShift || (ls.collapsed && ls.turn === v.turns))) {
    put(iconLine('', v.blockedShift ? p.blocked(nameOf(ctx, v.toAct)) : p.lapsed, { fill: THEME.muted }));
  }
  if (v.mode !== 'classic') {
    y += 6;
    put(textPiece(p.canvasHeading, PANEL_W, NAME_PX, { bold: true }));
    const shown = v.canvasses.slice(-(ctx.viewer === null ? CANVAS_SHOWN : CANVAS_SHOWN - 1));
    if (shown.length === 0) put(iconLine('', p.canvasNone, { fill: THEME.muted }));
    for (const c of shown) {
      const sentence = p.canvasItem(suspectOf(c.suspect).name, p.roleName[c.answeredBy], c.adjacent);
      put(iconLine(c.adjacent ? tick(16, 15, 22, THEME.ok, 4) : cross(16, 15, 16, THEME.danger, 4), sentence));
    }
  }
  if (v.removed.length > 0) put(textPiece(p.removed(v.removed.map((id) => suspectOf(id).name).join(', ')), PANEL_W, LABEL, { fill: THEME.muted }));
  return y - y0;
}

// ── The key ──────────────────────────────────────────────────────────────────────────────

/** The key: every symbol and frame the picture can use (`hand`: the role of a hand picture). */
function legendItems(p: Pics, hand: Role | null, revealed: boolean, over: boolean, onlooker = false): KeyItem[] {
  const tile = (cx: number, cy: number, fill: string) => rect(cx - 13, cy - 11, 26, 22, { fill, radius: 4, stroke: THEME.panelLight, strokeWidth: 1.5 });
  const frame = (cx: number, cy: number, stroke: string, width: number, dash?: string) => rect(cx - 12, cy - 10, 24, 20, { fill: 'none', radius: 5, stroke, strokeWidth: width, ...(dash ? { dash } : {}) });
  const items: KeyItem[] = [
    [(cx, cy) => tile(cx, cy, PAPER), p.legend.alive],
    [(cx, cy) => tile(cx, cy, DEAD_TILE) + cross(cx, cy, 14, DEAD_INK, 3), p.legend.dead],
    [(cx, cy) => markerMark(cx, cy, 11), p.legend.marker],
    [(cx, cy) => clearedMark(cx, cy), p.legend.cleared],
    [(cx, cy) => lockMark(Math.round(cx - 9), Math.round(cy - 11), ARREST_BLUE, PAPER), p.legend.arrested],
    [(cx, cy) => arrow(cx - 13, cy, cx + 13, cy, THEME.text, 4, 11), p.legend.shift],
    [(cx, cy) => frame(cx, cy, THEME.highlight, 4), p.legend.latest],
  ];
  if (!over) items.push([(cx, cy) => turnMark(cx, cy, 22), p.legend.turn]);
  if (hand) items.push([(cx, cy) => frame(cx, cy, THEME.you, 5), onlooker ? p.legend.identity : p.legend.you]);
  if (hand === 'inspector') items.push([(cx, cy) => frame(cx, cy, EVIDENCE_GOLD, 4, '6 4'), onlooker ? p.legend.evidenceHeld : p.legend.evidence]);
  if (revealed) {
    items.push([(cx, cy) => rect(cx - 13, cy - 10, 26, 20, { fill: PAPER, radius: 4 }) + rect(cx - 13, cy + 3, 26, 7, { fill: KILLER_RED }), p.roleName.killer]);
    items.push([(cx, cy) => rect(cx - 13, cy - 10, 26, 20, { fill: PAPER, radius: 4 }) + rect(cx - 13, cy + 3, 26, 7, { fill: INSPECTOR_BLUE }), p.roleName.inspector]);
  }
  return items;
}

// ── The hand's cards ─────────────────────────────────────────────────────────────────────

/** A suspect card `w` px wide: caption, name, where it stands; `h` (at least the content's) px tall. */
function cardPiece(w: number, h: number, c: HandCard): Piece {
  const parts = [rect(2.5, 2.5, w - 5, h - 5, { fill: PAPER, radius: 12, stroke: c.style === 'self' ? THEME.you : EVIDENCE_GOLD, strokeWidth: 5, dash: c.style === 'hand' ? '10 6' : undefined })];
  const b = cardBlocks(w, c);
  let y = (h - b.caption.height - b.name.height - b.where.height - (c.fresh ? b.fresh!.height + 4 : 0)) / 2;
  if (c.fresh) {
    const fw = Math.ceil(b.fresh!.width) + 16;
    parts.push(rect((w - fw) / 2, y, fw, b.fresh!.height, { fill: THEME.highlight, radius: 8 }));
    parts.push(textLines(w / 2, y, b.fresh!.lines, { size: LABEL, bold: true, fill: INK, anchor: 'middle' }));
    y += b.fresh!.height + 4;
  }
  parts.push(textLines(w / 2, y, b.caption.lines, { size: LABEL, fill: '#4a4a4a', anchor: 'middle' }));
  y += b.caption.height;
  parts.push(textLines(w / 2, y, b.name.lines, { size: b.name.size, bold: true, fill: INK, anchor: 'middle' }));
  y += b.name.height;
  parts.push(textLines(w / 2, y, b.where.lines, { size: LABEL, fill: '#4a4a4a', anchor: 'middle' }));
  return piece(w, h, parts);
}

interface HandCard {
  suspect: number;
  caption: string;
  where: string;
  style: 'self' | 'hand' | 'choose';
  fresh: string | null;
}

function cardBlocks(w: number, c: HandCard) {
  const inner = w - 20;
  return {
    caption: block(c.caption, inner, LABEL),
    name: block(suspectOf(c.suspect).name, inner, NAME_PX + 4, { bold: true, minSize: LABEL }),
    where: block(c.where, inner, LABEL),
    fresh: c.fresh ? block(c.fresh, inner - 16, LABEL, { bold: true }) : null,
  };
}

function cardHeight(w: number, c: HandCard): number {
  const b = cardBlocks(w, c);
  return 18 + b.caption.height + b.name.height + b.where.height + (b.fresh ? b.fresh.height + 4 : 0) + 2;
}

function whereOf(v: NoirPublicView, p: Pics, suspect: number): string {
  const c = coordOf(v.grid, suspect);
  return c ? p.at(c) : p.gone;
}

/** Names of suspects matching `pred`, comma-separated. */
function namesWhere(v: NoirPublicView, pred: (cell: Cell) => boolean): string {
  return v.grid
    .flat()
    .filter(pred)
    .map((cell) => suspectOf(cell.suspect).name)
    .join(', ');
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
  // The reveal, unless the latest events (the game's end) just said it.
  if (v.reveal && !ctx.latest.some((e) => e.type === 'gameOver')) {
    const insp = v.reveal.inspectorIdentity === null ? noirText(ctx.t).none : suspectOf(v.reveal.inspectorIdentity).name;
    out.push(p.altReveal(suspectOf(v.reveal.killerIdentity).name, insp));
  }
  const marked = namesWhere(v, (c) => c.alive && (c.marker || v.discards.includes(c.suspect)));
  if (marked) out.push(p.altMarked(marked));
  const arrested = v.arrests.filter((a) => !a.hit).map((a) => suspectOf(a.suspect).name);
  if (arrested.length) out.push(p.altArrested(arrested.join(', ')));
  const dead = namesWhere(v, (c) => !c.alive);
  if (dead) out.push(p.altDead(dead));
  return out;
}

/** The top of every picture: status (who acts, the turn and mode), the two seats, the counters. Returns y below. */
function drawTop(scene: SceneBuilder, v: NoirPublicView, ctx: PictureContext, p: Pics): number {
  let y = M;
  y += statusBanner(scene, y, statusText(v, ctx, p), headerText(v, ctx, p)) + 8;
  y += drawSeats(scene, y, v, ctx, p) + 8;
  return y;
}

function finish(scene: SceneBuilder, y: number, ctx: PictureContext, alt: string): Picture {
  const built = scene.finish(y, ctx.highlight);
  return { svg: sceneSvg(built), width: W, height: built.height, alt, scene: built };
}

/** The public board (rules §2.8 "Public"): status, seats, counters, grid, last shift, canvas, key. */
function board(v: NoirPublicView, ctx: PictureContext): Picture {
  const p = picsOf(ctx);
  const scene = new SceneBuilder(W);
  let y = drawTop(scene, v, ctx, p);
  y += drawCounters(scene, y, v, p) + 8;
  y += drawGrid(scene, y, v, ctx, () => null) + 10;
  y += drawBelowGrid(scene, y, v, ctx, p) + 6;
  y += keyPanel(scene, y, p.legendHeading, legendItems(p, null, v.reveal !== null, v.phase === 'over')) + M;
  return finish(scene, y, ctx, altText([p.altBoard(headerText(v, ctx, p)), ...commonAlt(v, ctx, p)]));
}

/**
 * One seat's picture (rules §2.8 "Private"): status and seats, own cards as cards (three to a
 * row), the Killer's disguise draws or the Inspector's empty hand, counters, then the grid with
 * the cards framed. Shown to an onlooker (a review), it names the seat, never "you".
 */
function hand(v: NoirSeatView, ctx: PictureContext): Picture {
  const p = picsOf(ctx);
  const onlooker = ctx.onlooker === true;
  const who = nameOf(ctx, v.seat);
  const scene = new SceneBuilder(W);
  let y = drawTop(scene, v, ctx, p);
  const cards: HandCard[] = [];
  if (v.identity !== null) cards.push({ suspect: v.identity, caption: onlooker ? p.identityOf(who) : p.identityCard, where: whereOf(v, p, v.identity), style: 'self', fresh: null });
  if (v.role === 'inspector') {
    for (const card of v.hand) {
      const choosing = v.identity === null;
      cards.push({ suspect: card, caption: choosing ? (onlooker ? p.chooseOf : p.chooseCard) : p.evidenceCard, where: whereOf(v, p, card), style: choosing ? 'choose' : 'hand', fresh: v.drawn === card ? p.newCard : null });
    }
  }
  const perRow = Math.min(3, Math.max(1, cards.length));
  const cardGap = 8;
  const cardW = Math.floor((PANEL_W - (perRow - 1) * cardGap) / perRow);
  for (let start = 0; start < cards.length; start += perRow) {
    const row = cards.slice(start, start + perRow);
    const h = Math.max(...row.map((c) => cardHeight(cardW, c)));
    row.forEach((c, i) => scene.put(M + i * (cardW + cardGap), y, cardPiece(cardW, h, c), `hand:${c.suspect}`));
    y += h + 8;
  }
  // The Killer's disguise draws so far, or the Inspector's empty hand.
  let side = '';
  if (v.role === 'inspector' && v.identity !== null && v.hand.length === 0) side = onlooker ? p.handEmptyOf(who) : p.handEmpty;
  if (v.role === 'killer' && v.draws.length > 0) side = p.draws(v.draws.map((d) => p.drawItem(suspectOf(d.suspect).name, d.alive)).join(', '));
  if (side) {
    const b = block(side, PANEL_W - 28, LABEL);
    const h = b.height + 20;
    scene.put(M, y, piece(PANEL_W, h, [rect(0, 0, PANEL_W, h, { fill: THEME.panel, radius: 14 }), textLines(14, 10, b.lines, { size: LABEL, fill: THEME.muted })]));
    y += h + 8;
  }
  y += drawCounters(scene, y, v, p) + 8;
  const handSet = new Set(v.role === 'inspector' ? v.hand : []);
  const ownOf = (suspect: number): OwnMark => (suspect === v.identity ? 'self' : handSet.has(suspect) ? 'hand' : null);
  y += drawGrid(scene, y, v, ctx, ownOf) + 10;
  y += drawBelowGrid(scene, y, v, ctx, p) + 6;
  y += keyPanel(scene, y, p.legendHeading, legendItems(p, v.role, v.reveal !== null, v.phase === 'over', onlooker)) + M;
  const alt: string[] = [];
  const role = p.roleName[v.role];
  if (onlooker) {
    if (v.identity === null) alt.push(p.altHandOfUnchosen(who, role, v.hand.map((c) => suspectOf(c).name).join(', ')));
    else alt.push(p.altHandOf(who, role, suspectOf(v.identity).name, whereOf(v, p, v.identity)));
    if (v.role === 'inspector' && v.identity !== null) alt.push(p.altHandOfCards(who, v.hand.length ? v.hand.map((c) => suspectOf(c).name).join(', ') : noirText(ctx.t).none));
  } else if (v.role === 'killer') alt.push(p.altHandKiller(suspectOf(v.identity ?? 0).name, whereOf(v, p, v.identity ?? 0)));
  else if (v.identity === null) alt.push(p.altHandInspectorUnchosen(v.hand.map((c) => suspectOf(c).name).join(', ')));
  else {
    alt.push(p.altHandInspector(suspectOf(v.identity).name, whereOf(v, p, v.identity)));
    alt.push(p.altHand(v.hand.length ? v.hand.map((c) => suspectOf(c).name).join(', ') : noirText(ctx.t).none));
  }
  return finish(scene, y, ctx, altText([...alt, ...commonAlt(v, ctx, p)]));
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
