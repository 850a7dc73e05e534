/**
 * NOIR `apply`: validates and applies one action (rules/noir-killer-vs-inspector.md §2.3–
 * §2.11). Pure: works on a structured clone and returns the new state with its events, or a
 * typed refusal. Error codes (params in brackets):
 * `game_over`, `not_seated`, `not_your_turn`, `must_kill_first`, `choose_identity_first`,
 * `discard_first`, `wrong_phase`, `bad_shift`, `no_undo`, `not_adjacent` [suspect],
 * `not_alive` [suspect], `not_choosable` [suspect], `not_in_hand` [suspect], `deck_empty`,
 * `mode` (Citizen's Arrest not in this mode), `not_on_grid` [suspect].
 */
import type { ApplyResult, GameEvent, RuleError, Seat } from '../engine.js';
import { areAdjacent, cellAt, collapse, findSuspect, shiftGrid } from './engine-grid.js';
import {
  actingRole,
  arrestTargets,
  blockedShift,
  choosableIdentities,
  citizensArrests,
  deathCount,
  isAlive,
  isCanvassing,
  killTargets,
  legalShifts,
  roleOf,
  seatOf,
} from './engine-rules.js';
import { ACTION_CAP, CANVAS_ANSWER_WHEN_REMOVED, type EndReason, type NoirAction, type NoirState, type Role } from './rules.js';

type Result = ApplyResult<NoirState>;

const fail = (code: string, params?: RuleError['params']): Result => ({ ok: false, error: params ? { code, params } : { code } });

/** Apply `action` by `seat` (see the file comment for the refusal codes). */
export function applyAction(state: NoirState, seat: Seat, action: NoirAction): Result {
  if (state.phase === 'over') return fail('game_over');
  const role = roleOf(state, seat);
  if (role === null) return fail('not_seated');
  if (role !== actingRole(state)) return fail('not_your_turn');
  const phaseError = checkPhase(state, action);
  if (phaseError) return fail(phaseError);
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  const r = applyChecked(s, seat, action, events);
  if (r) return fail(r.code, r.params);
  return { ok: true, state: s, events };
}

/** Which action types each phase accepts (§2.3): a refusal code, or null. */
function checkPhase(s: NoirState, a: NoirAction): string | null {
  switch (s.phase) {
    case 'firstKill':
      return a.type === 'kill' ? null : 'must_kill_first';
    case 'chooseIdentity':
      return a.type === 'choose' ? null : 'choose_identity_first';
    case 'discard':
      return a.type === 'discard' ? null : 'discard_first';
    default:
      if (a.type === 'choose' || a.type === 'discard') return 'wrong_phase';
      if (s.turn === 'killer' && (a.type === 'arrest' || a.type === 'exonerate' || a.type === 'citizen')) return 'wrong_phase';
      if (s.turn === 'inspector' && (a.type === 'kill' || a.type === 'disguise')) return 'wrong_phase';
      return null;
  }
}

/** Mutates the clone `s`; returns a refusal or null. */
function applyChecked(s: NoirState, seat: Seat, a: NoirAction, ev: GameEvent[]): RuleError | null {
  switch (a.type) {
    case 'kill':
      return kill(s, seat, a.suspect, ev);
    case 'shift':
      return shift(s, seat, a, ev);
    case 'disguise':
      return disguise(s, ev);
    case 'choose':
      return choose(s, a.suspect, ev);
    case 'arrest':
      return arrest(s, a.suspect, ev);
    case 'exonerate':
      return exonerate(s, ev);
    case 'discard':
      return discard(s, a.suspect, ev);
    case 'citizen':
      return citizen(s, a.discard, a.target, ev);
  }
}

/** §2.5 Kill (and the forced first kill, §2.3). */
function kill(s: NoirState, seat: Seat, suspect: number, ev: GameEvent[]): RuleError | null {
  if (!isAlive(s, suspect)) return { code: 'not_alive', params: { suspect } };
  if (!killTargets(s).includes(suspect)) return { code: 'not_adjacent', params: { suspect } };
  const pos = findSuspect(s.grid, suspect)!;
  const cell = cellAt(s.grid, pos);
  cell.alive = false;
  ev.push({ type: 'kill', by: seat, suspect, row: pos.row, col: pos.col });
  if (s.inspectorIdentity === suspect) {
    finish(s, 'killer', 'inspector-killed', ev);
    return null;
  }
  if (isCanvassing(s) && cell.marker && s.inspectorIdentity !== null) {
    // §2.6.3: the Inspector canvasses around a marked victim, before any collapse.
    const adjacent = areAdjacent(s.grid, s.inspectorIdentity, suspect);
    s.canvasses.push({ suspect, answeredBy: 'inspector', adjacent });
    ev.push({ type: 'canvas', suspect, answeredBy: 'inspector', adjacent });
  }
  runCollapse(s, ev);
  if (checkKillTarget(s, ev)) return null;
  endTurn(s, ev);
  return null;
}

