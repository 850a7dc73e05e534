/**
 * Guess as the bot sees it: the whole game slice in one module — engine, renderers, bot kit,
 * texts in every language (./text/), typical lengths and the options of `/guess new`. Registering it is one line
 * (`registry.ts` here), the same line a real game adds to `GAME_MODULES` (src/games/index.ts).
 */
import type { GameModule } from '../../../src/games/module.js';
import { commandOptions } from '../../../src/games/options.js';
import { guessBot } from './bot.js';
import { guessDefinition, guessOptionsSchema } from './engine.js';
import { guessText } from './text/index.js';
import { TYPICAL_LENGTHS } from './typical-length.data.js';
import { guessUi } from './ui.js';

export const guessModule: GameModule<'guess'> = {
  id: 'guess',
  command: 'guess',
  title: (t) => guessText(t).title,
  emoji: '🔢',
  colour: 0x8e44ad,
  description: (t) => guessText(t).description,
  text: guessText,
  definition: guessDefinition,
  ui: guessUi,
  bot: guessBot,
  newOptions: commandOptions(guessOptionsSchema, [{ name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => guessText(t).turnTimer }]),
  typicalLengths: TYPICAL_LENGTHS,
};
