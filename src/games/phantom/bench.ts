/**
 * The set-ups the benches play Tricks and the Phantom with (src/games/module.ts
 * `GameBenchSetups`; read by bench/arena.ts and bench/legal-moves.ts through `GAME_MODULES`).
 */
import type { GameBenchSetups } from '../module.js';

/** Phantom's bench set-ups. */
export const phantomBench: GameBenchSetups = {
  arena: { setups: [{ label: 'base', options: {} }], deals: 12, hardIterations: 150, latencySeats: 3 },
  legalMoves: [
    { label: 'phantom-2p', seats: 2, options: {} },
    { label: 'phantom-4p', seats: 4, options: {} },
  ],
};
