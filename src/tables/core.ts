/**
 * What every concern of the table service shares (src/tables/service.ts wires them; lobby.ts,
 * play.ts, deadlines.ts, restart.ts, reads.ts the concerns): one store, one per-table queue,
 * one set of deadline timers and listeners per process, and the steps every change is made of —
 * lock and authorise, one transaction retried on a version conflict, a snapshot of what was
 * committed, listeners told in commit order (docs/architecture.md §4).
 */
import { randomInt } from 'node:crypto';
import type { AnyGameDefinition, Pending } from '../games/engine.js';
import type { GameRegistry } from '../games/registry.js';
import type { Logger } from '../logger.js';
import { VersionConflictError } from '../persistence/store/errors.js';
import type { OpenTableHead, SeatRow, ShardFilter, Store, StoreReads, StoreTx, TableRow } from '../persistence/store/types.js';
import { tableOptionsOf } from './bots.js';
import { GameCommitter } from './commit.js';
import { isLesson, lessonScriptOf } from './lesson-rules.js';
import { isTurnBased } from './pace.js';
import { ABANDONED_REASON, pingFor } from './policy.js';
import { TableQueue } from './queue.js';
import { DeadlineTimers } from './timers.js';
import type { Actor, ResultHook, ServiceError, ServiceResult, TableChange, TableListener, TableSnapshot } from './types.js';

/**
 * How often one change is tried when another writer changed the table between its read and
 * its write (VersionConflictError; only possible when a second process writes the table
 * without its row lock). Each try re-reads and decides again.
 */
export const MAX_CHANGE_ATTEMPTS = 3;

/** Dependencies of the table service. */
export interface TableServiceDeps {
  store: Store;
  registry: GameRegistry;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** A fresh 32-bit game seed. */
  newSeed?: () => number;
  /** Hooks run inside the transaction that stores a result (ratings). */
  resultHooks?: ResultHook[];
  /** The pause before each scripted bot move of a new lesson, in ms (default LESSON_BOT_PACE_MS, src/tables/lesson-rules.ts). */
  lessonBotPaceMs?: number;
  /**
   * The shards this process serves: start-up recovery, stale boards and deadlines cover only
   * the tables of their guilds (README "Architecture": a shard owns its guilds' tables).
   * Undefined = every table (one process).
   */
  shard?: ShardFilter;
}

/** A successful service result. */
export const ok = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
/** A refusal: nothing changed. */
export const fail = <T>(error: ServiceError): ServiceResult<T> => ({ ok: false, error });

/** The refusal for a table that is not in the status a verb needs. */
export function wrongStatus(table: TableRow, wanted: 'lobby' | 'active'): ServiceError {
  if (table.status === 'lobby' || table.status === 'active') return { code: wanted === 'lobby' ? 'not-lobby' : 'not-active' };
  return { code: 'table-closed', status: table.status };
}

/** The state the concerns of one table service share (one per process and store). */
export class TableContext {
  readonly store: Store;
  readonly registry: GameRegistry;
  readonly log: Logger;
  readonly now: () => number;
  readonly newSeed: () => number;
  readonly shard: ShardFilter | undefined;
  readonly listeners: TableListener[] = [];
  readonly timers: DeadlineTimers;
  readonly committer: GameCommitter;
  readonly queue = new TableQueue();

  /** `fireDeadline`: what a deadline timer runs (src/tables/deadlines.ts). */
  constructor(deps: TableServiceDeps, fireDeadline: (tableId: number) => Promise<void>) {
    this.store = deps.store;
    this.registry = deps.registry;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.shard = deps.shard;
    this.timers = new DeadlineTimers(fireDeadline, this.now, this.log);
    this.committer = new GameCommitter(this.log, deps.resultHooks ?? [], (table) => lessonScriptOf(this.registry, table));
  }
}

/**
 * The base of each concern: the shared state under the names the service always used, and
 * the steps every change is made of.
 */
export abstract class TablePart {
  constructor(protected readonly ctx: TableContext) {}

  protected get store(): Store {
    return this.ctx.store;
  }
  protected get registry(): GameRegistry {
    return this.ctx.registry;
  }
  protected get log(): Logger {
    return this.ctx.log;
  }
  /** Current time, Unix ms. */
  protected get now(): () => number {
    return this.ctx.now;
  }
  protected get newSeed(): () => number {
    return this.ctx.newSeed;
  }
  protected get shard(): ShardFilter | undefined {
    return this.ctx.shard;
  }
  protected get listeners(): TableListener[] {
    return this.ctx.listeners;
  }
  protected get timers(): DeadlineTimers {
    return this.ctx.timers;
  }
  protected get committer(): GameCommitter {
    return this.ctx.committer;
  }
  protected get queue(): TableQueue {
    return this.ctx.queue;
  }

  /**
   * Load the tables with these ids as snapshots (seats, pending decision, results of a
   * finished table), by id ascending; unknown ids are left out. Reads in bulk
   * (`tablesWithSeats`: two statements per BULK_READ_IDS tables) rather than two reads each.
   */
  async snapshots(ids: readonly number[]): Promise<TableSnapshot[]> {
    const rows = await this.store.tablesWithSeats(ids);
    const out: TableSnapshot[] = [];
    for (const { table, seats } of rows) out.push(await this.snapshotOf(this.store, table, seats));
    return out;
  }

