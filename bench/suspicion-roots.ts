/**
 * `node --import tsx bench/suspicion-roots.ts [--games=4] [--players=4] [--variant=classic]
 * [--iterations=6000] [--engine-iterations=200] [--seed=N] [--all]` — a diagnostic for issue 25
 * (docs/hard-search.md "Suspicion"): seat 0 is Hard on the compact model (src/bots/ismcts.ts
 * `modelSearch`), the others Normal. At every decision of seat 0 it also asks the engine-based
 * search (`ismcts`) and Normal; where the model search disagrees with the engine search (every
 * decision with `--all`) it prints the model search's root statistics (visits, mean reward,
 * Normal's score) and the share of its iterations that reached the end of the game. Then it
 * tallies the model search's choices by kind (declarations, votes, counters…) against Normal's.
 */
import { loadavg } from 'node:os';
import { suspicionDefinition } from '../src/games/suspicion/engine.js';
import { playMatch } from '../src/bots/match.js';
import { botKit } from '../src/bots/kits.js';
import { ismcts, modelSearch } from '../src/bots/ismcts.js';
import { viewRng } from '../src/bots/seed.js';
import { decideBot } from '../src/bots/policy.js';
import { Rng } from '../src/games/rng.js';
import type { BotInput, Scores } from '../src/games/bot.js';
import type { SuspicionAction } from '../src/games/suspicion/rules.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const GAMES = Number(args.get('games') ?? 4);
const PLAYERS = Number(args.get('players') ?? 4);
const VARIANT = args.get('variant') ?? 'classic';
const ITERATIONS = Number(args.get('iterations') ?? 6000);
const ENGINE_ITERATIONS = Number(args.get('engine-iterations') ?? 200);
const SEED = Number(args.get('seed') ?? 25025);
const ALL = args.has('all');
const kit = botKit('suspicion');
const def = suspicionDefinition;
const kind = (code: string) => code.slice(0, 2);
console.log(`Suspicion ${VARIANT} ${PLAYERS} players, seat 0 Hard (model ${ITERATIONS} it., engine ${ENGINE_ITERATIONS} it.) vs Normal; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const tally = new Map<string, { model: number; engine: number; normal: number }>();
const bump = (k: string, who: 'model' | 'engine' | 'normal') => {
  const t = tally.get(k) ?? { model: 0, engine: 0, normal: 0 };
  t[who]++;
  tally.set(k, t);
};
let decisions = 0;
let disagree = 0;
let finishedShare = 0;
let wins = 0;
for (let g = 0; g < GAMES; g++) {
  const out = await playMatch({
    game: 'suspicion',
    definition: def,
    seats: PLAYERS,
    seed: SEED + g,
    options: { variant: VARIANT },
    players: Array.from({ length: PLAYERS }, (_, seat) => async (input: BotInput) => {
      if (seat !== 0) return decideBot({ level: 'normal', input }).action;
      const k = kit.know(input);
      const sample = kit.determinize(k, Rng.seeded(1));
      const legal = def.legalActions(sample, seat) as SuspicionAction[];
      const r = modelSearch(kit, k, legal, viewRng(input, 'hard'), { iterations: ITERATIONS });
      if (legal.length < 2) return r.action;
      const e = ismcts(kit, k, legal, viewRng(input, 'hard'), { iterations: ENGINE_ITERATIONS });
      const rec: Scores = { values: null };
      const normal = def.encodeAction(kit.normal(k, legal, Rng.seeded(2), rec));
      const chosen = def.encodeAction(r.action);
      const engine = def.encodeAction(e.action);
      decisions++;
      finishedShare += r.finished / Math.max(1, r.iterations);
      bump(kind(chosen), 'model');
      bump(kind(engine), 'engine');
      bump(kind(normal), 'normal');
      if (chosen !== engine) disagree++;
      if (ALL || chosen !== engine) {
        console.log(`game ${g} round ${(input.view as { round: number }).round} phase ${(input.view as { phase: { kind: string } }).phase.kind}: legal ${legal.length}; model ${chosen}, engine ${engine}, Normal ${normal}; model iterations reaching the end ${((100 * r.finished) / r.iterations).toFixed(0)} %`);
        const rows = r.stats.map((st, i) => ({ ...st, score: rec.values?.[i] ?? NaN })).sort((x, y) => y.visits - x.visits);
        for (const x of rows.slice(0, 6)) console.log(`   ${x.code.padEnd(16)} visits ${String(x.visits).padStart(5)} mean ${x.mean.toFixed(3)} normal ${x.score.toFixed(1)}`);
        const es = e.stats.map((st) => `${st.code} ${st.mean.toFixed(3)}`).join(', ');
        console.log(`   engine (${e.stats[0]?.visits ?? 0} samples each): ${es}`);
      }
      return r.action;
    }),
  });
  if (out.result?.winners.includes(0)) wins++;
  console.log(`game ${g}: winners ${JSON.stringify(out.result?.winners)} (${out.actions} actions)`);
}
console.log(`\nHard (model) won ${wins} of ${GAMES}; ${decisions} decisions with a choice, model ≠ engine in ${disagree}; iterations reaching the end ${((100 * finishedShare) / Math.max(1, decisions)).toFixed(0)} % on average`);
console.log('choices by kind (model / engine / Normal):');
for (const [k, t] of [...tally].sort()) console.log(`   ${k}  ${t.model} / ${t.engine} / ${t.normal}`);
console.log(`load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
