/**
 * Suspicion — the game module: pure definition, renderers and the options of
 * `/suspicion new` and `/suspicion rules` (docs/rules/suspicion.md).
 */
import type { GameModule } from '../module.js';
import { suspicionBench } from './bench.js';
import { suspicionBot } from './bot.js';
import { commandOptions, type OptionPresentation } from '../options.js';
import { suspicionDefinition } from './engine.js';
import { suspicionLesson } from './lesson.js';
import { suspicionUi } from './ui.js';
import { suspicionPictures } from './pictures.js';
import { optionsSchema } from './rules.js';

/** The `variant` option, shared by `/suspicion new` and `/suspicion rules`. */
const variantOption: OptionPresentation<typeof optionsSchema.shape> = {
  name: 'variant',
  optionKey: 'variant',
  description: (t) => t.suspicion.optVariant,
  choiceNames: (t) => t.suspicion.variantChoices,
};

/** The Suspicion module (command `/suspicion`). */
export const suspicionModule: GameModule<'suspicion'> = {
  id: 'suspicion',
  command: 'suspicion',
  title: (t) => t.suspicion.title,
  emoji: '🔎',
  colour: 0x4f7cac,
  description: (t) => t.suspicion.description,
  text: (t) => t.suspicion,
  definition: suspicionDefinition,
  ui: suspicionUi,
  pictures: suspicionPictures,
  bot: suspicionBot,
  newOptions: commandOptions(optionsSchema, [
    variantOption,
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.suspicion.optTurn },
    { name: 'counter-window', optionKey: 'reactionSeconds', description: (t) => t.suspicion.optReaction },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => t.suspicion.optVote },
  ]),
  rulesOptions: commandOptions(optionsSchema, [variantOption]),
  lesson: suspicionLesson,
  bench: suspicionBench,
};
