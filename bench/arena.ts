/**
 * `npm run arena` — how strong the AI players are, measured (README "AI players").
 *
 * For every game, setup (variant / mode / role, as the game module declares them:
 * src/games/<game>/bench.ts, read through bench/setups.ts) and player count n, three line-ups play
 * seeded games: Hard vs (n−1) Easy, Hard vs (n−1) Normal, Normal vs (n−1) Easy. Deals are
 * fresh each run (a random run seed, printed and saved; `--seed=N` replays a run) and paired:
 * every deal is played once with the bot in each seat (the bot rotated through every seat; with
 * two players, the pair of games with seats swapped), and once more by the baseline line-up
 * (the bot's seat taken by the opponents' level) with the same seats and deals. One deal is one
 * unit of the interval (bench/arena-stats.ts `clusterWilson`: Wilson 95 % on the games ÷ the
 * deals' design effect), because the games of a deal often play out alike. Printed: the bot's
 * win rate (J'Accuse!: arrest rate, lower is better) with that interval, the fair share 1/n,
 * the baseline's rate in the same seats, and the target (issue 36): the bot beats the baseline in
 * that seat on the same deals — the per-deal paired difference of the seat's rate (one deal one
 * unit, Student t 95 %, bench/arena-stats.ts `pairedDifference`); "met" = that interval is clear
 * of zero, "point" = only its mean is. Also printed: the share of games ended by a safety cap or
 * the action limit (`capped`, for the line-up and its baseline).
 *
 * Then the latency of Hard moves through the worker pool under load: `--tables` Hard bots
 * (default 8; the games in turn, each at its module's `latencySeats`) deciding at once, each
 * after a short pause, while the main thread plays other tables: p50 / p95 / p99 / max from
 * request to answer against the budget + 100 ms, the share answered by the Normal fallback
 * (the pool's count: no worker could start the search in time), the load average, and the
 * heap of every worker.
 *
 * Options (`npm run arena -- --games=60 --only=noir`):
 *   --seed=N        replay the deals of an earlier run (default: a fresh random seed)
 *   --quick         a smoke run in minutes: 1 deal per Hard line-up, 2 per Normal line-up,
 *                   a quarter of the iterations (rates too noisy to read)
 *   --games=N       deals per Hard line-up (each played n times, once per seat; default per
 *                   game, from its module's bench set-ups: Suspicion 8, NOIR 30, Phantom 12, J'Accuse! 10)
 *   --normal-games=N  deals for the cheap Normal-vs-Easy line-ups (default 4 × the above)
 *   --only=a,b      games to run (suspicion, noir, phantom, jaccuse)
 *   --iterations=K  Hard search iterations per move (default: per game, ≈ 300 ms of search)
 *   --workers=W     worker threads (default: cores − 1, at least 1)
 *   --setups=a,b    setups to run (Suspicion variants, NOIR "<mode> <role>" labels, `base`)
 *   --players=2,3   player counts to run (default: every count the game allows)
 *   --line-ups=hard-easy,hard-normal,normal-easy   line-ups to run (default: all three)
 *   --latency-only / --no-latency, --tables=T (Hard bots at once in the latency test,
 *                   default 8), --moves=M (Hard moves per table there, default 12)
 *   --engine        Hard as before the compact models: the engine-based search (src/bots/ismcts.ts
 *                   `ismcts`, Normal's shortlist) for every game but J'Accuse! (its own search),
 *                   on the main thread (with `--seed` and `--iterations`: before/after on the same deals)
 *   --label=x       added to the file name
 * Results are also written as JSON (with the seed) to bench/results/arena-<date>-<label|seed>.json.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { defaultRegistry, GAME_MODULES } from '../src/games/index.js';
import { seatsToAct as seatsOf, type AnyGameDefinition, type GameResult, type Seat } from '../src/games/engine.js';
import type { GameId } from '../src/games/index.js';
import { Rng } from '../src/games/rng.js';
import { endedByCap, playMatch } from '../src/bots/match.js';
import { decideBot, DEFAULT_BUDGET_MS } from '../src/bots/policy.js';
import type { BotInput, BotLevel } from '../src/games/bot.js';
import { BotPool } from '../src/bots/pool.js';
import { fnv1a } from '../src/bots/seed.js';
import { botKit } from '../src/bots/kits.js';
import { clusterWilson, pairedDifference, quantile, type DealUnit, type PairedDifference } from './arena-stats.js';
import { arenaSetups, benchSetupsOf, type GameArenaSetup } from './setups.js';

// ── Options ────────────────────────────────────────────────────────────────────────────

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
/** Deals per Hard line-up by game (each played once per seat): the game module's (src/games/<game>/bench.ts). */
const defaultDeals = (game: GameId) => benchSetupsOf(game).arena.deals;
const QUICK = args.has('quick');
/** The run's seed: every deal of the run derives from it (printed and saved, `--seed` replays it). */
const SEED = Number(args.get('seed') ?? randomInt(0, 2 ** 31 - 1));
const dealsFor = (game: GameId) => Number(args.get('games') ?? (QUICK ? 1 : defaultDeals(game)));
const normalDealsFor = (game: GameId) => Number(args.get('normal-games') ?? (QUICK ? 2 : 4 * dealsFor(game)));
const ONLY = (args.get('only')?.split(',') ?? GAME_MODULES.map((module) => module.id)) as GameId[];
const WORKERS = Number(args.get('workers') ?? Math.max(1, availableParallelism() - 1));
const LATENCY = args.get('no-latency') === undefined;
const STRENGTH = args.get('latency-only') === undefined;
const TABLES = Number(args.get('tables') ?? 8);
const MOVES = Number(args.get('moves') ?? 12);
const listArg = (name: string) => (args.has(name) ? args.get(name)!.split(',') : null);
const SETUPS = listArg('setups');
const PLAYERS = listArg('players')?.map(Number) ?? null;
const LINE_UP_FILTER = listArg('line-ups');
/** `--engine`: Hard decides with the engine-based search (kits without their compact model), on this thread. */
const ENGINE = args.has('engine');
const engineKits = (game: string) => ({ ...botKit(game), model: undefined });

