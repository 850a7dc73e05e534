/** Tricks and the Phantom as the bot sees it: definition, renderers, `/phantom new` options. */
import type { GameModule } from '../module.js';
import { phantomDefinition } from './engine.js';
import { MAX_TARGET_SCORE, MAX_TURN_SECONDS, MIN_TARGET_SCORE, MIN_TURN_SECONDS } from './rules.js';
import { phantomUi } from './ui.js';

/** The `/phantom` game module (rules/tricks-and-the-phantom.md). */
export const phantomModule: GameModule = {
  id: 'phantom',
  command: 'phantom',
  title: (t) => t.phantom.title,
  emoji: '👻',
  colour: 0x8e44ad,
  description: (t) => t.phantom.description,
  definition: phantomDefinition,
  ui: phantomUi,
  newOptions: [
    { name: 'beginner', optionKey: 'beginner', description: (t) => t.phantom.options.beginner, type: 'boolean' },
    {
      name: 'target-score',
      optionKey: 'targetScore',
      description: (t) => t.phantom.options.targetScore,
      type: 'integer',
      min: MIN_TARGET_SCORE,
      max: MAX_TARGET_SCORE,
    },
    {
      name: 'turn-timer',
      optionKey: 'turnSeconds',
      description: (t) => t.phantom.options.turnSeconds,
      type: 'integer',
      min: MIN_TURN_SECONDS,
      max: MAX_TURN_SECONDS,
    },
  ],
};

export { phantomDefinition } from './engine.js';
export { phantomUi } from './ui.js';
