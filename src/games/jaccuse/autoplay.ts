/**
 * J'Accuse! — the timeout and away (auto-play) policy (docs/rules/jaccuse.md §4.4–4.6): a random
 * free character, a random card from the Inspector's hand, a random available Suspicion
 * card, a random eligible Across recipient. Derived with `peekPick`, so the stored generator
 * does not move.
 */
import type { Seat } from '../engine.js';
import { peekPick } from '../rng.js';
import { legalActions } from './moves.js';
import type { JaccuseAction, JaccuseState } from './rules.js';

/** The action applied when `seat`'s deadline passes (also used for away seats). */
export function defaultAction(s: JaccuseState, seat: Seat): JaccuseAction {
  const legal = legalActions(s, seat);
  // Not this seat's decision: a harmless action that apply will refuse.
  if (legal.length === 0) return { type: 'vote', card: 'jaccuse' };
  return peekPick(s.rng, legal, seat + 1);
}
