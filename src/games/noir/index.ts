/**
 * NOIR: Killer vs. Inspector as the bot sees it (rules/noir-killer-vs-inspector.md): the
 * pure definition, the renderers and the options of `/noir new`.
 */
import type { GameModule } from '../module.js';
import { commandOptions, type OptionPresentation } from '../options.js';
import { en } from '../../i18n/index.js';
import { noirDefinition } from './engine.js';
import { noirUi } from './ui.js';
import { noirOptionsSchema } from './rules.js';

const t = en.noir;

/** The `mode` option, shared by `/noir new` and `/noir rules`. */
const modeOption: OptionPresentation<typeof noirOptionsSchema.shape> = {
  name: 'mode',
  optionKey: 'mode',
  description: t.cmdMode,
  choiceNames: { classic: t.cmdModeClassic, standard: t.cmdModeStandard, 'citizens-arrest': t.cmdModeCitizens },
};

/** The NOIR module: `/noir new`, `/noir rules`. */
export const noirModule: GameModule<'noir'> = {
  id: 'noir',
  command: 'noir',
  title: t.title,
  emoji: '🔪',
  colour: 0x2b2d31,
  description: t.description,
  definition: noirDefinition,
  ui: noirUi,
  newOptions: commandOptions(noirOptionsSchema, [
    modeOption,
    { name: 'kill-target', optionKey: 'killTarget', description: t.cmdKillTarget },
    {
      name: 'killer',
      optionKey: 'killer',
      description: t.cmdKiller,
      choiceNames: { random: t.cmdKillerRandom, host: t.cmdKillerHost, guest: t.cmdKillerGuest },
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: t.cmdTurnTimer },
  ]),
  rulesOptions: commandOptions(noirOptionsSchema, [modeOption]),
};