  /**
   * The open tables of this process's shards (every open table without a shard filter), by
   * id, as OpenTableHead (no game state): what start-up recovery looks at first.
   */
  ownOpenTableHeads(): Promise<OpenTableHead[]> {
    return this.store.openTableHeads(this.ownTables());
  }

  /** The definition of the game played at `table`. */
  definition(table: TableRow): AnyGameDefinition {
    return this.registry.get(table.game).definition;
  }

  /** Which open tables this process owns: its shards' guilds, or every table. */
  protected ownTables(): { shard?: ShardFilter } {
    return this.shard ? { shard: this.shard } : {};
  }

  /** Run `body` as one store transaction, again from a fresh read when another writer won (VersionConflictError). */
  protected async transact<T>(body: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(body);
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= MAX_CHANGE_ATTEMPTS) throw err;
        this.log.info({ table: err.tableId, attempt }, 'another writer changed the table first: deciding again');
      }
    }
  }

  /**
   * One change of table `tableId`: in the table's queue, as one transaction (`transact`),
   * then `after` with the committed value — still in the queue, so listeners receive a
   * table's changes in commit order, before the caller answers its interaction.
   */
  protected change<T>(tableId: number, body: (tx: StoreTx) => Promise<T>, after: (value: T) => void): Promise<T> {
    return this.queue.run(tableId, async () => {
      const value = await this.transact(body);
      after(value);
      return value;
    });
  }

  /** A snapshot of `table` as read (no change events); loads the results of a finished table. */
  protected async snapshotOf(reader: StoreReads, table: TableRow, seats: SeatRow[], pending?: Pending): Promise<TableSnapshot> {
    return {
      table,
      seats,
      pending: pending ?? (table.state ? this.definition(table).pending(table.state) : null),
      results: table.status === 'finished' ? await reader.results(table.id) : [],
      events: [],
    };
  }

  /**
   * The prefix of every table change: lock `tableId` in `tx`, check that `actor` may reach it
   * (`authorise`; `sameChannel` as there) and, when `status` is given, that the table is in
   * that status. The locked row, or the refusal: `no-table`, `other-channel`, `not-lobby` /
   * `not-active`, or `table-closed` with the table's status.
   */
  protected async lockFor(tx: StoreTx, tableId: number, actor: Actor, sameChannel: boolean, status?: 'lobby' | 'active'): Promise<ServiceResult<TableRow>> {
    const table = await tx.lockTable(tableId);
    const refused = this.authorise(table, actor, sameChannel);
    if (refused || !table) return fail(refused ?? { code: 'no-table' });
    if (status !== undefined && table.status !== status) return fail(wrongStatus(table, status));
    return ok(table);
  }

  /**
   * Who may reach `table` (README "Architecture": table buttons only work from their own
   * server; lobby and confirmation buttons only from the table's channel — a lesson's from any
   * channel of its server, docs/lessons.md).
   */
  protected authorise(table: TableRow | undefined, actor: Actor, sameChannel: boolean): ServiceError | null {
    if (!table) return { code: 'no-table' };
    if (actor.from && table.guildId !== actor.from.guildId) return { code: 'no-table' };
    // A lesson is no channel's table (docs/lessons.md): its learner reaches it from any channel of the server.
    if (sameChannel && actor.from && !isLesson(table) && table.channelId !== actor.from.channelId) return { code: 'other-channel', channelId: table.channelId };
    return null;
  }

  /** Inside a transaction: close `table` as cancelled with end reason `abandoned` (not rated). */
  protected abandon(tx: StoreTx, table: TableRow, now: number): Promise<TableRow> {
    return tx.updateTable(table.id, table.version, {
      status: 'cancelled',
      endedAt: now,
      updatedAt: now,
      endReason: ABANDONED_REASON,
      deadlineAt: null,
      deadlineStep: null,
    });
  }

  /** Store a patch of one seat row and return the seat list with it applied (no re-read). */
  protected async patchSeat(tx: StoreTx, seats: SeatRow[], row: SeatRow, patch: Partial<SeatRow>): Promise<SeatRow[]> {
    await tx.updateSeat(row.tableId, row.userId, patch);
    return seats.map((candidate) => (candidate.userId === row.userId ? { ...candidate, ...patch } : candidate));
  }

  /** After a game commit: re-arm the timer and tell listeners (with whom to ping). */
  protected afterCommit(snapshot: TableSnapshot, prev: Pending | null): void {
    const { table, seats, pending } = snapshot;
    const ended = table.status !== 'active';
    if (ended) this.timers.disarm(table.id);
    else this.timers.arm(table);
    const opened = pending !== null && pending.step !== prev?.step;
    // A lesson pings nobody: its learner is looking at the lesson's panel (docs/lessons.md).
    const ping = !ended && opened && !isLesson(table) ? pingFor(pending, seats, isTurnBased(tableOptionsOf(table.tableOptions))) : [];
    const newDecision = opened && pending.kind !== 'over';
    this.emit({ tableId: table.id, snapshot, ping, ended, newDecision });
  }

  protected emit(change: TableChange): void {
    for (const listener of this.listeners) {
      try {
        listener.tableChanged(change);
      } catch (err) {
        this.log.error({ err, table: change.tableId }, 'table listener failed');
      }
    }
  }
}
