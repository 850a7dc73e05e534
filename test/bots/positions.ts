/**
 * Decision points of real games for the AI-player tests: each recorded with the deciding
 * seat's `BotInput` (what the referee gives a bot) and the true state (which no bot sees).
 */
import type { BotInput, BotLevel } from '../../src/games/bot.js';
import { allConfigs, play, type Config } from './helpers.js';

/** A decision point: the setup, the seat's input and the true state at that moment. */
export interface Position {
  config: Config;
  input: BotInput;
  state: unknown;
}

/**
 * Up to `perGame` decision points (every `every`-th decision) from `games` seeded games of
 * each setup, played by a mix of Easy and Normal seats.
 */
export async function positions(games: number, perGame: number, every = 3, configs: Config[] = allConfigs()): Promise<Position[]> {
  const out: Position[] = [];
  for (const config of configs) {
    for (let g = 0; g < games; g++) {
      let seen = 0;
      let kept = 0;
      const levels: BotLevel[] = Array.from({ length: config.seats }, (_, s) => ((s + g) % 2 === 0 ? 'normal' : 'easy'));
      await play(config, {
        levels,
        seed: 900 + g * 31 + config.seats,
        onDecision: (input, state) => {
          if (kept < perGame && seen++ % every === 0) {
            out.push({ config, input: structuredClone(input), state: structuredClone(state) });
            kept++;
          }
        },
      });
    }
  }
  return out;
}
