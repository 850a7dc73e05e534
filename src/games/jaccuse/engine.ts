/**
 * J'Accuse! — the pure game definition (docs/rules/jaccuse.md), assembled from its parts:
 * setup.ts, moves.ts (the table of moves and `pending`), round.ts, views.ts, codec.ts,
 * autoplay.ts.
 */
import type { GameDefinition } from '../engine.js';
import { defaultAction } from './autoplay.js';
import { decodeAction, encodeAction } from './codec.js';
import { apply, checkAction, legalActions, pending } from './moves.js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  jaccuseActionSchema,
  jaccuseOptionsSchema,
  type JaccuseAction,
  type JaccuseError,
  type JaccuseOptions,
  type JaccuseState,
} from './rules.js';
import { setup } from './setup.js';
import { publicView, result, seatView, type JaccusePublicView, type JaccuseSeatView } from './views.js';

/** The J'Accuse! game definition (docs/rules/jaccuse.md). */
export const jaccuseDefinition: GameDefinition<JaccuseState, JaccuseAction, JaccuseOptions, JaccusePublicView, JaccuseSeatView, JaccuseError> = {
  id: 'jaccuse',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema: jaccuseOptionsSchema,
  actionSchema: jaccuseActionSchema,
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
