/** Easy bots (a uniformly random legal action) finish every setup of every game legally. */
import { describe, expect, it } from 'vitest';
import { allConfigs } from './helpers.js';
import { playEverySetup } from './levels.js';
import { DEPTH, deep } from '../support/depth.js';

const GAMES = deep(10);

describe('Easy', () => {
  it(`plays ${GAMES} whole games of each of the ${allConfigs().length} setups legally`, { timeout: 300_000 * DEPTH }, async () => {
    expect(await playEverySetup(GAMES, (_, c) => Array(c.seats).fill('easy'))).toBe(GAMES * allConfigs().length);
  });
});
