/**
 * J'Accuse! as the bot sees it (docs/rules/jaccuse.md): the pure definition, the renderers and the
 * options of `/jaccuse new`.
 */
import type { GameModule } from '../module.js';
import { jaccuseLesson } from './lesson.js';
import { jaccuseBench } from './bench.js';
import { jaccuseExplain } from './hint.js';
import { jaccuseBot } from './bot.js';
import { commandOptions } from '../options.js';
import { jaccuseDefinition } from './engine.js';
import { jaccuseUi } from './ui.js';
import { jaccusePictures } from './pictures.js';
import { jaccuseOptionsSchema } from './rules.js';
import { jaccuseText } from './text/index.js';
import { TYPICAL_LENGTHS } from './typical-length.data.js';

/** The J'Accuse! module: `/jaccuse new`, `/jaccuse rules`. */
export const jaccuseModule: GameModule<'jaccuse'> = {
  id: 'jaccuse',
  command: 'jaccuse',
  title: (t) => jaccuseText(t).title,
  emoji: '🫵',
  colour: 0xc0392b,
  description: (t) => jaccuseText(t).description,
  text: (t) => jaccuseText(t),
  definition: jaccuseDefinition,
  ui: jaccuseUi,
  pictures: jaccusePictures,
  // The kit with the 💡 Hint's and the review analysis's explanations (./hint.ts).
  bot: { ...jaccuseBot, explain: jaccuseExplain },
  newOptions: commandOptions(jaccuseOptionsSchema, [
    {
      name: 'across-chooser',
      optionKey: 'acrossChooser',
      description: (t) => jaccuseText(t).optionAcrossChooser,
      choiceNames: (t) => ({ holder: jaccuseText(t).choiceHolder, inspector: jaccuseText(t).choiceInspector }),
    },
    {
      name: 'characters',
      optionKey: 'characters',
      description: (t) => jaccuseText(t).optionCharacters,
      choiceNames: (t) => ({ random: jaccuseText(t).choiceRandom, choice: jaccuseText(t).choiceChoice }),
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => jaccuseText(t).optionTurnTimer },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => jaccuseText(t).optionVoteTimer },
  ]),
  typicalLengths: TYPICAL_LENGTHS,
  lesson: jaccuseLesson,
  bench: jaccuseBench,
};
