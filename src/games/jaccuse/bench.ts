/**
 * The set-ups the benches play J'Accuse! with (src/games/module.ts `GameBenchSetups`; read by
 * bench/arena.ts and bench/legal-moves.ts through `GAME_MODULES`).
 */
import type { GameBenchSetups } from '../module.js';

/** J'Accuse!'s bench set-ups. */
export const jaccuseBench: GameBenchSetups = {
  arena: {
    setups: [{ label: 'base', options: {} }],
    deals: 10,
    // Hard runs its own model lookahead (./bot-hard.ts): ~10–15 µs per simulation, and it stops early once its choice is clear.
    hardIterations: 20000,
    latencySeats: 4,
  },
  legalMoves: [
    { label: 'jaccuse-4p', seats: 4, options: {} },
    { label: 'jaccuse-6p-choice', seats: 6, options: { characters: 'choice' } },
  ],
};
