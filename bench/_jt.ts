import { defaultRegistry } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
const def = defaultRegistry().get('jaccuse').definition;
for (const level of ['easy', 'normal', 'hard'] as BotLevel[]) { const t0 = performance.now(); let acts = 0;
  for (let g = 0; g < 2; g++) { const seats = 3 + g; const o = await playMatch({ game: 'jaccuse', definition: def, seats, seed: 36 + g, players: Array.from({ length: seats }, () => (input: BotInput) => decideBot({ level, input, iterations: 60 }).action) }); acts += o.actions; }
  console.log(level, acts, (performance.now() - t0).toFixed(0), 'ms'); }
