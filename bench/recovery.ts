/**
 * Restart recovery and memory at rest: the time a fresh process takes from opening its store
 * to having recovered N open tables — `recoverAtStart` (src/tables/recovery.ts), what
 * `App.start` runs after login: deadlines re-armed, boards behind their table handed to the
 * publisher, due AI-player turns scheduled and handed to the bot policy — and the heap each
 * recovered table costs before anyone clicks (state lives in the database, not in memory);
 * per backend: SQLite, and PostgreSQL on a throwaway local server when its binaries are
 * installed (test/support/postgres.ts). The warm figure — after every table has been clicked —
 * is measured on the running bot by the load benchmark (bench/load/).
 *
 * The seeded tables stand for a restart after a clean stop, with some leftovers: every
 * BOT_EVERY-th table has an AI player (one human seat fewer), every STALE_EVERY-th board is one
 * version behind its table (the previous process stopped before drawing it), the others show
 * their table's newest version. The bot policy here only counts the requests it is handed
 * (the decision itself runs later on the worker pool, not in recovery).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { defaultRegistry } from '../src/games/index.js';
import { silentLogger } from '../src/logger.js';
import { openDatabase } from '../src/persistence/db.js';
import { openPostgres } from '../src/persistence/pg/open.js';
import { SqliteStore } from '../src/persistence/store/sqlite.js';
import type { Store } from '../src/persistence/store/types.js';
import { TableService } from '../src/tables/service.js';
import { BotTurns } from '../src/tables/bot-turns.js';
import { recoverAtStart } from '../src/tables/recovery.js';
import type { BotPolicy } from '../src/bots/policy.js';
import { postgresUnavailable, startPostgres } from '../test/support/postgres.js';
import type { Actor } from '../src/tables/types.js';
import { median, round } from './load/stats.js';
import { LONG_TIMERS } from './load/world.js';

/** What the recovery benchmark measured. */
export interface RecoveryResult {
  tables: number;
  seedMsPerTable: number;
  /** Median over `runs` fresh services, ms. */
  recoverMedianMs: number;
  recoverMaxMs: number;
  runs: number;
  /** Every run's time, ms, in order. */
  recoverRunsMs: number[];
  /** Per run: boards handed to the publisher (seeded: tables / STALE_EVERY). */
  staleBoards: number;
  /** Per run: bot turns scheduled and handed to the policy (at most tables / BOT_EVERY). */
  botTurns: number;
  /** Heap (after a full GC) a recovered, never-clicked table costs, bytes (median over runs). */
  heapBytesPerTableAtRest: number;
  gcExposed: boolean;
  /** The same on PostgreSQL, or why it was skipped. */
  postgres?: Omit<RecoveryResult, 'postgres' | 'gcExposed'> | { skipped: string };
}

/** How many tables are seeded at once (each table's own changes stay in order). */
const SEED_CONCURRENCY = 16;
/** Every this many seeded tables, one has an AI player. */
export const BOT_EVERY = 10;
/** Every this many seeded tables (offset by one from the bot tables), one board is behind its table. */
export const STALE_EVERY = 100;
/** How long a run may take to hand every scheduled bot turn to the policy, ms (then it fails). */
const HAND_OVER_TIMEOUT_MS = 30_000;

/**
 * Start `n` Suspicion tables (3 seats; every BOT_EVERY-th with an easy AI player) directly
 * through the service on `store`, their boards marked as showing the newest version except
 * every STALE_EVERY-th, SEED_CONCURRENCY at a time (on SQLite the store runs them one after another anyway), every
 * timer at its maximum (LONG_TIMERS): seeding 10,000 tables on PostgreSQL takes minutes, and a
 * deadline that passed before the recovery would make it commit a fresh deadline for that table
 * (docs/tables.md "Restarts") — a different measurement from loading and re-arming open tables.
 */
export async function seedTables(store: Store, n: number): Promise<void> {
  const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
  const actor = (k: number): Actor => ({ userId: String(200000000000000000n + BigInt(k)), displayName: `U${k}`, canManageGuild: false });
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const bot = i % BOT_EVERY === 0;
      const r = await service.lobby.createTable({
        guildId: '1',
        channelId: String(300000000000000000n + BigInt(i)),
        game: 'suspicion',
        host: actor(i * 3),
        options: LONG_TIMERS.suspicion ?? {},
        ...(bot ? { botOptions: { bots: 1, level: 'easy' } } : {}),
      });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      await service.lobby.join(r.value.table.id, actor(i * 3 + 1));
      if (!bot) await service.lobby.join(r.value.table.id, actor(i * 3 + 2));
      const s = await service.lobby.start(r.value.table.id, actor(i * 3));
      if (!s.ok) throw new Error(JSON.stringify(s.error));
      const behind = i % STALE_EVERY === 1;
      await store.setMessageIds(r.value.table.id, { boardVersion: s.value.table.version - (behind ? 1 : 0) });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  await service.deadlines.stop();
}

