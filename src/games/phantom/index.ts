/** Tricks and the Phantom as the bot sees it: definition, renderers, `/phantom new` options. */
import type { GameModule } from '../module.js';
import { phantomLesson } from './lesson.js';
import { phantomBench } from './bench.js';
import { phantomBot } from './bot.js';
import { commandOptions } from '../options.js';
import { phantomDefinition } from './engine.js';
import { optionsSchema } from './rules.js';
import { phantomUi } from './ui.js';
import { phantomPictures } from './pictures.js';

/** The `/phantom` game module (docs/rules/phantom.md). */
export const phantomModule: GameModule<'phantom'> = {
  id: 'phantom',
  command: 'phantom',
  title: (t) => t.phantom.title,
  emoji: '👻',
  colour: 0x8e44ad,
  description: (t) => t.phantom.description,
  text: (t) => t.phantom,
  definition: phantomDefinition,
  ui: phantomUi,
  pictures: phantomPictures,
  bot: phantomBot,
  newOptions: commandOptions(optionsSchema, [
    { name: 'beginner', optionKey: 'beginner', description: (t) => t.phantom.options.beginner },
    { name: 'target-score', optionKey: 'targetScore', description: (t) => t.phantom.options.targetScore },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.phantom.options.turnSeconds },
  ]),
  lesson: phantomLesson,
  bench: phantomBench,
};

export { phantomDefinition } from './engine.js';
export { phantomUi } from './ui.js';
