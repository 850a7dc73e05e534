/**
 * How many random cases the property tests draw (README "Tests", docs/architecture.md §6).
 *
 * `npm test` runs at depth 1: the counts written in each property file, chosen so the whole
 * suite stays under ten minutes on two cores. `npm run test:deep` runs the same files with
 * `RH_TEST_DEPTH=5` (five times as many random games, seeds and runs); `.ci/run` runs it after
 * `npm test`, so CI checks every property at both depths.
 *
 * Errors: a value of `RH_TEST_DEPTH` that is not a positive integer throws when a test file loads
 * (a typo must not silently run a shallow suite).
 */
export const DEPTH: number = parseDepth(process.env.RH_TEST_DEPTH);

function parseDepth(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`RH_TEST_DEPTH must be a positive integer (got "${raw}")`);
  return n;
}

/** `n` random cases at the current depth: `n` in `npm test`, `n × RH_TEST_DEPTH` in `npm run test:deep`. */
export function deep(n: number): number {
  return n * DEPTH;
}
