/**
 * Guess's typical lengths, written by scripts/game-lengths.ts `dataFile` from its measurement
 * (50 seeded random games per player count, 10 s per decision; model: src/games/typical-length.ts),
 * exactly as a real game's file. ./slice.test.ts measures again and fails when it is out of date.
 */
import type { GameLengths } from '../../../src/games/module.js';

/** Measured lengths: rules variant (or 'default') → player count → stats. */
export const TYPICAL_LENGTHS = {
  default: {
    2: { decisions: 4, seconds: { low: 40, median: 40, high: 40 } },
  },
} as const satisfies GameLengths;
