/**
 * The set-ups the benches play NOIR with (src/games/module.ts `GameBenchSetups`; read by
 * bench/arena.ts and bench/legal-moves.ts through `GAME_MODULES`).
 */
import type { GameBenchSetups } from '../module.js';

/** NOIR's modes (docs/rules/noir.md), in the order the arena plays them. */
const MODES = ['standard', 'classic', 'citizens-arrest'] as const;

/** NOIR's bench set-ups: one seat count, so more deals per arena line-up. */
export const noirBench: GameBenchSetups = {
  arena: {
    // Each mode twice: the measured bot as the Killer (the host seat, `killer: 'host'`), then as the Inspector.
    setups: MODES.flatMap((mode) =>
      (['killer', 'inspector'] as const).map((role) => ({ label: `${mode} ${role}`, options: { mode, killer: role === 'killer' ? 'host' : 'guest' }, role })),
    ),
    deals: 30,
    // What a live 300 ms Hard move searches on this machine: median of 7,584 iterations over 40 decision points (bench/hard-iterations.ts,
    // bench/results/search-speed-2026-12-02.txt, load average ≈ 2 on 2 cores). Was tuned to the old engine search.
    hardIterations: 7600,
    latencySeats: 2,
  },
  // Every mode (docs/rules/noir.md), the short kill target and Classic's other disguise rule.
  variants: [
    ...MODES.map((mode) => ({ label: mode, options: { mode } })),
    { label: 'standard kill-target 14', options: { mode: 'standard', killTarget: 14 } },
    { label: 'classic disguise keeps the old identity', options: { mode: 'classic', disguiseKillsOldIdentity: false } },
  ],
  legalMoves: [
    { label: 'noir-standard', seats: 2, options: {} },
    { label: 'noir-citizens', seats: 2, options: { mode: 'citizens-arrest' } },
  ],
};
