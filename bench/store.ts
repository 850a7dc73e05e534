/**
 * Storage benchmark: the cost of one typical move — read the table and its seats, append
 * one action-log row, write the new state with the version guard, in one transaction — through
 * 1. the SQLite store's own prepared statements called synchronously inside one better-sqlite3
 *    transaction (the synchronous baseline: what the click path cost before the store was async),
 * 2. the async SQLite store (src/persistence/store/sqlite.ts),
 * 3. the PostgreSQL store on a throwaway local server (durable settings: fsync and
 *    synchronous_commit on), one move at a time and with 8 tables moving concurrently
 *    (per-table order kept, as the table service's per-table queue does), and once with
 *    `synchronous_commit=off` to separate round trips from the disk's commit flush.
 * Plus the two table + seats reads alone (outside transactions): through the store's prepared
 * statements called synchronously, and through the async store — the
 * difference is the price of the promise per call.
 * The state written is a real 4-player Suspicion state. Blocks of the variants alternate so
 * machine noise hits them alike; medians, p95 and ratios are reported, nothing asserted.
 *
 * Called by bench/run.ts when wired in (`benchStore`); runnable alone: `npx tsx bench/store.ts`.
 * PostgreSQL is skipped (with the reason) when no server binaries are installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { defaultRegistry } from '../src/games/index.js';
import { openDatabase } from '../src/persistence/db.js';
import pg from 'pg';
import { openPostgres } from '../src/persistence/pg/open.js';
import { PgStore } from '../src/persistence/pg/store.js';
import { SqliteStore } from '../src/persistence/store/sqlite.js';
import type { NewTable, Store } from '../src/persistence/store/types.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../test/support/postgres.js';

/** Moves measured per variant (after warm-up). */
export const MOVES = 3000;
/** Moves per alternating block. */
const BLOCK = 250;
/** Tables the moves rotate over. */
const TABLES = 50;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** A started 4-player Suspicion game: the state a move writes back. */
function realState(): unknown {
  const mod = defaultRegistry().get('suspicion');
  return mod.definition.setup(mod.definition.optionsSchema.parse({}), 4, 12345, { hostSeat: 0 });
}

function tableValues(i: number, state: unknown): NewTable {
  return {
    guildId: String(81384788765712384n + BigInt(i << 22)),
    channelId: String(300000000000000000n + BigInt(i)),
    game: 'suspicion',
    status: 'active',
    hostUserId: '200000000000000000',
    options: {},
    maxSeats: 4,
    state,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
}

async function seedStore(store: Store, state: unknown): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < TABLES; i++) {
    ids.push(
      await store.transaction(async (tx) => {
        const t = await tx.insertTable(tableValues(i, state));
        for (let s = 0; s < 4; s++) await tx.insertSeat({ tableId: t.id, userId: String(200000000000000000n + BigInt(i * 4 + s)), displayName: `P${s}`, joinedAt: s, seat: s });
        return t.id;
      }),
    );
  }
  return ids;
}

/** One move through the async store: lock + read, seats, log row, guarded update. */
async function storeMove(store: Store, id: number, state: unknown, now: number): Promise<void> {
  await store.transaction(async (tx) => {
    const table = (await tx.lockTable(id))!;
    const seats = await tx.seats(id);
    const seq = table.lastSeq + 1;
    await tx.appendAction({ tableId: id, seq, seat: seq % seats.length, userId: seats[seq % seats.length]!.userId, kind: 'player', action: { type: 'ask', card: seq % 12 }, at: now });
    await tx.updateTable(id, table.version, { state, lastSeq: seq, updatedAt: now });
  });
}

/** The synchronous operations behind SqliteStore (its internal `ops`), as far as a move uses them. */
interface SyncOps {
  table(id: number): { lastSeq: number; version: number } | undefined;
  seats(id: number): { userId: string }[];
  appendAction(values: unknown): void;
  updateTable(id: number, expectedVersion: number, patch: unknown): unknown;
}