/**
 * Seed `n` open tables through `open()`'s store, run `settle` (so the seeding's own writes, such
 * as a checkpoint of its WAL, are not charged to the first run), then recover them `runs` times
 * in fresh services and stores.
 */
async function measureBackend(open: () => Promise<Store>, n: number, runs: number, settle: () => Promise<void> = async () => {}): Promise<Omit<RecoveryResult, 'postgres' | 'gcExposed'>> {
  const t0 = performance.now();
  const seeding = await open();
  await seedTables(seeding, n);
  await seeding.close();
  const seedMs = performance.now() - t0;
  await settle();
  const times: number[] = [];
  const heap: number[] = [];
  let staleBoards = 0;
  let botTurns = 0;
  for (let k = 0; k < runs; k++) {
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    let handedOver = 0;
    let allHandedOver = () => {};
    const policy: BotPolicy = {
      // Counted, never answered: the move would be played after recovery, not during it.
      decide: () => {
        handedOver += 1;
        allHandedOver();
        return new Promise(() => {});
      },
      close: async () => {},
    };
    const started = performance.now();
    const store = await open();
    const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
    const turns = new BotTurns({ service, store, policy, logger: silentLogger });
    service.addListener(turns);
    let published = 0;
    const recovered = await recoverAtStart(service, turns, () => (published += 1), Date.now());
    // A scheduled turn reads its seat's log and replays it before it asks the policy: part of recovery.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${handedOver} of ${recovered.botTurns} bot turns handed to the policy`)), HAND_OVER_TIMEOUT_MS);
      allHandedOver = () => {
        if (handedOver >= recovered.botTurns) {
          clearTimeout(timer);
          resolve();
        }
      };
      allHandedOver();
    });
    times.push(performance.now() - started);
    if (recovered.tables.length !== n) throw new Error(`recovered ${recovered.tables.length} of ${n} tables`);
    if (published !== recovered.staleBoards) throw new Error(`${published} of ${recovered.staleBoards} stale boards published`);
    staleBoards = recovered.staleBoards;
    botTurns = recovered.botTurns;
    global.gc?.();
    heap.push((process.memoryUsage().heapUsed - heap0) / n);
    turns.stop();
    await service.deadlines.stop();
    await store.close();
    await new Promise((r) => setImmediate(r));
  }
  return {
    tables: n,
    seedMsPerTable: round(seedMs / n, 2),
    recoverMedianMs: round(median(times), 1),
    recoverMaxMs: round(Math.max(...times), 1),
    runs,
    recoverRunsMs: times.map((t) => round(t, 1)),
    staleBoards,
    botTurns,
    heapBytesPerTableAtRest: Math.round(median(heap)),
  };
}

/**
 * Seed `n` open tables, then recover them `runs` times in fresh services: on SQLite, and on
 * PostgreSQL (opening the pool and checking migrations is part of each measured start, as
 * in the bot) unless `postgres` is false or no server binaries are installed.
 */
