/**
 * The SQLite store: the async Store interface (./types.ts) over the drizzle better-sqlite3
 * database of src/persistence/db.ts (schema src/persistence/schema.ts, migrations drizzle/).
 *
 * better-sqlite3 is synchronous and its `transaction()` cannot wrap an async function, so
 * transactions are serialized on the connection: a lock per connection (shared by every
 * SqliteStore over it) hands the connection to one transaction at a time, which runs
 * `BEGIN IMMEDIATE` … `COMMIT` (or `ROLLBACK` when its callback rejects). Calls outside a
 * transaction run at once when no transaction holds the connection, or wait their turn
 * (so they never see, or join, a transaction in progress). Every statement itself is
 * synchronous: the only cost over calling the same prepared statements synchronously is a
 * resolved promise per call (measured by bench/store.ts).
 *
 * While store transactions may be open, nothing else may write through the same connection
 * (drizzle or better-sqlite3 directly): better-sqlite3 would nest such writes into the open
 * transaction as a savepoint. One process, one connection, one store (SQLite serves a single
 * bot process; several processes need PostgreSQL).
 */
import type Database from 'better-sqlite3';
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db.js';
import { actions, gameTables, guildSettings, panelTokens, playerTotals, ratings, results, seasons, seats, tournamentLog, tournaments, turnNotices, userSettings } from '../schema.js';
import {
  anonymiseLogRow,
  anonymiseTournament,
  appendTournamentLogQuery,
  insertTournamentQuery,
  namesUser,
  openEntryOf,
  tournamentsNamingQuery,
  updateTournamentLogRowQuery,
  type TournamentPrivacyRow,
  openTournamentInChannelQuery,
  openTournamentsQuery,
  tournamentLogQuery,
  tournamentQuery,
  updateTournamentQuery,
  type TournamentTables,
} from './tournament-queries.js';
import {
  adminTablesQueries,
  deleteTurnNoticesQuery,
  eraseUserDataQueries,
  hostingRulesQuery,
  newerTableInChannelQuery,
  openTablesTextBoardsQuery,
  seatsRead,
  openSeatsOfQuery,
  pendingRemindersQuery,
  putTurnNoticeQuery,
  savePanelTokensQuery,
  takePanelTokensQueries,
  setTurnNotifyQuery,
  storedDataQueries,
  turnNoticesQuery,
  turnNotifyOfQuery,
  actionsQuery,
  appendActionQuery,
  deleteSeatQuery,
  dueDeadlinesQuery,
  insertResultsQuery,
  insertSeatQuery,
  insertTableQuery,
  openTableHeadsQuery,
  openTablesOfUserQuery,
  stoppedGamesQuery,
  finishedGamesOfQuery,
  finishedLessonsOfQuery,
  openTablesQuery,
  resultsQuery,
  setMessageIdsQuery,
  tablesWithSeatsQueries,
  updateSeatQuery,
  updateTableQuery,
  type Query,
  type StoreTables,
} from './queries.js';
import { driverError, DuplicateKeyError, StoreBusyError, StoreClosedError, StoreFullError, TransactionAbortedError, VersionConflictError } from './errors.js';
import {
  checkPageSize,
  checkRatingUpdates,
  checkShardFilter,
  clampAdminPage,
  clampPage,
  claimLimit,
  defaultsOf,
  definedOnly,
  OPEN_STATUSES,
  rankPage,
  settingsUpsert,
  applyHostingPatch,
  bulkChunks,
  pairSeats,
  hostingRulesOf,
  sortVsBots,
  STORE_METHODS,
  TX_METHODS,
  type StoreMethod,
  watchSettingsOf,
  watchSettingsPatch,
} from './shared.js';
import {
  FIRST_SEASON,
  PAGE_SIZE,
  RECENT_GAMES,
  type ActionRow,
  type AdminTablesPage,
  type ClaimOptions,
  type GuildDefaults,
  type GuildDefaultsPatch,
  type GuildWatchSettings,
  type LeaderRow,
  type MessageIdsPatch,
  type NewAction,
  type NewResult,
  type NewSeat,
  type NewTable,
  type OpenTableHead,
  type TableWithSeats,
  type NewTournament,
  type OpenEntry,
  type TournamentLogRow,
  type TournamentPatch,
  type TournamentRow,
  type OpenTablesFilter,
  type Page,
  type PlayerGameRecord,
  type PlayerTotals,
  type RatingRow,
  type RatingChange,
  type RatingUpdate,
  type RecentGame,
  type StoppedGame,
  type FinishedGameKind,
  type ResetOutcome,
  type ResultRow,
  type SeasonInfo,
  type SeatPatch,
  type SeatRow,
  type ShardFilter,
  type Store,
  type StoreTx,
  type TablePatch,
  type TableRow,
  type TotalsRow,
  type TurnNoticeRow,
  type PanelTokenRow,
  PANEL_TOKEN_ROWS,
  type DueReminder,
  type TurnNotify,
  type EraseOutcome,
  type HostingPatch,
  type HostingRules,
  type HostingUpdate,
  type OpenSeat,
  type StoredData,
  type VsBotRecord,
} from './types.js';

