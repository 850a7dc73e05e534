/**
 * `node --import tsx bench/hard-iterations.ts [--only=noir,phantom] [--ms=300] [--positions=30]`
 * — how many search iterations a live Hard move gets in its budget (default
 * `DEFAULT_BUDGET_MS`, 300 ms), per game: the number the arena's fixed iteration count
 * (src/games/<game>/bench.ts `hardIterations`) should match so that the arena plays the live
 * bot's strength on this machine.
 *
 * Decision points come from seeded games between Normal players over every arena set-up and
 * player count of the game (src/games/<game>/bench.ts), two a game (at a quarter and three
 * quarters of its decisions with more than one legal move). Each is decided by `decideBot` at level Hard with a clock deadline `ms`
 * ahead (what a worker of src/bots/pool.ts does with an unqueued request: knowledge, search
 * and answer within the budget). Prints per game the median, p10 and p90 of the iterations a
 * move, the median of the iteration rate × budget (a search that stops early because its
 * choice is clear, J'Accuse!'s, still shows what the full budget buys), the share of moves
 * that stopped early, the load average (`os.loadavg()`) before and after; appends to
 * bench/results/search-speed-<date>.txt. Timings on a shared machine are noisy: read them
 * with the load average beside them.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { GAME_MODULES, type GameId } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot, DEFAULT_BUDGET_MS } from '../src/bots/policy.js';
import { quantile } from './arena-stats.js';
import { arenaSetups } from './setups.js';
import type { BotInput } from '../src/games/bot.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const MS = Number(args.get('ms') ?? DEFAULT_BUDGET_MS);
const POSITIONS = Number(args.get('positions') ?? 30);
const ONLY = (args.get('only')?.split(',') ?? GAME_MODULES.map((m) => m.id)) as GameId[];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const lines: string[] = [`Hard iterations in a ${MS} ms move (bench/hard-iterations.ts), ${POSITIONS} decision points a game, ${new Date().toISOString()}, load average at start ${load()}`];
console.log(lines[0]);
for (const game of ONLY) {
  const module = GAME_MODULES.find((m) => m.id === game)!;
  const def = module.definition;
  const combos = arenaSetups(game).flatMap((s) => Array.from({ length: def.maxPlayers - def.minPlayers + 1 }, (_, i) => ({ s, n: def.minPlayers + i })));
  const inputs: BotInput[] = [];
  for (let g = 0; inputs.length < POSITIONS && g < 200; g++) {
    const { s, n } = combos[g % combos.length]!;
    let seen = 0;
    const candidates: BotInput[] = [];
    await playMatch({
      game,
      definition: def,
      seats: n,
      seed: 9100 + g,
      options: s.options,
      setupMeta: { hostSeat: 0 },
      players: Array.from({ length: n }, () => async (input: BotInput) => decideBot({ level: 'normal', input }).action),
      onDecision: (input, state) => {
        if (seen++ % 5 === 2 && def.legalActions(state, input.seat).length > 1) candidates.push(structuredClone(input));
      },
    });
    // Two decision points a game, one from each half (early and late positions differ in cost).
    for (const q of [0.25, 0.75]) {
      const input = candidates[Math.floor(q * candidates.length)];
      if (input && inputs.length < POSITIONS) inputs.push(input);
    }
  }
  // Warm-up: compiled code, as a long-running worker has.
  for (const input of inputs.slice(0, 3)) decideBot({ level: 'hard', input, deadline: { now: () => performance.now(), at: performance.now() + MS } });
  const iters: number[] = [];
  const perBudget: number[] = [];
  let early = 0;
  for (const input of inputs) {
    const start = performance.now();
    const d = decideBot({ level: 'hard', input, deadline: { now: () => performance.now(), at: start + MS } });
    const took = performance.now() - start;
    iters.push(d.iterations);
    perBudget.push((d.iterations * MS) / Math.max(took, 1));
    if (took < 0.8 * MS) early++;
  }
  const line = `${game.padEnd(9)} ${inputs.length} moves (${combos.map((c) => `${c.s.label} ${c.n}p`).join(', ')}): iterations a move median ${quantile(iters, 0.5)} (p10 ${quantile(iters, 0.1)}, p90 ${quantile(iters, 0.9)}); rate × ${MS} ms median ${quantile(perBudget, 0.5).toFixed(0)}; stopped before 80 % of the budget ${early}; load average ${load()}`;
  lines.push(line);
  console.log(line);
}
mkdirSync('bench/results', { recursive: true });
appendFileSync(`bench/results/search-speed-${new Date().toISOString().slice(0, 10)}.txt`, lines.join('\n') + '\n\n');
