/**
 * NOIR: Killer vs. Inspector — the compact simulation model for the Hard level's
 * information-set search (src/games/sim-model.ts, src/bots/ismcts.ts): the rules of
 * moves.ts (docs/rules/noir.md §2.3–§2.11, all three modes, both roles) on a small mutable
 * state of typed arrays, with actions as small integers, plus the public knowledge both roles
 * track (bot.ts `fold`: who the Killer and the Inspector can still be), so the playout
 * heuristics and the evaluation decide from each role's own knowledge without rebuilding
 * seat views.
 *
 * test/games/noir/model.test.ts plays thousands of random positions on the engine and on
 * this model side by side: same legal action codes in the same order, same seat to act, same
 * observations (derived from the engine's events each seat sees) and the same result.
 *
 * Hidden information: a model is built from a *sampled* state (bot.ts `determinizeNoir`) and
 * the searcher's knowledge; each role's playout and evaluation read the public candidate
 * sets and that role's own secrets only (never the other role's identity).
 * Pure: no clock, no I/O; no randomness but the `Rng` passed in.
 */
import type { Seat } from '../engine.js';
import type { Knowledge } from '../bot.js';
import type { SimModel } from '../sim-model.js';
import * as rules from './rules.js';
import type { NoirState } from './rules.js';
import type { NoirKnowledge } from './knowledge.js';

// ── Actions as integers ─────────────────────────────────────────────────────────────────

// The house rules (rules.ts), copied into module constants: read on every simulated action.
const ACTION_CAP = rules.ACTION_CAP;
const CANVAS_ANSWER_WHEN_REMOVED = rules.CANVAS_ANSWER_WHEN_REMOVED;
const CITIZENS_ARREST_NEEDS_DECK = rules.CITIZENS_ARREST_NEEDS_DECK;
const GRID_SIZE = rules.GRID_SIZE;
const NO_UNDO_LAPSES_ON_COLLAPSE = rules.NO_UNDO_LAPSES_ON_COLLAPSE;
const SUSPECT_COUNT = rules.SUSPECT_COUNT;
const VICTIM_CHOOSABLE_AS_IDENTITY = rules.VICTIM_CHOOSABLE_AS_IDENTITY;

/** Kill `suspect` (§2.5): `KILL + suspect`. */
export const KILL = 0;
/** Choose identity (§2.3): `CHOOSE + suspect`. */
export const CHOOSE = 32;
/** Arrest (§2.5): `ARREST + suspect`. */
export const ARREST = 64;
/** Discard for Exonerate (§2.5): `DISCARD + suspect`. */
export const DISCARD = 96;
/** Disguise (§2.5). */
export const DISGUISE = 128;
/** Exonerate, the draw (§2.5). */
export const EXONERATE = 129;
/** Shift (§2.5): `SHIFT + axis·32 + index·2 + (dir = 1 ? 0 : 1)`, axis 0 = row, 1 = column. */
export const SHIFT = 256;
/** Citizen's arrest (§2.7): `CITIZEN + discard·32 + target`. */
export const CITIZEN = 1024;

/** Phases (rules.ts `Phase`). */
const FIRST_KILL = 0;
const CHOOSE_IDENTITY = 1;
const PLAY = 2;
const DISCARD_PHASE = 3;
const OVER = 4;
/** Roles. */
const KILLER = 0;
const INSPECTOR = 1;
/** Modes (rules.ts `MODES`). */
const CLASSIC = 0;
const CITIZENS = 2;

/** Grid cells are stored row-major with a fixed stride (the grid only ever shrinks from 5×5). */
const STRIDE = GRID_SIZE;

/** The model state (mutable; `cloneModel` copies it). */
export interface NoirModel {
  mode: number;
  killTarget: number;
  disguiseKills: boolean;
  killerSeat: Seat;
  inspectorSeat: Seat;
  rows: number;
  cols: number;
  /** Suspect at row r, column c: `cell[r * STRIDE + c]`. */
  cell: Int8Array;
  /** Row and column of each suspect, −1 once collapsed away. */
  rowOf: Int8Array;
  colOf: Int8Array;
  alive: Uint8Array;
  marker: Uint8Array;
  deaths: number;
  /** Deck, top card at `deckTop`. */
  deck: Int8Array;
  deckTop: number;
  deckEnd: number;
  hand: number[];
  drawn: number;
  killerId: number;
  /** −1 until chosen. */
  inspectorId: number;
  phase: number;
  /** Role to act in `PLAY`. */
  turn: number;
  turns: number;
  /** The last shift (`SHIFT` code part without the base), its `turn`, and whether it collapsed; −1 when none. */
  lastShiftAxis: number;
  lastShiftIndex: number;
  lastShiftDir: number;
  lastShiftTurn: number;
  lastShiftCollapsed: boolean;
  /** 0 Killer, 1 Inspector, −1 none yet, 2 draw (the cap). */
  winner: number;
  /** Public knowledge (bot.ts `fold`): suspects the Killer / the Inspector can still be. */
  killerCands: Uint8Array;
  inspectorCands: Uint8Array;
  /** Discarded evidence (public) and the Killer's own cards (identity history, draws). */
  discarded: Uint8Array;
  killerSeen: Uint8Array;
  /** Observation parts of the last `apply` (what every seat learns, and the private part). */
  lastPublic: string;
  lastPrivate: string;
}

