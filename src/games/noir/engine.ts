/**
 * NOIR: Killer vs. Inspector — the pure game definition (docs/rules/noir.md),
 * assembled from its parts: setup.ts, moves.ts (the table of moves and `pending`), grid.ts,
 * state.ts, views.ts, codec.ts, autoplay.ts. Two seats; the Killer starts with a forced
 * kill, the Inspector then picks a secret identity, then both alternate Shift / Kill /
 * Disguise and Shift / Arrest / Exonerate (plus Citizen's Arrest in that mode).
 */
import type { GameDefinition } from '../engine.js';
import { timeoutAction } from './autoplay.js';
import { decodeNoirAction, encodeNoirAction } from './codec.js';
import { apply, checkAction, legalActions, pending } from './moves.js';
import { noirActionSchema, noirOptionsSchema, type NoirAction, type NoirError, type NoirOptions, type NoirState } from './rules.js';
import { setupNoir } from './setup.js';
import { publicViewOf, resultNoir, seatViewOf, type NoirPublicView, type NoirSeatView } from './views.js';

/** The NOIR game definition (docs/architecture.md §3). */
export const noirDefinition: GameDefinition<NoirState, NoirAction, NoirOptions, NoirPublicView, NoirSeatView, NoirError> = {
  id: 'noir',
  minPlayers: 2,
  maxPlayers: 2,
  optionsSchema: noirOptionsSchema,
  actionSchema: noirActionSchema,
  setup: setupNoir,
  pending,
  legalActions,
  apply,
  check: checkAction,
  defaultAction: timeoutAction,
  autoAction: timeoutAction,
  publicView: publicViewOf,
  seatView: seatViewOf,
  result: resultNoir,
  encodeAction: encodeNoirAction,
  decodeAction: decodeNoirAction,
};
