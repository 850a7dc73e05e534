/**
 * NOIR — the table of moves (docs/rules/noir.md §2.3–§2.11) and what the game
 * waits for. For every action type: `check`, why it is refused now (a `NoirError`), and
 * `apply`. `legalActions` keeps the candidate moves their rule's `check` allows; `apply`
 * refuses with the same `check` (../moves.ts), so the panel and the refusals agree.
 *
 * Every check of one position shares its facts (`NoirFacts`): who may act, what this phase
 * allows, and where the acting identity sits, so each candidate's check looks at its few
 * neighbouring cells only.
 */
import type { ApplyResult, GameEvent, Pending, Seat } from '../engine.js';
import { cloneJson } from '../clone.js';
import { applyMove, checkMove, keep, openDecision, type MoveRules, type MoveTable } from '../moves.js';
import { areAdjacent, cellAt, colCount, collapse, findSuspect, rowCount, shiftGrid, type Pos } from './grid.js';
import {
  ACTION_CAP,
  CANVAS_ANSWER_WHEN_REMOVED,
  CITIZENS_ARREST_NEEDS_DECK,
  VICTIM_CHOOSABLE_AS_IDENTITY,
  type EndReason,
  type NoirAction,
  type NoirError,
  type NoirPlainErrorCode,
  type NoirState,
  type Role,
  type ShiftAction,
} from './rules.js';
import { actingRole, blockedShift, deathCount, isAlive, isCanvassing, roleOf, seatOf } from './state.js';

/** One action of type `T`. */
type Move<T extends NoirAction['type']> = Extract<NoirAction, { type: T }>;
/** A refusal, or null when the move is allowed. */
type Refusal = NoirError | null;

/**
 * Every parameterless refusal, allocated once in one object literal with a fixed shape
 * (checks run for every candidate move; a lazily filled table measured markedly slower).
 */
const REFUSED: { readonly [Code in NoirPlainErrorCode]: NoirError } = {
  'game-over': { code: 'game-over' },
  'not-seated': { code: 'not-seated' },
  'not-your-turn': { code: 'not-your-turn' },
  'must-kill-first': { code: 'must-kill-first' },
  'choose-identity-first': { code: 'choose-identity-first' },
  'discard-first': { code: 'discard-first' },
  'wrong-phase': { code: 'wrong-phase' },
  'bad-shift': { code: 'bad-shift' },
  'no-undo': { code: 'no-undo' },
  'deck-empty': { code: 'deck-empty' },
  'mode': { code: 'mode' },
  malformed: { code: 'malformed' },
};
for (const refusal of Object.values(REFUSED)) Object.freeze(refusal);
function refused(code: NoirPlainErrorCode): NoirError {
  return REFUSED[code];
}

/** A refusal naming the suspect it is about. */
function about(code: 'not-adjacent' | 'not-alive' | 'not-choosable' | 'not-in-hand' | 'not-on-grid', suspect: number): NoirError {
  return { code, params: { suspect } };
}

// ── Facts ────────────────────────────────────────────────────────────────────────────

/**
 * What the checks of one seat in one position share (../moves.ts `MoveTable.facts`):
 * - `gate`: the refusal of every move by this seat now (game over, not seated, not their
 *   turn), or null;
 * - `role`: the seat's role;
 * - `phase`: per action type, its refusal in this phase for this role (§2.3), or null;
 * - `neighbours`: the living neighbours of the acting role's identity, in reading order (the
 *   Killer's kill targets, the Inspector's arrest targets besides the identity itself, §2.5);
 * - `rows`, `cols`: the current grid's size;
 * - `blocked`: the shift the no-undo rule forbids now (§2.5), or null.
 */
export interface NoirFacts {
  gate: NoirError | null;
  role: Role | null;
  phase: PhaseGate;
  neighbours: readonly number[];
  rows: number;
  cols: number;
  blocked: ShiftAction | null;
}

/** For each action type, the refusal of that type in one phase for the role to act, or null. */
type PhaseGate = { readonly [T in NoirAction['type']]: NoirError | null };