/** Hard search iterations per move by game: what a live 300 ms Hard move searches on this machine (bench/hard-iterations.ts; the game module's). */
const hardIterations = (game: GameId) => benchSetupsOf(game).arena.hardIterations;
const iterationsFor = (game: GameId) => Number(args.get('iterations') ?? (QUICK ? Math.ceil(hardIterations(game) / 4) : hardIterations(game)));

// ── Statistics (bench/arena-stats.ts) ──────────────────────────────────────────────────

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

// ── Line-ups ───────────────────────────────────────────────────────────────────────────

/** A set-up the arena plays: declared by the game's module (src/games/<game>/bench.ts, read through bench/setups.ts). */
type Setup = GameArenaSetup;

interface LineUp {
  bot: BotLevel;
  rest: BotLevel;
  name: string;
}
const LINE_UPS: LineUp[] = [
  { bot: 'hard', rest: 'easy', name: 'Hard vs Easy' },
  { bot: 'hard', rest: 'normal', name: 'Hard vs Normal' },
  { bot: 'normal', rest: 'easy', name: 'Normal vs Easy' },
].filter((l) => !LINE_UP_FILTER || LINE_UP_FILTER.includes(`${l.bot}-${l.rest}`)) as LineUp[];

/**
 * The target of every line-up (issue 36): the bot beats the baseline line-up — the opponents'
 * level in the bot's seat — in that seat on the same deals. Measured by the per-deal paired
 * difference of the seat's rate (bench/arena-stats.ts `pairedDifference`); "met" = its 95 %
 * interval is clear of zero (J'Accuse!: below zero, fewer arrests), "point" = only the mean is.
 */