/** Options of a SqliteStore. */
export interface SqliteStoreOptions {
  /**
   * How long a transaction or call may wait for the connection before it rejects with
   * StoreBusyError, ms (default 5000, like the connection's busy_timeout).
   */
  lockTimeoutMs?: number;
}

/** Every method of StoreTx, made synchronous: what the connection can do in one go. */
type SyncOf<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never };

/**
 * Hands one connection to one transaction at a time (FIFO). Shared by every SqliteStore
 * over the same better-sqlite3 connection.
 */
class ConnectionLock {
  held = false;
  private readonly waiters: { grant: () => void }[] = [];

  /** Resolve once the lock is ours; reject with StoreBusyError after `timeoutMs`. */
  acquire(timeoutMs: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new StoreBusyError(timeoutMs));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Pass the lock to the next waiter, or free it. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.held = false;
  }
}

const locks = new WeakMap<Database.Database, ConnectionLock>();

/** The store over an opened SQLite database (see the module comment). */
export class SqliteStore implements Store {
  readonly backend = 'sqlite' as const;
  private readonly ops: SqliteOps;
  private readonly lock: ConnectionLock;
  private readonly lockTimeoutMs: number;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private closed = false;

  constructor(
    /** The opened database (src/persistence/db.ts `openDatabase`), migrations applied. */
    readonly db: Db,
    options: SqliteStoreOptions = {},
  ) {
    this.ops = new SqliteOps(db);
    let lock = locks.get(db.$client);
    if (!lock) {
      lock = new ConnectionLock();
      locks.set(db.$client, lock);
    }
    this.lock = lock;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.begin = db.$client.prepare('BEGIN IMMEDIATE');
    this.commit = db.$client.prepare('COMMIT');
    this.rollback = db.$client.prepare('ROLLBACK');
    for (const name of STORE_METHODS) {
      const op = this.ops[name] as (...args: unknown[]) => unknown;
      (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => this.run(() => op.apply(this.ops, args));
    }
  }

  /** Run one synchronous operation on the connection when no transaction holds it. */
  private run<T>(fn: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError('store'));
    if (!this.lock.held) {
      try {
        return Promise.resolve(fn());
      } catch (err) {
        return Promise.reject(sqliteError(err));
      }
    }
    return this.lock.acquire(this.lockTimeoutMs).then(() => {
      try {
        return fn();
      } catch (err) {
        throw sqliteError(err);
      } finally {
        this.lock.release();
      }
    });
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreClosedError('store');
    await this.lock.acquire(this.lockTimeoutMs);
    const handle = new TxHandle(this.ops);
    try {
      try {
        this.begin.run();
      } catch (err) {
        throw sqliteError(err, this.db.$client.pragma('busy_timeout', { simple: true }) as number);
      }
      try {
        const value = await fn(handle as unknown as StoreTx);
        handle.open = false;
        if (handle.failure !== undefined) throw new TransactionAbortedError(handle.failure.error);
        try {
          this.commit.run();
        } catch (err) {
          throw sqliteError(err);
        }
        return value;
      } catch (err) {
        if (this.db.$client.inTransaction) this.rollback.run();
        throw err;
      }
    } finally {
      handle.open = false;
      this.lock.release();
    }
  }

  /**
   * EXPLAIN QUERY PLAN of one of the store's hot prepared queries with the given named
   * parameters (`guild`, `game`, `season`, `user`, `ordinal`, `limit`, `offset`, `id`, `channel`), one
   * detail line each: a test and the benchmark check that each walks its index.
   */
  explain(name: SqliteHotQuery, values: Record<string, unknown>): string[] {
    return this.ops.explain(name, values);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.lock.acquire(this.lockTimeoutMs);
    this.closed = true;
    try {
      this.db.$client.close();
    } finally {
      this.lock.release();
    }
  }
}
// The reads and atomic writes are installed on the instance by the constructor.
export interface SqliteStore extends Pick<Store, StoreMethod> {}

/**
 * The `tx` of one SQLite transaction: every call runs at once on the connection, until the
 * transaction ends. A call that throws dooms the transaction (TransactionAbortedError at the
 * end), as on PostgreSQL.
 */