/** A phase gate allowing `allowed` and refusing every other type with `code`. */
function phaseGate(code: NoirPlainErrorCode, ...allowed: NoirAction['type'][]): PhaseGate {
  const refusal = refused(code);
  const gate = (type: NoirAction['type']) => (allowed.includes(type) ? null : refusal);
  // One object literal (a fast, shared shape: checks read it on every candidate).
  return {
    kill: gate('kill'),
    shift: gate('shift'),
    disguise: gate('disguise'),
    choose: gate('choose'),
    arrest: gate('arrest'),
    exonerate: gate('exonerate'),
    discard: gate('discard'),
    citizen: gate('citizen'),
  };
}
/** §2.3: the forced first kill, the identity choice, the Exonerate discard, then each role's own moves. */
const FIRST_KILL = phaseGate('must-kill-first', 'kill');
const CHOOSE_IDENTITY = phaseGate('choose-identity-first', 'choose');
const DISCARD = phaseGate('discard-first', 'discard');
const KILLER_TURN = phaseGate('wrong-phase', 'kill', 'shift', 'disguise');
const INSPECTOR_TURN = phaseGate('wrong-phase', 'shift', 'arrest', 'exonerate', 'citizen');

/** The phase gate of `s` for the role to act. */
function phaseGateOf(s: NoirState): PhaseGate {
  switch (s.phase) {
    case 'firstKill':
      return FIRST_KILL;
    case 'chooseIdentity':
      return CHOOSE_IDENTITY;
    case 'discard':
      return DISCARD;
    default:
      return s.turn === 'killer' ? KILLER_TURN : INSPECTOR_TURN;
  }
}

const gated = (code: NoirPlainErrorCode): NoirFacts => Object.freeze({ gate: refused(code), role: null, phase: KILLER_TURN, neighbours: [], rows: 0, cols: 0, blocked: null });
const GAME_OVER = gated('game-over');
const NOT_SEATED = gated('not-seated');
const NOT_YOUR_TURN = gated('not-your-turn');

/** The facts of `seat` in `s`. */
function noirFacts(s: NoirState, seat: Seat): NoirFacts {
  if (s.phase === 'over') return GAME_OVER;
  const role = roleOf(s, seat);
  if (role === null) return NOT_SEATED;
  if (role !== actingRole(s)) return NOT_YOUR_TURN;
  const identity = role === 'killer' ? s.killerIdentity : s.inspectorIdentity;
  return {
    gate: null,
    role,
    phase: phaseGateOf(s),
    neighbours: livingAround(s, identity === null ? null : findSuspect(s.grid, identity), []),
    rows: rowCount(s.grid),
    cols: colCount(s.grid),
    blocked: s.phase === 'play' ? blockedShift(s) : null,
  };
}

/** True when `suspect` is one of the living cells around `at` (the 8 neighbours, no wrap, §2.4). */
function livingNeighbourOf(s: NoirState, at: Pos | null, suspect: number): boolean {
  if (at === null) return false;
  // Bounded loops: reading a row or cell outside an array is a slow property lookup.
  const lastRow = Math.min(at.row + 1, s.grid.length - 1);
  for (let row = Math.max(at.row - 1, 0); row <= lastRow; row++) {
    const cells = s.grid[row]!;
    const lastCol = Math.min(at.col + 1, cells.length - 1);
    for (let col = Math.max(at.col - 1, 0); col <= lastCol; col++) {
      const cell = cells[col]!;
      if (cell.suspect === suspect) return cell.alive && (row !== at.row || col !== at.col);
    }
  }
  return false;
}

// ── Checks ───────────────────────────────────────────────────────────────────────────

/** §2.5 Kill (and the forced first kill, §2.3): a living neighbour of the Killer's identity. */
function checkKill(s: NoirState, _seat: Seat, move: Move<'kill'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.kill ?? killPart(s, facts, move.suspect);
}
/** The part of `checkKill` about the victim: a living neighbour of the Killer's identity. */
function killPart(s: NoirState, facts: NoirFacts, suspect: number): Refusal {
  if (holdsSuspect(facts.neighbours, suspect)) return null;
  return isAlive(s, suspect) ? about('not-adjacent', suspect) : about('not-alive', suspect);
}

