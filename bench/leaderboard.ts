/**
 * Leaderboard benchmark (README "Benchmark"): seeds 100,000 stored results — finished tables of every
 * game across several servers, each with the ratings and totals it implies, all computed
 * with the real rating code and written in one transaction — then measures the median and
 * p95 time of the queries behind `/leaderboard` (a game's page, the all-games view) and
 * `/stats`, the rating hook's cost per finished table, and prints EXPLAIN QUERY PLAN to
 * show every query walks an index. Measured, not asserted.
 *
 * Called by bench/run.ts; also runnable alone: `npx tsx bench/leaderboard.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { defaultRegistry } from '../src/games/index.js';
import { Rng } from '../src/games/rng.js';
import { openDatabase, type Db } from '../src/persistence/db.js';
import { SqliteStore, type SqliteHotQuery } from '../src/persistence/store/sqlite.js';
import { rateTable, type RatedSeat } from '../src/ratings/rating.js';
import { rateFinishedTable } from '../src/ratings/store.js';
import type { StoredResult } from '../src/tables/types.js';

/** Stored results to seed. */
export const SEED_RESULTS = 100_000;
/** Query repetitions per measured query. */
export const REPETITIONS = 2_000;

/** Servers seeded: [guild id, players, share of the tables]. The first one is the big one. */
const GUILDS: [string, number, number][] = [
  ['910000000000000001', 5_000, 0.6],
  ['910000000000000002', 1_000, 0.2],
  ['910000000000000003', 500, 0.1],
  ['910000000000000004', 200, 0.1],
];

