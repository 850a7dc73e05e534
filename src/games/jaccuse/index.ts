/**
 * J'Accuse! as the bot sees it (rules/jaccuse.md): the pure definition, the renderers and the
 * options of `/jaccuse new`.
 */
import type { GameModule } from '../module.js';
import { commandOptions } from '../options.js';
import { en } from '../../i18n/index.js';
import { jaccuseDefinition } from './engine.js';
import { jaccuseUi } from './ui.js';
import { jaccuseOptionsSchema } from './rules.js';

const t = en.jaccuse;

/** The J'Accuse! module: `/jaccuse new`, `/jaccuse rules`. */
export const jaccuseModule: GameModule<'jaccuse'> = {
  id: 'jaccuse',
  command: 'jaccuse',
  title: t.title,
  emoji: '🫵',
  colour: 0xc0392b,
  description: t.description,
  definition: jaccuseDefinition,
  ui: jaccuseUi,
  newOptions: commandOptions(jaccuseOptionsSchema, [
    {
      name: 'across-chooser',
      optionKey: 'acrossChooser',
      description: t.optionAcrossChooser,
      choiceNames: { holder: t.choiceHolder, inspector: t.choiceInspector },
    },
    {
      name: 'characters',
      optionKey: 'characters',
      description: t.optionCharacters,
      choiceNames: { random: t.choiceRandom, choice: t.choiceChoice },
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: t.optionTurnTimer },
    { name: 'vote-timer', optionKey: 'voteSeconds', description: t.optionVoteTimer },
  ]),
};