function modeIndex(mode: string): number {
  return mode === 'classic' ? 0 : mode === 'standard' ? 1 : 2;
}

const PHASES = ['firstKill', 'chooseIdentity', 'play', 'discard', 'over'];

/**
 * A model of `s`. `k`, when given, is the searcher's knowledge (its public candidate sets);
 * otherwise every suspect is a candidate (a state seen from nowhere, as in the tests).
 */
export function noirModelOf(s: NoirState, k?: Knowledge): NoirModel {
  const cell = new Int8Array(STRIDE * STRIDE).fill(-1);
  const rowOf = new Int8Array(SUSPECT_COUNT).fill(-1);
  const colOf = new Int8Array(SUSPECT_COUNT).fill(-1);
  const alive = new Uint8Array(SUSPECT_COUNT);
  const marker = new Uint8Array(SUSPECT_COUNT);
  let deaths = s.removed.length;
  s.grid.forEach((row, r) =>
    row.forEach((c, col) => {
      cell[r * STRIDE + col] = c.suspect;
      rowOf[c.suspect] = r;
      colOf[c.suspect] = col;
      alive[c.suspect] = c.alive ? 1 : 0;
      marker[c.suspect] = c.marker ? 1 : 0;
      if (!c.alive) deaths++;
    }),
  );
  const deck = new Int8Array(SUSPECT_COUNT);
  s.deck.forEach((c, i) => (deck[i] = c));
  const known = k as NoirKnowledge | undefined;
  const killerCands = new Uint8Array(SUSPECT_COUNT).fill(1);
  const inspectorCands = new Uint8Array(SUSPECT_COUNT).fill(1);
  if (known?.killerCands) known.killerCands.forEach((b, i) => (killerCands[i] = b ? 1 : 0));
  if (known?.inspectorCands) known.inspectorCands.forEach((b, i) => (inspectorCands[i] = b ? 1 : 0));
  const discarded = new Uint8Array(SUSPECT_COUNT);
  for (const d of s.discards) discarded[d] = 1;
  const killerSeen = new Uint8Array(SUSPECT_COUNT);
  killerSeen[s.killerIdentity] = 1;
  for (const d of s.killerDraws) killerSeen[d.suspect] = 1;
  const last = s.lastShift;
  return {
    mode: modeIndex(s.options.mode),
    killTarget: s.options.killTarget,
    disguiseKills: s.options.disguiseKillsOldIdentity,
    killerSeat: s.killerSeat,
    inspectorSeat: s.inspectorSeat,
    rows: s.grid.length,
    cols: s.grid[0]?.length ?? 0,
    cell,
    rowOf,
    colOf,
    alive,
    marker,
    deaths,
    deck,
    deckTop: 0,
    deckEnd: s.deck.length,
    hand: [...s.hand],
    drawn: s.drawn ?? -1,
    killerId: s.killerIdentity,
    inspectorId: s.inspectorIdentity ?? -1,
    phase: PHASES.indexOf(s.phase),
    turn: s.turn === 'killer' ? KILLER : INSPECTOR,
    turns: s.turns,
    lastShiftAxis: last ? (last.axis === 'row' ? 0 : 1) : -1,
    lastShiftIndex: last?.index ?? -1,
    lastShiftDir: last?.dir ?? 0,
    lastShiftTurn: last?.turn ?? -1,
    lastShiftCollapsed: last?.collapsed ?? false,
    winner: s.phase === 'over' ? (s.winner === 'killer' ? KILLER : s.winner === 'inspector' ? INSPECTOR : 2) : -1,
    killerCands,
    inspectorCands,
    discarded,
    killerSeen,
    lastPublic: '',
    lastPrivate: '',
  };
}

/** An independent copy of `m`. */
export function cloneModel(m: NoirModel): NoirModel {
  return {
    ...m,
    cell: m.cell.slice(),
    rowOf: m.rowOf.slice(),
    colOf: m.colOf.slice(),
    alive: m.alive.slice(),
    marker: m.marker.slice(),
    deck: m.deck.slice(),
    hand: m.hand.slice(),
    killerCands: m.killerCands.slice(),
    inspectorCands: m.inspectorCands.slice(),
    discarded: m.discarded.slice(),
    killerSeen: m.killerSeen.slice(),
  };
}

// ── Rules ───────────────────────────────────────────────────────────────────────────────

