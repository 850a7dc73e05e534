/** Tricks and the Phantom as the bot sees it: definition, renderers, `/phantom new` options. */
import type { GameModule } from '../module.js';
import { phantomLesson } from './lesson.js';
import { phantomBench } from './bench.js';
import { phantomExplain } from './hint.js';
import { phantomBot } from './bot.js';
import { commandOptions } from '../options.js';
import { phantomDefinition } from './engine.js';
import { optionsSchema } from './rules.js';
import { phantomUi } from './ui.js';
import { phantomPictures } from './pictures.js';
import { phantomText } from './text/index.js';
import { TYPICAL_LENGTHS } from './typical-length.data.js';

/** The `/phantom` game module (docs/rules/phantom.md). */
export const phantomModule: GameModule<'phantom'> = {
  id: 'phantom',
  command: 'phantom',
  title: (t) => phantomText(t).title,
  emoji: '👻',
  colour: 0x8e44ad,
  description: (t) => phantomText(t).description,
  text: (t) => phantomText(t),
  definition: phantomDefinition,
  ui: phantomUi,
  pictures: phantomPictures,
  // The kit with the 💡 Hint's and the review analysis's explanations (./hint.ts).
  bot: { ...phantomBot, explain: phantomExplain },
  newOptions: commandOptions(optionsSchema, [
    { name: 'beginner', optionKey: 'beginner', description: (t) => phantomText(t).options.beginner },
    { name: 'target-score', optionKey: 'targetScore', description: (t) => phantomText(t).options.targetScore },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => phantomText(t).options.turnSeconds },
  ]),
  typicalLengths: TYPICAL_LENGTHS,
  lesson: phantomLesson,
  bench: phantomBench,
};

export { phantomDefinition } from './engine.js';
export { phantomUi } from './ui.js';