function pairedStatus(game: GameId, d: PairedDifference): 'met' | 'point' | 'missed' {
  const sign = game === 'jaccuse' ? -1 : 1;
  if (sign * d.interval[0] > 0 && sign * d.interval[1] > 0) return 'met';
  return sign * d.mean > 0 ? 'point' : 'missed';
}

// ── Playing ────────────────────────────────────────────────────────────────────────────

interface Row {
  game: GameId;
  setup: string;
  n: number;
  lineUp: string;
  games: number;
  /** Deals (units of the interval); each played once per seat. */
  deals: number;
  /** Bot wins (J'Accuse!: bot arrests). */
  hits: number;
  baselineHits: number;
  /** Wilson 95 % with one deal as one unit (bench/arena-stats.ts `clusterWilson`). */
  interval: [number, number];
  /** Design effect of the deals (1 = its games as good as independent; n = one trial per deal). */
  designEffect: number;
  /** Wilson 95 % over games as if independent (the old arena's interval; for comparison). */
  naiveInterval: [number, number];
  fair: number;
  /** The seat's rate minus the baseline's in the same seat, deal by deal (the target, `pairedStatus`). */
  paired: PairedDifference;
  status: 'met' | 'point' | 'missed' | 'luck';
  hardMoves: number;
  hardIterations: number;
  /** The line-up's games that ended by a safety cap or the referee's action limit, not by the rules (src/bots/match.ts `endedByCap`). */
  capped: number;
  /** The same for the baseline line-up's games. */
  baselineCapped: number;
  /** Games and hits of every deal (so runs with different seeds can be pooled deal by deal). */
  units: DealUnit[];
}

/** Did the seat "hit": win (J'Accuse!: get arrested)? */
function hit(game: GameId, result: GameResult | null, seat: Seat): boolean {
  if (!result) return false;
  if (game === 'jaccuse') return result.placements[seat] === 2;
  return result.winners.includes(seat);
}

async function playOne(
  def: AnyGameDefinition,
  s: Setup,
  n: number,
  seed: number,
  botSeat: Seat,
  levels: BotLevel[],
  pool: BotPool,
  stats: { hardMoves: number; hardIterations: number },
): Promise<GameResult | null> {
  const iterations = iterationsFor(s.game);
  const players = levels.map((level) => async (input: BotInput) => {
    if (level !== 'hard') return decideBot({ level, input }).action;
    const d = ENGINE ? decideBot({ level, input, iterations }, engineKits) : await pool.decide({ level, input, iterations });
    if (d.iterations > 0) {
      stats.hardMoves++;
      stats.hardIterations += d.iterations;
    }
    return d.action;
  });
  const out = await playMatch({
    game: s.game,
    definition: def,
    seats: n,
    seed,
    options: s.options,
    setupMeta: { hostSeat: botSeat },
    players,
    orderSeed: seed * 31 + 7,
  });
  return out.result;
}

/** Run `tasks` with at most `limit` in flight. */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