/** The role to act (§2.3), or −1 when over. */
function actingRole(m: NoirModel): number {
  switch (m.phase) {
    case FIRST_KILL:
      return KILLER;
    case CHOOSE_IDENTITY:
    case DISCARD_PHASE:
      return INSPECTOR;
    case PLAY:
      return m.turn;
    default:
      return -1;
  }
}

/** True when `a` and `b` are both on the grid and neighbours (§2.4). */
function near(m: NoirModel, a: number, b: number): boolean {
  if (a === b) return false;
  const ra = m.rowOf[a]!;
  const rb = m.rowOf[b]!;
  if (ra < 0 || rb < 0) return false;
  return Math.abs(ra - rb) <= 1 && Math.abs(m.colOf[a]! - m.colOf[b]!) <= 1;
}

/** Living neighbours of `suspect` in reading order (§2.4), appended to `out`. */
function livingAround(m: NoirModel, suspect: number, out: number[]): number[] {
  const r0 = m.rowOf[suspect]!;
  if (r0 < 0) return out;
  const c0 = m.colOf[suspect]!;
  const lastRow = Math.min(r0 + 1, m.rows - 1);
  const lastCol = Math.min(c0 + 1, m.cols - 1);
  for (let r = Math.max(r0 - 1, 0); r <= lastRow; r++) {
    for (let c = Math.max(c0 - 1, 0); c <= lastCol; c++) {
      if (r === r0 && c === c0) continue;
      const x = m.cell[r * STRIDE + c]!;
      if (m.alive[x]) out.push(x);
    }
  }
  return out;
}

/** The shift the no-undo rule forbids now (§2.5), as a `SHIFT` code, or −1. */
function blockedShift(m: NoirModel): number {
  if (m.lastShiftTurn !== m.turns || m.lastShiftAxis < 0) return -1;
  if (m.lastShiftCollapsed && NO_UNDO_LAPSES_ON_COLLAPSE) return -1;
  const length = m.lastShiftAxis === 0 ? m.cols : m.rows;
  const dir = length === 2 ? 1 : -m.lastShiftDir;
  return SHIFT + m.lastShiftAxis * 32 + m.lastShiftIndex * 2 + (dir === 1 ? 0 : 1);
}

/** The legal actions of the role to act, in the engine's panel order (moves.ts `legalNoir`). */
function legalOf(m: NoirModel, seat: Seat): number[] {
  const out: number[] = [];
  const role = actingRole(m);
  if (role < 0 || seat !== (role === KILLER ? m.killerSeat : m.inspectorSeat)) return out;
  switch (m.phase) {
    case FIRST_KILL:
      for (const x of livingAround(m, m.killerId, [])) out.push(KILL + x);
      return out;
    case CHOOSE_IDENTITY:
      for (const x of m.hand) if (VICTIM_CHOOSABLE_AS_IDENTITY || (m.rowOf[x]! >= 0 && m.alive[x])) out.push(CHOOSE + x);
      return out;
    case DISCARD_PHASE:
      for (const x of m.hand) out.push(DISCARD + x);
      return out;
  }
  const blocked = blockedShift(m);
  for (let axis = 0; axis < 2; axis++) {
    const length = axis === 0 ? m.cols : m.rows;
    if (length < 2) continue;
    const lines = axis === 0 ? m.rows : m.cols;
    for (let index = 0; index < lines; index++) {
      const up = SHIFT + axis * 32 + index * 2;
      if (up !== blocked) out.push(up);
      if (length !== 2 && up + 1 !== blocked) out.push(up + 1);
    }
  }
  if (role === KILLER) {
    for (const x of livingAround(m, m.killerId, [])) out.push(KILL + x);
    if (m.deckEnd > m.deckTop) out.push(DISGUISE);
    return out;
  }
  for (const x of livingAround(m, m.inspectorId, [])) out.push(ARREST + x);
  out.push(ARREST + m.inspectorId);
  const deck = m.deckEnd - m.deckTop;
  if (deck > 0) out.push(EXONERATE);
  if (m.mode === CITIZENS && (!CITIZENS_ARREST_NEEDS_DECK || deck > 0)) {
    const around: number[] = [];
    for (const d of m.hand) {
      if (m.rowOf[d]! < 0) continue;
      around.length = 0;
      for (const t of livingAround(m, d, around)) out.push(CITIZEN + d * 32 + t);
    }
  }
  return out;
}

/** The engine's action code of `a` (codec.ts). */
export function noirCode(a: number): string {
  if (a >= CITIZEN) return `c:${(a - CITIZEN) >> 5}:${(a - CITIZEN) & 31}`;
  if (a >= SHIFT) {
    const p = a - SHIFT;
    return `s:${p >> 5 ? 'c' : 'r'}:${(p & 31) >> 1}:${p & 1 ? -1 : 1}`;
  }
  if (a === DISGUISE) return 'd';
  if (a === EXONERATE) return 'e';
  if (a >= DISCARD) return `x:${a - DISCARD}`;
  if (a >= ARREST) return `a:${a - ARREST}`;
  if (a >= CHOOSE) return `i:${a - CHOOSE}`;
  return `k:${a}`;
}