/** §2.5 Shift, with the no-undo rule. */
function shift(s: NoirState, seat: Seat, a: Extract<NoirAction, { type: 'shift' }>, ev: GameEvent[]): RuleError | null {
  const same = (b: { axis: string; index: number; dir: number }) => b.axis === a.axis && b.index === a.index && b.dir === a.dir;
  if (!legalShifts(s).some(same)) {
    const b = blockedShift(s);
    return b && same(b) ? { code: 'no_undo' } : { code: 'bad_shift' };
  }
  s.grid = shiftGrid(s.grid, a.axis, a.index, a.dir);
  ev.push({ type: 'shift', by: seat, axis: a.axis, index: a.index, dir: a.dir });
  const collapsed = runCollapse(s, ev);
  s.lastShift = { axis: a.axis, index: a.index, dir: a.dir, by: seat, turn: s.turns + 1, collapsed };
  endTurn(s, ev);
  return null;
}

/** §2.5 Disguise: draw; alive → new identity (old one killed or marked per mode); dead → discarded. */
function disguise(s: NoirState, ev: GameEvent[]): RuleError | null {
  const drawn = s.deck.shift();
  if (drawn === undefined) return { code: 'deck_empty' };
  const alive = isAlive(s, drawn);
  s.killerDraws.push({ suspect: drawn, alive });
  if (alive) {
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
    ev.push({ type: 'disguise', by: s.killerSeat, discarded: old, effect });
  } else {
    s.discards.push(drawn);
    ev.push({ type: 'disguise', by: s.killerSeat, discarded: drawn, effect: 'none' });
  }
  ev.push({ type: 'disguiseDraw', to: [s.killerSeat], suspect: drawn, alive, identity: s.killerIdentity });
  if (alive) runCollapse(s, ev);
  if (checkKillTarget(s, ev)) return null;
  endTurn(s, ev);
  return null;
}

/** §2.3 Inspector's identity choice after the first kill. */
function choose(s: NoirState, suspect: number, ev: GameEvent[]): RuleError | null {
  if (!s.hand.includes(suspect)) return { code: 'not_in_hand', params: { suspect } };
  if (!choosableIdentities(s).includes(suspect)) return { code: 'not_choosable', params: { suspect } };
  s.inspectorIdentity = suspect;
  s.hand = s.hand.filter((c) => c !== suspect);
  ev.push({ type: 'identityChosen', by: s.inspectorSeat });
  ev.push({ type: 'identity', to: [s.inspectorSeat], suspect });
  endTurn(s, ev);
  return null;
}

/** §2.5 Arrest: the engine answers truthfully; a hit wins for the Inspector. */
function arrest(s: NoirState, suspect: number, ev: GameEvent[]): RuleError | null {
  if (!arrestTargets(s).includes(suspect)) {
    return isAlive(s, suspect) ? { code: 'not_adjacent', params: { suspect } } : { code: 'not_alive', params: { suspect } };
  }
  resolveArrest(s, suspect, false, ev);
  return null;
}

function resolveArrest(s: NoirState, suspect: number, citizen: boolean, ev: GameEvent[]): void {
  const hit = suspect === s.killerIdentity;
  s.arrests.push({ suspect, hit, citizen });
  ev.push({ type: 'arrest', by: s.inspectorSeat, suspect, hit, citizen });
  if (hit) finish(s, 'inspector', 'arrest', ev);
  else endTurn(s, ev);
}

/** §2.5 Exonerate, first half: draw one card (private); the Inspector then discards. */
function exonerate(s: NoirState, ev: GameEvent[]): RuleError | null {
  const drawn = s.deck.shift();
  if (drawn === undefined) return { code: 'deck_empty' };
  s.hand.push(drawn);
  s.drawn = drawn;
  s.phase = 'discard';
  s.step++;
  ev.push({ type: 'exonerateDraw', by: s.inspectorSeat, deck: s.deck.length });
  ev.push({ type: 'drew', to: [s.inspectorSeat], suspect: drawn });
  return null;
}

