/**
 * Tricks and the Phantom — the pure game definition (docs/rules/phantom.md),
 * assembled from its parts: setup.ts, moves.ts (the table of moves and `pending`),
 * seating.ts, crime.ts, scoring.ts, views.ts, codec.ts, autoplay.ts.
 */
import type { GameDefinition } from '../engine.js';
import { defaultAction } from './autoplay.js';
import { decodeAction, encodeAction } from './codec.js';
import { apply, checkAction, legalActions, pending } from './moves.js';
import { MAX_PLAYERS, MIN_PLAYERS, actionSchema, optionsSchema, type PhantomAction, type PhantomError, type PhantomOptions, type PhantomState } from './rules.js';
import { setup } from './setup.js';
import { publicView, result, seatView, type PhantomPublicView, type PhantomSeatView } from './views.js';

/** The game definition of Tricks and the Phantom. */
export const phantomDefinition: GameDefinition<PhantomState, PhantomAction, PhantomOptions, PhantomPublicView, PhantomSeatView, PhantomError> = {
  id: 'phantom',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema,
  actionSchema,
  setup,
  pending,
  legalActions,
  apply,
  check: checkAction,
  defaultAction,
  autoAction: defaultAction,
  publicView,
  seatView,
  result,
  encodeAction,
  decodeAction,
};
