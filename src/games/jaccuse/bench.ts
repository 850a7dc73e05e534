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
    // Hard runs its own model lookahead (./bot-hard.ts), which stops early once its choice is clear (30 of 40 moves
    // measured): the cap is what a full 300 ms buys live on this machine, the median of iterations ÷ time × 300 ms over 40
    // decision points, 7,613 (bench/hard-iterations.ts, bench/results/search-speed-2026-12-02.txt, load average ≈ 2 on 2 cores).
    hardIterations: 7600,
    latencySeats: 4,
  },
  // Random or chosen characters, and either Across chooser (docs/rules/jaccuse.md).
  variants: [
    { label: 'base', options: {} },
    { label: 'characters choice', options: { characters: 'choice' } },
    { label: 'across by the Inspector', options: { acrossChooser: 'inspector' } },
  ],
  legalMoves: [
    { label: 'jaccuse-4p', seats: 4, options: {} },
    { label: 'jaccuse-6p-choice', seats: 6, options: { characters: 'choice' } },
  ],
};
