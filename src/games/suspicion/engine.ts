/**
 * Suspicion — the pure game definition (docs/rules/suspicion.md), assembled from its parts:
 * setup.ts, moves.ts (the table of moves and `pending`), views.ts, codec.ts, autoplay.ts.
 */
import type { GameDefinition } from '../engine.js';
import { MAX_PLAYERS, MIN_PLAYERS, actionSchema, optionsSchema, type SuspicionAction, type SuspicionError, type SuspicionOptions, type SuspicionState } from './rules.js';
import { autoAction } from './autoplay.js';
import { decodeAction, encodeAction } from './codec.js';
import { apply, checkAction, legalActions, pending } from './moves.js';
import { setup } from './setup.js';
import { publicView, result, seatView, type SuspicionPublicView, type SuspicionSeatView } from './views.js';

/** The Suspicion game definition (docs/rules/suspicion.md). */
export const suspicionDefinition: GameDefinition<
  SuspicionState,
  SuspicionAction,
  SuspicionOptions,
  SuspicionPublicView,
  SuspicionSeatView,
  SuspicionError
> = {
  id: 'suspicion',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema,
  actionSchema,
  setup,
  pending,
  legalActions,
  apply,
  check: checkAction,
  defaultAction: autoAction,
  autoAction,
  publicView,
  seatView,
  result,
  encodeAction,
  decodeAction,
};
