/**
 * Suspicion — the game module: pure definition, renderers and the options of
 * `/suspicion new` and `/suspicion rules` (rules/suspicion.md).
 */
import type { CommandOptionSpec, GameModule } from '../module.js';
import { en } from '../../i18n/index.js';
import { suspicionDefinition } from './engine.js';
import { suspicionUi } from './ui.js';
import {
  MAX_REACTION_SECONDS,
  MAX_TIMER_SECONDS,
  MIN_REACTION_SECONDS,
  MIN_TURN_SECONDS,
  MIN_VOTE_SECONDS,
  VARIANTS,
} from './rules.js';

const s = en.suspicion;

const variantOption: CommandOptionSpec = {
  name: 'variant',
  optionKey: 'variant',
  description: s.optVariant,
  type: 'string',
  choices: VARIANTS.map((v) => ({ name: s.variantChoices[v], value: v })),
};

/** The Suspicion module (command `/suspicion`). */
export const suspicionModule: GameModule<'suspicion'> = {
  id: 'suspicion',
  command: 'suspicion',
  title: s.title,
  emoji: '🔎',
  description: s.description,
  definition: suspicionDefinition,
  ui: suspicionUi,
  newOptions: [
    variantOption,
    { name: 'turn-timer', optionKey: 'turnSeconds', description: s.optTurn, type: 'integer', min: MIN_TURN_SECONDS, max: MAX_TIMER_SECONDS },
    { name: 'counter-window', optionKey: 'reactionSeconds', description: s.optReaction, type: 'integer', min: MIN_REACTION_SECONDS, max: MAX_REACTION_SECONDS },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: s.optVote, type: 'integer', min: MIN_VOTE_SECONDS, max: MAX_TIMER_SECONDS },
  ],
  rulesOptions: [variantOption],
};
