/**
 * Suspicion — the game module: pure definition, renderers and the options of
 * `/suspicion new` and `/suspicion rules` (docs/rules/suspicion.md).
 */
import type { GameModule } from '../module.js';
import { suspicionBench } from './bench.js';
import { suspicionBot } from './bot.js';
import { suspicionExplain } from './hint.js';
import { commandOptions, type OptionPresentation } from '../options.js';
import { suspicionDefinition } from './engine.js';
import { suspicionLesson } from './lesson.js';
import { suspicionUi } from './ui.js';
import { suspicionPictures } from './pictures.js';
import { optionsSchema } from './rules.js';
import { suspicionText } from './text/index.js';
import { TYPICAL_LENGTHS } from './typical-length.data.js';

/** The `variant` option, shared by `/suspicion new` and `/suspicion rules`. */
const variantOption: OptionPresentation<typeof optionsSchema.shape> = {
  name: 'variant',
  optionKey: 'variant',
  description: (t) => suspicionText(t).optVariant,
  choiceNames: (t) => suspicionText(t).variantChoices,
};

/** The Suspicion module (command `/suspicion`). */
export const suspicionModule: GameModule<'suspicion'> = {
  id: 'suspicion',
  command: 'suspicion',
  title: (t) => suspicionText(t).title,
  emoji: '🔎',
  colour: 0x4f7cac,
  description: (t) => suspicionText(t).description,
  text: (t) => suspicionText(t),
  definition: suspicionDefinition,
  ui: suspicionUi,
  pictures: suspicionPictures,
  // The kit with the 💡 Hint's and the review analysis's explanations (./hint.ts).
  bot: { ...suspicionBot, explain: suspicionExplain },
  newOptions: commandOptions(optionsSchema, [
    variantOption,
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => suspicionText(t).optTurn },
    { name: 'counter-window', optionKey: 'reactionSeconds', description: (t) => suspicionText(t).optReaction },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => suspicionText(t).optVote },
  ]),
  rulesOptions: commandOptions(optionsSchema, [variantOption]),
  typicalLengths: TYPICAL_LENGTHS,
  lesson: suspicionLesson,
  bench: suspicionBench,
};
