import { defaultRegistry } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
const reg = defaultRegistry();
const cells: [string, any][] = [
  ['suspicion', { variant: 'classic' }], ['suspicion', { variant: 'no-bluff' }], ['suspicion', { variant: 'criminal' }], ['suspicion', { variant: 'arrest-race' }], ['suspicion', { variant: 'classic', tieRule: 'coin-flip' }],
  ['noir', { mode: 'standard' }], ['noir', { mode: 'classic' }], ['noir', { mode: 'citizens-arrest' }], ['noir', { mode: 'standard', killTarget: 14 }], ['noir', { mode: 'classic', disguiseKillsOldIdentity: false }],
  ['phantom', {}], ['phantom', { beginner: true }], ['phantom', { targetScore: 30 }],
  ['jaccuse', {}], ['jaccuse', { characters: 'choice' }], ['jaccuse', { acrossChooser: 'inspector' }],
];
const levels = (process.argv[2] ?? 'easy,normal').split(',') as BotLevel[];
const G = Number(process.argv[3] ?? 6); const it = Number(process.argv[4] ?? 200);
for (const [game, options] of cells) {
  const def = reg.get(game as any).definition;
  for (let n = def.minPlayers; n <= def.maxPlayers; n++) for (const level of levels) {
    const reasons = new Map<string, number>(); let acts = 0; const t0 = Date.now();
    for (let g = 0; g < G; g++) {
      const out = await playMatch({ game: game as any, definition: def, seats: n, seed: 77 + g * 1009, options, players: Array.from({ length: n }, () => (input: BotInput) => decideBot({ level, input, iterations: it }).action) });
      const r = out.result === null ? 'TIMEOUT' : out.result.reason === 'cap' || (game !== 'jaccuse' && out.result.winners.length === 0) ? `NOWIN:${out.result.reason}` : out.result.reason;
      reasons.set(r, (reasons.get(r) ?? 0) + 1); acts += out.actions;
    }
    const bad = [...reasons].filter(([k]) => k.startsWith('NOWIN') || k === 'TIMEOUT').reduce((a, [, v]) => a + v, 0);
    console.log(`${bad ? '!!' : '  '} ${game} ${JSON.stringify(options)} n=${n} ${level}: ${JSON.stringify(Object.fromEntries(reasons))} mean actions ${(acts / G).toFixed(0)} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  }
}
