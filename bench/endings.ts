/**
 * `npm run endings` — do bot games end with a winner? (issue 36, docs/ai-strength.md "Every
 * game ends"). For every game, every rules variant, mode and option that changes play (the game
 * module's `bench.variants`, src/games/<game>/bench.ts) and every player count, tables of one
 * bot level only (Easy, Normal, Hard) play fresh deals; printed per cell: games that ended by the
 * rules with a winner, games ended by a safety cap or the referee's action limit
 * (src/bots/match.ts `endedByCap`), the end reasons and the median length in actions. Cells
 * below 95 % ended with a winner are marked `LOW`.
 *
 * Options (`npm run endings -- --only=suspicion --variants=criminal --players=3,4`):
 *   --seed=N         replay the deals of an earlier run (default: a fresh random seed, printed)
 *   --games=N        deals per cell for Easy and Normal (default 20)
 *   --hard-games=N   deals per cell for Hard (default 4)
 *   --levels=a,b     levels to play (default easy,normal,hard)
 *   --iterations=K   Hard search iterations per move (default: the arena's, per game: ≈ 300 ms live)
 *   --only=a,b       games; --variants=a,b variant labels; --players=2,3 player counts
 *   --workers=W      worker threads for Hard (default: cores − 1, at least 1)
 *   --label=x        added to the file name
 * Results (with the seed) go to bench/results/endings-<date>-<label|seed>.json.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { defaultRegistry, GAME_MODULES, type GameId } from '../src/games/index.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
import { endedByCap, playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import { BotPool } from '../src/bots/pool.js';
import { fnv1a } from '../src/bots/seed.js';
import { Rng } from '../src/games/rng.js';
import { benchSetupsOf } from './setups.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const list = (name: string) => (args.has(name) ? args.get(name)!.split(',') : null);
const SEED = Number(args.get('seed') ?? randomInt(0, 2 ** 31 - 1));
const GAMES = Number(args.get('games') ?? 20);
const HARD_GAMES = Number(args.get('hard-games') ?? 4);
const LEVELS = (list('levels') ?? ['easy', 'normal', 'hard']) as BotLevel[];
const ONLY = (list('only') ?? GAME_MODULES.map((m) => m.id)) as GameId[];
const VARIANTS = list('variants');
const PLAYERS = list('players')?.map(Number) ?? null;
const WORKERS = Number(args.get('workers') ?? Math.max(1, availableParallelism() - 1));
const iterationsFor = (game: GameId) => Number(args.get('iterations') ?? benchSetupsOf(game).arena.hardIterations);

/** One cell: a game, variant, player count and level. */
interface Cell {
  game: GameId;
  variant: string;
  n: number;
  level: BotLevel;
  games: number;
  /** Ended by the rules with at least one winner. */
  won: number;
  /** Ended by a safety cap or the referee's action limit. */
  capped: number;
  reasons: Record<string, number>;
  medianActions: number;
  seconds: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

async function main(): Promise<void> {
  const registry = defaultRegistry();
  const pool = LEVELS.includes('hard') ? new BotPool({ size: WORKERS }) : null;
  const cells: Cell[] = [];
  const started = Date.now();
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `endings-${new Date().toISOString().slice(0, 10)}-${args.get('label') ?? `seed-${SEED}`}.json`);
  const save = () => writeFileSync(file, JSON.stringify({ seed: SEED, args: Object.fromEntries(args), workers: WORKERS, cells, loadAverage: loadavg(), seconds: (Date.now() - started) / 1000 }, null, 2));
  console.log(`endings: seed ${SEED} (replay with --seed=${SEED}); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  try {
    for (const game of ONLY) {
      const def = registry.get(game).definition;
      for (const variant of benchSetupsOf(game).variants.filter((v) => !VARIANTS || VARIANTS.includes(v.label))) {
        for (let n = def.minPlayers; n <= def.maxPlayers; n++) {
          if (PLAYERS && !PLAYERS.includes(n)) continue;
          for (const level of LEVELS) {
            const t0 = Date.now();
            const deals = level === 'hard' ? HARD_GAMES : GAMES;
            // The same deals for every level of a cell (and for a rerun with --seed).
            const seeds = Rng.seeded(fnv1a(`${SEED}|${game}|${variant.label}|${n}`) | 0);
            const outcomes = await Promise.all(
              Array.from({ length: deals }, (_, d) => {
                const seed = seeds.int(0, 0x7fffffff);
                const iterations = iterationsFor(game);
                return playMatch({
                  game,
                  definition: def,
                  seats: n,
                  seed,
                  options: variant.options,
                  setupMeta: { hostSeat: d % n },
                  players: Array.from({ length: n }, () => async (input: BotInput) =>
                    level === 'hard' ? (await pool!.decide({ level, input, iterations })).action : decideBot({ level, input }).action,
                  ),
                });
              }),
            );
            const reasons: Record<string, number> = {};
            for (const o of outcomes) {
              const r = o.result?.reason ?? 'action limit';
              reasons[r] = (reasons[r] ?? 0) + 1;
            }
            const cell: Cell = {
              game,
              variant: variant.label,
              n,
              level,
              games: deals,
              won: outcomes.filter((o) => !endedByCap(o.result) && o.result!.winners.length > 0).length,
              capped: outcomes.filter((o) => endedByCap(o.result)).length,
              reasons,
              medianActions: median(outcomes.map((o) => o.actions)),
              seconds: (Date.now() - t0) / 1000,
            };
            cells.push(cell);
            save();
            const share = cell.won / cell.games;
            console.log(
              `${share < 0.95 ? 'LOW' : '   '} ${game.padEnd(9)} ${variant.label.padEnd(40)} ${String(n).padStart(2)} ${level.padEnd(6)} ` +
                `winner ${String(cell.won).padStart(3)}/${cell.games} (${(100 * share).toFixed(0)} %)  capped ${cell.capped}  ${JSON.stringify(reasons)}  median ${cell.medianActions} actions  ${cell.seconds.toFixed(1)} s`,
            );
          }
        }
      }
    }
  } finally {
    await pool?.close();
  }
  const games = cells.reduce((s, c) => s + c.games, 0);
  const won = cells.reduce((s, c) => s + c.won, 0);
  const low = cells.filter((c) => c.won / c.games < 0.95);
  console.log(`\n${won} of ${games} games ended with a winner; ${low.length} of ${cells.length} cells below 95 %; written ${file} (${((Date.now() - started) / 60000).toFixed(1)} min, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
}

await main();
