/**
 * Picking the best-scored action, shared by the games' heuristics (pure: game bot files
 * import it). A `Scores` record, when given, receives every action's score, so the Hard
 * level's search can start from the heuristic's own ranking (ismcts.ts shortlist).
 */
import type { Rng } from '../games/rng.js';

/** Receives the scores of the last choice (index = position in the legal list). */
export interface Scores {
  values: number[] | null;
}

/** The best-scored action of `legal` (ties broken with `rng`); records every score in `record`. */
export function best<A>(legal: readonly A[], score: (a: A) => number, rng: Rng, record?: Scores): A {
  let top = Number.NEGATIVE_INFINITY;
  let picks: number[] = [];
  const values: number[] = [];
  legal.forEach((a, i) => {
    const s = score(a);
    values.push(s);
    if (s > top + 1e-9) {
      top = s;
      picks = [i];
    } else if (Math.abs(s - top) <= 1e-9) picks.push(i);
  });
  if (record) record.values = values;
  return legal[picks[rng.int(0, picks.length - 1)]!]!;
}