class TxHandle {
  open = true;
  /** The first call that failed: the transaction will not commit. */
  failure: { error: unknown } | undefined;
  constructor(ops: SqliteOps) {
    for (const name of TX_METHODS) {
      const op = ops[name] as (...args: unknown[]) => unknown;
      (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (!this.open) return Promise.reject(new StoreClosedError('transaction'));
        try {
          return Promise.resolve(op.apply(ops, args));
        } catch (err) {
          const mapped = sqliteError(err);
          this.failure ??= { error: mapped };
          return Promise.reject(mapped);
        }
      };
    }
  }
}

/**
 * Map a driver error to the store's typed errors (duplicate key; busy: another connection —
 * e.g. another process — held the database's write lock past the busy timeout of
 * `busyMs`; full: no room on the disk or past `max_page_count`); others pass as they are.
 */
function sqliteError(err: unknown, busyMs = 5000): unknown {
  const code = String(driverError(err).code ?? '');
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return new DuplicateKeyError(err);
  if (code === 'SQLITE_BUSY') return new StoreBusyError(busyMs, err);
  if (code === 'SQLITE_FULL') return new StoreFullError(err);
  return err;
}

/** The hot prepared queries of the SQLite store, by name (for `SqliteStore.explain`: their plans are checked by a test and the benchmark). */
export const SQLITE_HOT_QUERIES = ['boardPage', 'boardCount', 'above', 'totalsPage', 'totalsCount', 'playerRows', 'totalsOf', 'recent', 'seats', 'lastAction', 'lastPlayerAction', 'openInChannel'] as const;
/** One hot query's name. */
export type SqliteHotQuery = (typeof SQLITE_HOT_QUERIES)[number];

/** A drizzle `sql.placeholder` in a query's parameter list. */
function isPlaceholder(param: unknown): param is { name: string } {
  return typeof param === 'object' && param !== null && 'name' in param && typeof (param as { name: unknown }).name === 'string';
}

/** The shard predicate on `game_tables.guild_id` (or another guild id column; non-numeric ids belong to no shard). */
function shardWhere(filter: ShardFilter, guildId: SQLiteColumn = gameTables.guildId): SQL {
  const ids = checkShardFilter(filter);
  return sql`(${guildId} <> '' and ${guildId} not glob '*[^0-9]*' and ((cast(${guildId} as integer) >> 22) % ${sql.raw(String(filter.shardCount))}) in (${sql.raw(ids.join(', '))}))`;
}

/** The SQLite schema's tournament tables, for ./tournament-queries.ts. */
const TOURNAMENT_TABLES: TournamentTables = { tournaments, tournamentLog };

const open = inArray(gameTables.status, [...OPEN_STATUSES]);
/** The SQLite schema's tables, for the queries both stores share (./queries.ts). */
const TABLES: StoreTables = { actions, gameTables, guildSettings, panelTokens, playerTotals, ratings, results, seasons, seats, turnNotices, userSettings };

/** The predicates of the open tables a filter selects (its guild, its shards). */
function openWhere(filter: OpenTablesFilter): SQL[] {
  const where = [open];
  if (filter.guildId !== undefined) where.push(eq(gameTables.guildId, filter.guildId));
  if (filter.shard) where.push(shardWhere(filter.shard));
  return where;
}

/** Everything the store does, as synchronous statements on one connection (the caller holds the lock). */
class SqliteOps implements SyncOf<StoreTx> {
  private readonly q;