/** Rebuild the cell index from the grid lines after a shift of one line. */
function shiftLine(m: NoirModel, axis: number, index: number, dir: number): void {
  if (axis === 0) {
    const n = m.cols;
    const base = index * STRIDE;
    const tmp = new Array<number>(n);
    for (let i = 0; i < n; i++) tmp[i] = m.cell[base + ((i - dir + n) % n)]!;
    for (let i = 0; i < n; i++) {
      m.cell[base + i] = tmp[i]!;
      m.colOf[tmp[i]!] = i;
    }
  } else {
    const n = m.rows;
    const tmp = new Array<number>(n);
    for (let i = 0; i < n; i++) tmp[i] = m.cell[((i - dir + n) % n) * STRIDE + index]!;
    for (let i = 0; i < n; i++) {
      m.cell[i * STRIDE + index] = tmp[i]!;
      m.rowOf[tmp[i]!] = i;
    }
  }
}

/** §2.10 collapse: remove every all-deceased row and column until none is left; true when something went. */
function collapse(m: NoirModel): boolean {
  let any = false;
  for (;;) {
    const keepRow: boolean[] = [];
    const keepCol: boolean[] = [];
    let drop = false;
    for (let r = 0; r < m.rows; r++) {
      let live = false;
      for (let c = 0; c < m.cols && !live; c++) if (m.alive[m.cell[r * STRIDE + c]!]) live = true;
      keepRow.push(live);
      if (!live) drop = true;
    }
    for (let c = 0; c < m.cols; c++) {
      let live = false;
      for (let r = 0; r < m.rows && !live; r++) if (m.alive[m.cell[r * STRIDE + c]!]) live = true;
      keepCol.push(live);
      if (!live) drop = true;
    }
    if (!drop) return any;
    any = true;
    const cell = new Int8Array(STRIDE * STRIDE).fill(-1);
    let nr = 0;
    let nc = 0;
    for (let r = 0; r < m.rows; r++) {
      if (!keepRow[r]) {
        for (let c = 0; c < m.cols; c++) m.rowOf[m.cell[r * STRIDE + c]!] = -1;
        continue;
      }
      nc = 0;
      for (let c = 0; c < m.cols; c++) {
        const x = m.cell[r * STRIDE + c]!;
        if (!keepCol[c]) {
          m.rowOf[x] = -1;
          continue;
        }
        cell[nr * STRIDE + nc] = x;
        nc++;
      }
      nr++;
    }
    for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) {
      const x = m.cell[r * STRIDE + c]!;
      if (m.rowOf[x]! < 0) m.colOf[x] = -1;
    }
    m.cell = cell;
    m.rows = nr;
    m.cols = nr === 0 ? 0 : nc;
    if (m.rows === 0 || m.cols === 0) {
      m.rows = 0;
      m.cols = 0;
      return true;
    }
    for (let r = 0; r < m.rows; r++)
      for (let c = 0; c < m.cols; c++) {
        const x = cell[r * STRIDE + c]!;
        m.rowOf[x] = r;
        m.colOf[x] = c;
      }
  }
}

/** §2.11 the kill target; true when the game ended. */
function checkKillTarget(m: NoirModel): boolean {
  if (m.phase === OVER) return true;
  if (m.deaths < m.killTarget) return false;
  finish(m, KILLER);
  return true;
}

function finish(m: NoirModel, winner: number): void {
  m.winner = winner;
  m.phase = OVER;
  m.drawn = -1;
}

/** Close the turn (moves.ts `endTurn`): the 200-action cap (§2.11), else hand over. */
function endTurn(m: NoirModel): void {
  m.turns++;
  if (m.turns >= ACTION_CAP) {
    finish(m, 2);
    return;
  }
  m.turn = m.turn === KILLER ? INSPECTOR : KILLER;
  m.phase = m.inspectorId < 0 ? CHOOSE_IDENTITY : PLAY;
}

/** Public knowledge of a canvas answer around `around` (bot.ts `fold` 'canvas'). */
function foldCanvas(m: NoirModel, set: Uint8Array, around: number, adjacent: boolean): void {
  if (m.rowOf[around]! < 0) return;
  for (let x = 0; x < SUSPECT_COUNT; x++) if (set[x] && near(m, x, around) !== adjacent) set[x] = 0;
}

/** A card discarded face up (bot.ts `fold` 'exonerate'/'citizen'/'disguise'): cleared from both sets. */
function foldDiscard(m: NoirModel, card: number): void {
  m.discarded[card] = 1;
  m.killerCands[card] = 0;
  m.inspectorCands[card] = 0;
}

/** Put an evidence card face up; canvassing modes mark a living suspect (§2.6). */
function discardPublicly(m: NoirModel, card: number): boolean {
  foldDiscard(m, card);
  if (m.mode === CLASSIC || m.rowOf[card]! < 0 || !m.alive[card]) return false;
  m.marker[card] = 1;
  return true;
}

