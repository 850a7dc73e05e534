/**
 * Suspicion — the game module: pure definition, renderers and the options of
 * `/suspicion new` and `/suspicion rules` (rules/suspicion.md).
 */
import type { CommandOptionSpec, GameModule } from '../module.js';
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

const variantOption: CommandOptionSpec = {
  name: 'variant',
  optionKey: 'variant',
  description: (t) => t.suspicion.optVariant,
  type: 'string',
  choices: VARIANTS.map((v) => ({ name: (t) => t.suspicion.variantChoices[v], value: v })),
};

/** The Suspicion module (command `/suspicion`). */
export const suspicionModule: GameModule = {
  id: 'suspicion',
  command: 'suspicion',
  title: (t) => t.suspicion.title,
  emoji: '🔎',
  colour: 0x4f7cac,
  description: (t) => t.suspicion.description,
  definition: suspicionDefinition,
  ui: suspicionUi,
  newOptions: [
    variantOption,
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.suspicion.optTurn, type: 'integer', min: MIN_TURN_SECONDS, max: MAX_TIMER_SECONDS },
    { name: 'counter-window', optionKey: 'reactionSeconds', description: (t) => t.suspicion.optReaction, type: 'integer', min: MIN_REACTION_SECONDS, max: MAX_REACTION_SECONDS },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => t.suspicion.optVote, type: 'integer', min: MIN_VOTE_SECONDS, max: MAX_TIMER_SECONDS },
  ],
  rulesOptions: [variantOption],
};
