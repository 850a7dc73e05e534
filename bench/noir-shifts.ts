/**
 * `node --import tsx bench/noir-shifts.ts [--games=30] [--iterations=2000] [--mode=standard] [--seed=N]`
 * [--engine] — NOIR's Inspector, Hard against Normal's Killer, and Normal against the same Killer on the
 * same deals (fresh seeds unless `--seed`): the Inspector's win rate (Wilson 95 % interval)
 * and how many of its moves were shifts that change nothing around it — the living suspects
 * next to its identity are the same before and after the shift (issue 25: 27 % for Hard,
 * 4 % for Normal before the information-set search). Writes bench/results/noir-shifts-<date>.txt.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { noirDefinition } from '../src/games/noir/engine.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import { botKit } from '../src/bots/kits.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
import type { NoirAction, NoirState } from '../src/games/noir/rules.js';
import { livingNeighbours } from '../src/games/noir/grid.js';

const args = new Map(process.argv.slice(2).map((a) => { const [k, v] = a.replace(/^--/, '').split('='); return [k!, v ?? 'true'] as const; }));
const GAMES = Number(args.get('games') ?? 30);
const ITERATIONS = Number(args.get('iterations') ?? 2000);
const MODE = args.get('mode') ?? 'standard';
/** `--engine`: Hard as before the compact model (the engine-based search, src/bots/ismcts.ts `ismcts`). */
const ENGINE = args.has('engine');
const kits = (game: string) => (ENGINE ? { ...botKit(game), model: undefined } : botKit(game));
const SEED = Number(args.get('seed') ?? (Date.now() % 1_000_000));

function wilson(wins: number, n: number): string {
  if (n === 0) return '–';
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return `${(100 * p).toFixed(1)} % [${Math.max(0, 100 * (c - h)).toFixed(0)}, ${Math.min(100, 100 * (c + h)).toFixed(0)}]`;
}

async function run(level: BotLevel): Promise<{ wins: number; games: number; moves: number; shifts: number; idle: number }> {
  const t = { wins: 0, games: 0, moves: 0, shifts: 0, idle: 0 };
  for (let g = 0; g < GAMES; g++) {
    let before: NoirState | null = null;
    const out = await playMatch({
      game: 'noir',
      definition: noirDefinition,
      seats: 2,
      seed: SEED + g,
      options: { mode: MODE, killer: 'host' },
      setupMeta: { hostSeat: 0 },
      players: [0, 1].map((seat) => async (input: BotInput) => decideBot({ level: seat === 1 ? level : "normal", input, iterations: ITERATIONS }, kits).action),
      onDecision: (_input, state) => (before = state as NoirState),
      onAction: (seat, action, _events, state) => {
        const s = before!;
        if (seat !== s.inspectorSeat || s.phase !== 'play') return;
        t.moves++;
        if ((action as NoirAction).type !== 'shift') return;
        t.shifts++;
        const me = s.inspectorIdentity!;
        const a = livingNeighbours(s.grid, me).sort().join();
        const b = livingNeighbours((state as NoirState).grid, me).sort().join();
        if (a === b) t.idle++;
      },
    });
    t.games++;
    if (out.result?.winners.includes(1)) t.wins++;
  }
  return t;
}

const lines = [`NOIR ${MODE}, Inspector vs Normal Killer, ${GAMES} fresh deals from seed ${SEED}, Hard (${ENGINE ? 'engine-based search' : 'model ISMCTS'}) ${ITERATIONS} iterations a move, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`];
for (const level of ['hard', 'normal'] as const) {
  const t = await run(level);
  lines.push(`${level.padEnd(6)} Inspector wins ${wilson(t.wins, t.games)}; moves ${t.moves}, shifts ${t.shifts}, shifts changing nothing around it ${t.idle} = ${((100 * t.idle) / Math.max(1, t.moves)).toFixed(1)} % of its moves`);
  console.log(lines[lines.length - 1]);
}
mkdirSync('bench/results', { recursive: true });
appendFileSync(`bench/results/noir-shifts-${new Date().toISOString().slice(0, 10)}.txt`, lines.join('\n') + '\n\n');
console.log(lines.join('\n'));
