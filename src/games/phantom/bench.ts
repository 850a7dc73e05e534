/**
 * The set-ups the benches play Tricks and the Phantom with (src/games/module.ts
 * `GameBenchSetups`; read by bench/arena.ts and bench/legal-moves.ts through `GAME_MODULES`).
 */
import type { GameBenchSetups } from '../module.js';

/** Phantom's bench set-ups. */
export const phantomBench: GameBenchSetups = {
  arena: {
    setups: [{ label: 'base', options: {} }],
    deals: 12,
    // What a live 300 ms Hard move searches on this machine: median of 6,016 iterations over 40 decision points
    // (bench/hard-iterations.ts, bench/results/search-speed-2026-12-02.txt, load average ≈ 2 on 2 cores). Was tuned to the old engine search.
    hardIterations: 6000,
    latencySeats: 3,
  },
  // The full deck and the beginner deck (docs/rules/phantom.md §3.3).
  variants: [
    { label: 'base', options: {} },
    { label: 'beginner', options: { beginner: true } },
  ],
  legalMoves: [
    { label: 'phantom-2p', seats: 2, options: {} },
    { label: 'phantom-4p', seats: 4, options: {} },
  ],
};
