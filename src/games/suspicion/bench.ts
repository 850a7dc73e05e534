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
    // Hard searches on the engine (bot.ts `searchOnModel: false`): about what the engine-based
    // search does in a live 300 ms move (the count it was tuned to). The model search would get
    // 5,984 (bench/results/search-speed-2026-12-02.txt) but played worse (docs/ai-strength.md).
    hardIterations: 200,
    latencySeats: 3,
  },
  legalMoves: [
    { label: 'suspicion-3p-classic', seats: 3, options: {} },
    { label: 'suspicion-6p-classic', seats: 6, options: {} },
    { label: 'suspicion-4p-criminal', seats: 4, options: { variant: 'criminal' } },
  ],
};