async function measureLineUp(def: AnyGameDefinition, s: Setup, n: number, lineUp: LineUp, pool: BotPool): Promise<Row> {
  const deals = lineUp.bot === 'normal' ? normalDealsFor(s.game) : dealsFor(s.game);
  const stats = { hardMoves: 0, hardIterations: 0 };
  const tasks: (() => Promise<[boolean, boolean, boolean, boolean]>)[] = [];
  const dealOf: number[] = [];
  // The same deals for every line-up of a setup and count (and for a rerun with --seed).
  const seedRng = Rng.seeded(fnv1a(`${SEED}|${s.game}|${s.label}|${n}`) | 0);
  for (let d = 0; d < deals; d++) {
    const seed = seedRng.int(0, 0x7fffffff);
    for (let botSeat = 0; botSeat < n; botSeat++) {
      dealOf.push(d);
      tasks.push(async () => {
        const levels = Array.from({ length: n }, (_, seat) => (seat === botSeat ? lineUp.bot : lineUp.rest));
        const baseline = Array.from({ length: n }, () => lineUp.rest);
        const r = await playOne(def, s, n, seed, botSeat, levels, pool, stats);
        const b = await playOne(def, s, n, seed, botSeat, baseline, pool, stats);
        return [hit(s.game, r, botSeat), hit(s.game, b, botSeat), endedByCap(r), endedByCap(b)];
      });
    }
  }
  const results = await inParallel(tasks, Math.max(2, WORKERS * 3));
  const games = results.length;
  const hits = results.filter(([h]) => h).length;
  const baselineHits = results.filter(([, h]) => h).length;
  const capped = results.filter(([, , c]) => c).length;
  const baselineCapped = results.filter(([, , , c]) => c).length;
  const units: DealUnit[] = Array.from({ length: deals }, () => ({ games: 0, hits: 0, baselineHits: 0 }));
  results.forEach(([h, b], i) => {
    const unit = units[dealOf[i]!]!;
    unit.games++;
    if (h) unit.hits++;
    if (b) unit.baselineHits!++;
  });
  const clustered = clusterWilson(units);
  const interval = clustered.interval;
  const paired = pairedDifference(units);
  const status: Row['status'] = s.pureLuck ? 'luck' : pairedStatus(s.game, paired);
  return {
    game: s.game,
    setup: s.label,
    n,
    lineUp: `${lineUp.name} (${n - 1})`,
    games,
    deals,
    hits,
    baselineHits,
    interval,
    designEffect: clustered.designEffect,
    naiveInterval: clustered.naive,
    fair: 1 / n,
    paired,
    status,
    hardMoves: stats.hardMoves,
    hardIterations: stats.hardIterations,
    capped,
    baselineCapped,
    units,
  };
}

function printRow(r: Row): void {
  const rate = r.hits / r.games;
  const mark = { met: 'met', point: 'point only', missed: 'MISSED', luck: 'pure luck (no decision)' }[r.status];
  const what = r.game === 'jaccuse' ? 'arrested' : 'won';
  console.log(
    [
      r.game.padEnd(9),
      r.setup.padEnd(26),
      String(r.n).padStart(2),
      r.lineUp.padEnd(20),
      `${String(r.games).padStart(5)} (${r.deals} deals)`,
      `${what} ${pct(rate).padStart(6)} [${pct(r.interval[0])}, ${pct(r.interval[1])}]`.padEnd(33),
      `deff ${r.designEffect.toFixed(2)}`,
      `baseline ${pct(r.baselineHits / r.games).padStart(6)}`,
      `fair ${pct(r.fair).padStart(6)}`,
      `vs baseline ${r.paired.mean >= 0 ? '+' : ''}${pct(r.paired.mean)} [${pct(r.paired.interval[0])}, ${pct(r.paired.interval[1])}] (${r.paired.better}/${r.paired.worse}/${r.paired.same} deals better/worse/same)`,
      mark,
      `capped ${pct(r.capped / r.games)}${r.capped > 0 ? ' (CAP)' : ''}, baseline ${pct(r.baselineCapped / r.games)}`,
    ].join('  '),
  );
}

// ── Latency under load ─────────────────────────────────────────────────────────────────

