/**
 * Hard bots (ISMCTS) finish every setup of every game legally, with a fixed iteration budget
 * instead of a clock so the games are repeatable; the same deal replays identically.
 */
import { describe, expect, it } from 'vitest';
import type { BotLevel } from '../../src/games/bot.js';
import { allConfigs, play } from './helpers.js';
import { playEverySetup } from './levels.js';

const ITERATIONS = 6;

describe('Hard', () => {
  it(`plays a whole game of each of the ${allConfigs().length} setups legally with ${ITERATIONS} iterations per move`, { timeout: 300_000 }, async () => {
    const games = await playEverySetup(1, (g, c) => Array.from({ length: c.seats }, (_, s) => (['hard', 'normal', 'easy'] as const)[(s + g) % 3]!), ITERATIONS);
    expect(games).toBe(allConfigs().length);
  });

  it('is repeatable: the same deal and budget give the same game', { timeout: 120_000 }, async () => {
    for (const config of allConfigs().filter((_, i) => i % 6 === 0)) {
      const levels: BotLevel[] = Array.from({ length: config.seats }, (_, s) => (s === 0 ? 'hard' : 'normal'));
      const a = await play(config, { levels, seed: 77, iterations: 10 });
      const b = await play(config, { levels, seed: 77, iterations: 10 });
      expect(b.final).toEqual(a.final);
    }
  });
});
