import { defaultRegistry } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
const [game, variant, seatsS, level, gamesS, itS] = process.argv.slice(2);
const reg = defaultRegistry();
const def = reg.get(game as any).definition;
const seats = Number(seatsS); const games = Number(gamesS ?? 10); const it = Number(itS ?? 300);
const reasons = new Map<string, number>(); const lens: number[] = [];
const t0 = Date.now();
for (let g = 0; g < games; g++) {
  const seed = 1000 + g * 7919;
  const out = await playMatch({ game: game as any, definition: def, seats, seed, options: variant === '-' ? {} : JSON.parse(variant!), players: Array.from({ length: seats }, () => (input: BotInput) => decideBot({ level: level as BotLevel, input, iterations: it }).action) });
  const r = out.result?.reason ?? 'unfinished';
  reasons.set(r, (reasons.get(r) ?? 0) + 1); lens.push(out.actions);
}
lens.sort((a, b) => a - b);
console.log(game, variant, seats, level, Object.fromEntries(reasons), 'median actions', lens[lens.length >> 1], `${((Date.now() - t0) / 1000).toFixed(1)}s`);