/** The same move with the store's statements called synchronously in one better-sqlite3 transaction. */
function syncMove(run: (fn: () => void) => void, ops: SyncOps, id: number, state: unknown, now: number): void {
  run(() => {
    const table = ops.table(id)!;
    const seats = ops.seats(id);
    const seq = table.lastSeq + 1;
    ops.appendAction({ tableId: id, seq, seat: seq % seats.length, userId: seats[seq % seats.length]!.userId, kind: 'player', action: { type: 'ask', card: seq % 12 }, at: now });
    ops.updateTable(id, table.version, { state, lastSeq: seq, updatedAt: now });
  });
}

interface Variant {
  name: string;
  /** Run `n` moves, returning each move's duration in ms. */
  block(n: number): Promise<number[]>;
}

/** A variant that runs `step(i)` n times one after another, timing each. */
function sequential(name: string, step: (i: number) => unknown): Variant {
  return {
    name,
    async block(n) {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const pending = step(i);
        if (pending instanceof Promise) await pending;
        out.push(performance.now() - t0);
      }
      return out;
    },
  };
}

/** Results of benchStore. */
export interface StoreBenchResult {
  name: string;
  metrics: Record<string, number>;
  summary: string;
}

/** Measure every variant (`moves` each; PostgreSQL unless `postgres` is false); see the module comment. */
export async function benchStore(moves = MOVES, postgres = true): Promise<StoreBenchResult> {
  const state = realState();
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-store-'));
  const cleanup: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    // Two SQLite files, one per variant, so neither grows the other's log.
    const syncDb = openDatabase(join(dir, 'sync.db'));
    cleanup.unshift(() => {
      syncDb.$client.close();
    });
    const syncStore = new SqliteStore(syncDb);
    const syncIds = await seedStore(syncStore, state);
    const syncOps = (syncStore as unknown as { ops: SyncOps }).ops;
    const inTransaction = (fn: () => void) => syncDb.$client.transaction(fn).immediate();
    const asyncStore = new SqliteStore(openDatabase(join(dir, 'async.db')));
    cleanup.unshift(() => asyncStore.close());
    const asyncIds = await seedStore(asyncStore, state);
    let k = 0;
    const ops = (asyncStore as unknown as { ops: { table(id: number): unknown; seats(id: number): unknown } }).ops;
    const variants: Variant[] = [
      sequential('sqlite_sync_ops', () => syncMove(inTransaction, syncOps, syncIds[k++ % TABLES]!, state, Date.now())),
      sequential('sqlite_async_store', () => storeMove(asyncStore, asyncIds[k++ % TABLES]!, state, Date.now())),
      // Reads only, outside transactions: the store's own prepared statements called
      // synchronously (its internal ops), and through the async store — the difference is
      // exactly the price of the async interface.
      sequential('sqlite_store_ops_sync_reads', () => {
        const id = asyncIds[k++ % TABLES]!;
        ops.table(id);
        ops.seats(id);
      }),
      sequential('sqlite_async_store_reads', async () => {
        const id = asyncIds[k++ % TABLES]!;
        await asyncStore.table(id);
        await asyncStore.seats(id);
      }),
    ];
    const missing = postgres ? postgresUnavailable() : 'not asked for (--quick)';
    let pgStore: Store | undefined;
    if (!missing) {
      const server: PostgresServer = await startPostgres({ durable: true });
      cleanup.unshift(() => server.stop());
      pgStore = await openPostgres(await server.createDatabase(), { poolSize: 10 });
      cleanup.unshift(() => pgStore!.close());
      const pgIds = await seedStore(pgStore, state);
      const store = pgStore;
      variants.push(sequential('postgres_store', () => storeMove(store, pgIds[k++ % TABLES]!, state, Date.now())));
      // The same server with commits not waiting for the WAL flush: round trips and CPU only.
      const url = await server.createDatabase();
      await (await openPostgres(url)).close();
      const fast = new PgStore(new pg.Pool({ connectionString: url, max: 10, options: '-c synchronous_commit=off' }));
      cleanup.unshift(() => fast.close());
      const fastIds = await seedStore(fast, state);
      variants.push(sequential('postgres_store_no_commit_flush', () => storeMove(fast, fastIds[k++ % TABLES]!, state, Date.now())));
      variants.push({
        name: 'postgres_store_8_tables_concurrently',
        async block(n) {
          // 8 lanes, each its own tables (a per-table queue never runs one table twice at once).
          const out: number[] = [];
          const lanes = 8;
          await Promise.all(
            Array.from({ length: lanes }, async (_, lane) => {
              for (let i = lane; i < n; i += lanes) {
                const t0 = performance.now();
                await storeMove(store, pgIds[(lane + lanes * (i % 6)) % TABLES]!, state, Date.now());
                out.push(performance.now() - t0);
              }
            }),
          );
          return out;
        },
      });
    }
    const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    const wall = new Map<string, number>(variants.map((v) => [v.name, 0]));
    for (const v of variants) await v.block(100); // warm-up
    for (let done = 0; done < moves; done += BLOCK) {
      for (const v of variants) {
        const t0 = performance.now();
        samples.get(v.name)!.push(...(await v.block(Math.min(BLOCK, moves - done))));
        wall.set(v.name, wall.get(v.name)! + performance.now() - t0);
      }
    }
    const metrics: Record<string, number> = { moves, state_bytes: JSON.stringify(state).length };
    for (const v of variants) {
      const xs = samples.get(v.name)!;
      metrics[`${v.name}_median_us`] = r1(quantile(xs, 0.5) * 1000);
      metrics[`${v.name}_p95_us`] = r1(quantile(xs, 0.95) * 1000);
      metrics[`${v.name}_p99_us`] = r1(quantile(xs, 0.99) * 1000);
      metrics[`${v.name}_moves_per_second`] = Math.round(xs.length / (wall.get(v.name)! / 1000));
    }
    const base = metrics.sqlite_sync_ops_median_us!;
    metrics.sqlite_async_over_sync_median_ratio = r2(metrics.sqlite_async_store_median_us! / base);
    metrics.sqlite_async_overhead_median_us = r1(metrics.sqlite_async_store_median_us! - base);
    metrics.sqlite_async_reads_overhead_median_us = r1(metrics.sqlite_async_store_reads_median_us! - metrics.sqlite_store_ops_sync_reads_median_us!);
    if (pgStore) metrics.postgres_over_sqlite_sync_median_ratio = r2(metrics.postgres_store_median_us! / base);
    const pgLine = pgStore
      ? `; PostgreSQL (local, durable) ${metrics.postgres_store_median_us} µs median (×${metrics.postgres_over_sqlite_sync_median_ratio}), p95 ${metrics.postgres_store_p95_us} µs, ${metrics.postgres_store_moves_per_second} moves/s one at a time, ${metrics.postgres_store_8_tables_concurrently_moves_per_second} moves/s with 8 tables at once; without waiting for the commit flush ${metrics.postgres_store_no_commit_flush_median_us} µs median`
      : `; PostgreSQL skipped: ${missing}`;
    return {
      name: 'storage: one move (read table + seats, log row, guarded update) per backend',
      metrics,
      summary:
        `${moves} moves, ${metrics.state_bytes}-byte state: synchronous statements ${base} µs median (p95 ${metrics.sqlite_sync_ops_p95_us}), ` +
        `async SQLite store ${metrics.sqlite_async_store_median_us} µs (×${metrics.sqlite_async_over_sync_median_ratio}, ${metrics.sqlite_async_overhead_median_us} µs, p95 ${metrics.sqlite_async_store_p95_us}); ` +
        `table + seats reads alone: the store's statements called synchronously ${metrics.sqlite_store_ops_sync_reads_median_us} µs, through the async store ${metrics.sqlite_async_store_reads_median_us} µs (async: +${metrics.sqlite_async_reads_overhead_median_us} µs per 2 calls)` +
        pgLine,
    };
  } finally {
    for (const f of cleanup) await f();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchStore();
  process.stdout.write(`## ${r.name}\n${r.summary}\n${JSON.stringify(r.metrics, null, 2)}\n`);
}
