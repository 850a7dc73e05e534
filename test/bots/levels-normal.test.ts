/** Normal bots (the heuristic) finish every setup of every game legally, against Normal and Easy seats. */
import { describe, expect, it } from 'vitest';
import { allConfigs } from './helpers.js';
import { playEverySetup } from './levels.js';
import { DEPTH, deep } from '../support/depth.js';

const GAMES = deep(8);

describe('Normal', () => {
  it(`plays ${GAMES} whole games of each of the ${allConfigs().length} setups legally`, { timeout: 300_000 * DEPTH }, async () => {
    const games = await playEverySetup(GAMES, (g, c) => Array.from({ length: c.seats }, (_, s) => ((s + g) % 3 === 0 ? 'easy' : 'normal')));
    expect(games).toBe(GAMES * allConfigs().length);
  });
});