/** True when `suspects` holds `suspect` (a plain loop over a short list). */
function holdsSuspect(suspects: readonly number[], suspect: number): boolean {
  for (let index = 0; index < suspects.length; index++) if (suspects[index] === suspect) return true;
  return false;
}

/**
 * §2.5 Shift: each row and column of length ≥ 3 in both directions, a line of length 2 in
 * direction 1 only (both directions are the same move), a line of length 1 never; not the
 * exact reverse of the opponent's previous shift (no-undo).
 */
function checkShift(_s: NoirState, _seat: Seat, move: Move<'shift'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.shift ?? shiftPart(facts, move.axis, move.index, move.dir);
}
/** The part of `checkShift` about the line: one that can move that way, and no undo. */
function shiftPart(facts: NoirFacts, axis: ShiftAction['axis'], index: number, dir: ShiftAction['dir']): Refusal {
  // A row is as long as the grid is wide; there are as many rows as the grid is high.
  const length = axis === 'row' ? facts.cols : facts.rows;
  const lines = axis === 'row' ? facts.rows : facts.cols;
  const possible = length >= 2 && index < lines && (length !== 2 || dir === 1);
  const blocked = facts.blocked;
  const undoes = blocked !== null && blocked.axis === axis && blocked.index === index && blocked.dir === dir;
  if (possible && !undoes) return null;
  return refused(undoes ? 'no-undo' : 'bad-shift');
}

/** §2.5 Disguise draws: the evidence deck must not be empty. */
function checkDisguise(s: NoirState, _seat: Seat, _move: Move<'disguise'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.disguise ?? (s.deck.length === 0 ? refused('deck-empty') : null);
}

/** §2.5 Exonerate draws: the evidence deck must not be empty. */
function checkExonerate(s: NoirState, _seat: Seat, _move: Move<'exonerate'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.exonerate ?? (s.deck.length === 0 ? refused('deck-empty') : null);
}

/** §2.3 the Inspector's identity: one of the four cards, not a dead suspect (VICTIM_CHOOSABLE_AS_IDENTITY). */
function checkChoose(s: NoirState, _seat: Seat, move: Move<'choose'>, facts: NoirFacts): Refusal {
  const bad = facts.gate ?? facts.phase.choose;
  if (bad) return bad;
  if (!s.hand.includes(move.suspect)) return about('not-in-hand', move.suspect);
  return VICTIM_CHOOSABLE_AS_IDENTITY || isAlive(s, move.suspect) ? null : about('not-choosable', move.suspect);
}

/** §2.5 Arrest: a living neighbour of the Inspector's identity, or the identity itself. */
function checkArrest(s: NoirState, _seat: Seat, move: Move<'arrest'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.arrest ?? arrestPart(s, facts, move.suspect);
}
/** The part of `checkArrest` about the suspect: the Inspector's identity or a living neighbour of it. */
function arrestPart(s: NoirState, facts: NoirFacts, suspect: number): Refusal {
  const identity = s.inspectorIdentity;
  if (identity !== null && (suspect === identity || holdsSuspect(facts.neighbours, suspect))) return null;
  return isAlive(s, suspect) ? about('not-adjacent', suspect) : about('not-alive', suspect);
}

/** §2.5 Exonerate, second half: discard one of the hand's cards. */
function checkDiscard(s: NoirState, _seat: Seat, move: Move<'discard'>, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.discard ?? (s.hand.includes(move.suspect) ? null : about('not-in-hand', move.suspect));
}

/**
 * §2.7 Citizen's arrest (that mode only): discard a hand card still on the grid without
 * drawing — the deck must not be empty (CITIZENS_ARREST_NEEDS_DECK) — and arrest a living
 * neighbour of that suspect.
 */
