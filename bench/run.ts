/**
 * `npm run bench` — speed and memory, measured (never asserted): the machine is shared and
 * noisy, so results are medians, tails and ratios to an echo bot measured in the same run.
 * Writes JSON to bench/results/ and prints a short table. README "Benchmark" explains how to
 * read it.
 *
 * Parts (all by default; `--only=a,b` or `--skip=a,b` to choose):
 * - `load`: N open tables (default 1,000) of the four games against the product and
 *   against the echo bot (bench/load/echo-bot.ts), each in its own process, each with its
 *   own emulator enforcing Discord's rate limits; a warm-up pass clicks every table once,
 *   then the open-loop rate ladder alternates the two bots rate by rate (bench/load/ladder.ts);
 *   heap per open table is measured after the warm-up (every table clicked).
 * - `scenarios`: board lag at 20 moves/s spread across the tables, and at one busy 6-seat
 *   J'Accuse! table (bench/load/scenarios.ts).
 * - `profile`: the product under ~400 clicks/s with V8's CPU profiler; top self time.
 * - `recovery`: restart recovery of 10,000 open tables, heap per table at rest, on SQLite and
 *   on PostgreSQL (bench/recovery.ts; PostgreSQL skipped with the reason when not installed,
 *   and in --quick).
 * - `store`: one move (lock + read, log row, guarded update) through each storage backend,
 *   one at a time and 8 tables at once (bench/store.ts).
 * - `shards`: moves/s through the table service on one PostgreSQL with 1 vs 2 processes
 *   (bench/shards.ts; skipped in --quick).
 * - `leaderboard`: leaderboard and stats queries over 100,000 results (bench/leaderboard.ts).
 * - `review`: a review step against a panel click at the same load, and the apply calls of
 *   reviewing a ≥ 300-move game (bench/review.ts); the review analysis's cost per step, per
 *   game (bench/analysis.ts).
 * - `activity`: a move made in the Activity, to the mover's own screen drawn and to the chat board
 *   edited, p50/p99: two people play NOIR in local play, each in an Activity in headless Chromium
 *   (bench/activity.ts; skipped with the reason when Chromium is not installed; in --quick only
 *   with --only=activity).
 *
 * Options: `--quick` (a seconds-long version: few tables, two rates, short steps), `--tables=N`,
 * `--backend=sqlite|postgres` (what the product runs on in `load`, `scenarios` and `profile`,
 * default sqlite; postgres starts a throwaway local server, durable, as test/support/postgres.ts
 * does, and the bench reads the product's database through it),
 * `--rates=100,200,…` (offered clicks per second), `--seconds=S` (per rate), `--seed=N`,
 * `--log-level=info` (the product's; production default), `--profile-rate=400`, `--out=DIR`,
 * `--no-refine` (skip the rungs √2 above each bot's highest passing rate; see BenchResults.refined),
 * `--board-token-refresh-ms=N` (the product's "Show my hand" lends the board its token when the
 * table's board token is N ms old; 0 = every such click, to measure its cost; docs/rate-limit.md),
 * `--text-boards` (the product sends every board and panel as the text version, as if every
 * server and player chose text boards: the same load without pictures, to see what they cost),
 * `--no-text-beside` (by default the load part runs a third world, the product with text boards,
 * at every rate beside the product with pictures and the echo bot: see BenchSettings.textBeside),
 * `--heap-snapshots=DIR` (after the warm-up, write V8 heap snapshots of the product with all its
 * tables and of the 8-table baseline to DIR, to see what the heap per open table is made of:
 * `npx tsx bench/heap-diff.ts BASE.heapsnapshot FULL.heapsnapshot`).
 */
import { benchPictures } from './pictures.js';
import { benchReview } from './review.js';
import { benchAnalysis } from './analysis.js';
import { benchActivity } from './activity.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Rng } from '../src/games/rng.js';
import { benchLeaderboard } from './leaderboard.js';
import { topInclusiveTime, topSelfTime } from './load/cpu-profile.js';
import { ratios, runRung, type RungResult } from './load/ladder.js';
import { busyTable, spreadMoves } from './load/scenarios.js';
import { round } from './load/stats.js';
import { buildWorld, type World } from './load/world.js';
import { benchRecovery } from './recovery.js';
import { benchShards } from './shards.js';
import { benchStore, MOVES } from './store.js';
import { printReport } from './report.js';
import { PICTURE_CACHE_BYTES } from '../src/discord/pictures/cache.js';
import { PIECE_CACHE_BYTES, STRIP_CACHE_BYTES } from '../src/discord/pictures/compose.js';
import { RENDER_WORKERS } from '../src/discord/pictures/queue.js';
import { PARTS, type BenchResults, type BenchSettings, type Part } from './run-results.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../test/support/postgres.js';

