/** Hidden-information helpers for J'Accuse!'s leak tests (property, pictures, review). */
import type { Viewer } from '../../../src/games/engine.js';
import { Rng } from '../../../src/games/rng.js';
import { SUSPICION_CARDS, type JaccuseState } from '../../../src/games/jaccuse/rules.js';

/**
 * A copy of `s` with every secret hidden from `viewer` (a seat, or null for the public)
 * reshuffled with `salt`: other Investigation hands, the pile and the face-down chosen card,
 * the order of every evidence pile, and other seats' votes. Any view for `viewer` must be
 * identical for both states.
 */
export function perturb(s: JaccuseState, viewer: Viewer, salt: number): JaccuseState {
  const t = structuredClone(s);
  const rng = Rng.seeded(salt);
  const hiddenHands = t.investigationHands.map((_, i) => i).filter((i) => i !== viewer);
  const chosenHidden = t.chosen !== null && viewer !== t.inspector;
  const pool = rng.shuffle([...hiddenHands.flatMap((i) => t.investigationHands[i]!), ...t.investigationPile, ...(chosenHidden ? [t.chosen!] : [])]);
  for (const i of hiddenHands) t.investigationHands[i] = pool.splice(0, t.investigationHands[i]!.length);
  t.investigationPile = pool.splice(0, t.investigationPile.length);
  if (chosenHidden) t.chosen = pool.shift()!;
  for (const type of ['motive', 'opportunity', 'weapon'] as const) t.piles[type] = rng.shuffle(t.piles[type]);
  t.votes = t.votes.map((v, seat) => (v === null || seat === viewer ? v : rng.pick(SUSPICION_CARDS.filter((c) => !t.used[seat]!.includes(c)))));
  return t;
}