function checkCitizen(s: NoirState, _seat: Seat, move: Move<'citizen'>, facts: NoirFacts): Refusal {
  const bad = citizenGate(s, facts) ?? citizenDiscardPart(s, move.discard);
  if (bad) return bad;
  return citizenTargetPart(s, findSuspect(s.grid, move.discard)!, move.target);
}
/** The gate of every citizen's arrest: the seat and phase facts, and the mode. */
function citizenGate(s: NoirState, facts: NoirFacts): Refusal {
  return facts.gate ?? facts.phase.citizen ?? (s.options.mode !== 'citizens-arrest' ? refused('mode') : null);
}
/** The part of `checkCitizen` about the discard: in hand, a deck to keep (CITIZENS_ARREST_NEEDS_DECK), still on the grid. */
function citizenDiscardPart(s: NoirState, discard: number): Refusal {
  if (!holdsSuspect(s.hand, discard)) return about('not-in-hand', discard);
  if (CITIZENS_ARREST_NEEDS_DECK && s.deck.length === 0) return refused('deck-empty');
  return findSuspect(s.grid, discard) === null ? about('not-on-grid', discard) : null;
}
/** The part of `checkCitizen` about the target: a living neighbour of the discarded suspect at `discardAt`. */
function citizenTargetPart(s: NoirState, discardAt: Pos, target: number): Refusal {
  if (livingNeighbourOf(s, discardAt, target)) return null;
  return isAlive(s, target) ? about('not-adjacent', target) : about('not-alive', target);
}

// ── Effects ──────────────────────────────────────────────────────────────────────────

/** §2.5 Kill (and the forced first kill, §2.3); the Inspector's identity killed ends the game. */
function kill(s: NoirState, seat: Seat, move: Move<'kill'>, events: GameEvent[]): void {
  const suspect = move.suspect;
  const pos = findSuspect(s.grid, suspect)!;
  const cell = cellAt(s.grid, pos);
  cell.alive = false;
  events.push({ type: 'kill', by: seat, suspect, row: pos.row, col: pos.col });
  if (s.inspectorIdentity === suspect) {
    finish(s, 'killer', 'inspector-killed', events);
    return;
  }
  if (isCanvassing(s) && cell.marker && s.inspectorIdentity !== null) {
    // §2.6 (every kill of a marked suspect): the Inspector canvasses around a marked victim, before any collapse.
    const isNeighbour = areAdjacent(s.grid, s.inspectorIdentity, suspect);
    s.canvasses.push({ suspect, answeredBy: 'inspector', adjacent: isNeighbour });
    events.push({ type: 'canvas', suspect, answeredBy: 'inspector', adjacent: isNeighbour });
  }
  runCollapse(s, events);
  if (checkKillTarget(s, events)) return;
  endTurn(s, events);
}

/** §2.5 Shift one line one step (wrap-around), then collapse; remembered for the no-undo rule. */
function shift(s: NoirState, seat: Seat, move: Move<'shift'>, events: GameEvent[]): void {
  s.grid = shiftGrid(s.grid, move.axis, move.index, move.dir);
  events.push({ type: 'shift', by: seat, axis: move.axis, index: move.index, dir: move.dir });
  const collapsed = runCollapse(s, events);
  s.lastShift = { axis: move.axis, index: move.index, dir: move.dir, by: seat, turn: s.turns + 1, collapsed };
  endTurn(s, events);
}

/** §2.5 Disguise: draw; alive → new identity (old one killed or marked per mode); dead → discarded. */
function disguise(s: NoirState, events: GameEvent[]): void {
  const drawn = s.deck.shift()!;
  const living = isAlive(s, drawn);
  s.killerDraws.push({ suspect: drawn, alive: living });
  if (living) {
    const old = s.killerIdentity;
    s.killerIdentity = drawn;
    s.discards.push(old);
    const cell = cellAt(s.grid, findSuspect(s.grid, old)!);
    let effect: 'killed' | 'marked' | 'none' = 'none';
    if (isCanvassing(s)) {
      cell.marker = true;
      effect = 'marked';
    } else if (s.options.disguiseKillsOldIdentity) {
      cell.alive = false;
      effect = 'killed';
    }
    events.push({ type: 'disguise', by: s.killerSeat, discarded: old, effect });
  } else {
    s.discards.push(drawn);
    events.push({ type: 'disguise', by: s.killerSeat, discarded: drawn, effect: 'none' });
  }
  events.push({ type: 'disguiseDraw', to: [s.killerSeat], suspect: drawn, alive: living, identity: s.killerIdentity });
  if (living) runCollapse(s, events);
  if (checkKillTarget(s, events)) return;
  endTurn(s, events);
}