/** §2.5 / §2.7 an arrest of `target`. */
function arrest(m: NoirModel, target: number, citizen: boolean): void {
  const hit = target === m.killerId;
  m.lastPublic += hit ? '/h' : '/m';
  if (!hit) m.killerCands[target] = 0;
  if (!citizen) for (let x = 0; x < SUSPECT_COUNT; x++) if (m.inspectorCands[x] && x !== target && !near(m, x, target)) m.inspectorCands[x] = 0;
  if (hit) finish(m, INSPECTOR);
  else endTurn(m);
}

function removeFromHand(m: NoirModel, card: number): void {
  const i = m.hand.indexOf(card);
  if (i >= 0) m.hand.splice(i, 1);
}

/** Apply `a` (legal) for the role to act. */
function applyAction(m: NoirModel, a: number): void {
  m.lastPrivate = '';
  m.lastPublic = '';
  if (a >= CITIZEN) {
    const card = (a - CITIZEN) >> 5;
    const target = (a - CITIZEN) & 31;
    removeFromHand(m, card);
    discardPublicly(m, card);
    arrest(m, target, true);
    return;
  }
  if (a >= SHIFT) {
    const p = a - SHIFT;
    const axis = p >> 5;
    const index = (p & 31) >> 1;
    const dir = p & 1 ? -1 : 1;
    shiftLine(m, axis, index, dir);
    const collapsed = collapse(m);
    m.lastShiftAxis = axis;
    m.lastShiftIndex = index;
    m.lastShiftDir = dir;
    m.lastShiftTurn = m.turns + 1;
    m.lastShiftCollapsed = collapsed;
    endTurn(m);
    return;
  }
  if (a === DISGUISE) {
    const drawn = m.deck[m.deckTop++]!;
    m.killerSeen[drawn] = 1;
    const living = m.rowOf[drawn]! >= 0 && m.alive[drawn] === 1;
    m.lastPrivate = `:${drawn}`;
    if (living) {
      const old = m.killerId;
      m.killerId = drawn;
      foldDiscard(m, old);
      let effect = 'n';
      if (m.mode !== CLASSIC) {
        m.marker[old] = 1;
        effect = 'm';
      } else if (m.disguiseKills) {
        m.alive[old] = 0;
        m.deaths++;
        effect = 'k';
      }
      m.lastPublic = `/${old}:${effect}`;
      // bot.ts freshKillerCands: living suspects whose card was not discarded.
      for (let x = 0; x < SUSPECT_COUNT; x++) m.killerCands[x] = m.rowOf[x]! >= 0 && m.alive[x] && !m.discarded[x] ? 1 : 0;
      collapse(m);
    } else {
      foldDiscard(m, drawn);
      m.lastPublic = `/${drawn}:n`;
    }
    if (checkKillTarget(m)) return;
    endTurn(m);
    return;
  }
  if (a === EXONERATE) {
    const drawn = m.deck[m.deckTop++]!;
    m.hand.push(drawn);
    m.drawn = drawn;
    m.phase = DISCARD_PHASE;
    m.lastPrivate = `/${drawn}`;
    return;
  }
  if (a >= DISCARD) {
    const card = a - DISCARD;
    removeFromHand(m, card);
    m.drawn = -1;
    discardPublicly(m, card);
    if (m.mode !== CLASSIC) {
      const adjacent = m.rowOf[card]! >= 0 ? near(m, m.killerId, card) : CANVAS_ANSWER_WHEN_REMOVED;
      m.lastPublic = adjacent ? '/1' : '/0';
      foldCanvas(m, m.killerCands, card, adjacent);
    }
    endTurn(m);
    return;
  }
  if (a >= ARREST) {
    arrest(m, a - ARREST, false);
    return;
  }
  if (a >= CHOOSE) {
    const x = a - CHOOSE;
    m.inspectorId = x;
    removeFromHand(m, x);
    endTurn(m);
    return;
  }
  // Kill (§2.5; the forced first kill, §2.3).
  const victim = a;
  for (let x = 0; x < SUSPECT_COUNT; x++) if (m.killerCands[x] && !near(m, x, victim)) m.killerCands[x] = 0;
  m.inspectorCands[victim] = 0;
  m.alive[victim] = 0;
  m.deaths++;
  if (m.inspectorId === victim) {
    finish(m, KILLER);
    return;
  }
  if (m.mode !== CLASSIC && m.marker[victim] && m.inspectorId >= 0) {
    const adjacent = near(m, m.inspectorId, victim);
    m.lastPublic = adjacent ? '/1' : '/0';
    foldCanvas(m, m.inspectorCands, victim, adjacent);
  }
  collapse(m);
  if (checkKillTarget(m)) return;
  endTurn(m);
}

