/**
 * `node --import tsx bench/likelihood-check.ts [--only=noir] [--games=20] [--pool=256]`
 * — do the likelihood weights (src/bots/ismcts.ts `LikelihoodPool`, docs/hard-search.md
 * "Likelihood weights") put more of the sampled deals' mass on the truth?
 *
 * Plays seeded games between Normal players (every arena set-up of the game,
 * bench/setups.ts); at every decision after the first observed opponent move, draws a pool of
 * deals from the deciding seat's own knowledge and compares the share of the pool on the true
 * hidden value (NOIR: the other role's identity; the Phantom: the other players' whole hands
 * and reports) unweighted and weighted, for several move counts N and floors. The bench reads
 * the real state only to score the pool, never to build it. Prints the mean shares and the
 * mean log ratio (weighted / unweighted); appends to bench/results/likelihood-check-<date>.txt.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { GAME_MODULES, type GameId } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import { likelihoodWeight } from '../src/bots/ismcts.js';
import { Rng } from '../src/games/rng.js';
import { arenaSetups } from './setups.js';
import type { AnyBotKit, BotInput } from '../src/games/bot.js';
import { botKit } from '../src/bots/kits.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const GAMES = Number(args.get('games') ?? 20);
const POOL = Number(args.get('pool') ?? 256);
const ONLY = (args.get('only')?.split(',') ?? ['noir', 'phantom']) as GameId[];
const SETTINGS: [number, number][] = (args.get('settings') ?? '2:0.05,4:0.05,8:0.05,16:0.05,8:0.01,8:0.2,16:0.2').split(',').map((x) => x.split(':').map(Number) as [number, number]);

/** The hidden value a seat would like to know, as a string (NOIR: the other role's identity; Phantom: every other hand and report). */
function truth(game: string, state: any, seat: number): string {
  if (game === 'noir') return String(seat === state.killerSeat ? state.inspectorIdentity : state.killerIdentity);
  return JSON.stringify([state.hands.map((h: number[], i: number) => (i === seat ? null : [...h].sort())), state.reports.map((r: any) => r.card)]);
}

const lines: string[] = [`likelihood-check ${new Date().toISOString()} pool ${POOL}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`];
for (const game of ONLY) {
  const module = GAME_MODULES.find((m) => m.id === game)!;
  const def = module.definition;
  const kit: AnyBotKit = botKit(game);
  const combos = arenaSetups(game).flatMap((s) => Array.from({ length: def.maxPlayers - def.minPlayers + 1 }, (_, i) => ({ s, n: def.minPlayers + i })));
  /** Per setting and per group (NOIR: the searcher's role; the Phantom: all). */
  const groups = game === 'noir' ? ['killer', 'inspector'] : ['all'];
  const acc = SETTINGS.map(() => groups.map(() => ({ u: 0, w: 0, log: 0, n: 0 })));
  for (let g = 0; g < GAMES; g++) {
    const { s, n } = combos[g % combos.length]!;
    const points: { input: BotInput; key: string }[] = [];
    await playMatch({
      game, definition: def, seats: n, seed: 7700 + g, options: s.options, setupMeta: { hostSeat: 0 },
      players: Array.from({ length: n }, () => async (input: BotInput) => decideBot({ level: 'normal', input }).action),
      onDecision: (input, state) => points.push({ input: structuredClone(input), key: truth(game, state, input.seat) }),
    });
    for (const [pi, p] of points.entries()) {
      const k = kit.know(p.input);
      const rng = Rng.seeded(g * 1000 + pi);
      const samples = Array.from({ length: POOL }, () => kit.determinize(k, rng));
      if (kit.model!.history!(samples[0], k, 16).length === 0) continue;
      const keys = samples.map((x) => truth(game, x, p.input.seat));
      const hit = keys.map((x) => (x === p.key ? 1 : 0));
      const u = hit.reduce((a: number, b) => a + b, 0) / POOL;
      const group = game === 'noir' ? groups.indexOf((p.input.view as { role: string }).role) : 0;
      SETTINGS.forEach(([moves, floor], i) => {
        const w = samples.map((x) => likelihoodWeight(kit, k, x, moves, floor));
        const tot = w.reduce((a, b) => a + b, 0);
        const ws = w.reduce((a, b, j) => a + b * hit[j]!, 0) / tot;
        const a = acc[i]![group]!;
        a.u += u;
        a.w += ws;
        if (u > 0 && ws > 0) a.log += Math.log(ws / u);
        a.n++;
      });
    }
  }
  SETTINGS.forEach(([moves, floor], i) => groups.forEach((name, gi) => {
    const a = acc[i]![gi]!;
    const line = `${game} ${name} N=${moves} floor=${floor}: ${a.n} positions, truth's share unweighted ${(a.u / a.n).toFixed(4)}, weighted ${(a.w / a.n).toFixed(4)}, mean log ratio ${(a.log / a.n).toFixed(3)}`;
    console.log(line);
    lines.push(line);
  }));
}
lines.push(`load at end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
mkdirSync('bench/results', { recursive: true });
appendFileSync(`bench/results/likelihood-check-${new Date().toISOString().slice(0, 10)}.txt`, lines.join('\n') + '\n');