/** §2.3 Inspector's identity choice after the first kill. */
function choose(s: NoirState, move: Move<'choose'>, events: GameEvent[]): void {
  s.inspectorIdentity = move.suspect;
  s.hand = s.hand.filter((card) => card !== move.suspect);
  events.push({ type: 'identityChosen', by: s.inspectorSeat });
  events.push({ type: 'identity', to: [s.inspectorSeat], suspect: move.suspect });
  endTurn(s, events);
}

/** §2.5 / §2.7 an arrest: the engine answers truthfully; a hit wins for the Inspector. */
function resolveArrest(s: NoirState, suspect: number, citizen: boolean, events: GameEvent[]): void {
  const hit = suspect === s.killerIdentity;
  s.arrests.push({ suspect, hit, citizen });
  events.push({ type: 'arrest', by: s.inspectorSeat, suspect, hit, citizen });
  if (hit) finish(s, 'inspector', 'arrest', events);
  else endTurn(s, events);
}

/** §2.5 Exonerate, first half: draw one card (private); the Inspector then discards. */
function exonerate(s: NoirState, events: GameEvent[]): void {
  const drawn = s.deck.shift()!;
  s.hand.push(drawn);
  s.drawn = drawn;
  openDecision(s, 'discard');
  events.push({ type: 'exonerateDraw', by: s.inspectorSeat, deck: s.deck.length });
  events.push({ type: 'drew', to: [s.inspectorSeat], suspect: drawn });
}

/** §2.5 Exonerate, second half: discard face-up; canvassing modes mark and canvas (§2.6). */
function discard(s: NoirState, move: Move<'discard'>, events: GameEvent[]): void {
  const suspect = move.suspect;
  s.hand = s.hand.filter((card) => card !== suspect);
  s.drawn = null;
  const marker = discardPublicly(s, suspect);
  events.push({ type: 'exonerate', by: s.inspectorSeat, suspect, marker });
  if (isCanvassing(s)) {
    const onGrid = findSuspect(s.grid, suspect) !== null;
    const isNeighbour = onGrid ? areAdjacent(s.grid, s.killerIdentity, suspect) : CANVAS_ANSWER_WHEN_REMOVED;
    s.canvasses.push({ suspect, answeredBy: 'killer', adjacent: isNeighbour });
    events.push({ type: 'canvas', suspect, answeredBy: 'killer', adjacent: isNeighbour });
  }
  endTurn(s, events);
}

/** §2.7 Citizen's arrest: discard without drawing, then arrest next to the discarded suspect. */
function citizen(s: NoirState, move: Move<'citizen'>, events: GameEvent[]): void {
  s.hand = s.hand.filter((card) => card !== move.discard);
  s.citizensArrests++;
  const marker = discardPublicly(s, move.discard);
  events.push({ type: 'citizen', by: s.inspectorSeat, suspect: move.discard, marker, target: move.target });
  resolveArrest(s, move.target, true, events);
}

/** Put an evidence card on the discard pile; canvassing modes mark a living suspect (§2.6). */
function discardPublicly(s: NoirState, suspect: number): boolean {
  s.discards.push(suspect);
  if (!isCanvassing(s) || !isAlive(s, suspect)) return false;
  cellAt(s.grid, findSuspect(s.grid, suspect)!).marker = true;
  return true;
}