// ── Heuristics for playouts and the evaluation ───────────────────────────────────────────

/** Chance a playout of style 0 plays a uniformly random legal action. */
const PLAYOUT_NOISE = 0.05;

/** Suspects the Inspector may think the Killer is: public candidates, alive, not its own cards. */
function killerCandsForInspector(m: NoirModel, out: number[]): number[] {
  for (let x = 0; x < SUSPECT_COUNT; x++) {
    if (!m.killerCands[x] || !m.alive[x] || m.rowOf[x]! < 0 || x === m.inspectorId) continue;
    if (m.hand.includes(x)) continue;
    out.push(x);
  }
  return out;
}

/** Suspects the Killer may think the Inspector is: public candidates, alive, not the Killer's own cards. */
function inspectorCandsForKiller(m: NoirModel, out: number[]): number[] {
  for (let x = 0; x < SUSPECT_COUNT; x++) {
    if (!m.inspectorCands[x] || !m.alive[x] || m.rowOf[x]! < 0 || m.killerSeen[x] || x === m.killerId) continue;
    out.push(x);
  }
  return out;
}

function countNear(m: NoirModel, list: readonly number[], suspect: number): number {
  let n = 0;
  for (const x of list) if (near(m, x, suspect)) n++;
  return n;
}

/**
 * The preferred actions of the role to act among `legal` under playout `style` (the choice is
 * uniform among them): 0 the heuristic below, 2 an aggressive variant (the Killer always
 * kills, the Inspector arrests any reachable candidate), 3 a cautious one (the Killer
 * disguises early, the Inspector exonerates first). Style 1 (uniformly random) returns `legal`.
 *
 * Killer (§2.5): a kill that wins, else a kill of a likely Inspector identity, else a kill
 * that keeps many public candidates around the victim; a disguise once few candidates are left.
 * Inspector (§2.5–§2.7): arrest a reachable candidate when the candidates are few, else
 * exonerate (the canvas narrows them, §2.6), else a shift bringing a candidate next to it.
 */