  constructor(private readonly db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const currentSeasonOf = sql`coalesce((select ${seasons.season} from ${seasons} where ${seasons.guildId} = ${ratings.guildId} and ${seasons.game} = ${ratings.game}), ${FIRST_SEASON})`;
    const boardWhere = and(eq(ratings.guildId, p('guild')), eq(ratings.game, p('game')), eq(ratings.season, p('season')));
    this.q = {
      table: db.select().from(gameTables).where(eq(gameTables.id, p('id'))).prepare(),
      seats: seatsRead(db, TABLES)
        .where(eq(seats.tableId, p('id')))
        .orderBy(sql`coalesce(${seats.seat}, 1000000)`, asc(seats.joinedAt), asc(seats.userId))
        .prepare(),
      lastAction: db.select().from(actions).where(eq(actions.tableId, p('id'))).orderBy(desc(actions.seq)).limit(1).prepare(),
      lastPlayerAction: db
        .select({ at: actions.at })
        .from(actions)
        .where(and(eq(actions.tableId, p('id')), eq(actions.kind, 'player')))
        .orderBy(desc(actions.seq))
        .limit(1)
        .prepare(),
      openInChannel: db
        .select()
        .from(gameTables)
        // The statuses (and "not a lesson") written out, as in the partial unique index game_tables_one_open_per_channel:
        // SQLite uses a partial index only when the query states its WHERE term literally (bound
        // parameters make it scan every open table through game_tables_status instead).
        .where(and(eq(gameTables.channelId, p('channel')), sql`${gameTables.status} in ('lobby', 'active') and ${gameTables.lesson} is null`))
        .prepare(),
      boardPage: db
        .select({
          userId: ratings.userId,
          name: ratings.name,
          mu: ratings.mu,
          sigma: ratings.sigma,
          ordinal: ratings.ordinal,
          games: ratings.games,
          wins: ratings.wins,
          streak: ratings.streak,
        })
        .from(ratings)
        .where(boardWhere)
        .orderBy(desc(ratings.ordinal), desc(ratings.userId))
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare(),
      boardCount: db.select({ n: count() }).from(ratings).where(boardWhere).prepare(),
      above: db
        .select({ n: count() })
        .from(ratings)
        .where(and(boardWhere, gt(ratings.ordinal, p('ordinal'))))
        .prepare(),
      season: db
        .select({ season: seasons.season, startedAt: seasons.startedAt })
        .from(seasons)
        .where(and(eq(seasons.guildId, p('guild')), eq(seasons.game, p('game'))))
        .prepare(),
      totalsPage: db
        .select({ userId: playerTotals.userId, name: playerTotals.name, games: playerTotals.games, wins: playerTotals.wins })
        .from(playerTotals)
        .where(eq(playerTotals.guildId, p('guild')))
        .orderBy(desc(playerTotals.games), desc(playerTotals.wins), desc(playerTotals.userId))
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare(),
      totalsCount: db.select({ n: count() }).from(playerTotals).where(eq(playerTotals.guildId, p('guild'))).prepare(),
      playerRows: db
        .select()
        .from(ratings)
        .where(and(eq(ratings.guildId, p('guild')), eq(ratings.userId, p('user')), eq(ratings.season, currentSeasonOf)))
        // No ORDER BY: with one, SQLite walks the guild's whole board in game order instead of
        // the player's few rows (ratings_user); they are sorted by game id in playerGames.
        .prepare(),
      totalsOf: db
        .select({ games: playerTotals.games, wins: playerTotals.wins, name: playerTotals.name })
        .from(playerTotals)
        .where(and(eq(playerTotals.guildId, p('guild')), eq(playerTotals.userId, p('user'))))
        .prepare(),
      recent: db
        .select({
          tableId: results.tableId,
          game: results.game,
          placement: results.placement,
          winner: results.winner,
          left: results.left,
          score: results.score,
          // Qualified by hand: drizzle prints a lone table's columns unqualified, which would bind to `x`.
          players: sql<number>`(select count(*) from "results" as x where x."table_id" = "results"."table_id")`.mapWith(Number),
          endedAt: results.endedAt,
          ratingChange: results.ratingChange,
        })
        .from(results)
        .where(and(eq(results.guildId, p('guild')), eq(results.userId, p('user'))))
        .orderBy(desc(results.endedAt), desc(results.tableId))
        .limit(p('limit'))
        .prepare(),
    };
  }

  table(id: number): TableRow | undefined {
    return this.q.table.get({ id });
  }

  tournament(id: number): TournamentRow | undefined {
    return tournamentQuery(this.db, TOURNAMENT_TABLES, id).get();
  }

  lockTournament(id: number): TournamentRow | undefined {
    // BEGIN IMMEDIATE already holds the database's write lock for the whole transaction.
    return tournamentQuery(this.db, TOURNAMENT_TABLES, id).get();
  }

  openTournamentInChannel(channelId: string): TournamentRow | undefined {
    return openTournamentInChannelQuery(this.db, TOURNAMENT_TABLES, channelId).get();
  }

  openTournaments(filter: OpenTablesFilter = {}): TournamentRow[] {
    const where: SQL[] = [];
    if (filter.guildId !== undefined) where.push(eq(tournaments.guildId, filter.guildId));
    if (filter.shard) where.push(shardWhere(filter.shard, tournaments.guildId));
    return openTournamentsQuery(this.db, TOURNAMENT_TABLES, where).all();
  }

  tournamentLog(tournamentId: number, limit?: number): TournamentLogRow[] {
    const rows: TournamentLogRow[] = tournamentLogQuery(this.db, TOURNAMENT_TABLES, tournamentId, limit).all();
    return limit === undefined ? rows : rows.reverse();
  }

  insertTournament(values: NewTournament): TournamentRow {
    return insertTournamentQuery(this.db, TOURNAMENT_TABLES, values).get();
  }

  updateTournament(id: number, expectedVersion: number, patch: TournamentPatch): TournamentRow {
    const row: TournamentRow | undefined = updateTournamentQuery(this.db, TOURNAMENT_TABLES, id, expectedVersion, patch).get();
    if (!row) throw new VersionConflictError(id, expectedVersion, 'tournament');
    return row;
  }

  appendTournamentLog(values: TournamentLogRow): void {
    appendTournamentLogQuery(this.db, TOURNAMENT_TABLES, values).run();
  }

