/**
 * NOIR: Killer vs. Inspector — the initial state (docs/rules/noir.md §2.2).
 */
import type { SetupMeta } from '../engine.js';
import { Rng } from '../rng.js';
import { GRID_SIZE, INSPECTOR_START_CARDS, KILLER_START_CARDS, SUSPECT_COUNT, type Cell, type NoirOptions, type NoirState } from './rules.js';

/**
 * Initial state (rules §2.2): roles by `options.killer` (random, the host = `meta.hostSeat`
 * (default seat 0), or the other seat), a random 5×5 grid, a shuffled evidence deck; the
 * Killer draws 1 card (identity), the Inspector 4; 20 remain. Throws unless `seatCount` is 2.
 */
export function setupNoir(options: NoirOptions, seatCount: number, seed: number, meta?: SetupMeta): NoirState {
  if (seatCount !== 2) throw new RangeError(`NOIR needs exactly 2 seats, got ${seatCount}`);
  const rng = Rng.seeded(seed);
  const host = meta?.hostSeat === 1 ? 1 : 0;
  const killerSeat = options.killer === 'host' ? host : options.killer === 'guest' ? 1 - host : rng.int(0, 1);
  const ids = Array.from({ length: SUSPECT_COUNT }, (_, id) => id);
  const layout = rng.shuffle(ids);
  const grid: Cell[][] = Array.from({ length: GRID_SIZE }, (_, row) =>
    layout.slice(row * GRID_SIZE, (row + 1) * GRID_SIZE).map((suspect) => ({ suspect, alive: true, marker: false })),
  );
  const deck = rng.shuffle(ids);
  const killerCards = deck.splice(0, KILLER_START_CARDS);
  const hand = deck.splice(0, INSPECTOR_START_CARDS);
  return {
    options,
    rng: rng.state(),
    step: 1,
    turns: 0,
    phase: 'firstKill',
    turn: 'killer',
    killerSeat,
    inspectorSeat: 1 - killerSeat,
    grid,
    removed: [],
    deck,
    discards: [],
    killerIdentity: killerCards[0]!,
    inspectorIdentity: null,
    hand,
    drawn: null,
    killerDraws: [],
    lastShift: null,
    arrests: [],
    canvasses: [],
    citizensArrests: 0,
    winner: null,
    endReason: null,
  };
}