export async function benchRecovery(n: number, runs = 5, postgres = true): Promise<RecoveryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-recovery-'));
  const dbPath = join(dir, 'bot.db');
  try {
    const sqlite = await measureBackend(async () => new SqliteStore(openDatabase(dbPath)), n, runs);
    const result: RecoveryResult = { ...sqlite, gcExposed: typeof global.gc === 'function' };
    const missing = postgresUnavailable();
    if (!postgres) return result;
    if (missing) {
      result.postgres = { skipped: missing };
      return result;
    }
    const server = await startPostgres({ durable: true });
    try {
      const url = await server.createDatabase();
      const checkpoint = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('checkpoint');
        } finally {
          await client.end();
        }
      };
      result.postgres = await measureBackend(() => openPostgres(url, { poolSize: SEED_CONCURRENCY }), n, runs, checkpoint);
    } finally {
      await server.stop();
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the turn-based recovery benchmark measured (README "Turn-based tables"). */
export interface TurnBasedRecoveryResult {
  tables: number;
  /** Time per move of the seeded tables, hours (deadlines that many hours away). */
  moveHours: number;
  seedMsPerTable: number;
  /** Start-up: `recoverAtStart` plus `TurnNotifier.resume` (deadlines and reminders armed), ms. */
  recoverMedianMs: number;
  recoverMaxMs: number;
  recoverRunsMs: number[];
  /** Median of the part spent in `TurnNotifier.resume` (reading the due notices, arming reminders), ms. */
  resumeMedianMs: number;
  /** Per run: deadline timers and reminder timers armed. */
  deadlinesArmed: number;
  remindersArmed: number;
}

/**
 * Seed `n` turn-based NOIR tables (2 players, `moveHours` per move: deadlines days away) on
 * SQLite, each with the stored notice of the player to move (as the notifier leaves it), then
 * time `runs` fresh start-ups: `recoverAtStart` (deadlines re-armed from the heads, no game
 * state read) and `TurnNotifier.resume` (reminders armed from one read of the due notices).
 */
export async function benchTurnBasedRecovery(n: number, runs = 3, moveHours = 72): Promise<TurnBasedRecoveryResult> {
  const { TurnNotifier } = await import('../src/discord/publish/turn-notices.js');
  const { pingFor } = await import('../src/tables/policy.js');
  const { reminderAt } = await import('../src/tables/pace.js');
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-turns-'));
  const dbPath = join(dir, 'bot.db');
  try {
    const t0 = performance.now();
    const seeding = new SqliteStore(openDatabase(dbPath));
    const service = new TableService({ store: seeding, registry: defaultRegistry(), logger: silentLogger });
    const actor = (k: number): Actor => ({ userId: String(200000000000000000n + BigInt(k)), displayName: `U${k}`, canManageGuild: false });
    for (let i = 0; i < n; i++) {
      const r = await service.lobby.createTable({ guildId: '1', channelId: String(300000000000000000n + BigInt(i)), game: 'noir', host: actor(i * 2), options: {}, paceOptions: { pace: 'turn-based', moveHours } });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      await service.lobby.join(r.value.table.id, actor(i * 2 + 1));
      const s = await service.lobby.start(r.value.table.id, actor(i * 2));
      if (!s.ok) throw new Error(JSON.stringify(s.error));
      await seeding.setMessageIds(s.value.table.id, { boardVersion: s.value.table.version });
      const { table, pending, seats } = s.value;
      if (!pending || pending.kind === 'over') throw new Error('no decision');
      for (const userId of pingFor(pending, seats, true)) {
        await seeding.putTurnNotice({ tableId: table.id, userId, step: pending.step, channelId: table.channelId, messageId: String(400000000000000000n + BigInt(i)), dm: false, deadlineAt: table.deadlineAt!, remindAt: reminderAt(table.deadlineAt!, pending.timer, { pace: 'turn-based', moveHours }) });
      }
    }
    await service.deadlines.stop();
    await seeding.close();
    const seedMs = performance.now() - t0;
    const times: number[] = [];
    const resumes: number[] = [];
    let deadlinesArmed = 0;
    let remindersArmed = 0;
    for (let k = 0; k < runs; k++) {
      const policy: BotPolicy = { decide: () => new Promise(() => {}), close: async () => {} };
      const started = performance.now();
      const store = new SqliteStore(openDatabase(dbPath));
      const fresh = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
      const turns = new BotTurns({ service: fresh, store, policy, logger: silentLogger });
      // The notifier sends nothing here (every reminder is days away): no REST client is reached.
      const notifier = new TurnNotifier({ rest: undefined as never, store, service: fresh, registry: defaultRegistry(), logger: silentLogger });
      const recovered = await recoverAtStart(fresh, turns, (change) => notifier.tableChanged(change), Date.now());
      const resumed = performance.now();
      remindersArmed = await notifier.resume();
      times.push(performance.now() - started);
      resumes.push(performance.now() - resumed);
      deadlinesArmed = fresh.deadlines.armedDeadlines;
      if (recovered.tables.length !== n || deadlinesArmed !== n) throw new Error(`armed ${deadlinesArmed} of ${n} deadlines`);
      notifier.close();
      turns.stop();
      await fresh.deadlines.stop();
      await store.close();
    }
    return {
      tables: n,
      moveHours,
      seedMsPerTable: round(seedMs / n, 2),
      recoverMedianMs: round(median(times), 1),
      recoverMaxMs: round(Math.max(...times), 1),
      recoverRunsMs: times.map((t) => round(t, 1)),
      resumeMedianMs: round(median(resumes), 1),
      deadlinesArmed,
      remindersArmed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
