/**
 * Shared body of the level tests: play `count` seeded games of every setup with the given
 * level mix. The referee rejects any action the engine refuses, so a finished game means
 * every bot move was legal (README "AI players").
 */
import { expect } from 'vitest';
import type { BotLevel } from '../../src/games/bot.js';
import { allConfigs, play, type Config } from './helpers.js';

const label = (c: Config) => `${c.game} ${JSON.stringify(c.options)} ×${c.seats}`;

/** Play `count` games of every setup; `levelsOf(game, config)` gives the level of each seat. */
export async function playEverySetup(count: number, levelsOf: (g: number, c: Config) => BotLevel[], iterations = 4): Promise<number> {
  let games = 0;
  for (const config of allConfigs()) {
    for (let g = 0; g < count; g++) {
      const out = await play(config, { levels: levelsOf(g, config), seed: 1 + g * 104729 + config.seats * 7, iterations });
      expect(out.result, `${label(config)} game ${g} did not finish`).not.toBeNull();
      expect(out.result!.placements).toHaveLength(config.seats);
      games++;
    }
  }
  return games;
}