interface Latency {
  tables: number;
  requests: number;
  budgetMs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Share of the Hard requests answered by the Normal fallback (the pool's count: no search could start in time). */
  fallbackShare: number;
  fallbacks: number;
  /** Share answered with no finished round of search (the heuristic's choice; includes single-move positions). */
  unsearchedShare: number;
  /** Mean time a request waited for a worker, in ms. */
  meanWaitMs: number;
  workers: number;
  loadAverage: number[];
  heapPerWorkerMb: number[];
  rssMb: number;
}

/**
 * `tables` Hard bots deciding at once: each table plays a real game where seat 0 is a Hard bot
 * asking the pool with the default budget, and every other seat answers at once (an Easy
 * decision on the main thread, standing in for quick humans). The Hard bots of all tables
 * still playing wait for one another and then ask together (a barrier), so every round is
 * `tables` requests at once — the worst case of many bots whose pauses end together.
 * Meanwhile the main thread also serves "other tables": every 10 ms it spends about 3 ms
 * applying moves of a background game, as a busy table service would. Measures request →
 * answer per Hard move, and the pool's fallback count over the run.
 */
async function latency(pool: BotPool, tables: number, movesPerTable: number): Promise<Latency> {
  const registry = defaultRegistry();
  await pool.ready();
  // Warm up: a few searches of each game, so the measurement sees compiled code, not the JIT.
  for (const game of GAME_MODULES.map((module) => module.id)) {
    const def = registry.get(game).definition;
    const n = benchSetupsOf(game).arena.latencySeats;
    let left = 4;
    await playMatch({
      game,
      definition: def,
      seats: n,
      seed: 7,
      players: Array.from({ length: n }, () => async (input: BotInput) => (left-- > 0 ? (await pool.decide({ level: 'hard', input, budgetMs: 200 })).action : decideBot({ level: 'easy', input }).action)),
    });
  }
  const before = pool.stats;
  const times: number[] = [];
  let unsearched = 0;
  const games: GameId[] = GAME_MODULES.map((module) => module.id);
  // The barrier: Hard bots of the tables still playing ask together.
  let active = tables;
  let waiting: (() => void)[] = [];
  const release = () => {
    if (waiting.length > 0 && waiting.length >= active) {
      for (const go of waiting.splice(0)) go();
    }
  };
  const arrive = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      release();
    });
  const leave = () => {
    active--;
    release();
  };
  // Background load on the main thread.
  const background = registry.get('suspicion').definition;
  const loadRng = Rng.seeded(SEED);
  let bg: unknown = background.setup(background.optionsSchema.parse({}), 4, 1);
  const load = setInterval(() => {
    const until = performance.now() + 3;
    while (performance.now() < until) {
      const p = background.pending(bg);
      if (p.kind === 'over') bg = background.setup(background.optionsSchema.parse({}), 4, loadRng.int(0, 1e9));
      else {
        const seat = seatsOf(p)[0]!;
        const legal = background.legalActions(bg, seat);
        const r = background.apply(bg, seat, legal[loadRng.int(0, legal.length - 1)]);
        if (r.ok) bg = r.state;
      }
    }
  }, 10);
  try {
    await Promise.all(
      Array.from({ length: tables }, async (_, t) => {
        const game = games[t % games.length]!;
        const def = registry.get(game).definition;
        const n = benchSetupsOf(game).arena.latencySeats;
        let moves = 0;
        let left = false;
        try {
          await playMatch({
            game,
            definition: def,
            seats: n,
            seed: (SEED + t * 7919) % 0x7fffffff,
            maxActions: 2000,
            players: Array.from({ length: n }, (_, seat) => async (input: BotInput) => {
              if (seat !== 0 || moves >= movesPerTable) return decideBot({ level: 'easy', input }).action;
              moves++;
              await arrive();
              const start = performance.now();
              const d = await pool.decide({ level: 'hard', input, budgetMs: DEFAULT_BUDGET_MS });
              times.push(performance.now() - start);
              if (d.iterations === 0) unsearched++;
              if (moves >= movesPerTable && !left) {
                left = true;
                leave();
              }
              return d.action;
            }),
          });
        } finally {
          if (!left) {
            left = true;
            leave();
          }
        }
      }),
    );
  } finally {
    clearInterval(load);
  }
  const after = pool.stats;
  const timed = after.timed - before.timed;
  const fallbacks = after.fallbacks - before.fallbacks;
  const heap = await pool.memory();
  return {
    tables,
    requests: times.length,
    budgetMs: DEFAULT_BUDGET_MS,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    max: Math.max(...times),
    fallbackShare: fallbacks / Math.max(1, timed),
    fallbacks,
    unsearchedShare: unsearched / Math.max(1, times.length),
    meanWaitMs: (after.waitedMs - before.waitedMs) / Math.max(1, timed),
    workers: pool.size,
    loadAverage: loadavg(),
    heapPerWorkerMb: heap.map((h) => Math.round((h.heapUsed / 2 ** 20) * 10) / 10),
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
}