/** Tables of the small product world whose warm heap is subtracted (the fixed part: code, caches). */
const BASELINE_TABLES = 8;

function settingsFromArgs(argv: string[]): { settings: BenchSettings; out: string } {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      'no-refine': { type: 'boolean', default: false },
      'board-token-refresh-ms': { type: 'string' },
      'heap-snapshots': { type: 'string' },
      'text-boards': { type: 'boolean', default: false },
      'no-text-beside': { type: 'boolean', default: false },
      hints: { type: 'boolean', default: false },
      backend: { type: 'string', default: 'sqlite' },
      tables: { type: 'string' },
      rates: { type: 'string' },
      seconds: { type: 'string' },
      seed: { type: 'string' },
      'log-level': { type: 'string' },
      'profile-rate': { type: 'string' },
      only: { type: 'string' },
      skip: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const quick = values.quick!;
  const list = (s: string | undefined) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []);
  const bad = [...list(values.only), ...list(values.skip)].filter((p) => !(PARTS as readonly string[]).includes(p));
  if (bad.length) throw new Error(`unknown part(s) ${bad.join(', ')}; parts are ${PARTS.join(', ')}`);
  const only = list(values.only) as Part[];
  const skip = new Set(list(values.skip));
  const num = (s: string | undefined, d: number, name: string) => {
    if (s === undefined) return d;
    const n = Number(s);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got ${s})`);
    return n;
  };
  const backend = values.backend!;
  if (backend !== 'sqlite' && backend !== 'postgres') throw new Error(`--backend must be sqlite or postgres (got ${backend})`);
  const rates = values.rates ? list(values.rates).map((r) => num(r, 0, 'rates')) : quick ? [100, 400] : [100, 200, 400, 800, 1600, 3200];
  const settings: BenchSettings = {
    quick,
    backend,
    tables: Math.round(num(values.tables, quick ? 16 : 1000, 'tables')),
    rates,
    seconds: num(values.seconds, quick ? 1 : 10, 'seconds'),
    seed: Math.round(num(values.seed, 42, 'seed')),
    logLevel: values['log-level'] ?? 'info',
    warmUpRate: 200,
    spreadMovesPerSecond: 20,
    spreadSeconds: quick ? 1.5 : 30,
    busySeconds: quick ? 2.5 : 90,
    profileRate: num(values['profile-rate'], 400, 'profile-rate'),
    profileSeconds: quick ? 1 : 15,
    quietMs: quick ? 300 : 1000,
    refine: !quick && !values['no-refine'],
    ...(values['board-token-refresh-ms'] !== undefined ? { boardTokenRefreshMs: Number(values['board-token-refresh-ms']) } : {}),
    ...(values['text-boards'] ? { textBoards: true } : {}),
    textBeside: !quick && !values['text-boards'] && !values['no-text-beside'],
    ...(values.hints ? { hints: true } : {}),
    ...(values['heap-snapshots'] !== undefined ? { heapSnapshotDir: values['heap-snapshots'] } : {}),
    recoveryTables: quick ? 200 : 10_000,
    leaderboardResults: quick ? 1_000 : 100_000,
    leaderboardRepetitions: quick ? 50 : 2_000,
    // --quick leaves out `activity` unless asked for (a browser and a game: npm test runs --quick).
    parts: (only.length ? only : PARTS.filter((p) => !(quick && p === 'activity'))).filter((p) => !skip.has(p)),
  };
  return { settings, out: values.out ?? join(import.meta.dirname, 'results') };
}

const LIMITS = { limit: 5, windowMs: 5000, globalPerSecond: 50 };

async function main(): Promise<void> {
  let parsed: ReturnType<typeof settingsFromArgs>;
  try {
    parsed = settingsFromArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`npm run bench: ${(err as Error).message}\nOptions: see the comment at the top of bench/run.ts or README "Benchmark".\n`);
    process.exit(2);
  }
  const { settings, out } = parsed;
  const started = performance.now();
  const results: BenchResults = {
    node: process.version,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', loadAverageBefore: loadavg().map((x) => round(x, 2)), loadAverageAfter: [] },
    settings,
    limits: `global ${LIMITS.globalPerSecond} requests/s on non-interaction routes; ${LIMITS.limit} message creates and ${LIMITS.limit} edits per ${LIMITS.windowMs / 1000} s per channel`,
    durationSeconds: 0,
  };
  const has = (p: Part) => settings.parts.includes(p);
  const log = (line: string) => process.stderr.write(`[bench ${round((performance.now() - started) / 1000, 0)} s] ${line}\n`);
  /** Run one part; a failure is logged and recorded, and the other parts still run. */
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      log(`${name} failed: ${message}`);
      (results.errors ??= []).push(`${name}: ${message}`);
    }
  };

  if (has('load') || has('scenarios') || has('profile')) {
    let server: PostgresServer | null = null;
    if (settings.backend === 'postgres') {
      const missing = postgresUnavailable();
      if (missing) throw new Error(`--backend=postgres: ${missing}`);
      log('starting a throwaway PostgreSQL server for the product');
      server = await startPostgres({ durable: true });
    }
    try {
      await runWorlds(settings, results, has, part, log, server);
    } finally {
      await server?.stop();
    }
  }
  if (has('recovery')) await part('recovery', async () => {
    log(`recovery: ${settings.recoveryTables} open tables`);
    results.recovery = await benchRecovery(settings.recoveryTables, settings.quick ? 2 : 5, !settings.quick);
  });
  if (has('store')) await part('store', async () => {
    log('store: one move per backend');
    results.store = await benchStore(settings.quick ? 300 : MOVES, !settings.quick);
  });
  if (has('shards') && !settings.quick) await part('shards', async () => {
    log('shards: moves/s with 1 vs 2 processes on PostgreSQL');
    results.shards = await benchShards();
  });
  if (has('leaderboard')) await part('leaderboard', async () => {
    log(`leaderboard: ${settings.leaderboardResults} results`);
    results.leaderboard = await benchLeaderboard(settings.leaderboardResults, settings.leaderboardRepetitions);
  });
  if (has('pictures')) await part('pictures', async () => {
    log('pictures: render time and PNG size');
    results.pictures = await benchPictures(settings.quick ? { count: 10, tables: 2, moves: 10 } : { count: 60, tables: 6, moves: 40 });
  });
  if (has('review')) await part('review', async () => {
    log('review: a review step against a panel click');
    results.review = await benchReview(settings.quick ? 10 : 40);
    log('review: the analysis cost per step');
    results.analysis = await benchAnalysis(settings.quick ? 3 : 12);
  });
  if (has('activity')) await part('activity', async () => {
    log('activity: a move from the Activity to the screen and to the chat board');
    results.activity = await benchActivity(settings.quick ? 15 : 200);
  });
  results.machine.loadAverageAfter = loadavg().map((x) => round(x, 2));
  results.durationSeconds = round((performance.now() - started) / 1000, 0);
  mkdirSync(out, { recursive: true });
  const file = join(out, `bench-${settings.quick ? 'quick-' : ''}${settings.backend === 'postgres' ? 'postgres-' : ''}${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  process.stdout.write(printReport(results));
  process.stdout.write(`\nwritten to ${file}\n`);
  if (results.errors?.length) {
    process.stderr.write(`${results.errors.length} part(s) failed:\n${results.errors.join('\n')}\n`);
    process.exitCode = 1;
  }
}

