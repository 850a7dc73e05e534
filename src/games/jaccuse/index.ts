/**
 * J'Accuse! as the bot sees it (docs/rules/jaccuse.md): the pure definition, the renderers and the
 * options of `/jaccuse new`.
 */
import type { GameModule } from '../module.js';
import { jaccuseLesson } from './lesson.js';
import { jaccuseBench } from './bench.js';
import { jaccuseBot } from './bot.js';
import { commandOptions } from '../options.js';
import { jaccuseDefinition } from './engine.js';
import { jaccuseUi } from './ui.js';
import { jaccusePictures } from './pictures.js';
import { jaccuseOptionsSchema } from './rules.js';

/** The J'Accuse! module: `/jaccuse new`, `/jaccuse rules`. */
export const jaccuseModule: GameModule<'jaccuse'> = {
  id: 'jaccuse',
  command: 'jaccuse',
  title: (t) => t.jaccuse.title,
  emoji: '🫵',
  colour: 0xc0392b,
  description: (t) => t.jaccuse.description,
  text: (t) => t.jaccuse,
  definition: jaccuseDefinition,
  ui: jaccuseUi,
  pictures: jaccusePictures,
  bot: jaccuseBot,
  newOptions: commandOptions(jaccuseOptionsSchema, [
    {
      name: 'across-chooser',
      optionKey: 'acrossChooser',
      description: (t) => t.jaccuse.optionAcrossChooser,
      choiceNames: (t) => ({ holder: t.jaccuse.choiceHolder, inspector: t.jaccuse.choiceInspector }),
    },
    {
      name: 'characters',
      optionKey: 'characters',
      description: (t) => t.jaccuse.optionCharacters,
      choiceNames: (t) => ({ random: t.jaccuse.choiceRandom, choice: t.jaccuse.choiceChoice }),
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.jaccuse.optionTurnTimer },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => t.jaccuse.optionVoteTimer },
  ]),
  lesson: jaccuseLesson,
  bench: jaccuseBench,
};
