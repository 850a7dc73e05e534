/**
 * NOIR rule queries shared by the engine, the views and the away/timeout policy: who acts,
 * which suspects are alive, deaths, and every legal action of a seat
 * (rules/noir-killer-vs-inspector.md §2.3–§2.9). Pure; never mutates the state.
 */
import type { Seat } from '../engine.js';
import { findSuspect, lineCount, lineLength, livingNeighbours } from './engine-grid.js';
import {
  CITIZENS_ARREST_NEEDS_DECK,
  NO_UNDO_LAPSES_ON_COLLAPSE,
  VICTIM_CHOOSABLE_AS_IDENTITY,
  type NoirAction,
  type NoirState,
  type Role,
  type ShiftAction,
} from './rules.js';

/** The role `seat` plays, or null for a seat that is not at the table. */
export function roleOf(s: NoirState, seat: Seat): Role | null {
  if (seat === s.killerSeat) return 'killer';
  if (seat === s.inspectorSeat) return 'inspector';
  return null;
}

/** The seat playing `role`. */
export function seatOf(s: NoirState, role: Role): Seat {
  return role === 'killer' ? s.killerSeat : s.inspectorSeat;
}

/** The role that must act now (§2.3), or null when the game is over. */
export function actingRole(s: NoirState): Role | null {
  switch (s.phase) {
    case 'firstKill':
      return 'killer';
    case 'chooseIdentity':
    case 'discard':
      return 'inspector';
    case 'play':
      return s.turn;
    case 'over':
      return null;
  }
}

/** True when `suspect` is on the grid on its ALIVE side (collapsed-away suspects are dead). */
export function isAlive(s: NoirState, suspect: number): boolean {
  const p = findSuspect(s.grid, suspect);
  return p !== null && s.grid[p.row]![p.col]!.alive;
}

/** Deaths so far (§2.11): deceased suspects on the grid plus every collapsed-away suspect. */
export function deathCount(s: NoirState): number {
  let n = s.removed.length;
  for (const r of s.grid) for (const c of r) if (!c.alive) n++;
  return n;
}

/** True in the canvassing modes (Standard and Citizen's Arrest, §2.6, §2.7). */
export function isCanvassing(s: NoirState): boolean {
  return s.options.mode !== 'classic';
}

/**
 * The shift the player to act may not make under the no-undo rule (§2.5), or null: the
 * exact reverse of the opponent's immediately preceding action when that was a shift and
 * its own collapse did not change the grid. On a line of length 2 both directions have the
 * same effect, so only direction 1 is ever offered and it is the reverse of itself.
 */
export function blockedShift(s: NoirState): ShiftAction | null {
  const ls = s.lastShift;
  if (!ls || ls.turn !== s.turns) return null;
  if (ls.collapsed && NO_UNDO_LAPSES_ON_COLLAPSE) return null;
  const len = lineLength(s.grid, ls.axis);
  return { type: 'shift', axis: ls.axis, index: ls.index, dir: len === 2 ? 1 : ls.dir === 1 ? -1 : 1 };
}

/**
 * Every shift allowed now (§2.5): each row and column of length ≥ 3 in both directions, a
 * line of length 2 in direction 1 only (both directions are the same move), a line of
 * length 1 never (no effect); minus the no-undo shift.
 */
export function legalShifts(s: NoirState): ShiftAction[] {
  const blocked = blockedShift(s);
  const out: ShiftAction[] = [];
  for (const axis of ['row', 'col'] as const) {
    const len = lineLength(s.grid, axis);
    if (len < 2) continue;
    for (let index = 0; index < lineCount(s.grid, axis); index++) {
      for (const dir of len === 2 ? ([1] as const) : ([1, -1] as const)) {
        if (blocked && blocked.axis === axis && blocked.index === index && blocked.dir === dir) continue;
        out.push({ type: 'shift', axis, index, dir });
      }
    }
  }
  return out;
}

/** Living suspects the Killer may kill: adjacent to the Killer's identity (§2.5 Kill). */
export function killTargets(s: NoirState): number[] {
  return livingNeighbours(s.grid, s.killerIdentity);
}

/** Suspects the Inspector may arrest: living neighbours of their identity, and the identity itself (§2.5 Arrest). */
export function arrestTargets(s: NoirState): number[] {
  if (s.inspectorIdentity === null) return [];
  return [...livingNeighbours(s.grid, s.inspectorIdentity), s.inspectorIdentity];
}

/** Cards the Inspector may choose as identity (§2.3): the four cards, minus a dead one. */
export function choosableIdentities(s: NoirState): number[] {
  return s.hand.filter((c) => VICTIM_CHOOSABLE_AS_IDENTITY || isAlive(s, c));
}

/**
 * Citizen's arrests allowed now (§2.7): mode Citizen's Arrest, deck not empty, a hand card
 * still on the grid, and a living suspect adjacent to it.
 */
export function citizensArrests(s: NoirState): { discard: number; target: number }[] {
  if (s.options.mode !== 'citizens-arrest') return [];
  if (CITIZENS_ARREST_NEEDS_DECK && s.deck.length === 0) return [];
  const out: { discard: number; target: number }[] = [];
  for (const discard of s.hand) {
    for (const target of livingNeighbours(s.grid, discard)) out.push({ discard, target });
  }
  return out;
}

/** Every action `seat` may take now (empty when it is not their decision). */
export function legalActionsOf(s: NoirState, seat: Seat): NoirAction[] {
  const role = roleOf(s, seat);
  if (role === null || role !== actingRole(s)) return [];
  switch (s.phase) {
    case 'firstKill':
      return killTargets(s).map((suspect) => ({ type: 'kill', suspect }));
    case 'chooseIdentity':
      return choosableIdentities(s).map((suspect) => ({ type: 'choose', suspect }));
    case 'discard':
      return s.hand.map((suspect) => ({ type: 'discard', suspect }));
    case 'over':
      return [];
    case 'play':
      break;
  }
  const out: NoirAction[] = legalShifts(s);
  if (role === 'killer') {
    for (const suspect of killTargets(s)) out.push({ type: 'kill', suspect });
    if (s.deck.length > 0) out.push({ type: 'disguise' });
  } else {
    for (const suspect of arrestTargets(s)) out.push({ type: 'arrest', suspect });
    if (s.deck.length > 0) out.push({ type: 'exonerate' });
    for (const c of citizensArrests(s)) out.push({ type: 'citizen', ...c });
  }
  return out;
}
