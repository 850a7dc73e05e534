/**
 * Moves per second through the table service on one PostgreSQL database with 1 vs 2 bot
 * processes (README "Scaling out"): each process (a forked worker running the real
 * TableService on its own connection pool, as a shard process does) opens its share of
 * Suspicion tables, then plays random legal moves on them for a fixed time, 8 tables at
 * once per process (the per-table queue keeps each table's moves in order). The same total
 * number of tables is split over 1 or 2 processes; runs alternate so machine noise hits
 * both alike. Measured, not asserted: on a 2-core machine the second process competes with
 * PostgreSQL itself for the CPU.
 *
 * Runnable alone: `npx tsx bench/shards.ts` (needs PostgreSQL server binaries, see
 * test/support/postgres.ts). Prints medians over the runs and the 2-vs-1 ratio.
 */
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { seatsToAct } from '../src/games/engine.js';
import { defaultRegistry } from '../src/games/index.js';
import { Rng } from '../src/games/rng.js';
import { silentLogger } from '../src/logger.js';
import { openPostgres } from '../src/persistence/pg/open.js';
import { TableService } from '../src/tables/service.js';
import type { Actor } from '../src/tables/types.js';
import { median, round } from './load/stats.js';

/** Tables in play in every run (split over the processes). */
export const TABLES = 16;
/** Seconds of play per run. */
export const SECONDS = 8;
/** Tables moving at once per process. */
const LANES = 8;

/** What one worker reports. */
interface WorkerReport {
  moves: number;
  seconds: number;
  latenciesMs: number[];
}

/** One worker: open `tables` tables (guild ids `first…`), play for `seconds`, report. */
async function worker(url: string, first: number, tables: number, seconds: number): Promise<WorkerReport> {
  const store = await openPostgres(url, { poolSize: LANES + 2 });
  const registry = defaultRegistry();
  const def = registry.get('suspicion').definition;
  const service = new TableService({ store, registry, logger: silentLogger });
  const rng = Rng.seeded(first + 1);
  const actor = (k: number): Actor => ({ userId: String(200000000000000000n + BigInt(k)), displayName: `U${k}`, canManageGuild: false });
  const ids: number[] = [];
  const seatUsers = new Map<number, Map<number, Actor>>();
  for (let i = first; i < first + tables; i++) {
    // Long timers: no deadline fires while the bench plays.
    const created = await service.lobby.createTable({ guildId: String(1000 + i), channelId: String(900000000000000000n + BigInt(i)), game: 'suspicion', host: actor(i * 4), options: { turnSeconds: 3600, reactionSeconds: 300, voteSeconds: 3600 } });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const id = created.value.table.id;
    for (let s = 1; s < 4; s++) await service.lobby.join(id, actor(i * 4 + s));
    await service.lobby.start(id, actor(i * 4));
    const bySeat = new Map<number, Actor>();
    for (const row of await store.seats(id)) bySeat.set(row.seat!, [0, 1, 2, 3].map((s) => actor(i * 4 + s)).find((a) => a.userId === row.userId)!);
    seatUsers.set(id, bySeat);
    ids.push(id);
  }
  const latenciesMs: number[] = [];
  let moves = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      for (let k = lane; performance.now() < deadline; k += LANES) {
        const id = ids[k % ids.length]!;
        const table = (await store.table(id))!;
        if (table.status !== 'active') continue;
        const due = def.pending(table.state as never);
        if (due.kind === 'over') continue;
        const seat = rng.pick(seatsToAct(due));
        const legal = def.legalActions(table.state as never, seat);
        if (legal.length === 0) continue;
        const t0 = performance.now();
        const result = await service.play.act(id, seatUsers.get(id)!.get(seat)!, due.step, rng.pick(legal));
        if (result.ok) {
          latenciesMs.push(performance.now() - t0);
          moves += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await service.deadlines.stop();
  await store.close();
  return { moves, seconds: elapsed, latenciesMs };
}

/** Run `processes` forked workers on the `TABLES` tables of a fresh database; aggregate moves/s and latency. */
async function run(url: string, processes: number, offset: number): Promise<{ movesPerSecond: number; medianMs: number; p95Ms: number }> {
  const share = TABLES / processes;
  const reports = await Promise.all(
    Array.from(
      { length: processes },
      (_, p) =>
        new Promise<WorkerReport>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), ['--worker', url, String(offset + p * share), String(share), String(SECONDS)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
          child.once('message', (m) => resolve(m as WorkerReport));
          child.once('error', reject);
          child.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
        }),
    ),
  );
  const latencies = reports.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
  const movesPerSecond = reports.reduce((sum, r) => sum + r.moves / r.seconds, 0);
  return { movesPerSecond: round(movesPerSecond, 0), medianMs: round(median(latencies), 2), p95Ms: round(latencies[Math.floor(latencies.length * 0.95)] ?? NaN, 2) };
}

/** Alternate 1- and 2-process runs `rounds` times; medians and the ratio. */
export async function benchShards(rounds = 3): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const { postgresUnavailable, startPostgres } = await import('../test/support/postgres.js');
  const missing = postgresUnavailable();
  if (missing) return { name: 'moves/s with 1 vs 2 processes on PostgreSQL', metrics: {}, summary: `skipped: ${missing}` };
  const server = await startPostgres({ durable: true });
  try {
    const one: Awaited<ReturnType<typeof run>>[] = [];
    const two: Awaited<ReturnType<typeof run>>[] = [];
    for (let r = 0; r < rounds; r++) {
      one.push(await run(await server.createDatabase(), 1, r * 100));
      two.push(await run(await server.createDatabase(), 2, r * 100 + 50));
    }
    const m = (xs: typeof one, key: keyof (typeof one)[number]) => round(median(xs.map((x) => x[key])), 2);
    const metrics = {
      tables: TABLES,
      seconds_per_run: SECONDS,
      rounds,
      one_process_moves_per_second: m(one, 'movesPerSecond'),
      one_process_move_median_ms: m(one, 'medianMs'),
      one_process_move_p95_ms: m(one, 'p95Ms'),
      two_processes_moves_per_second: m(two, 'movesPerSecond'),
      two_processes_move_median_ms: m(two, 'medianMs'),
      two_processes_move_p95_ms: m(two, 'p95Ms'),
    };
    const ratio = round(metrics.two_processes_moves_per_second / metrics.one_process_moves_per_second, 2);
    return {
      name: 'moves/s with 1 vs 2 processes on PostgreSQL',
      metrics: { ...metrics, two_over_one_ratio: ratio },
      summary:
        `${TABLES} Suspicion tables, ${LANES} moving at once per process, ${SECONDS} s per run, median of ${rounds}: ` +
        `1 process ${metrics.one_process_moves_per_second} moves/s (move median ${metrics.one_process_move_median_ms} ms, p95 ${metrics.one_process_move_p95_ms}); ` +
        `2 processes ${metrics.two_processes_moves_per_second} moves/s (median ${metrics.two_processes_move_median_ms} ms, p95 ${metrics.two_processes_move_p95_ms}); ×${ratio}`,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[2] === '--worker') {
  const [url, first, tables, seconds] = process.argv.slice(3);
  const report = await worker(url!, Number(first), Number(tables), Number(seconds));
  process.send!(report, () => process.exit(0));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchShards();
  process.stdout.write(`## ${r.name}\n${r.summary}\n${JSON.stringify(r.metrics, null, 2)}\n`);
}
