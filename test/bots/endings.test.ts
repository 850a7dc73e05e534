/**
 * Every game ends (issue 36): at every bot level, tables of that level alone finish every rules
 * variant, mode and option of every game (the game module's `bench.variants`) with a winner —
 * by the rules, not by a safety cap (src/bots/match.ts `endedByCap`). Quick: a few seeded games
 * per variant and level, the player count cycling through the game's range, Hard at a small
 * fixed search. The full measurement, on fresh deals at the live search size, is
 * `npm run endings` (bench/endings.ts; docs/ai-strength.md "Every game ends").
 */
import { describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import type { BotLevel } from '../../src/games/bot.js';
import { endedByCap } from '../../src/bots/match.js';
import { play, type Config } from './helpers.js';

/** Games per variant and level (Hard: fewer, its moves search). */
const GAMES: Record<BotLevel, number> = { easy: 4, normal: 4, hard: 2 };
/** Hard's search per move here: enough for the search to lead (it plays its own choices, not Normal's), small enough for seconds. */
const HARD_ITERATIONS = 20;

describe('every game ends with a winner at every level', () => {
  for (const module of GAME_MODULES) {
    const def = module.definition;
    for (const variant of module.bench!.variants) {
      it(`${module.id} ${variant.label}: Easy, Normal and Hard tables end by the rules with a winner`, { timeout: 60_000 }, async () => {
        const undecided: string[] = [];
        let games = 0;
        for (const level of ['easy', 'normal', 'hard'] as BotLevel[]) {
          for (let g = 0; g < GAMES[level]; g++) {
            const seats = def.minPlayers + (g % (def.maxPlayers - def.minPlayers + 1));
            const config: Config = { game: module.id, options: variant.options as Record<string, unknown>, seats };
            const out = await play(config, { levels: Array(seats).fill(level), seed: 36 + 7919 * g + seats, iterations: HARD_ITERATIONS });
            games++;
            if (endedByCap(out.result) || out.result!.winners.length === 0) undecided.push(`${level} ×${seats} seed ${36 + 7919 * g + seats}: ${out.result?.reason ?? 'unfinished'} after ${out.actions} actions`);
          }
        }
        // "Nearly every game": at most one of the variant's games may end undecided.
        expect(undecided.length, undecided.join('; ')).toBeLessThanOrEqual(Math.floor(games / 10));
      });
    }
  }
});