  lockTable(id: number): TableRow | undefined {
    // BEGIN IMMEDIATE already holds the database's write lock for the whole transaction.
    return this.q.table.get({ id });
  }

  openTableInChannel(channelId: string): TableRow | undefined {
    return this.q.openInChannel.get({ channel: channelId });
  }

  openTables(filter: OpenTablesFilter = {}): TableRow[] {
    return openTablesQuery(this.db, TABLES, openWhere(filter)).all();
  }


  openTableHeads(filter: OpenTablesFilter = {}): OpenTableHead[] {
    return openTableHeadsQuery(this.db, TABLES, openWhere(filter)).all();
  }


  tablesWithSeats(ids: readonly number[]): TableWithSeats[] {
    const out: TableWithSeats[] = [];
    for (const chunk of bulkChunks(ids)) {
      const q = tablesWithSeatsQueries(this.db, TABLES, chunk);
      out.push(...pairSeats(q.tables.all() as TableRow[], q.seats.all() as SeatRow[]));
    }
    return out;
  }


  openTablesOfUser(guildId: string, userId: string): TableRow[] {
    return (openTablesOfUserQuery(this.db, TABLES, open, guildId, userId).all() as { t: TableRow }[]).map((r) => r.t);
  }


  claimDueDeadlines(now: number, options?: ClaimOptions): TableRow[] {
    const where = [open];
    if (options?.shard) where.push(shardWhere(options.shard));
    return dueDeadlinesQuery(this.db, TABLES, where, now, claimLimit(options)).all();
  }


  insertTable(values: NewTable): TableRow {
    return insertTableQuery(this.db, TABLES, values).get();
  }


  updateTable(id: number, expectedVersion: number, patch: TablePatch): TableRow {
    const row: TableRow | undefined = updateTableQuery(this.db, TABLES, id, expectedVersion, patch).get();
    if (!row) throw new VersionConflictError(id, expectedVersion);
    return row;
  }


  setMessageIds(id: number, patch: MessageIdsPatch): void {
    const set = definedOnly(patch);
    if (Object.keys(set).length > 0) setMessageIdsQuery(this.db, TABLES, id, set).run();
  }


  seats(tableId: number): SeatRow[] {
    return this.q.seats.all({ id: tableId });
  }

  insertSeat(values: NewSeat): void {
    insertSeatQuery(this.db, TABLES, values).run();
  }


  deleteSeat(tableId: number, userId: string): void {
    deleteSeatQuery(this.db, TABLES, tableId, userId).run();
  }


  updateSeat(tableId: number, userId: string, patch: SeatPatch): void {
    const set = definedOnly(patch);
    if (Object.keys(set).length > 0) updateSeatQuery(this.db, TABLES, tableId, userId, set).run();
  }


  appendAction(values: NewAction): void {
    appendActionQuery(this.db, TABLES, values).run();
  }


  actions(tableId: number): ActionRow[] {
    return actionsQuery(this.db, TABLES, tableId).all();
  }


  lastAction(tableId: number): ActionRow | undefined {
    return this.q.lastAction.get({ id: tableId });
  }

  lastPlayerActionAt(tableId: number): number | undefined {
    return this.q.lastPlayerAction.get({ id: tableId })?.at;
  }

  insertResults(rows: readonly NewResult[]): void {
    if (rows.length > 0) insertResultsQuery(this.db, TABLES, rows).run();
  }


  results(tableId: number): ResultRow[] {
    return resultsQuery(this.db, TABLES, tableId).all();
  }


  // ---------------------------------------------------------------- ratings

  currentSeason(guildId: string, game: string): SeasonInfo {
    return this.q.season.get({ guild: guildId, game }) ?? { season: FIRST_SEASON, startedAt: null };
  }

  resetSeason(guildId: string, game: string, expectedSeason: number, by: string, now: number): ResetOutcome {
    const next = expectedSeason + 1;
    const set = { season: next, startedAt: now, startedBy: by };
    const moved =
      expectedSeason === FIRST_SEASON
        ? this.db
            .insert(seasons)
            .values({ guildId, game, ...set })
            .onConflictDoUpdate({ target: [seasons.guildId, seasons.game], set, setWhere: eq(seasons.season, expectedSeason) })
            .returning({ season: seasons.season })
            .get()
        : this.db
            .update(seasons)
            .set(set)
            .where(and(eq(seasons.guildId, guildId), eq(seasons.game, game), eq(seasons.season, expectedSeason)))
            .returning({ season: seasons.season })
            .get();
    if (moved) return { ok: true, previous: expectedSeason, season: next };
    return { ok: false, current: this.currentSeason(guildId, game).season };
  }

