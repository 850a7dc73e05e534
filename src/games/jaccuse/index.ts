/**
 * J'Accuse! as the bot sees it (rules/jaccuse.md): the pure definition, the renderers and the
 * options of `/jaccuse new`.
 */
import type { GameModule } from '../module.js';
import { en } from '../../i18n/index.js';
import { jaccuseDefinition } from './engine.js';
import { jaccuseUi } from './ui.js';
import { MAX_TIMER_SECONDS, MIN_TIMER_SECONDS } from './rules.js';

const t = en.jaccuse;

/** The J'Accuse! module: `/jaccuse new`, `/jaccuse rules`. */
export const jaccuseModule: GameModule<'jaccuse'> = {
  id: 'jaccuse',
  command: 'jaccuse',
  title: t.title,
  emoji: '🫵',
  description: t.description,
  definition: jaccuseDefinition,
  ui: jaccuseUi,
  newOptions: [
    {
      name: 'across-chooser',
      optionKey: 'acrossChooser',
      description: t.optionAcrossChooser,
      type: 'string',
      choices: [
        { name: t.choiceHolder, value: 'holder' },
        { name: t.choiceInspector, value: 'inspector' },
      ],
    },
    {
      name: 'characters',
      optionKey: 'characters',
      description: t.optionCharacters,
      type: 'string',
      choices: [
        { name: t.choiceRandom, value: 'random' },
        { name: t.choiceChoice, value: 'choice' },
      ],
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: t.optionTurnTimer, type: 'integer', min: MIN_TIMER_SECONDS, max: MAX_TIMER_SECONDS },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: t.optionVoteTimer, type: 'integer', min: MIN_TIMER_SECONDS, max: MAX_TIMER_SECONDS },
  ],
};