/**
 * Build the product, echo and baseline worlds (the product's databases on `server` when
 * given, else SQLite files), then run the load, scenarios and profile parts on them.
 */
async function runWorlds(
  settings: BenchSettings,
  results: BenchResults,
  has: (p: Part) => boolean,
  part: (name: string, fn: () => Promise<void>) => Promise<void>,
  log: (line: string) => void,
  server: PostgresServer | null,
): Promise<void> {
  const productDb = async (): Promise<{ postgresUrl?: string }> => (server ? { postgresUrl: await server.createDatabase() } : {});
  const textBeside = has('load') && settings.textBeside === true;
  log(`building worlds: ${settings.tables} tables × {product, echo${textBeside ? ', product with text boards' : ''}}, the product on ${settings.backend}`);
  const [product, echo, baseline, text] = await Promise.all([
    productDb().then((db) => buildWorld({ kind: 'product', tables: settings.tables, busyTable: has('scenarios'), seed: settings.seed, logLevel: settings.logLevel, ...db, ...(settings.boardTokenRefreshMs !== undefined ? { boardTokenRefreshMs: settings.boardTokenRefreshMs } : {}), ...(settings.textBoards ? { textBoards: true } : {}) })),
    has('load') ? buildWorld({ kind: 'echo', tables: settings.tables, busyTable: false, seed: settings.seed }) : null,
    has('load') ? productDb().then((db) => buildWorld({ kind: 'product', tables: BASELINE_TABLES, busyTable: false, seed: settings.seed, logLevel: settings.logLevel, ...db, ...(settings.textBoards ? { textBoards: true } : {}) })) : null,
    textBeside ? productDb().then((db) => buildWorld({ kind: 'product', tables: settings.tables, busyTable: false, seed: settings.seed, logLevel: settings.logLevel, ...db, ...(settings.boardTokenRefreshMs !== undefined ? { boardTokenRefreshMs: settings.boardTokenRefreshMs } : {}), textBoards: true })) : null,
  ]);
  try {
    results.setup = { productMs: round(product.setupMs, 0), echoMs: round(echo?.setupMs ?? NaN, 0) };
    for (const w of [product, echo, text]) w?.emu.setRateLimit(LIMITS);
    if (has('load') && echo && baseline) await part('load', () => runLoad(settings, results, product, echo, baseline, text, log));
    await baseline?.close();
    await text?.close();
    if (has('scenarios')) {
      const rng = Rng.seeded(settings.seed + 2);
      results.scenarios = [];
      await part('spread scenario', async () => {
        log(`scenario: ${settings.spreadMovesPerSecond} moves/s spread, ${settings.spreadSeconds} s`);
        results.scenarios!.push(await spreadMoves(product, { movesPerSecond: settings.spreadMovesPerSecond, seconds: settings.spreadSeconds, rng, quietMs: settings.quietMs }));
      });
      await part('busy-table scenario', async () => {
        log(`scenario: busy J'Accuse! table, ${settings.busySeconds} s`);
        results.scenarios!.push(await busyTable(product, { seconds: settings.busySeconds, rng, quietMs: settings.quietMs }));
      });
    }
    if (has('profile')) await part('profile', async () => {
      log(`profile: product at ${settings.profileRate} clicks/s for ${settings.profileSeconds} s`);
      const dir = join(tmpdir(), 'rh-bench-profiles');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `product-${settings.profileRate}-${Date.now()}.cpuprofile`);
      product.bot.startProfile();
      const run = await runRung(product, {
        rate: settings.profileRate,
        seconds: settings.profileSeconds,
        rng: Rng.seeded(settings.seed + 3),
        quietMs: settings.quietMs,
        hints: settings.hints === true,
        afterLoad: () => product.bot.stopProfile(file),
      });
      const top = topSelfTime(file, 40);
      results.profile = { rate: settings.profileRate, seconds: settings.profileSeconds, run, file, totalMs: top.totalMs, top: top.functions, inclusive: topInclusiveTime(file, 25) };
    });
  } finally {
    await Promise.all([product.close(), echo?.close(), text?.close()]);
  }
}

