/**
 * NOIR: Killer vs. Inspector as the bot sees it (docs/rules/noir.md): the
 * pure definition, the renderers and the options of `/noir new`.
 */
import type { GameModule } from '../module.js';
import { noirBench } from './bench.js';
import { noirBot } from './bot.js';
import { noirExplain } from './hint.js';
import { commandOptions, type OptionPresentation } from '../options.js';
import { noirDefinition } from './engine.js';
import { noirLesson } from './lesson.js';
import { noirUi } from './ui.js';
import { noirPictures } from './pictures.js';
import { noirOptionsSchema } from './rules.js';
import { noirText } from './text/index.js';
import { TYPICAL_LENGTHS } from './typical-length.data.js';

/** The `mode` option, shared by `/noir new` and `/noir rules`. */
const modeOption: OptionPresentation<typeof noirOptionsSchema.shape> = {
  name: 'mode',
  optionKey: 'mode',
  description: (t) => noirText(t).cmdMode,
  choiceNames: (t) => ({ classic: noirText(t).cmdModeClassic, standard: noirText(t).cmdModeStandard, 'citizens-arrest': noirText(t).cmdModeCitizens }),
};

/** The NOIR module: `/noir new`, `/noir rules`. */
export const noirModule: GameModule<'noir'> = {
  id: 'noir',
  command: 'noir',
  title: (t) => noirText(t).title,
  emoji: '🔪',
  colour: 0x2b2d31,
  description: (t) => noirText(t).description,
  text: (t) => noirText(t),
  definition: noirDefinition,
  ui: noirUi,
  pictures: noirPictures,
  // The kit with the 💡 Hint's and the review analysis's explanations (./hint.ts).
  bot: { ...noirBot, explain: noirExplain },
  newOptions: commandOptions(noirOptionsSchema, [
    modeOption,
    { name: 'kill-target', optionKey: 'killTarget', description: (t) => noirText(t).cmdKillTarget },
    {
      name: 'killer',
      optionKey: 'killer',
      description: (t) => noirText(t).cmdKiller,
      choiceNames: (t) => ({ random: noirText(t).cmdKillerRandom, host: noirText(t).cmdKillerHost, guest: noirText(t).cmdKillerGuest }),
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => noirText(t).cmdTurnTimer },
  ]),
  rulesOptions: commandOptions(noirOptionsSchema, [modeOption]),
  typicalLengths: TYPICAL_LENGTHS,
  lesson: noirLesson,
  bench: noirBench,
};
