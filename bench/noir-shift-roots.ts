/**
 * `node --import tsx bench/noir-shift-roots.ts [--games=6] [--iterations=7600] [--mode=standard] [--seed=N]`
 * — a diagnostic for issue 25's do-nothing shifts: NOIR's Hard Inspector (model ISMCTS,
 * src/bots/ismcts.ts `modelSearch`) against Normal's Killer; at every Inspector decision in
 * play it prints the root statistics of the search (visits, mean reward, Normal's score) of
 * the most visited actions, marking shifts that change nothing around the Inspector's identity.
 */
import { loadavg } from 'node:os';
import { noirDefinition } from '../src/games/noir/engine.js';
import { playMatch } from '../src/bots/match.js';
import { botKit } from '../src/bots/kits.js';
import { modelSearch } from '../src/bots/ismcts.js';
import { decideBot } from '../src/bots/policy.js';
import { viewRng } from '../src/bots/seed.js';
import { Rng } from '../src/games/rng.js';
import type { BotInput, Scores } from '../src/games/bot.js';
import type { NoirAction, NoirState } from '../src/games/noir/rules.js';
import { livingNeighbours, shiftGrid } from '../src/games/noir/grid.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const GAMES = Number(args.get('games') ?? 6);
const ITERATIONS = Number(args.get('iterations') ?? 7600);
const MODE = args.get('mode') ?? 'standard';
const SEED = Number(args.get('seed') ?? 45025);
const kit = botKit('noir');
const def = noirDefinition;
console.log(`NOIR ${MODE}, Hard Inspector root statistics, ${ITERATIONS} iterations, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
let idle = 0;
let moves = 0;
for (let g = 0; g < GAMES; g++) {
  await playMatch({
    game: 'noir',
    definition: def,
    seats: 2,
    seed: SEED + g,
    options: { mode: MODE, killer: 'host' },
    setupMeta: { hostSeat: 0 },
    players: [0, 1].map((seat) => async (input: BotInput) => {
      if (seat === 0) return decideBot({ level: 'normal', input }).action;
      const k = kit.know(input);
      const sample = kit.determinize(k, Rng.seeded(1));
      const legal = def.legalActions(sample, seat) as NoirAction[];
      const r = modelSearch(kit, k, legal, viewRng(input, 'hard'), { iterations: ITERATIONS });
      const s = sample as NoirState;
      if (s.phase !== 'play' || legal.length < 2) return r.action;
      moves++;
      const rec: Scores = { values: null };
      kit.normal(k, legal, Rng.seeded(2), rec);
      const me = s.inspectorIdentity!;
      const idleOf = (a: NoirAction) => {
        if (a.type !== 'shift') return false;
        const before = livingNeighbours(s.grid, me).sort().join();
        const after = livingNeighbours(shiftGrid(s.grid, a.axis, a.index, a.dir), me).sort().join();
        return before === after;
      };
      const chosen = def.encodeAction(r.action);
      const isIdle = idleOf(r.action as NoirAction);
      if (isIdle) idle++;
      const rows = r.stats.map((st, i) => ({ ...st, a: legal[i]!, score: rec.values?.[i] ?? NaN })).sort((x, y) => y.visits - x.visits);
      console.log(`game ${g} legal ${legal.length} (shifts ${legal.filter((a) => a.type === 'shift').length}, idle ${legal.filter(idleOf).length}); chose ${chosen}${isIdle ? ' IDLE' : ''}; Normal ${def.encodeAction(kit.normal(k, legal, Rng.seeded(3)))}`);
      for (const x of rows.slice(0, 6)) console.log(`   ${x.code.padEnd(14)} visits ${String(x.visits).padStart(5)} mean ${x.mean.toFixed(3)} normal ${x.score.toFixed(1)}${idleOf(x.a) ? ' idle' : ''}`);
      return r.action;
    }),
  });
}
console.log(`idle shifts ${idle} of ${moves} Inspector moves in play (${((100 * idle) / Math.max(1, moves)).toFixed(1)} %)`);
