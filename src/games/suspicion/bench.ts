/**
 * The set-ups the benches play Suspicion with (src/games/module.ts `GameBenchSetups`; read by
 * bench/arena.ts and bench/legal-moves.ts through `GAME_MODULES`).
 */
import type { GameBenchSetups } from '../module.js';

/** Suspicion's rules variants (docs/rules/suspicion.md), each an arena set-up. */
const VARIANTS = ['classic', 'no-bluff', 'criminal', 'arrest-race'] as const;

/** Suspicion's bench set-ups. */
export const suspicionBench: GameBenchSetups = {
  arena: {
    // The arrest race leaves no decision that changes who wins.
    setups: VARIANTS.map((variant) => ({ label: variant, options: { variant }, ...(variant === 'arrest-race' ? { pureLuck: true } : {}) })),
    deals: 8,
    // What a live 300 ms Hard move searches on the compact model (bench/hard-iterations.ts,
    // bench/results/search-speed-2026-12-02.txt: 5,984).
    hardIterations: 6000,
    latencySeats: 3,
  },
  // Every variant (docs/rules/suspicion.md §1.12) and the coin-flip tie rule (§1.9) of the bluffing ones.
  variants: [
    ...VARIANTS.map((variant) => ({ label: variant, options: { variant } })),
    { label: 'classic coin-flip', options: { variant: 'classic', tieRule: 'coin-flip' } },
    { label: 'criminal coin-flip', options: { variant: 'criminal', tieRule: 'coin-flip' } },
  ],
  legalMoves: [
    { label: 'suspicion-3p-classic', seats: 3, options: {} },
    { label: 'suspicion-6p-classic', seats: 6, options: {} },
    { label: 'suspicion-4p-criminal', seats: 4, options: { variant: 'criminal' } },
  ],
};
