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
    hardIterations: 120,
    latencySeats: 2,
  },
  legalMoves: [
    { label: 'noir-standard', seats: 2, options: {} },
    { label: 'noir-citizens', seats: 2, options: { mode: 'citizens-arrest' } },
  ],
};
