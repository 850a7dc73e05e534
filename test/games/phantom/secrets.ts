/** Hidden-information helpers: scramble every secret a viewer may not see. */
import type { Seat } from '../../../src/games/engine.js';
import { Rng } from '../../../src/games/rng.js';
import { ownerOf } from '../../../src/games/phantom/seating.js';
import type { CardNumber, PhantomState } from '../../../src/games/phantom/rules.js';

/**
 * A copy of `s` whose secrets hidden from `keep` (a seat, or null for the public) are
 * redistributed at random among the same slots: other players' hands and discards, the
 * face-down cards, and the face-down played cards of other players. Any view for `keep`
 * must be identical for both states.
 */
export function scramble(s: PhantomState, keep: Seat | null, seed: number): PhantomState {
  const out = structuredClone(s);
  const pool: CardNumber[] = [];
  const hidden = (seat: Seat) => seat !== keep;
  out.hands.forEach((h, seat) => hidden(seat) && pool.push(...h));
  out.discards.forEach((d, seat) => hidden(seat) && d !== null && pool.push(d));
  pool.push(...out.faceDown);
  out.reports.forEach((r) => hidden(ownerOf(r.position, s.seats)) && pool.push(r.card));
  // A shuffle that surely moves something when the pool has two different cards.
  let mixed = Rng.seeded(seed).shuffle(pool);
  if (mixed.every((c, i) => c === pool[i]) && new Set(pool).size > 1) mixed = [...pool.slice(1), pool[0]!];
  let i = 0;
  const next = () => mixed[i++]!;
  out.hands = out.hands.map((h, seat) => (hidden(seat) ? h.map(next) : h));
  out.discards = out.discards.map((d, seat) => (hidden(seat) && d !== null ? next() : d));
  out.faceDown = out.faceDown.map(next);
  out.reports = out.reports.map((r) => (hidden(ownerOf(r.position, s.seats)) ? { ...r, card: next() } : r));
  return out;
}
