/**
 * Suspicion — the game module: pure definition, renderers and the options of
 * `/suspicion new` and `/suspicion rules` (rules/suspicion.md).
 */
import type { GameModule } from '../module.js';
import { commandOptions, type OptionPresentation } from '../options.js';
import { en } from '../../i18n/index.js';
import { suspicionDefinition } from './engine.js';
import { suspicionUi } from './ui.js';
import { optionsSchema } from './rules.js';

const s = en.suspicion;

/** The `variant` option, shared by `/suspicion new` and `/suspicion rules`. */
const variantOption: OptionPresentation<typeof optionsSchema.shape> = {
  name: 'variant',
  optionKey: 'variant',
  description: s.optVariant,
  choiceNames: s.variantChoices,
};

/** The Suspicion module (command `/suspicion`). */
export const suspicionModule: GameModule<'suspicion'> = {
  id: 'suspicion',
  command: 'suspicion',
  title: s.title,
  emoji: '🔎',
  colour: 0x4f7cac,
  description: s.description,
  definition: suspicionDefinition,
  ui: suspicionUi,
  newOptions: commandOptions(optionsSchema, [
    variantOption,
    { name: 'turn-timer', optionKey: 'turnSeconds', description: s.optTurn },
    { name: 'counter-window', optionKey: 'reactionSeconds', description: s.optReaction },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: s.optVote },
  ]),
  rulesOptions: commandOptions(optionsSchema, [variantOption]),
};