// ── Main ───────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const registry = defaultRegistry();
  const pool = new BotPool({ size: WORKERS });
  const rows: Row[] = [];
  const started = Date.now();
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const label = args.get('label') ?? `seed-${SEED}`;
  const file = join(dir, `arena-${new Date().toISOString().slice(0, 10)}-${label}.json`);
  // Written after every row too, so a run stopped early keeps what it measured.
  const save = (lat: Latency | null) =>
    writeFileSync(file, JSON.stringify({ seed: SEED, quick: QUICK, search: ENGINE ? 'engine-based (ismcts)' : 'hardSearch (model ISMCTS / the game\'s own)', interval: 'Wilson 95 % on games ÷ design effect of the deals (bench/arena-stats.ts clusterWilson)', args: Object.fromEntries(args), deals: Object.fromEntries(ONLY.map((g) => [g, dealsFor(g)])), iterations: Object.fromEntries(ONLY.map((g) => [g, iterationsFor(g)])), workers: WORKERS, rows, latency: lat, loadAverage: loadavg(), seconds: (Date.now() - started) / 1000 }, null, 2));
  console.log(`arena: seed ${SEED} (replay with --seed=${SEED})${QUICK ? ', QUICK smoke run (rates too noisy to read)' : ''}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`arena: deals per Hard line-up ${JSON.stringify(Object.fromEntries(ONLY.map((g) => [g, dealsFor(g)])))}, 4× for Normal vs Easy, each played once per seat; ${WORKERS} worker(s)`);
  try {
    if (STRENGTH) {
      for (const game of ONLY) {
        const def = registry.get(game).definition;
        console.log(`\n${game}: Hard searches ${iterationsFor(game)} simulations per move; ${dealsFor(game)} deals per Hard line-up, ${normalDealsFor(game)} per Normal line-up`);
        for (const s of arenaSetups(game).filter((x) => !SETUPS || SETUPS.includes(x.label))) {
          for (let n = def.minPlayers; n <= def.maxPlayers; n++) {
            if (PLAYERS && !PLAYERS.includes(n)) continue;
            for (const lineUp of LINE_UPS) {
              const row = await measureLineUp(def, s, n, lineUp, pool);
              rows.push(row);
              printRow(row);
              save(null);
            }
          }
        }
      }
    }
    let lat: Latency | null = null;
    if (LATENCY) {
      lat = await latency(pool, TABLES, MOVES);
      console.log(
        `\nlatency of Hard moves, ${lat.tables} Hard bots deciding at once, ${lat.workers} worker(s) on ${availableParallelism()} cores, budget ${lat.budgetMs} ms, ${lat.requests} requests: ` +
          `p50 ${lat.p50.toFixed(0)} ms, p95 ${lat.p95.toFixed(0)} ms (target ≤ ${lat.budgetMs + 100} ms: ${lat.p95 <= lat.budgetMs + 100 ? 'met' : 'MISSED'}), p99 ${lat.p99.toFixed(0)} ms, ` +
          `max ${lat.max.toFixed(0)} ms; Normal fallback ${pct(lat.fallbackShare)} (${lat.fallbacks}; target ≤ 5 %: ${lat.fallbackShare <= 0.05 ? 'met' : 'MISSED'}); ` +
          `no finished search round ${pct(lat.unsearchedShare)}; mean wait for a worker ${lat.meanWaitMs.toFixed(0)} ms; ` +
          `worker heap ${lat.heapPerWorkerMb.join(' / ')} MB; process RSS ${lat.rssMb} MB; load average ${lat.loadAverage.map((x) => x.toFixed(2)).join(' ')}`,
      );
    }
    save(lat);
    console.log(`\nwritten ${file} (${((Date.now() - started) / 60000).toFixed(1)} min)`);
  } finally {
    await pool.close();
  }
}

await main();
