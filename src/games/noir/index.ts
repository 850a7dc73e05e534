/**
 * NOIR: Killer vs. Inspector as the bot sees it (rules/noir-killer-vs-inspector.md): the
 * pure definition, the renderers and the options of `/noir new`.
 */
import type { CommandOptionSpec, GameModule } from '../module.js';
import { noirDefinition } from './engine.js';
import { noirUi } from './ui.js';
import { KILL_TARGETS, MAX_TURN_SECONDS, MIN_TURN_SECONDS } from './rules.js';

/** The `mode` option, shared by `/noir new` and `/noir rules`. */
const modeOption: CommandOptionSpec = {
  name: 'mode',
  optionKey: 'mode',
  description: (t) => t.noir.cmdMode,
  type: 'string',
  choices: [
    { name: (t) => t.noir.cmdModeClassic, value: 'classic' },
    { name: (t) => t.noir.cmdModeStandard, value: 'standard' },
    { name: (t) => t.noir.cmdModeCitizens, value: 'citizens-arrest' },
  ],
};

/** The NOIR module: `/noir new`, `/noir rules`. */
export const noirModule: GameModule = {
  id: 'noir',
  command: 'noir',
  title: (t) => t.noir.title,
  emoji: '🔪',
  colour: 0x2b2d31,
  description: (t) => t.noir.description,
  definition: noirDefinition,
  ui: noirUi,
  newOptions: [
    modeOption,
    {
      name: 'kill-target',
      optionKey: 'killTarget',
      description: (t) => t.noir.cmdKillTarget,
      type: 'integer',
      choices: KILL_TARGETS.map((n) => ({ name: (t) => t.common.format.number(n), value: n })),
    },
    {
      name: 'killer',
      optionKey: 'killer',
      description: (t) => t.noir.cmdKiller,
      type: 'string',
      choices: [
        { name: (t) => t.noir.cmdKillerRandom, value: 'random' },
        { name: (t) => t.noir.cmdKillerHost, value: 'host' },
        { name: (t) => t.noir.cmdKillerGuest, value: 'guest' },
      ],
    },
    { name: 'turn-timer', optionKey: 'turnSeconds', description: (t) => t.noir.cmdTurnTimer, type: 'integer', min: MIN_TURN_SECONDS, max: MAX_TURN_SECONDS },
  ],
  rulesOptions: [
    modeOption,
  ],
};
