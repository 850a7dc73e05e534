import { defaultRegistry } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
const def = defaultRegistry().get('noir').definition;
for (const mode of ['standard', 'classic', 'citizens-arrest']) for (const level of ['easy'] as BotLevel[]) {
  const reasons = new Map<string, number>(); const lens: number[] = [];
  for (let g = 0; g < 200; g++) {
    const out = await playMatch({ game: 'noir', definition: def, seats: 2, seed: 5 + g * 101, options: { mode }, players: [0, 1].map(() => (input: BotInput) => decideBot({ level, input }).action) });
    reasons.set(out.result!.reason, (reasons.get(out.result!.reason) ?? 0) + 1); lens.push(out.actions);
  }
  lens.sort((a, b) => a - b);
  console.log(mode, level, Object.fromEntries(reasons), 'p50', lens[100], 'p90', lens[180], 'max', lens[199]);
}
