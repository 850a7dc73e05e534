/**
 * Tricks and the Phantom — the timeout and away (auto-play) policy
 * (docs/rules/phantom.md §3.6): a report plays a random card with its true colour
 * (a Phantom: a random colour); a glass goes on a random card that is not the player's own
 * (any card if all are theirs); a 3-player discard discards a random card. Random choices
 * use `peekPick`, which reads the game's RNG without advancing it.
 */
import type { Seat } from '../engine.js';
import { peekPick } from '../rng.js';
import { glassTargets } from './moves.js';
import { COLOURS, trueColour, type GlassTarget, type PhantomAction, type PhantomState } from './rules.js';
import { positionsOf } from './seating.js';

/** Deterministic salt for `peekPick`, so consecutive default choices differ. */
const salt = (s: PhantomState, seat: Seat, choice = 0) => (s.step * 8 + seat * 2 + choice) % 997;

/** The action applied when `seat`'s deadline passes (also used for away seats). */
export function defaultAction(s: PhantomState, seat: Seat): PhantomAction {
  const hand = s.hands[seat] ?? [];
  switch (s.phase) {
    case 'discard':
      return { type: 'discard', card: peekPick(s.rng, hand, salt(s, seat)) };
    case 'report': {
      const card = peekPick(s.rng, hand, salt(s, seat));
      const colour = trueColour(card) ?? peekPick(s.rng, COLOURS, salt(s, seat, 1));
      return { type: 'report', card, colour };
    }
    case 'solve': {
      const mine = new Set<GlassTarget>(positionsOf(seat, s.seats));
      const all = glassTargets(s);
      const others = all.filter((target) => !mine.has(target));
      return { type: 'glass', on: peekPick(s.rng, others.length > 0 ? others : all, salt(s, seat)) };
    }
    case 'over':
      // Never asked once over; a harmless well-formed action (refused as game-over).
      return { type: 'glass', on: 0 };
  }
}
