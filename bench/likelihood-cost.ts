/**
 * `node --import tsx bench/likelihood-cost.ts [--only=noir,phantom] [--positions=24] [--iterations=1500]`
 * — what the likelihood weights (src/bots/ismcts.ts `LIKELIHOOD`, docs/hard-search.md
 * "Likelihood weights") cost a Hard move: the same decision points (seeded games between
 * Normal players over the game's arena set-ups, bench/setups.ts) searched by `modelSearch`
 * with a fixed iteration count, weights off and on (and other settings), interleaved so the
 * machine's load falls alike on each; CPU time (`process.cpuUsage`, less sensitive to a
 * shared machine's load than the clock) per iteration, and what a 300 ms move then buys
 * relative to the weights off. Prints the load average (`os.loadavg()`) beside the figures;
 * appends to bench/results/likelihood-cost-<date>.txt.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { GAME_MODULES, type GameId } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import { LIKELIHOOD, modelSearch } from '../src/bots/ismcts.js';
import { botKit } from '../src/bots/kits.js';
import { Rng } from '../src/games/rng.js';
import { arenaSetups } from './setups.js';
import type { AnyBotKit, BotInput } from '../src/games/bot.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const POSITIONS = Number(args.get('positions') ?? 24);
const ITERATIONS = Number(args.get('iterations') ?? 1500);
const ONLY = (args.get('only')?.split(',') ?? ['noir', 'phantom']) as GameId[];
/** Settings compared: moves:refresh (moves 0 = weights off). */
const SETTINGS = (args.get('settings') ?? '0:1,8:1,8:4,16:4').split(',').map((x) => x.split(':').map(Number) as [number, number]);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const lines: string[] = [`likelihood-cost ${new Date().toISOString()}, ${ITERATIONS} iterations a move, floor ${LIKELIHOOD.floor}, pool ${LIKELIHOOD.pool}, load average at start ${load()}`];
console.log(lines[0]);
for (const game of ONLY) {
  const def = GAME_MODULES.find((m) => m.id === game)!.definition;
  const kit: AnyBotKit = botKit(game);
  const combos = arenaSetups(game).flatMap((s) => Array.from({ length: def.maxPlayers - def.minPlayers + 1 }, (_, i) => ({ s, n: def.minPlayers + i })));
  const inputs: BotInput[] = [];
  for (let g = 0; inputs.length < POSITIONS && g < 200; g++) {
    const { s, n } = combos[g % combos.length]!;
    const seen: BotInput[] = [];
    await playMatch({ game, definition: def, seats: n, seed: 9100 + g, options: s.options, setupMeta: { hostSeat: 0 },
      players: Array.from({ length: n }, () => async (input: BotInput) => decideBot({ level: 'normal', input }).action),
      onDecision: (input, state) => { if (def.legalActions(state, input.seat).length > 1) seen.push(structuredClone(input)); } });
    for (const q of [0.25, 0.75]) if (seen.length > 0) inputs.push(seen[Math.floor(q * seen.length)]!);
  }
  const cpu = SETTINGS.map(() => 0);
  // A warm-up pass (the JIT, the first allocations), not counted; then each position runs the
  // settings in a rotated order, so no setting always runs first.
  const passes = [...inputs.slice(0, 2).map((input, i) => ({ input, i, warm: true })), ...inputs.map((input, i) => ({ input, i, warm: false }))];
  for (const { input, i, warm } of passes) {
    const k = kit.know(input);
    const legal = kit.definition.legalActions(kit.determinize(k, Rng.seeded(i)), input.seat);
    const order = SETTINGS.map((_, j) => (j + i) % SETTINGS.length);
    order.forEach((j) => {
      const [moves, refresh] = SETTINGS[j]!;
      LIKELIHOOD.moves = moves;
      LIKELIHOOD.refresh = refresh;
      const t = process.cpuUsage();
      modelSearch(kit, k, legal, Rng.seeded(i), { iterations: ITERATIONS });
      const d = process.cpuUsage(t);
      if (!warm) cpu[j]! += d.user + d.system;
    });
  }
  SETTINGS.forEach(([moves, refresh], j) => {
    const us = cpu[j]! / (inputs.length * ITERATIONS);
    const line = `${game} moves=${moves} refresh=${refresh}: ${us.toFixed(1)} µs CPU an iteration over ${inputs.length} positions; iterations a move relative to weights off ${(cpu[0]! / cpu[j]!).toFixed(2)}; load ${load()}`;
    console.log(line);
    lines.push(line);
  });
}
mkdirSync('bench/results', { recursive: true });
appendFileSync(`bench/results/likelihood-cost-${new Date().toISOString().slice(0, 10)}.txt`, lines.join('\n') + '\n');