/** §2.10: remove every all-deceased row/column; true when something was removed. */
function runCollapse(s: NoirState, events: GameEvent[]): boolean {
  const result = collapse(s.grid);
  if (result.removed.length === 0) return false;
  s.grid = result.grid;
  s.removed.push(...result.removed);
  events.push({ type: 'collapse', suspects: result.removed, rows: result.rows, cols: result.cols });
  return true;
}

/** §2.11: the Killer wins once deaths reach the kill target. True when the game ended. */
function checkKillTarget(s: NoirState, events: GameEvent[]): boolean {
  if (s.phase === 'over') return true;
  if (deathCount(s) < s.options.killTarget) return false;
  finish(s, 'killer', 'kill-target', events);
  return true;
}

/** Close the current turn: count it, stop at the cap (§2.11), else hand over. */
function endTurn(s: NoirState, events: GameEvent[]): void {
  s.turns++;
  if (s.turns >= ACTION_CAP) {
    finish(s, null, 'cap', events);
    return;
  }
  s.turn = s.turn === 'killer' ? 'inspector' : 'killer';
  openDecision(s, s.inspectorIdentity === null ? 'chooseIdentity' : 'play');
}

/** End the game; both identities are revealed (public event). */
function finish(s: NoirState, winner: Role | null, reason: EndReason, events: GameEvent[]): void {
  s.winner = winner;
  s.endReason = reason;
  s.drawn = null;
  openDecision(s, 'over');
  events.push({
    type: 'gameOver',
    winner: winner === null ? null : seatOf(s, winner),
    reason,
    killerIdentity: s.killerIdentity,
    inspectorIdentity: s.inspectorIdentity,
  });
}

// ── The table ────────────────────────────────────────────────────────────────────────

const rules: MoveRules<NoirState, NoirAction, NoirError, NoirFacts> = {
  kill: { check: checkKill, apply: kill },
  shift: { check: checkShift, apply: shift },
  disguise: { check: checkDisguise, apply: (s, _seat, _move, events) => disguise(s, events) },
  choose: { check: checkChoose, apply: (s, _seat, move, events) => choose(s, move, events) },
  arrest: { check: checkArrest, apply: (s, _seat, move, events) => resolveArrest(s, move.suspect, false, events) },
  exonerate: { check: checkExonerate, apply: (s, _seat, _move, events) => exonerate(s, events) },
  discard: { check: checkDiscard, apply: (s, _seat, move, events) => discard(s, move, events) },
  citizen: { check: checkCitizen, apply: (s, _seat, move, events) => citizen(s, move, events) },
};

/**
 * The living neighbours of the cell at `at` in reading order (§2.4), written into `out`
 * (emptied first; empty when `at` is null: a suspect collapsed away).
 */
function livingAround(s: NoirState, at: Pos | null, out: number[]): number[] {
  out.length = 0;
  if (at === null) return out;
  const lastRow = Math.min(at.row + 1, s.grid.length - 1);
  for (let row = Math.max(at.row - 1, 0); row <= lastRow; row++) {
    const cells = s.grid[row]!;
    const lastCol = Math.min(at.col + 1, cells.length - 1);
    for (let col = Math.max(at.col - 1, 0); col <= lastCol; col++) {
      const cell = cells[col]!;
      if (cell.alive && (row !== at.row || col !== at.col)) out.push(cell.suspect);
    }
  }
  return out;
}

const AXES = ['row', 'col'] as const;

/**
 * The legal moves of the role to act (§2.3, §2.5, §2.7), in panel order. Each check is its
 * type's gate (`facts.gate`, then the phase's refusal of the type) followed by the move's own
 * part: the gate is tested once per type, the same part runs on every candidate.
 */
