/**
 * `botInputFromLog` (src/bots/input.ts) rebuilds, from the seed and the action log alone,
 * exactly the input the referee gave the bot at that moment — so the table service can hand
 * a bot its input after a restart.
 */
import { describe, expect, it } from 'vitest';
import { botInputFromLog, type LoggedAction } from '../../src/bots/input.js';
import type { BotInput } from '../../src/games/bot.js';
import { allConfigs, definitionOf, play } from './helpers.js';

describe('bot input from the action log', () => {
  it('equals the referee’s input at every decision of a game of each game', async () => {
    const games = ['suspicion', 'noir', 'phantom', 'jaccuse'];
    for (const game of games) {
      const config = allConfigs().find((c) => c.game === game && c.seats === (game === 'jaccuse' ? 4 : game === 'noir' ? 2 : 3))!;
      const def = definitionOf(game as never);
      const seen: { input: BotInput; log: LoggedAction[] }[] = [];
      const log: LoggedAction[] = [];
      const seed = 4242;
      await play(config, {
        levels: Array(config.seats).fill('easy'),
        seed,
        onDecision: (input) => seen.push({ input: structuredClone(input), log: [...log] }),
        onAction: (seat, action) => log.push({ seat, action: structuredClone(action) }),
      });
      expect(seen.length).toBeGreaterThan(10);
      for (const { input, log: prefix } of seen.filter((_, i) => i % 5 === 0)) {
        const rebuilt = botInputFromLog(
          { game: config.game, definition: def, options: def.optionsSchema.parse(config.options), seats: config.seats, seed, setupMeta: { hostSeat: seed & 1 }, log: prefix },
          input.seat,
        );
        expect(rebuilt).toEqual(input);
      }
    }
  });

  it('gives the right input when two tables share a seed and their logs part ways (the replay cache checks the whole prefix)', async () => {
    const config = allConfigs().find((c) => c.game === 'suspicion' && c.seats === 3)!;
    const def = definitionOf('suspicion');
    const seed = 99;
    const record = async (level: 'easy' | 'normal') => {
      const seen: { input: BotInput; log: LoggedAction[] }[] = [];
      const log: LoggedAction[] = [];
      await play(config, {
        levels: Array(config.seats).fill(level),
        seed,
        onDecision: (input) => seen.push({ input: structuredClone(input), log: [...log] }),
        onAction: (seat, action) => log.push({ seat, action: structuredClone(action) }),
      });
      return seen;
    };
    const [a, b] = [await record('easy'), await record('normal')];
    const rebuild = (log: LoggedAction[], seat: number) =>
      botInputFromLog({ game: config.game, definition: def, options: def.optionsSchema.parse(config.options), seats: config.seats, seed, setupMeta: { hostSeat: seed & 1 }, log }, seat);
    let compared = 0;
    for (let i = 0; i < Math.min(a.length, b.length); i += 3) {
      for (const { input, log } of [a[i]!, b[i]!, a[Math.max(0, i - 2)]!]) {
        expect(rebuild(log, input.seat)).toEqual(input);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(JSON.stringify(a.at(-1)!.log)).not.toEqual(JSON.stringify(b.at(-1)!.log));
  });
});
