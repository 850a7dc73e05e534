/**
 * `node --import tsx bench/search-speed.ts [--game=noir] [--ms=300] [--positions=24]` —
 * simulations per second of the Hard search (src/bots/ismcts.ts) on the same decision points:
 * the engine-based search (`ismcts`, every simulation on the engine with the Normal
 * heuristic) against the information-set search on the game's compact model (`modelSearch`,
 * src/games/<game>/model.ts), each given the same clock budget per move. Decision points
 * come from seeded games between Normal players (every mode of the game). Prints medians,
 * p10/p90 and the load average (`uptime`); writes the raw rows to
 * bench/results/search-speed-<date>.json. Timings on a shared machine are noisy: compare the
 * ratio of the two in one run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GAME_MODULES, type GameId } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { botKit } from '../src/bots/kits.js';
import { ismcts, modelSearch } from '../src/bots/ismcts.js';
import { Rng } from '../src/games/rng.js';
import type { BotInput } from '../src/games/bot.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const GAME = (args.get('game') ?? 'noir') as GameId;
const MS = Number(args.get('ms') ?? 300);
const POSITIONS = Number(args.get('positions') ?? 24);
const SETUPS: Record<string, unknown[]> = { noir: [{ mode: 'classic' }, { mode: 'standard' }, { mode: 'citizens-arrest' }] };

const module = GAME_MODULES.find((m) => m.id === GAME)!;
const kit = botKit(GAME);
if (!kit.model) throw new Error(`${GAME} has no compact model`);
const inputs: BotInput[] = [];
const setups = SETUPS[GAME] ?? [{}];
for (let g = 0; inputs.length < POSITIONS && g < 100; g++) {
  let seen = 0;
  await playMatch({
    game: GAME,
    definition: module.definition,
    seats: module.definition.minPlayers,
    seed: 4242 + g,
    options: setups[g % setups.length],
    players: Array.from({ length: module.definition.minPlayers }, (_, s) => (input: BotInput) => kit.normal(kit.know(input), legalOf(input), Rng.seeded(seen + s))),
    onDecision: (input) => {
      if (seen++ % 5 === 2 && inputs.length < POSITIONS && legalOf(input).length > 1) inputs.push(structuredClone(input));
    },
  });
}

/** The legal actions of `input.seat` from its view alone (the determinizer's sample shares the view). */
function legalOf(input: BotInput): { type: string }[] {
  const k = kit.know(input);
  const sample = kit.determinize(k, Rng.seeded(1));
  return module.definition.legalActions(sample, input.seat) as { type: string }[];
}

const quantile = (xs: number[], q: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]!; };
const rows: { kind: string; perSecond: number[]; msPerSim: number[] } [] = [];
for (const [kind, search] of [['engine ismcts', ismcts], ['model ISMCTS', modelSearch]] as const) {
  const perSecond: number[] = [];
  for (const [i, input] of inputs.entries()) {
    const k = kit.know(input);
    const legal = legalOf(input);
    const start = performance.now();
    const r = search(kit, k, legal, Rng.seeded(i), { deadline: { now: () => performance.now(), at: start + MS } });
    const took = performance.now() - start;
    perSecond.push((r.iterations * 1000) / took);
  }
  rows.push({ kind, perSecond, msPerSim: perSecond.map((x) => 1000 / x) });
}
const load = loadavg().map((x) => x.toFixed(2)).join(' ');
const lines = [`search speed, ${GAME}, ${inputs.length} decision points, ${MS} ms a move, load average ${load}`];
for (const r of rows) lines.push(`${r.kind.padEnd(14)} simulations/s median ${quantile(r.perSecond, 0.5).toFixed(0)} (p10 ${quantile(r.perSecond, 0.1).toFixed(0)}, p90 ${quantile(r.perSecond, 0.9).toFixed(0)}); ms/simulation median ${quantile(r.msPerSim, 0.5).toFixed(4)}`);
lines.push(`ratio of medians: ${(quantile(rows[1]!.perSecond, 0.5) / quantile(rows[0]!.perSecond, 0.5)).toFixed(1)}×`);
console.log(lines.join('\n'));
const dir = join('bench', 'results');
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().slice(0, 10);
writeFileSync(join(dir, `search-speed-${GAME}-${stamp}.json`), JSON.stringify({ game: GAME, ms: MS, load: loadavg(), rows }, null, 1));
writeFileSync(join(dir, `search-speed-${GAME}-${stamp}.txt`), lines.join('\n') + '\n');
