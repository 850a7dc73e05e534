/**
 * NOIR timeout and away policy (rules/noir-killer-vs-inspector.md §2.14 "Turn timeout").
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
import { choosableIdentities, killTargets, legalActionsOf, legalShifts, roleOf } from './engine-rules.js';
import type { NoirAction, NoirState } from './rules.js';

/** The action applied when `seat`'s deadline passes (also used for away seats). */
export function timeoutAction(s: NoirState, seat: Seat): NoirAction {
  const legal = legalActionsOf(s, seat);
  switch (s.phase) {
    case 'firstKill': {
      const targets = killTargets(s);
      if (targets.length > 0) return { type: 'kill', suspect: peekPick(s.rng, targets) };
      break;
    }
    case 'chooseIdentity': {
      const cards = choosableIdentities(s);
      if (cards.length > 0) return { type: 'choose', suspect: peekPick(s.rng, cards) };
      break;
    }
    case 'discard':
      if (s.drawn !== null) return { type: 'discard', suspect: s.drawn };
      break;
    case 'play': {
      if (legal.length === 0) break;
      const shifts = legalShifts(s);
      if (shifts.length > 0) return peekPick(s.rng, shifts);
      if (roleOf(s, seat) === 'inspector' && s.inspectorIdentity !== null) return { type: 'arrest', suspect: s.inspectorIdentity };
      return legal.find((a) => a.type !== 'kill') ?? legal[0]!;
    }
    case 'over':
      break;
  }
  // Not this seat's decision (or nothing legal): an action `apply` will refuse harmlessly.
  return legal[0] ?? { type: 'shift', axis: 'row', index: 0, dir: 1 };
}
