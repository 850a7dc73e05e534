/**
 * NOIR state queries shared by the moves, the views and the away/timeout policy: who acts,
 * which suspects are alive, deaths, the no-undo shift (docs/rules/noir.md
 * §2.3–§2.11). Which moves are legal is moves.ts's job. Pure; never mutates the state.
 */
import type { Seat } from '../engine.js';
import { findSuspect, lineLength } from './grid.js';
import { NO_UNDO_LAPSES_ON_COLLAPSE, type NoirState, type Role, type ShiftAction } from './rules.js';

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
  const pos = findSuspect(s.grid, suspect);
  return pos !== null && s.grid[pos.row]![pos.col]!.alive;
}

/** Deaths so far (§2.11): deceased suspects on the grid plus every collapsed-away suspect. */
export function deathCount(s: NoirState): number {
  let deaths = s.removed.length;
  for (const row of s.grid) for (const cell of row) if (!cell.alive) deaths++;
  return deaths;
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
  const last = s.lastShift;
  if (!last || last.turn !== s.turns) return null;
  if (last.collapsed && NO_UNDO_LAPSES_ON_COLLAPSE) return null;
  const length = lineLength(s.grid, last.axis);
  return { type: 'shift', axis: last.axis, index: last.index, dir: length === 2 ? 1 : last.dir === 1 ? -1 : 1 };
}
