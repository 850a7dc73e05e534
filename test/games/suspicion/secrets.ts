/** Hidden-information helpers for Suspicion's leak tests (text renderers, pictures, review). */
import type { SuspicionState } from '../../../src/games/suspicion/rules.js';

/**
 * The same game with every secret `viewer` (a seat, or null for the public) may not see
 * changed: other hands, the face-down card, other votes and the draw order. Any view for
 * `viewer` must be identical for both states.
 */
export function scramble(s: SuspicionState, viewer: number | null): SuspicionState {
  const t = structuredClone(s);
  const pool = t.draw;
  let k = 0;
  t.players.forEach((p, seat) => {
    if (seat === viewer) return;
    p.hand = p.hand.map((c) => {
      if (k >= pool.length) return c;
      const other = pool[k]!;
      pool[k++] = c;
      return other;
    });
  });
  const ph = t.phase;
  if (ph.kind === 'vote') {
    if (ph.declarer !== viewer && k < pool.length) {
      const other = pool[k]!;
      pool[k++] = ph.card;
      ph.card = other;
    }
    ph.votes = ph.votes.map((v, seat) => (seat === viewer || v === null ? v : v === 'believe' ? 'bluff' : 'believe'));
  }
  t.draw = pool.reverse();
  return t;
}
