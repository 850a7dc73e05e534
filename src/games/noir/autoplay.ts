/**
 * NOIR timeout and away policy (docs/rules/noir.md §2.14 "Turn timeout").
 * Pure: random choices use `peekPick`, which reads the game's RNG without advancing it
 * (the chosen action is logged, so replays stay deterministic).
 *
 * - Forced first kill: a random legal kill (a shift is not allowed on that turn, §2.3).
 * - Identity choice: a random living card of the four.
 * - Exonerate discard: the card just drawn (the hand stays as it was).
 * - Any other turn: a random legal shift — it cannot reveal or help the player. Only if no
 *   shift is legal (a 1×2 grid right after the opponent shifted it): the Inspector arrests
 *   their own identity (always "no"), the Killer takes the first other legal action.
 */
import { peekPick } from '../rng.js';
import type { Seat } from '../engine.js';
import { legalActions } from './moves.js';
import type { NoirAction, NoirState } from './rules.js';
import { actingRole, roleOf, seatOf } from './state.js';

/** The action applied when `seat`'s deadline passes (also used for away seats). */
export function timeoutAction(s: NoirState, seat: Seat): NoirAction {
  const legal = legalActions(s, seat);
  switch (s.phase) {
    case 'firstKill':
    case 'chooseIdentity': {
      // Every move of these phases is a kill (§2.3) or an identity choice: a random one of
      // the seat that must make it (asked for the other seat, it is refused harmlessly).
      const forced = legalActions(s, seatOf(s, actingRole(s)!));
      if (forced.length > 0) return peekPick(s.rng, forced);
      break;
    }
    case 'discard':
      if (s.drawn !== null) return { type: 'discard', suspect: s.drawn };
      break;
    case 'play': {
      if (legal.length === 0) break;
      const shifts = legal.filter((move) => move.type === 'shift');
      if (shifts.length > 0) return peekPick(s.rng, shifts);
      if (roleOf(s, seat) === 'inspector' && s.inspectorIdentity !== null) return { type: 'arrest', suspect: s.inspectorIdentity };
      return legal.find((move) => move.type !== 'kill') ?? legal[0]!;
    }
    case 'over':
      break;
  }
  // Not this seat's decision (or nothing legal): an action `apply` will refuse harmlessly.
  return legal[0] ?? { type: 'shift', axis: 'row', index: 0, dir: 1 };
}
