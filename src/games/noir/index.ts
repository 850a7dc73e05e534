/**
 * NOIR: Killer vs. Inspector as the bot sees it (rules/noir-killer-vs-inspector.md): the
 * pure definition, the renderers and the options of `/noir new`.
 */
import type { CommandOptionSpec, GameModule } from '../module.js';
import { en } from '../../i18n/index.js';
import { noirDefinition } from './engine.js';
import { noirUi } from './ui.js';
import { KILL_TARGETS, MAX_TURN_SECONDS, MIN_TURN_SECONDS } from './rules.js';

const t = en.noir;

/** The `mode` option, shared by `/noir new` and `/noir rules`. */
const modeOption: CommandOptionSpec = {
  name: 'mode',
  optionKey: 'mode',
  description: t.cmdMode,
  type: 'string',
  choices: [
    { name: t.cmdModeClassic, value: 'classic' },
    { name: t.cmdModeStandard, value: 'standard' },
    { name: t.cmdModeCitizens, value: 'citizens-arrest' },
  ],
};

/** The NOIR module: `/noir new`, `/noir rules`. */
export const noirModule: GameModule<'noir'> = {
  id: 'noir',
  command: 'noir',
  title: t.title,
  emoji: '🔪',
  description: t.description,
  definition: noirDefinition,
  ui: noirUi,
  newOptions: [
    modeOption,
    {
      name: 'kill-target',
      optionKey: 'killTarget',
      description: t.cmdKillTarget,
      type: 'integer',
      choices: KILL_TARGETS.map((n) => ({ name: String(n), value: n })),
    },
    {
      name: 'killer',
      optionKey: 'killer',
      description: t.cmdKiller,
      type: 'string',
      choices: [
        { name: t.cmdKillerRandom, value: 'random' },
        { name: t.cmdKillerHost, value: 'host' },
        { name: t.cmdKillerGuest, value: 'guest' },
      ],
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: t.cmdTurnTimer, type: 'integer', min: MIN_TURN_SECONDS, max: MAX_TURN_SECONDS },
  ],
  rulesOptions: [
    modeOption,
  ],
};