/** Warm-up pass, heap per open table, and the rate ladder (the bots in turn, their order rotating rate by rate). */
async function runLoad(s: BenchSettings, results: BenchResults, product: World, echo: World, baseline: World, text: World | null, log: (l: string) => void): Promise<void> {
  const rng = { product: Rng.seeded(s.seed + 1), echo: Rng.seeded(s.seed + 1), text: Rng.seeded(s.seed + 1) };
  const worlds = { product, echo, text };
  log(`warm-up: every table clicked once, ${s.warmUpRate} clicks/s`);
  const warmEcho = await runRung(echo, { rate: s.warmUpRate, seconds: 0, rng: rng.echo, tables: 'each', quietMs: s.quietMs, hints: s.hints === true });
  const warmProduct = await runRung(product, { rate: s.warmUpRate, seconds: 0, rng: rng.product, tables: 'each', quietMs: s.quietMs, hints: s.hints === true });
  const warmText = text ? await runRung(text, { rate: s.warmUpRate, seconds: 0, rng: rng.text, tables: 'each', quietMs: s.quietMs, hints: s.hints === true }) : null;
  results.warmUp = { product: warmProduct, echo: warmEcho, ...(warmText ? { text: warmText } : {}) };
  await runRung(baseline, { rate: s.warmUpRate, seconds: 0, rng: Rng.seeded(s.seed + 4), tables: 'each', quietMs: s.quietMs, hints: s.hints === true });
  const [heap, base] = await Promise.all([product.bot.probe(true), baseline.bot.probe(true)]);
  const tables = product.tables.length + (product.busy ? 1 : 0);
  results.memory = {
    tables,
    baselineTables: BASELINE_TABLES,
    heapBytesPerOpenTableWarm: Math.round((heap.heapUsed - base.heapUsed) / (tables - BASELINE_TABLES)),
    heapBytesPerOpenTableWarmNoCode: Math.round((heap.heapUsed - heap.codeBytes - (base.heapUsed - base.codeBytes)) / (tables - BASELINE_TABLES)),
    productHeapBytes: heap.heapUsed,
    baselineHeapBytes: base.heapUsed,
    productCodeBytes: heap.codeBytes,
    baselineCodeBytes: base.codeBytes,
    ...(heap.pictureCacheBytes !== undefined ? { productPictureCacheBytes: heap.pictureCacheBytes } : {}),
    ...(base.pictureCacheBytes !== undefined ? { baselinePictureCacheBytes: base.pictureCacheBytes } : {}),
    ...(s.textBoards ? {} : { pictureCacheBoundBytes: PICTURE_CACHE_BYTES, pieceCacheBoundBytes: PIECE_CACHE_BYTES, stripCacheBoundBytes: STRIP_CACHE_BYTES, renderWorkers: RENDER_WORKERS }),
    rssBytesPerOpenTable: Math.round((heap.rss - base.rss) / (tables - BASELINE_TABLES)),
  };
  if (s.heapSnapshotDir) {
    mkdirSync(s.heapSnapshotDir, { recursive: true });
    await product.bot.heapSnapshot(join(s.heapSnapshotDir, `product-${tables}.heapsnapshot`));
    await baseline.bot.heapSnapshot(join(s.heapSnapshotDir, `product-${BASELINE_TABLES}.heapsnapshot`));
    log(`heap snapshots written to ${s.heapSnapshotDir}`);
  }
  results.ladder = [];
  for (const [k, rate] of s.rates.entries()) {
    // Rotate which bot goes first, so none always runs right after another's drain.
    const bots: ('echo' | 'product' | 'text')[] = text ? ['echo', 'product', 'text'] : ['echo', 'product'];
    const order = text ? [...bots.slice(k % 3), ...bots.slice(0, k % 3)] : k % 2 === 0 ? bots : [...bots].reverse();
    const got: Partial<Record<'echo' | 'product' | 'text', RungResult>> = {};
    for (const kind of order) {
      log(`ladder: ${kind === 'text' ? 'product with text boards' : kind} at ${rate} clicks/s for ${s.seconds} s`);
      got[kind] = await runRung(worlds[kind]!, { rate, seconds: s.seconds, rng: rng[kind], quietMs: s.quietMs, hints: s.hints === true });
    }
    results.ladder.push({ rate, echo: got.echo!, product: got.product!, ratios: ratios(got.product!, got.echo!), ...(got.text ? { text: got.text, textRatios: ratios(got.text, got.echo!) } : {}) });
    // The echo bot is the floor: when it cannot answer half of what is offered, this machine
    // (emulator + load generator + bots) cannot offer more — higher rates would measure nothing.
    if (got.echo!.answered < got.echo!.dispatched / 2 && k < s.rates.length - 1) {
      results.ladderStopped = `after ${rate}/s: the echo bot answered ${got.echo!.answered} of ${got.echo!.dispatched} clicks; ${s.rates.slice(k + 1).join(', ')}/s not run`;
      log(`ladder stopped ${results.ladderStopped}`);
      break;
    }
  }
  // A click counts until its user sees the answer (runs before 2026-12-07: the callback).
  const passes = (r: RungResult) => (r.latencyVisible ?? r.latency).p99 <= 100 && r.failures === 0;
  const rungsOf = (kind: 'echo' | 'product') => [
    ...results.ladder!.map((r) => ({ rate: r.rate, result: r[kind] })),
    ...(results.refined ?? []).filter((r) => r.bot === kind),
  ];
  const best = (kind: 'echo' | 'product') => {
    const ok = rungsOf(kind).filter((r) => passes(r.result)).map((r) => r.rate);
    return ok.length ? Math.max(...ok) : null;
  };
  if (s.refine) {
    results.refined = [];
    for (const kind of ['echo', 'product'] as const) {
      const passing = best(kind);
      if (passing === null || !rungsOf(kind).some((r) => r.rate > passing && !passes(r.result))) continue;
      const rate = Math.round((passing * Math.SQRT2) / 10) * 10;
      log(`refining: ${kind} at ${rate} clicks/s for ${s.seconds} s`);
      results.refined.push({ rate, bot: kind, result: await runRung(kind === 'echo' ? echo : product, { rate, seconds: s.seconds, rng: rng[kind], quietMs: s.quietMs, hints: s.hints === true }) });
    }
  }
  const e = best('echo');
  const p = best('product');
  results.highestRateP99Under100 = { echo: e, product: p, ratio: e && p ? round(p / e, 2) : NaN };
}

await main();