  seasonRatings(guildId: string, game: string, season: number, userIds: readonly string[]): RatingRow[] {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.game, game), eq(ratings.season, season), inArray(ratings.userId, [...userIds])))
      .all();
  }

  saveRatings(guildId: string, game: string, season: number, updates: readonly RatingUpdate[], now: number): void {
    checkRatingUpdates(updates);
    for (const { won, ...u } of updates) {
      const rating = { mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, games: u.games, wins: u.wins, streak: u.streak, name: u.name, updatedAt: now };
      this.db
        .insert(ratings)
        .values({ guildId, game, season, userId: u.userId, ...rating })
        .onConflictDoUpdate({ target: [ratings.guildId, ratings.game, ratings.season, ratings.userId], set: rating })
        .run();
      this.db
        .insert(playerTotals)
        .values({ guildId, userId: u.userId, games: 1, wins: won ? 1 : 0, name: u.name, updatedAt: now })
        .onConflictDoUpdate({
          target: [playerTotals.guildId, playerTotals.userId],
          set: { games: sql`${playerTotals.games} + 1`, wins: sql`${playerTotals.wins} + ${won ? 1 : 0}`, name: u.name, updatedAt: now },
        })
        .run();
    }
  }

  setRatingChanges(tableId: number, changes: readonly RatingChange[]): void {
    for (const { userId, change } of changes) {
      this.db.update(results).set({ ratingChange: change }).where(and(eq(results.tableId, tableId), eq(results.userId, userId))).run();
    }
  }

  leaderboard(guildId: string, game: string, season: number, page: number, size = PAGE_SIZE): Page<LeaderRow> {
    checkPageSize(size);
    const board = { guild: guildId, game, season };
    const total = this.q.boardCount.get(board)?.n ?? 0;
    const { page: pg, pages } = clampPage(page, total, size);
    const rows = this.q.boardPage.all({ ...board, limit: size, offset: pg * size });
    const aboveFirst = pg > 0 && rows[0] ? (this.q.above.get({ ...board, ordinal: rows[0].ordinal })?.n ?? 0) : 0;
    return { rows: rankPage(rows, pg, size, aboveFirst), page: pg, pages, total };
  }

  allGames(guildId: string, page: number, size = PAGE_SIZE): Page<TotalsRow> {
    checkPageSize(size);
    const total = this.q.totalsCount.get({ guild: guildId })?.n ?? 0;
    const { page: pg, pages } = clampPage(page, total, size);
    const rows = this.q.totalsPage.all({ guild: guildId, limit: size, offset: pg * size });
    return { rows: rows.map((r, i) => ({ rank: pg * size + i + 1, ...r })), page: pg, pages, total };
  }


  playerGames(guildId: string, userId: string): PlayerGameRecord[] {
    const rows = this.q.playerRows.all({ guild: guildId, user: userId }).sort((x, y) => (x.game < y.game ? -1 : x.game > y.game ? 1 : 0));
    return rows.map((r) => {
      const board = { guild: guildId, game: r.game, season: r.season };
      return {
        game: r.game,
        season: r.season,
        name: r.name,
        mu: r.mu,
        sigma: r.sigma,
        ordinal: r.ordinal,
        games: r.games,
        wins: r.wins,
        streak: r.streak,
        rank: (this.q.above.get({ ...board, ordinal: r.ordinal })?.n ?? 0) + 1,
        of: this.q.boardCount.get(board)?.n ?? 0,
      };
    });
  }


  playerTotals(guildId: string, userId: string): PlayerTotals | undefined {
    return this.q.totalsOf.get({ guild: guildId, user: userId });
  }


  recentGames(guildId: string, userId: string, limit = RECENT_GAMES): RecentGame[] {
    return this.q.recent.all({ guild: guildId, user: userId, limit });
  }

  stoppedGames(guildId: string, userId: string, limit = RECENT_GAMES): StoppedGame[] {
    return stoppedGamesQuery(this.db, TABLES, guildId, userId, limit).all();
  }
  finishedGamesOf(guildId: string, game: string, userIds: readonly string[]): FinishedGameKind[] {
    if (userIds.length === 0) return [];
    return finishedGamesOfQuery(this.db, TABLES, guildId, game, userIds).all();
  }
  finishedLessonsOf(guildId: string, game: string, userIds: readonly string[]): string[] {
    if (userIds.length === 0) return [];
    return (finishedLessonsOfQuery(this.db, TABLES, guildId, game, userIds).all() as { userId: string }[]).map((row) => row.userId);
  }


  /** EXPLAIN QUERY PLAN of a hot query with named parameters, one detail line each. */
  explain(name: SqliteHotQuery, values: Record<string, unknown>): string[] {
    const { sql: text, params } = this.q[name].getQuery();
    const bound = (params as unknown[]).map((param) => (isPlaceholder(param) ? (values[param.name] ?? null) : param));
    const rows = this.db.$client.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...bound) as { detail: string }[];
    return rows.map((row) => row.detail);
  }


  // ---------------------------------------------------------------- settings and admin

  guildDefaults(guildId: string): GuildDefaults {
    return defaultsOf(this.db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).get());
  }

  updateGuildDefaults(guildId: string, patch: GuildDefaultsPatch, by: string, now: number): GuildDefaults {
    const { insert, update } = settingsUpsert(patch);
    this.db
      .insert(guildSettings)
      .values({ guildId, ...insert, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { ...update, updatedAt: now, updatedBy: by } })
      .run();
    return this.guildDefaults(guildId);
  }

  guildLanguage(guildId: string): string | null {
    return this.db.select({ language: guildSettings.language }).from(guildSettings).where(eq(guildSettings.guildId, guildId)).get()?.language ?? null;
  }

  setGuildLanguage(guildId: string, language: string | null, by: string, now: number): void {
    this.db
      .insert(guildSettings)
      .values({ guildId, language, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { language, updatedAt: now, updatedBy: by } })
      .run();
  }

  userTextBoards(userId: string): boolean {
    return this.db.select({ on: userSettings.textBoards }).from(userSettings).where(eq(userSettings.userId, userId)).get()?.on ?? false;
  }

  setUserTextBoards(userId: string, on: boolean, now: number): void {
    this.db
      .insert(userSettings)
      .values({ userId, textBoards: on, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { textBoards: on, updatedAt: now } })
      .run();
  }

  guildTextBoards(guildId: string): boolean {
    return this.db.select({ on: guildSettings.textBoards }).from(guildSettings).where(eq(guildSettings.guildId, guildId)).get()?.on ?? false;
  }

  /** The setting and the server's open tables, in one transaction (a savepoint inside a Store transaction). */
  setGuildTextBoards(guildId: string, on: boolean, by: string, now: number): void {
    this.db.$client.transaction(() => {
      this.db
        .insert(guildSettings)
        .values({ guildId, textBoards: on, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({ target: guildSettings.guildId, set: { textBoards: on, updatedAt: now, updatedBy: by } })
        .run();
      openTablesTextBoardsQuery(this.db, TABLES, open, guildId, on).run();
    })();
  }

  guildWatchSettings(guildId: string): GuildWatchSettings {
    return watchSettingsOf(this.db.select({ spectators: guildSettings.spectators, spectatorDelay: guildSettings.spectatorDelay, watchersSeeHands: guildSettings.watchersSeeHands, tournamentRoleId: guildSettings.tournamentRoleId }).from(guildSettings).where(eq(guildSettings.guildId, guildId)).get());
  }

  setGuildWatchSettings(guildId: string, patch: Partial<GuildWatchSettings>, by: string, now: number): GuildWatchSettings {
    const set = { ...watchSettingsPatch(patch), updatedAt: now, updatedBy: by };
    this.db.insert(guildSettings).values({ guildId, ...set }).onConflictDoUpdate({ target: guildSettings.guildId, set }).run();
    return this.guildWatchSettings(guildId);
  }

  newerTableInChannel(channelId: string, afterId: number): TableRow | undefined {
    return newerTableInChannelQuery(this.db, TABLES, channelId, afterId).get();
  }


  hostingRules(guildId: string): HostingRules {
    return hostingRulesOf(hostingRulesQuery(this.db, TABLES, guildId).get());
  }


  updateHostingRules(guildId: string, patch: HostingPatch, by: string, now: number): HostingUpdate {
    // better-sqlite3's transaction nests as a savepoint inside a Store transaction.
    return this.db.$client.transaction((): HostingUpdate => {
      const applied = applyHostingPatch(this.hostingRules(guildId), patch);
      if (!applied.ok) return applied;
      const set = { tableChannelIds: applied.channelIds, hostRoleId: applied.hostRoleId, updatedAt: now, updatedBy: by };
      this.db.insert(guildSettings).values({ guildId, ...set }).onConflictDoUpdate({ target: guildSettings.guildId, set }).run();
      return { ok: true, rules: this.hostingRules(guildId), emptied: applied.emptied };
    }).immediate();
  }

  recordAgainstBots(guildId: string, userId: string): VsBotRecord[] {
    const rows = this.db.$client
      .prepare(
        `SELECT bot.bot_level AS level,
                COUNT(DISTINCT me.table_id) AS games,
                COUNT(DISTINCT CASE WHEN me.winner THEN me.table_id END) AS wins
           FROM results me
           JOIN results bot ON bot.table_id = me.table_id AND bot.bot_level IS NOT NULL
          WHERE me.guild_id = ? AND me.user_id = ? AND me.bot_level IS NULL
          GROUP BY bot.bot_level`,
      )
      .all(guildId, userId) as { level: string; games: number; wins: number }[];
    return sortVsBots(rows);
  }

  storedData(userId: string): StoredData {
    const counted = (query: Query) => (query.get() as { n: number } | undefined)?.n ?? 0;
    const q = storedDataQueries(this.db, TABLES, userId);
    return { seats: counted(q.seats), results: counted(q.results), ratings: counted(q.ratings), totals: counted(q.totals), settings: counted(q.settings), tournaments: this.tournamentsNaming(userId).length };
  }

  /** The tournaments that name `userId` as organiser or entrant, by id. */
  private tournamentsNaming(userId: string): TournamentPrivacyRow[] {
    return (tournamentsNamingQuery(this.db, TOURNAMENT_TABLES, userId).all() as TournamentPrivacyRow[]).filter((row) => namesUser(row, userId));
  }

  openTournamentsOf(userId: string): OpenEntry[] {
    return this.tournamentsNaming(userId).flatMap((row) => openEntryOf(row, userId) ?? []);
  }


  openSeatsOf(userId: string): OpenSeat[] {
    return openSeatsOfQuery(this.db, TABLES, open, userId).all();
  }


  eraseUserData(userId: string): EraseOutcome {
    return this.db.$client.transaction((): EraseOutcome => {
      const openSeats = this.openSeatsOf(userId);
      const openTournaments = this.openTournamentsOf(userId);
      if (openSeats.length > 0 || openTournaments.length > 0) return { ok: false, openSeats, openTournaments };
      const erased = this.storedData(userId);
      const erase = eraseUserDataQueries(this.db, TABLES, userId);
      const anonymisedTables = (erase.anonymisedTables.all() as { tableId: number }[]).map((row) => row.tableId);
      for (const step of erase.steps) step.run();
      // Closed tournaments (open ones refused above): their entrant id and log rows.
      for (const row of this.tournamentsNaming(userId)) {
        const { patch, entrantId } = anonymiseTournament(row, userId);
        this.updateTournament(row.id, row.version, patch);
        for (const log of tournamentLogQuery(this.db, TOURNAMENT_TABLES, row.id).all() as TournamentLogRow[]) {
          const changed = anonymiseLogRow(log, userId, entrantId);
          if (changed) updateTournamentLogRowQuery(this.db, TOURNAMENT_TABLES, row.id, log.seq, changed).run();
        }
      }
      return { ok: true, erased, anonymisedTables };
    }).immediate();
  }


  turnNotifyOf(userId: string): TurnNotify {
    return (turnNotifyOfQuery(this.db, TABLES, userId).get() as { mode: string } | undefined)?.mode === 'dm' ? 'dm' : 'ping';
  }


  setTurnNotify(userId: string, mode: TurnNotify, now: number): void {
    setTurnNotifyQuery(this.db, TABLES, userId, mode, now).run();
  }


  turnNotices(tableId: number): TurnNoticeRow[] {
    return turnNoticesQuery(this.db, TABLES, tableId).all();
  }


  pendingReminders(filter: OpenTablesFilter = {}): DueReminder[] {
    return pendingRemindersQuery(this.db, TABLES, openWhere(filter)).all();
  }


  putTurnNotice(row: TurnNoticeRow): void {
    putTurnNoticeQuery(this.db, TABLES, row).run();
  }


  deleteTurnNotices(tableId: number, userIds?: readonly string[]): void {
    deleteTurnNoticesQuery(this.db, TABLES, tableId, userIds).run();
  }


  savePanelTokens(rows: readonly PanelTokenRow[]): void {
    this.db.$client.transaction(() => {
      for (let i = 0; i < rows.length; i += PANEL_TOKEN_ROWS) savePanelTokensQuery(this.db, TABLES, rows.slice(i, i + PANEL_TOKEN_ROWS)).run();
    }).immediate();
  }


  takePanelTokens(tableIds: readonly number[], issuedAfter: number): PanelTokenRow[] {
    return this.db.$client.transaction((): PanelTokenRow[] => {
      const out: PanelTokenRow[] = [];
      for (const chunk of bulkChunks(tableIds.length > 0 ? tableIds : [0])) {
        const q = takePanelTokensQueries(this.db, TABLES, chunk, issuedAfter);
        out.push(...(q.rows.all() as PanelTokenRow[]));
        q.remove.run();
      }
      return out;
    }).immediate();
  }


  adminTables(guildId: string, page: number, perPage: number): AdminTablesPage {
    checkPageSize(perPage);
    const q = adminTablesQueries(this.db, TABLES, open, guildId);
    const total = (q.count.get() as { n: number } | undefined)?.n ?? 0;
    const { page: pg, pages } = clampAdminPage(page, total, perPage);
    const tables = q.page(pg, perPage).all() as TableRow[];
    return {
      tables: tables.map((table) => ({ table, seats: this.seats(table.id), lastMoveAt: this.lastAction(table.id)?.at ?? null })),
      page: pg,
      pages,
      total,
    };
  }

}