function preferred(m: NoirModel, legal: number[], style: number): number[] {
  if (style === 1 || legal.length <= 1) return legal;
  const role = actingRole(m);
  if (m.phase === FIRST_KILL) {
    let top = -1;
    let out: number[] = [];
    for (const a of legal) {
      const n = livingAround(m, a - KILL, []).length;
      if (n > top) {
        top = n;
        out = [a];
      } else if (n === top) out.push(a);
    }
    return out;
  }
  if (m.phase === CHOOSE_IDENTITY) {
    const cands = killerCandsForInspector(m, []);
    let top = Number.POSITIVE_INFINITY;
    let out: number[] = [];
    for (const a of legal) {
      const n = countNear(m, cands, a - CHOOSE);
      if (n < top) {
        top = n;
        out = [a];
      } else if (n === top) out.push(a);
    }
    return out;
  }
  if (m.phase === DISCARD_PHASE) {
    if (m.mode === CLASSIC) return legal;
    const cands = killerCandsForInspector(m, []);
    let top = Number.POSITIVE_INFINITY;
    let out: number[] = [];
    for (const a of legal) {
      const card = a - DISCARD;
      let size = cands.length;
      if (m.rowOf[card]! >= 0 && cands.length > 0) {
        const close = countNear(m, cands, card);
        const far = cands.length - close;
        size = (close * close + far * far) / cands.length;
      }
      if (size < top - 1e-9) {
        top = size;
        out = [a];
      } else if (Math.abs(size - top) <= 1e-9) out.push(a);
    }
    return out;
  }
  const kills: number[] = [];
  const shifts: number[] = [];
  let special = -1;
  for (const a of legal) {
    if (a >= SHIFT && a < CITIZEN) shifts.push(a);
    else if (a === DISGUISE || a === EXONERATE) special = a;
  }
  if (role === KILLER) {
    for (const a of legal) if (a < CHOOSE) kills.push(a);
    if (kills.length > 0 && m.deaths + 1 >= m.killTarget) return kills;
    const inspectors = inspectorCandsForKiller(m, []);
    const publicKillers: number[] = [];
    for (let x = 0; x < SUSPECT_COUNT; x++) if (m.killerCands[x] && m.alive[x] && m.rowOf[x]! >= 0) publicKillers.push(x);
    if (kills.length > 0) {
      // A likely Inspector identity next to me: kill it.
      const hits = kills.filter((a) => inspectors.includes(a - KILL));
      if (hits.length > 0 && (style === 2 || inspectors.length <= 3)) return hits;
    }
    if (special === DISGUISE && (style === 3 ? publicKillers.length <= 4 : publicKillers.length <= 2)) return [DISGUISE];
    if (kills.length > 0) {
      if (style === 2) return kills;
      let top = -1;
      let out: number[] = [];
      for (const a of kills) {
        const n = countNear(m, publicKillers, a - KILL);
        if (n > top) {
          top = n;
          out = [a];
        } else if (n === top) out.push(a);
      }
      return out;
    }
    return shifts.length > 0 ? shifts : legal;
  }
  const cands = killerCandsForInspector(m, []);
  const n = Math.max(1, cands.length);
  const arrests: number[] = [];
  const citizens: number[] = [];
  for (const a of legal) {
    if (a >= ARREST && a < DISCARD && cands.includes(a - ARREST)) arrests.push(a);
    else if (a >= CITIZEN && cands.includes((a - CITIZEN) & 31)) citizens.push(a);
  }
  const arrestBar = style === 2 ? 8 : style === 3 ? 2 : 4;
  if (arrests.length > 0 && n <= arrestBar) return arrests;
  if (citizens.length > 0 && n <= arrestBar - 1) return citizens;
  if (special === EXONERATE && (style === 3 || m.mode !== CLASSIC || n > 6)) return [EXONERATE];
  if (arrests.length > 0 && n <= arrestBar + 2) return arrests;
  // Shifts that bring a candidate next to my identity, and keep me alive-looking.
  const me = m.inspectorId;
  const good: number[] = [];
  for (const a of shifts) {
    const p = a - SHIFT;
    const axis = p >> 5;
    const index = (p & 31) >> 1;
    // Only shifts of my own line or of a line holding a candidate can change what I reach.
    if ((axis === 0 ? m.rowOf[me] : m.colOf[me]) === index) {
      good.push(a);
      continue;
    }
    for (const c of cands)
      if ((axis === 0 ? m.rowOf[c] : m.colOf[c]) === index) {
        good.push(a);
        break;
      }
  }
  if (special === EXONERATE && good.length === 0) return [EXONERATE];
  return good.length > 0 ? good : legal;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * bot-normal.ts `evaluateNoir` on the model: the Inspector's chances grow with the kills
 * still needed and shrink with the suspects it cannot tell apart; a Killer next to the
 * Inspector's identity threatens both ways. In [0, 1] for `seat`.
 */
function evaluateModel(m: NoirModel, seat: Seat): number {
  const remaining = Math.max(0, m.killTarget - m.deaths);
  const killers = Math.max(1, killerCandsForInspector(m, []).length);
  const inspectors = Math.max(1, inspectorCandsForKiller(m, []).length);
  let p = logistic(1.2 * Math.log(remaining + 1) - 1.2 * Math.log(killers) - 0.3);
  if (m.inspectorId >= 0 && near(m, m.killerId, m.inspectorId)) {
    if (m.turn === KILLER) p *= 1 - 0.8 / inspectors;
    else p += (1 - p) * (0.8 / killers);
  }
  return seat === m.inspectorSeat ? p : 1 - p;
}

/**
 * Whether the Killer's search weighs its deals by the Inspector's past moves. Off: the
 * Inspector's past hands are unknown to the Killer (approximated by the sampled current hand),
 * and on the same 16 deals (seed 250251) the weights cost the citizens-arrest Killer 8 of 32
 * games against Normal (13 → 5; per deal −25 % [−42, −8]; docs/ai-strength.md "Likelihood
 * weights"). The Inspector's search weighs the Killer's moves (rebuilt exactly but for the
 * Killer's disguise draws).
 */
export const WEIGH_INSPECTOR_MOVES = false;

/**
 * The other role's last `limit` main moves that the searcher `k` observed (knowledge.ts
 * `NoirPastMove`), each as the model state just before it under the hidden identities of
 * `sample` (a state from `determinizeNoir(k)`): the public facts of the time (grid, markers,
 * candidate sets, discards, the blocked undo, whether the deck was empty) with the sample's
 * secrets — the Killer's identity (or the older one a later successful disguise showed), the
 * Inspector's identity and hand (the current hand plus a citizen's arrest's own discard: past
 * hands are approximated by the present one). Only the searcher's knowledge and the sample
 * are read. Empty when `k` keeps no moves.
 */
export function noirHistory(sample: NoirState, k: Knowledge, limit: number): { m: NoirModel; seat: Seat; code: string }[] {
  const moves = (k as NoirKnowledge).moves;
  if (!moves || moves.length === 0 || limit <= 0) return [];
  if ((k as NoirKnowledge).role === 'killer' && !WEIGH_INSPECTOR_MOVES) return [];
  const base = noirModelOf(sample, k);
  const out: { m: NoirModel; seat: Seat; code: string }[] = [];
  for (const past of moves.slice(-limit)) {
    const m = cloneModel(base);
    m.cell.fill(-1);
    m.rowOf.fill(-1);
    m.colOf.fill(-1);
    m.alive.fill(0);
    m.marker.fill(0);
    let living = 0;
    past.grid.forEach((row, r) =>
      row.forEach((c, col) => {
        m.cell[r * STRIDE + col] = c.suspect;
        m.rowOf[c.suspect] = r;
        m.colOf[c.suspect] = col;
        m.alive[c.suspect] = c.alive ? 1 : 0;
        m.marker[c.suspect] = c.marker ? 1 : 0;
        if (c.alive) living++;
      }),
    );
    m.rows = past.grid.length;
    m.cols = past.grid[0]?.length ?? 0;
    m.deaths = SUSPECT_COUNT - living;
    past.killerCands.forEach((b, i) => (m.killerCands[i] = b ? 1 : 0));
    past.inspectorCands.forEach((b, i) => (m.inspectorCands[i] = b ? 1 : 0));
    m.discarded.fill(0);
    for (const d of past.discards) m.discarded[d] = 1;
    m.phase = past.firstKill ? FIRST_KILL : PLAY;
    m.turn = past.role === 'killer' ? KILLER : INSPECTOR;
    m.turns = 1;
    m.lastShiftTurn = past.blocked ? 1 : -1;
    m.lastShiftAxis = past.blocked?.axis ?? -1;
    m.lastShiftIndex = past.blocked?.index ?? -1;
    m.lastShiftDir = past.blocked?.dir ?? 0;
    m.lastShiftCollapsed = past.blocked?.collapsed ?? false;
    // Only whether the deck is empty matters to the moves offered (a disguise, an exonerate).
    m.deckTop = 0;
    m.deckEnd = past.deckLeft > 0 ? Math.max(1, base.deckEnd) : 0;
    if (past.role === 'killer') {
      if (past.killerId >= 0) {
        m.killerId = past.killerId;
        m.killerSeen[past.killerId] = 1;
      }
    } else if (past.code.startsWith('c:')) {
      const card = Number(past.code.split(':')[1]);
      if (!m.hand.includes(card)) m.hand.push(card);
    }
    out.push({ m, seat: past.by, code: past.code });
  }
  return out;
}

/** The NOIR model (src/games/sim-model.ts); `fromState` takes the searcher's knowledge as its third argument. */
export const noirModel: SimModel<NoirState, NoirModel, number, Knowledge> = {
  game: 'noir',
  fromState: (state, _rng, k) => noirModelOf(state, k),
  clone: cloneModel,
  toAct: (m) => {
    const role = actingRole(m);
    return role < 0 ? [] : [role === KILLER ? m.killerSeat : m.inspectorSeat];
  },
  legal: legalOf,
  code: (_m, _seat, a) => noirCode(a),
  apply: (m, _seat, a) => applyAction(m, a),
  /**
   * What `viewer` learns of the last action: its code (the identity choice is `i` to the
   * Killer, §2.8), then the public outcome — an arrest's answer `/h` or `/m`, a canvas answer
   * `/1` or `/0` (§2.6), a disguise's shown card and effect `/<card>:<k|m|n>` (§2.5) — and the
   * actor's private part: the Killer's disguise draw `:<card>`, the Inspector's exonerate draw `/<card>`.
   */
  observe: (m, viewer, actor, a) => {
    if (a >= CHOOSE && a < ARREST && viewer !== actor) return 'i';
    return noirCode(a) + m.lastPublic + (viewer === actor ? m.lastPrivate : '');
  },
  rewards: (m) => {
    if (m.phase !== OVER) return null;
    const out = [0, 0];
    if (m.winner === 2) {
      out[0] = 0.5;
      out[1] = 0.5;
    } else out[m.winner === KILLER ? m.killerSeat : m.inspectorSeat] = 1;
    return out;
  },
  evaluate: evaluateModel,
  playout: (m, _seat, legal, rng, style) => {
    if (style === 0 && rng.int(0, 999) < PLAYOUT_NOISE * 1000) return legal[rng.int(0, legal.length - 1)]!;
    const list = preferred(m, legal, style);
    return list[rng.int(0, list.length - 1)]!;
  },
  canEnd: (m, _seat, a) => {
    if (a >= CITIZEN || (a >= ARREST && a < DISCARD)) return true;
    // A kill ends the game at the kill target, or when the victim may be the Inspector's identity (public facts only).
    if (a < CHOOSE) return m.deaths + 1 >= m.killTarget || (m.inspectorId >= 0 && m.inspectorCands[a] === 1);
    return false;
  },
  history: noirHistory,
  // What the other role's past moves are weighed on (noirHistory): the Killer's identity for
  // the Inspector; the Inspector's identity and hand for the Killer.
  historyKey: (sample, k) =>
    (k as NoirKnowledge).role === 'inspector' ? String(sample.killerIdentity) : `${sample.inspectorIdentity}|${[...sample.hand].sort((a, b) => a - b).join(',')}`,
  likelihood: (m, seat, code) => {
    const legal = legalOf(m, seat);
    if (legal.length === 0) return 1;
    const list = preferred(m, legal, 0);
    const inList = list.some((a) => noirCode(a) === code) ? 1 / list.length : 0;
    return PLAYOUT_NOISE / legal.length + (1 - PLAYOUT_NOISE) * inList;
  },
};
