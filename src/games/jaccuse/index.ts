/**
 * J'Accuse! as the bot sees it (rules/jaccuse.md): the pure definition, the renderers and the
 * options of `/jaccuse new`.
 */
import type { GameModule } from '../module.js';
import { jaccuseDefinition } from './engine.js';
import { jaccuseUi } from './ui.js';
import { MAX_TIMER_SECONDS, MIN_TIMER_SECONDS } from './rules.js';

/** The J'Accuse! module: `/jaccuse new`, `/jaccuse rules`. */
export const jaccuseModule: GameModule = {
  id: 'jaccuse',
  command: 'jaccuse',
  title: (t) => t.jaccuse.title,
  emoji: '🫵',
  colour: 0xc0392b,
  description: (t) => t.jaccuse.description,
  definition: jaccuseDefinition,
  ui: jaccuseUi,
  newOptions: [
    {
      name: 'across-chooser',
      optionKey: 'acrossChooser',
      description: (t) => t.jaccuse.optionAcrossChooser,
      type: 'string',
      choices: [
        { name: (t) => t.jaccuse.choiceHolder, value: 'holder' },
        { name: (t) => t.jaccuse.choiceInspector, value: 'inspector' },
      ],
    },
    {
      name: 'characters',
      optionKey: 'characters',
      description: (t) => t.jaccuse.optionCharacters,
      type: 'string',
      choices: [
        { name: (t) => t.jaccuse.choiceRandom, value: 'random' },
        { name: (t) => t.jaccuse.choiceChoice, value: 'choice' },
      ],
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.jaccuse.optionTurnTimer, type: 'integer', min: MIN_TIMER_SECONDS, max: MAX_TIMER_SECONDS },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: (t) => t.jaccuse.optionVoteTimer, type: 'integer', min: MIN_TIMER_SECONDS, max: MAX_TIMER_SECONDS },
  ],
};