interface Skill {
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  streak: number;
  name: string;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const userId = (g: number, k: number) => String(500000000000000000n + BigInt(g * 100_000 + k));

/** Seed `target` results with their ratings into `db` in one transaction; returns table count. */
function seed(db: Db, target: number, rng: Rng): { tables: number; results: number } {
  const registry = defaultRegistry();
  const games = registry.modules.map((m) => ({ id: m.id, min: m.definition.minPlayers, max: m.definition.maxPlayers }));
  const sqlite = db.$client;
  const insTable = sqlite.prepare(
    `insert into game_tables (id, guild_id, channel_id, game, status, host_user_id, options, max_seats, seed, version, created_at, updated_at, started_at, ended_at, end_reason)
     values (?, ?, ?, ?, 'finished', ?, '{}', ?, 1, 1, ?, ?, ?, ?, 'bench')`,
  );
  const insResult = sqlite.prepare(
    `insert into results (table_id, seat, guild_id, game, user_id, placement, winner, score, left, ended_at) values (?, ?, ?, ?, ?, ?, ?, null, 0, ?)`,
  );
  const insRating = sqlite.prepare(
    `insert into ratings (guild_id, game, season, user_id, mu, sigma, ordinal, games, wins, streak, name, updated_at) values (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insTotals = sqlite.prepare(`insert into player_totals (guild_id, user_id, games, wins, name, updated_at) values (?, ?, ?, ?, ?, ?)`);
  const skills = new Map<string, Skill>();
  const totals = new Map<string, { games: number; wins: number; name: string }>();
  let tableId = 0;
  let stored = 0;
  let t = 1_600_000_000_000;
  sqlite.transaction(() => {
    while (stored < target) {
      const roll = rng.int(0, 999) / 1000;
      let gi = 0;
      for (let acc = GUILDS[0]![2]; roll >= acc && gi < GUILDS.length - 1; acc += GUILDS[++gi]![2]);
      const [guild, players] = GUILDS[gi]!;
      const remaining = target - stored;
      // Land exactly on `target`: the last tables are Suspicion (2–6 seats), never leaving 1.
      const game = remaining <= 8 ? games.find((g) => g.id === 'suspicion')! : rng.pick(games);
      let n = Math.min(rng.int(game.min, game.max), remaining);
      if (remaining - n === 1) n = n > game.min ? n - 1 : n + 1;
      const seats = new Set<number>();
      while (seats.size < n) seats.add(rng.int(0, players - 1));
      const users = [...seats].map((k) => userId(gi, k));
      tableId += 1;
      t += rng.int(1_000, 120_000);
      insTable.run(tableId, guild, String(600000000000000000n + BigInt(gi)), game.id, users[0], n, t - 1_800_000, t, t - 1_800_000, t);
      // J'Accuse!-like (one loser, the rest tied first) or a free-for-all by placement.
      const loser = rng.int(0, n - 1);
      const placements = users.map((_, i) => (game.id === 'jaccuse' ? (i === loser ? 2 : 1) : i + 1));
      const rated: RatedSeat[] = users.map((u, i) => {
        const s = skills.get(`${guild}|${game.id}|${u}`);
        return { userId: u, placement: placements[i]!, winner: placements[i] === 1, prior: s ?? null };
      });
      const out = rateTable(rated);
      users.forEach((u, i) => {
        insResult.run(tableId, i, guild, game.id, u, placements[i], placements[i] === 1 ? 1 : 0, t);
        const o = out[i]!;
        skills.set(`${guild}|${game.id}|${u}`, { mu: o.mu, sigma: o.sigma, games: o.games, wins: o.wins, streak: o.streak, name: `Player ${u.slice(-5)}` });
        const tot = totals.get(`${guild}|${u}`) ?? { games: 0, wins: 0, name: `Player ${u.slice(-5)}` };
        tot.games += 1;
        tot.wins += rated[i]!.winner ? 1 : 0;
        totals.set(`${guild}|${u}`, tot);
      });
      stored += n;
    }
    for (const [key, s] of skills) {
      const [guild, game, u] = key.split('|') as [string, string, string];
      insRating.run(guild, game, u, s.mu, s.sigma, s.mu - 3 * s.sigma, s.games, s.wins, s.streak, s.name, t);
    }
    for (const [key, s] of totals) {
      const [guild, u] = key.split('|') as [string, string];
      insTotals.run(guild, u, s.games, s.wins, s.name, t);
    }
  })();
  return { tables: tableId, results: stored };
}

/** Time `fn` REPETITIONS times, one call at a time (after a short warm-up); returns per-call milliseconds. */
async function measure(fn: (k: number) => Promise<unknown>, reps = REPETITIONS): Promise<number[]> {
  for (let k = 0; k < 50; k++) await fn(k);
  const out: number[] = [];
  for (let k = 0; k < reps; k++) {
    const s = performance.now();
    await fn(k);
    out.push(performance.now() - s);
  }
  return out;
}

/**
 * The benchmark entry point called by bench/run.ts: `seedResults` stored results (default
 * 100,000), each query timed `repetitions` times (default 2,000).
 */
export async function benchLeaderboard(
  seedResults = SEED_RESULTS,
  repetitions = REPETITIONS,
): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-lb-'));
  const db = openDatabase(join(dir, 'leaderboard.db'));
  const store = new SqliteStore(db);
  try {
    const rng = Rng.seeded(7);
    const s0 = performance.now();
    const seeded = seed(db, seedResults, rng);
    const seedMs = performance.now() - s0;
    db.$client.exec('ANALYZE');
    const big = GUILDS[0]![0];
    const ids = defaultRegistry().ids();
    const boardPages = new Map<string, number>();
    for (const g of ids) boardPages.set(g, (await store.leaderboard(big, g, 1, 0)).pages);
    const bigPlayers = GUILDS[0]![1];

    const firstPage = await measure((k) => store.leaderboard(big, ids[k % ids.length]!, 1, 0), repetitions);
    const randomPage = await measure((k) => {
      const game = ids[k % ids.length]!;
      return store.leaderboard(big, game, 1, rng.int(0, Math.max(0, boardPages.get(game)! - 1)));
    }, repetitions);
    const allGames = await measure(() => store.allGames(big, rng.int(0, Math.ceil(bigPlayers / 10) - 1)), repetitions);
    const stats = await measure(() => {
      const u = userId(0, rng.int(0, bigPlayers - 1));
      return Promise.all([store.playerGames(big, u), store.playerTotals(big, u), store.recentGames(big, u)]);
    }, repetitions);

    // The rating hook: rate 500 more finished tables of the big server, one transaction each.
    const hook = await measureHook(db, store, seeded.tables, rng, Math.min(500, repetitions));

    const params = { guild: big, game: 'suspicion', season: 1, limit: 10, offset: 0, user: userId(0, 1), ordinal: 0 };
    const names: SqliteHotQuery[] = ['boardPage', 'boardCount', 'totalsPage', 'totalsCount', 'playerRows', 'above', 'recent'];
    const plans = names.map((n) => ({ name: n, plan: store.explain(n, params) }));
    const indexed = plans.filter((p) => p.plan.every((l) => !/^SCAN |TEMP B-TREE/.test(l)) && p.plan.some((l) => /USING (COVERING )?INDEX/.test(l)));

    const metrics = {
      results: seeded.results,
      tables: seeded.tables,
      seed_ms: Math.round(seedMs),
      repetitions,
      leaderboard_first_page_median_ms: r3(quantile(firstPage, 0.5)),
      leaderboard_first_page_p95_ms: r3(quantile(firstPage, 0.95)),
      leaderboard_random_page_median_ms: r3(quantile(randomPage, 0.5)),
      leaderboard_random_page_p95_ms: r3(quantile(randomPage, 0.95)),
      all_games_median_ms: r3(quantile(allGames, 0.5)),
      all_games_p95_ms: r3(quantile(allGames, 0.95)),
      stats_median_ms: r3(quantile(stats, 0.5)),
      stats_p95_ms: r3(quantile(stats, 0.95)),
      rating_hook_median_ms: r3(quantile(hook, 0.5)),
      rating_hook_p95_ms: r3(quantile(hook, 0.95)),
      queries_on_index: indexed.length,
      queries_checked: plans.length,
    };
    const planText = plans.map((p) => `  ${p.name}: ${p.plan.join(' | ')}`).join('\n');
    const summary =
      `${seeded.results} results in ${seeded.tables} tables over ${GUILDS.length} servers (seeded in ${metrics.seed_ms} ms). ` +
      `Over ${repetitions} runs each: game page 1 median ${metrics.leaderboard_first_page_median_ms} ms (p95 ${metrics.leaderboard_first_page_p95_ms}), ` +
      `random page ${metrics.leaderboard_random_page_median_ms} ms (p95 ${metrics.leaderboard_random_page_p95_ms}), ` +
      `all games ${metrics.all_games_median_ms} ms (p95 ${metrics.all_games_p95_ms}), ` +
      `/stats (3 queries) ${metrics.stats_median_ms} ms (p95 ${metrics.stats_p95_ms}); ` +
      `rating hook per finished table ${metrics.rating_hook_median_ms} ms (p95 ${metrics.rating_hook_p95_ms}). ` +
      `${indexed.length}/${plans.length} queries walk an index with no scan or temp sort:\n${planText}`;
    return { name: `leaderboard and stats queries over ${seeded.results.toLocaleString('en-US')} results`, metrics, summary };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Time `rateFinishedTable` (what the ResultHook runs) for `n` new 4-player tables, each in its own store transaction. */
async function measureHook(db: Db, store: SqliteStore, lastTableId: number, rng: Rng, n: number): Promise<number[]> {
  const [guild, players] = GUILDS[0]!;
  const sqlite = db.$client;
  const insTable = sqlite.prepare(
    `insert into game_tables (id, guild_id, channel_id, game, status, host_user_id, options, max_seats, version, created_at, updated_at, ended_at)
     values (?, ?, '1', 'suspicion', 'finished', ?, '{}', 4, 1, 1, 1, 1)`,
  );
  const insSeat = sqlite.prepare(`insert into seats (table_id, user_id, display_name, joined_at, seat) values (?, ?, ?, 1, ?)`);
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const id = lastTableId + 1 + k;
    const seats = new Set<number>();
    while (seats.size < 4) seats.add(rng.int(0, players - 1));
    const users = [...seats].map((x) => userId(0, x));
    insTable.run(id, guild, users[0]);
    users.forEach((u, i) => insSeat.run(id, u, `Player ${u.slice(-5)}`, i));
    const table = (await store.table(id))!;
    const seatRows = await store.seats(id);
    const results: StoredResult[] = users.map((u, i) => ({ seat: i, userId: u, placement: i + 1, winner: i === 0, left: false, score: null }));
    const s = performance.now();
    await store.transaction((tx) => rateFinishedTable(tx, { table, results, seats: seatRows }));
    out.push(performance.now() - s);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchLeaderboard();
  process.stdout.write(`## ${r.name}\n${r.summary}\n${JSON.stringify(r.metrics, null, 2)}\n`);
}
