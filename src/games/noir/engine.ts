/**
 * NOIR: Killer vs. Inspector — the pure game definition (rules/noir-killer-vs-inspector.md).
 * Two seats; the Killer starts with a forced kill, the Inspector then picks a secret
 * identity, then both alternate Shift / Kill / Disguise and Shift / Arrest / Exonerate
 * (plus Citizen's Arrest in that mode). Geometry lives in engine-grid.ts, rule queries in
 * engine-rules.ts, `apply` in engine-apply.ts, views in engine-views.ts.
 */
import type { GameDefinition, GameResult, Pending, Seat, SetupMeta } from '../engine.js';
import { Rng } from '../rng.js';
import { timeoutAction } from './autoplay.js';
import { applyAction } from './engine-apply.js';
import { decodeNoirAction, encodeNoirAction } from './engine-codec.js';
import { actingRole, legalActionsOf, seatOf } from './engine-rules.js';
import { publicViewOf, seatViewOf, type NoirPublicView, type NoirSeatView } from './engine-views.js';
import {
  GRID_SIZE,
  INSPECTOR_START_CARDS,
  KILLER_START_CARDS,
  SUSPECT_COUNT,
  noirActionSchema,
  noirOptionsSchema,
  type Cell,
  type NoirAction,
  type NoirOptions,
  type NoirState,
} from './rules.js';

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
  const ids = Array.from({ length: SUSPECT_COUNT }, (_, i) => i);
  const layout = rng.shuffle(ids);
  const grid: Cell[][] = Array.from({ length: GRID_SIZE }, (_, r) =>
    layout.slice(r * GRID_SIZE, (r + 1) * GRID_SIZE).map((suspect) => ({ suspect, alive: true, marker: false })),
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

/** Who must act: one seat on the turn timer (`turnSeconds` × 1000 ms), or over. */
export function pendingNoir(s: NoirState): Pending {
  const role = actingRole(s);
  if (role === null) return { kind: 'over', step: s.step };
  return { kind: 'turn', seat: seatOf(s, role), step: s.step, timer: 'turn', timeoutMs: s.options.turnSeconds * 1000 };
}

/** Final outcome (rules §2.11): winner placement 1, loser 2; a draw at the cap: both 1, no winners. */
export function resultNoir(s: NoirState): GameResult | null {
  if (s.phase !== 'over' || s.endReason === null) return null;
  if (s.winner === null) return { placements: [1, 1], winners: [], reason: s.endReason };
  const w: Seat = seatOf(s, s.winner);
  const placements = [0, 1].map((seat) => (seat === w ? 1 : 2));
  return { placements, winners: [w], reason: s.endReason };
}

/** The NOIR game definition (DESIGN.md §3). */
export const noirDefinition: GameDefinition<NoirState, NoirAction, NoirOptions, NoirPublicView, NoirSeatView> = {
  id: 'noir',
  minPlayers: 2,
  maxPlayers: 2,
  optionsSchema: noirOptionsSchema,
  actionSchema: noirActionSchema,
  setup: setupNoir,
  pending: pendingNoir,
  legalActions: legalActionsOf,
  apply: applyAction,
  defaultAction: timeoutAction,
  autoAction: timeoutAction,
  publicView: publicViewOf,
  seatView: seatViewOf,
  result: resultNoir,
  encodeAction: encodeNoirAction,
  decodeAction: decodeNoirAction,
};