/** §2.5 Exonerate, second half: discard face-up; canvassing modes mark and canvas (§2.6). */
function discard(s: NoirState, suspect: number, ev: GameEvent[]): RuleError | null {
  if (!s.hand.includes(suspect)) return { code: 'not_in_hand', params: { suspect } };
  s.hand = s.hand.filter((c) => c !== suspect);
  s.drawn = null;
  const marker = discardPublicly(s, suspect);
  ev.push({ type: 'exonerate', by: s.inspectorSeat, suspect, marker });
  if (isCanvassing(s)) {
    const onGrid = findSuspect(s.grid, suspect) !== null;
    const adjacent = onGrid ? areAdjacent(s.grid, s.killerIdentity, suspect) : CANVAS_ANSWER_WHEN_REMOVED;
    s.canvasses.push({ suspect, answeredBy: 'killer', adjacent });
    ev.push({ type: 'canvas', suspect, answeredBy: 'killer', adjacent });
  }
  endTurn(s, ev);
  return null;
}

/** §2.7 Citizen's arrest: discard without drawing, then arrest next to the discarded suspect. */
function citizen(s: NoirState, card: number, target: number, ev: GameEvent[]): RuleError | null {
  if (s.options.mode !== 'citizens-arrest') return { code: 'mode' };
  if (!s.hand.includes(card)) return { code: 'not_in_hand', params: { suspect: card } };
  if (!citizensArrests(s).some((c) => c.discard === card && c.target === target)) {
    if (s.deck.length === 0) return { code: 'deck_empty' };
    if (!findSuspect(s.grid, card)) return { code: 'not_on_grid', params: { suspect: card } };
    return isAlive(s, target) ? { code: 'not_adjacent', params: { suspect: target } } : { code: 'not_alive', params: { suspect: target } };
  }
  s.hand = s.hand.filter((c) => c !== card);
  s.citizensArrests++;
  const marker = discardPublicly(s, card);
  ev.push({ type: 'citizen', by: s.inspectorSeat, suspect: card, marker, target });
  resolveArrest(s, target, true, ev);
  return null;
}

/** Put an evidence card on the discard pile; canvassing modes mark a living suspect (§2.6.1). */
function discardPublicly(s: NoirState, suspect: number): boolean {
  s.discards.push(suspect);
  if (!isCanvassing(s) || !isAlive(s, suspect)) return false;
  cellAt(s.grid, findSuspect(s.grid, suspect)!).marker = true;
  return true;
}

/** §2.10: remove every all-deceased row/column; true when something was removed. */
function runCollapse(s: NoirState, ev: GameEvent[]): boolean {
  const r = collapse(s.grid);
  if (r.removed.length === 0) return false;
  s.grid = r.grid;
  s.removed.push(...r.removed);
  ev.push({ type: 'collapse', suspects: r.removed, rows: r.rows, cols: r.cols });
  return true;
}

/** §2.11: the Killer wins once deaths reach the kill target. True when the game ended. */
function checkKillTarget(s: NoirState, ev: GameEvent[]): boolean {
  if (s.phase === 'over') return true;
  if (deathCount(s) < s.options.killTarget) return false;
  finish(s, 'killer', 'kill-target', ev);
  return true;
}

/** Close the current turn: count it, stop at the cap (§2.11), else hand over. */
function endTurn(s: NoirState, ev: GameEvent[]): void {
  s.turns++;
  if (s.turns >= ACTION_CAP) {
    finish(s, null, 'cap', ev);
    return;
  }
  s.turn = s.turn === 'killer' ? 'inspector' : 'killer';
  s.phase = s.inspectorIdentity === null ? 'chooseIdentity' : 'play';
  s.step++;
}

/** End the game; both identities are revealed (public event). */
function finish(s: NoirState, winner: Role | null, reason: EndReason, ev: GameEvent[]): void {
  s.phase = 'over';
  s.winner = winner;
  s.endReason = reason;
  s.drawn = null;
  s.step++;
  ev.push({
    type: 'gameOver',
    winner: winner === null ? null : seatOf(s, winner),
    reason,
    killerIdentity: s.killerIdentity,
    inspectorIdentity: s.inspectorIdentity,
  });
}
