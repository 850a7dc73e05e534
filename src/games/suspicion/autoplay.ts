/**
 * Suspicion — the timeout and away (auto-play) policy: a legal move that can neither reveal
 * nor help the player it is made for (docs/rules/suspicion.md; docs/architecture.md §3 `autoAction`).
 *
 * On a turn: discard a random hand card (never place, never declare, never attack); with an
 * empty hand, pass. Arrest Race: draw. Counter race: pass. Counter-counter window: let the
 * counter stand. Cancel window: let it happen. Vote: abstain (counts as no vote, §1.9).
 * The random card is derived with `peekPick`, which does not advance the stored RNG.
 */
import type { Seat } from '../engine.js';
import { peekPick } from '../rng.js';
import type { SuspicionAction, SuspicionState } from './rules.js';

/** The auto-play / timeout action for `seat` (assumes `seat` must act now). */
export function autoAction(s: SuspicionState, seat: Seat): SuspicionAction {
  switch (s.phase.kind) {
    case 'turn': {
      if (s.options.variant === 'arrest-race') return { type: 'draw' };
      const hand = s.players[seat]?.hand ?? [];
      return hand.length === 0 ? { type: 'pass' } : { type: 'discard', card: peekPick(s.rng, hand, seat) };
    }
    case 'counter':
      return { type: 'pass' };
    case 'counterBack':
      return { type: 'accept' };
    case 'cancel':
      return { type: 'allow' };
    case 'vote':
    case 'over':
      return { type: 'abstain' };
  }
}