function legalNoir(s: NoirState, seat: Seat, facts: NoirFacts): NoirAction[] {
  const out: NoirAction[] = [];
  if (facts.gate) return out;
  switch (s.phase) {
    case 'firstKill':
      for (const suspect of facts.neighbours) {
        const move: Move<'kill'> = { type: 'kill', suspect };
        keep(out, move, checkKill(s, seat, move, facts));
      }
      return out;
    case 'chooseIdentity':
      for (const suspect of s.hand) {
        const move: Move<'choose'> = { type: 'choose', suspect };
        keep(out, move, checkChoose(s, seat, move, facts));
      }
      return out;
    case 'discard':
      for (const suspect of s.hand) {
        const move: Move<'discard'> = { type: 'discard', suspect };
        keep(out, move, checkDiscard(s, seat, move, facts));
      }
      return out;
    case 'over':
      return out;
    case 'play':
      break;
  }
  if (facts.phase.shift === null) {
    for (let axisIndex = 0; axisIndex < AXES.length; axisIndex++) {
      const axis = AXES[axisIndex]!;
      const length = axis === 'row' ? facts.cols : facts.rows;
      if (length < 2) continue;
      const lines = axis === 'row' ? facts.rows : facts.cols;
      for (let index = 0; index < lines; index++) {
        if (shiftPart(facts, axis, index, 1) === null) out.push({ type: 'shift', axis, index, dir: 1 });
        if (length !== 2 && shiftPart(facts, axis, index, -1) === null) out.push({ type: 'shift', axis, index, dir: -1 });
      }
    }
  }
  const neighbours = facts.neighbours;
  if (facts.role === 'killer') {
    if (facts.phase.kill === null) {
      for (let index = 0; index < neighbours.length; index++) {
        const suspect = neighbours[index]!;
        if (killPart(s, facts, suspect) === null) out.push({ type: 'kill', suspect });
      }
    }
    const move: Move<'disguise'> = { type: 'disguise' };
    keep(out, move, checkDisguise(s, seat, move, facts));
    return out;
  }
  const identity = s.inspectorIdentity;
  if (identity !== null && facts.phase.arrest === null) {
    for (let index = 0; index < neighbours.length; index++) {
      const suspect = neighbours[index]!;
      if (arrestPart(s, facts, suspect) === null) out.push({ type: 'arrest', suspect });
    }
    if (arrestPart(s, facts, identity) === null) out.push({ type: 'arrest', suspect: identity });
  }
  const exonerateMove: Move<'exonerate'> = { type: 'exonerate' };
  keep(out, exonerateMove, checkExonerate(s, seat, exonerateMove, facts));
  if (citizenGate(s, facts) === null) {
    const around: number[] = [];
    for (let handIndex = 0; handIndex < s.hand.length; handIndex++) {
      const discard = s.hand[handIndex]!;
      if (citizenDiscardPart(s, discard) !== null) continue;
      const discardAt = findSuspect(s.grid, discard)!;
      for (const target of livingAround(s, discardAt, around)) {
        if (citizenTargetPart(s, discardAt, target) === null) out.push({ type: 'citizen', discard, target });
      }
    }
  }
  return out;
}

/** NOIR's table of moves. */
export const noirMoves: MoveTable<NoirState, NoirAction, NoirError, NoirFacts> = {
  facts: noirFacts,
  legal: legalNoir,
  rules,
  clone: cloneJson,
};

/** Every action `seat` may take now (empty when it is not their decision). */
export function legalActions(s: NoirState, seat: Seat): NoirAction[] {
  return legalNoir(s, seat, noirFacts(s, seat));
}

/** Why `seat` may not take `action` now, or null when it may (the check `apply` uses). */
export function checkAction(s: NoirState, seat: Seat, action: NoirAction): NoirError | null {
  return checkMove(noirMoves, s, seat, action, refused('malformed'));
}

/** Apply `action` by `seat`: a typed refusal (state unchanged), or the new state and its events. */
export function apply(s: NoirState, seat: Seat, action: NoirAction): ApplyResult<NoirState, NoirError> {
  return applyMove(noirMoves, s, seat, action, refused('malformed'));
}

/** Who must act: one seat on the turn timer (`turnSeconds` × 1000 ms), or over. */
export function pending(s: NoirState): Pending {
  const role = actingRole(s);
  if (role === null) return { kind: 'over', step: s.step };
  return { kind: 'turn', seat: seatOf(s, role), step: s.step, timer: 'turn', timeoutMs: s.options.turnSeconds * 1000 };
}
