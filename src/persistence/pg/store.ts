/**
 * The PostgreSQL store: the async Store interface (src/persistence/store/types.ts) over a
 * node-postgres pool, with the pg-core schema of ./schema.ts (migrations drizzle-pg/,
 * applied by ./open.ts). Rows come back exactly as the SQLite store returns them (numbers for
 * bigint Unix ms, parsed JSON, booleans, byte-ordered text).
 *
 * Transactions run on one pooled connection each (READ COMMITTED, PostgreSQL's default);
 * `lockTable` is `SELECT … FOR UPDATE`, `claimDueDeadlines` adds `SKIP LOCKED`. Reads that
 * combine several statements (leaderboard pages, /stats, /admin tables) run outside
 * transactions in one REPEATABLE READ READ ONLY snapshot, so counts and rows agree.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Logger } from '../../logger.js';
import {
  driverError,
  DuplicateKeyError,
  StoreBusyError,
  StoreClosedError,
  StoreFullError,
  StoreUnavailableError,
  TransactionAbortedError,
  VersionConflictError,
} from '../store/errors.js';
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
} from '../store/shared.js';
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
} from '../store/types.js';
import {
  adminTablesQueries,
  deleteTurnNoticesQuery,
  eraseUserDataQueries,
  hostingRulesQuery,
  newerTableInChannelQuery,
  openTablesTextBoardsQuery,
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
  seatsQuery,
  type Query,
  type StoreTables,
} from '../store/queries.js';
import { actions, gameTables, guildSettings, panelTokens, playerTotals, ratings, results, seasons, seats, tournamentLog, tournaments, turnNotices, userSettings } from './schema.js';
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
} from '../store/tournament-queries.js';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a query runs on: the pool, or one transaction's connection. */
type PgExec = PgDatabase<NodePgQueryResultHKT>;

/** Options of a PgStore. */
export interface PgStoreOptions {
  /** `lock_timeout` the pool's connections were opened with, ms (for StoreBusyError's message). */
  lockTimeoutMs?: number;
  /** Where pool errors of idle connections are logged (they never throw into callers). */
  logger?: Logger;
}

// Compile-time: the pg-core schema reads back exactly the SQLite schema's row types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowTypesMatch: [
  Same<typeof gameTables.$inferSelect, TableRow>,
  Same<typeof seats.$inferSelect, SeatRow>,
  Same<typeof actions.$inferSelect, ActionRow>,
  Same<typeof results.$inferSelect, ResultRow>,
  Same<typeof ratings.$inferSelect, RatingRow>,
  Same<typeof gameTables.$inferInsert, NewTable>,
  Same<typeof seats.$inferInsert, NewSeat>,
  Same<typeof actions.$inferInsert, NewAction>,
  Same<typeof results.$inferInsert, NewResult>,
] = [true, true, true, true, true, true, true, true, true];
void rowTypesMatch;

/** Reads that combine several statements: outside transactions they run in one snapshot. */
const SNAPSHOT_READS = new Set<StoreMethod>(['leaderboard', 'allGames', 'playerGames', 'adminTables', 'storedData']);

/** Atomic writes of several statements: on the store, each runs in a read-write transaction of its own. */
const MULTI_STATEMENT_WRITES = new Set<StoreMethod>(['updateHostingRules', 'eraseUserData', 'setGuildTextBoards', 'savePanelTokens', 'takePanelTokens']);

/** Connection-level failures: the server is gone or restarting, or the socket broke. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03']);

/** Map a driver error to the store's typed errors; others pass as they are. */
function pgError(err: unknown, lockTimeoutMs: number): unknown {
  if (err instanceof VersionConflictError || err instanceof RangeError) return err;
  const cause = driverError(err);
  const code = String(cause.code ?? '');
  if (code === '23505') return new DuplicateKeyError(err);
  if (code === '55P03') return new StoreBusyError(lockTimeoutMs, err);
  if (code === '53100') return new StoreFullError(err);
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(String(cause.message ?? ''))) {
    return new StoreUnavailableError(err);
  }
  return err;
}

/** The store over a node-postgres pool (see the module comment). Build it with `openPostgres` (./open.ts). */
export class PgStore implements Store {
  readonly backend = 'postgres' as const;
  private readonly ops: PgOps;
  private readonly lockTimeoutMs: number;
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    /** The pool (its connections should set `lock_timeout`, as openPostgres does). */
    readonly pool: pg.Pool,
    options: PgStoreOptions = {},
  ) {
    this.lockTimeoutMs = options.lockTimeoutMs ?? 0;
    this.ops = new PgOps(drizzle(pool));
    const log = options.logger;
    pool.on('error', (err) => log?.warn({ err }, 'PostgreSQL: an idle pooled connection failed'));
    for (const name of STORE_METHODS) {
      const call = (ops: PgOps, args: unknown[]) => (ops[name] as (...a: unknown[]) => Promise<unknown>).apply(ops, args);
      (this as unknown as Record<string, unknown>)[name] = SNAPSHOT_READS.has(name)
        ? (...args: unknown[]) => this.track(() => this.onConnection('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (ops) => call(ops, args)))
        : MULTI_STATEMENT_WRITES.has(name)
          ? (...args: unknown[]) => this.track(() => this.onConnection('BEGIN', (ops) => call(ops, args)))
          : (...args: unknown[]) => this.track(() => call(this.ops, args));
    }
  }

  /** Start `work` unless the store is closed, count it while it runs (close() waits for it), and map its errors. */
  private track<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError('store'));
    let started: Promise<T>;
    try {
      started = work();
    } catch (err) {
      started = Promise.reject(err);
    }
    const mapped = started.catch((err: unknown) => {
      throw pgError(err, this.lockTimeoutMs);
    });
    this.running.add(mapped);
    const done = () => this.running.delete(mapped);
    mapped.then(done, done);
    return mapped;
  }

  /**
   * Run `fn` between `begin` and COMMIT on one pooled connection; ROLLBACK when it rejects.
   * `end(true)` runs just before COMMIT (it may throw to roll back instead), `end(false)`
   * once the transaction is over either way. A broken connection is discarded instead of
   * going back to the pool.
   */
  private async onConnection<T>(begin: string, fn: (ops: PgOps) => Promise<T>, end: (committing: boolean) => void = () => {}): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client's connection error is emitted on the client (the pool only watches
    // idle ones): without a listener it would crash the process. The query in flight rejects
    // with it anyway; remember it so the connection is discarded.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken ??= err;
    };
    client.on('error', onError);
    const release = () => {
      client.off('error', onError);
      client.release(broken);
    };
    try {
      await client.query(begin);
    } catch (err) {
      broken ??= err as Error;
      release();
      throw err;
    }
    try {
      try {
        const value = await fn(new PgOps(drizzle(client)));
        end(true);
        const done = await client.query('COMMIT');
        // COMMIT of a transaction that already failed answers ROLLBACK instead of an error.
        if (done.command === 'ROLLBACK') throw new TransactionAbortedError(new Error('the server rolled the transaction back'));
        return value;
      } catch (err) {
        end(false);
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        throw err;
      }
    } finally {
      end(false);
      release();
    }
  }

  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    let handle: PgTxHandle | undefined;
    return this.track(() =>
      this.onConnection(
        'BEGIN',
        (ops) => {
          handle = new PgTxHandle(ops, this.lockTimeoutMs);
          return fn(handle as unknown as StoreTx);
        },
        (committing) => handle?.end(committing),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.running]);
    await this.pool.end();
  }
}
// The reads and atomic writes are installed on the instance by the constructor.
export interface PgStore extends Pick<Store, StoreMethod> {}

/**
 * The `tx` of one PostgreSQL transaction. A call that fails dooms the transaction
 * (TransactionAbortedError at the end): PostgreSQL refuses every later statement anyway.
 */
class PgTxHandle {
  private open = true;
  /** The first call that failed. */
  private failure: { error: unknown } | undefined;

  /** Close the handle; when about to commit, throw TransactionAbortedError if a call failed. */
  end(committing: boolean): void {
    this.open = false;
    if (committing && this.failure !== undefined) throw new TransactionAbortedError(this.failure.error);
  }

  constructor(ops: PgOps, lockTimeoutMs: number) {
    for (const name of TX_METHODS) {
      const op = ops[name] as (...args: unknown[]) => Promise<unknown>;
      (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (!this.open) return Promise.reject(new StoreClosedError('transaction'));
        let work: Promise<unknown>;
        try {
          work = op.apply(ops, args);
        } catch (err) {
          work = Promise.reject(err);
        }
        return work.catch((err: unknown) => {
          const mapped = pgError(err, lockTimeoutMs);
          this.failure ??= { error: mapped };
          throw mapped;
        });
      };
    }
  }
}

/**
 * The shard predicate on `game_tables.guild_id`: `(guild_id >> 22) % shardCount` in the
 * ids, computed on numeric so any length of digits works; non-numeric ids belong to no shard.
 */
function shardWhere(filter: ShardFilter, guildId: PgColumn = gameTables.guildId): SQL {
  const ids = checkShardFilter(filter);
  return sql`(case when ${guildId} ~ '^[0-9]+$' then div(${guildId}::numeric, 4194304) % ${sql.raw(String(filter.shardCount))} end) in (${sql.raw(ids.join(', '))})`;
}

/** The PostgreSQL schema's tournament tables, for ../store/tournament-queries.ts. */
const TOURNAMENT_TABLES: TournamentTables = { tournaments, tournamentLog };

const open = inArray(gameTables.status, [...OPEN_STATUSES]);
/** The PostgreSQL schema's tables, for the queries both stores share (../store/queries.ts). */
const TABLES: StoreTables = { actions, gameTables, guildSettings, panelTokens, playerTotals, ratings, results, seasons, seats, turnNotices, userSettings };

/** The predicates of the open tables a filter selects (its guild, its shards). */
function openWhere(filter: OpenTablesFilter): SQL[] {
  const where = [open];
  if (filter.guildId !== undefined) where.push(eq(gameTables.guildId, filter.guildId));
  if (filter.shard) where.push(shardWhere(filter.shard));
  return where;
}
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** Everything the store does, as statements on the pool or one transaction's connection. */
class PgOps implements StoreTx {
  constructor(private readonly db: PgExec) {}

  async table(id: number): Promise<TableRow | undefined> {
    return (await this.db.select().from(gameTables).where(eq(gameTables.id, id)))[0];
  }

  async lockTable(id: number): Promise<TableRow | undefined> {
    return (await this.db.select().from(gameTables).where(eq(gameTables.id, id)).for('update'))[0];
  }

  async tournament(id: number): Promise<TournamentRow | undefined> {
    return ((await tournamentQuery(this.db, TOURNAMENT_TABLES, id)) as TournamentRow[])[0];
  }

  async lockTournament(id: number): Promise<TournamentRow | undefined> {
    return ((await tournamentQuery(this.db, TOURNAMENT_TABLES, id).for('update')) as TournamentRow[])[0];
  }

  async openTournamentInChannel(channelId: string): Promise<TournamentRow | undefined> {
    return ((await openTournamentInChannelQuery(this.db, TOURNAMENT_TABLES, channelId)) as TournamentRow[])[0];
  }

  openTournaments(filter: OpenTablesFilter = {}): Promise<TournamentRow[]> {
    const where: SQL[] = [];
    if (filter.guildId !== undefined) where.push(eq(tournaments.guildId, filter.guildId));
    if (filter.shard) where.push(shardWhere(filter.shard, tournaments.guildId));
    return openTournamentsQuery(this.db, TOURNAMENT_TABLES, where);
  }

  async tournamentLog(tournamentId: number, limit?: number): Promise<TournamentLogRow[]> {
    const rows = (await tournamentLogQuery(this.db, TOURNAMENT_TABLES, tournamentId, limit)) as TournamentLogRow[];
    return limit === undefined ? rows : rows.reverse();
  }

  async insertTournament(values: NewTournament): Promise<TournamentRow> {
    return ((await insertTournamentQuery(this.db, TOURNAMENT_TABLES, values)) as TournamentRow[])[0]!;
  }

  async updateTournament(id: number, expectedVersion: number, patch: TournamentPatch): Promise<TournamentRow> {
    const row = ((await updateTournamentQuery(this.db, TOURNAMENT_TABLES, id, expectedVersion, patch)) as TournamentRow[])[0];
    if (!row) throw new VersionConflictError(id, expectedVersion, 'tournament');
    return row;
  }

  async appendTournamentLog(values: TournamentLogRow): Promise<void> {
    await appendTournamentLogQuery(this.db, TOURNAMENT_TABLES, values);
  }

  async openTableInChannel(channelId: string): Promise<TableRow | undefined> {
    return (await this.db.select().from(gameTables).where(and(eq(gameTables.channelId, channelId), open, isNull(gameTables.lesson))).limit(1))[0];
  }

  openTables(filter: OpenTablesFilter = {}): Promise<TableRow[]> {
    return openTablesQuery(this.db, TABLES, openWhere(filter));
  }


  openTableHeads(filter: OpenTablesFilter = {}): Promise<OpenTableHead[]> {
    return openTableHeadsQuery(this.db, TABLES, openWhere(filter));
  }


  async tablesWithSeats(ids: readonly number[]): Promise<TableWithSeats[]> {
    const out: TableWithSeats[] = [];
    for (const chunk of bulkChunks(ids)) {
      const q = tablesWithSeatsQueries(this.db, TABLES, chunk);
      const tableRows: TableRow[] = await q.tables;
      const seatRows: SeatRow[] = await q.seats;
      out.push(...pairSeats(tableRows, seatRows));
    }
    return out;
  }


  async openTablesOfUser(guildId: string, userId: string): Promise<TableRow[]> {
    const rows: { t: TableRow }[] = await openTablesOfUserQuery(this.db, TABLES, open, guildId, userId);
    return rows.map((r) => r.t);
  }


  claimDueDeadlines(now: number, options?: ClaimOptions): Promise<TableRow[]> {
    const where = [open];
    if (options?.shard) where.push(shardWhere(options.shard));
    return dueDeadlinesQuery(this.db, TABLES, where, now, claimLimit(options)).for('update', { skipLocked: true });
  }


  async insertTable(values: NewTable): Promise<TableRow> {
    return ((await insertTableQuery(this.db, TABLES, values)) as TableRow[])[0]!;
  }


  async updateTable(id: number, expectedVersion: number, patch: TablePatch): Promise<TableRow> {
    const row = ((await updateTableQuery(this.db, TABLES, id, expectedVersion, patch)) as TableRow[])[0];
    if (!row) throw new VersionConflictError(id, expectedVersion);
    return row;
  }


  async setMessageIds(id: number, patch: MessageIdsPatch): Promise<void> {
    const set = definedOnly(patch);
    if (Object.keys(set).length > 0) await setMessageIdsQuery(this.db, TABLES, id, set);
  }


  seats(tableId: number): Promise<SeatRow[]> {
    return seatsQuery(this.db, TABLES, tableId);
  }


  async insertSeat(values: NewSeat): Promise<void> {
    await insertSeatQuery(this.db, TABLES, values);
  }


  async deleteSeat(tableId: number, userId: string): Promise<void> {
    await deleteSeatQuery(this.db, TABLES, tableId, userId);
  }


  async updateSeat(tableId: number, userId: string, patch: SeatPatch): Promise<void> {
    const set = definedOnly(patch);
    if (Object.keys(set).length > 0) await updateSeatQuery(this.db, TABLES, tableId, userId, set);
  }


  async appendAction(values: NewAction): Promise<void> {
    await appendActionQuery(this.db, TABLES, values);
  }


  actions(tableId: number): Promise<ActionRow[]> {
    return actionsQuery(this.db, TABLES, tableId);
  }


  async lastAction(tableId: number): Promise<ActionRow | undefined> {
    return (await this.db.select().from(actions).where(eq(actions.tableId, tableId)).orderBy(desc(actions.seq)).limit(1))[0];
  }

  async lastPlayerActionAt(tableId: number): Promise<number | undefined> {
    const rows = await this.db
      .select({ at: actions.at })
      .from(actions)
      .where(and(eq(actions.tableId, tableId), eq(actions.kind, 'player')))
      .orderBy(desc(actions.seq))
      .limit(1);
    return rows[0]?.at;
  }

  async insertResults(rows: readonly NewResult[]): Promise<void> {
    if (rows.length > 0) await insertResultsQuery(this.db, TABLES, rows);
  }


  results(tableId: number): Promise<ResultRow[]> {
    return resultsQuery(this.db, TABLES, tableId);
  }


  // ---------------------------------------------------------------- ratings

  async currentSeason(guildId: string, game: string): Promise<SeasonInfo> {
    const row = (
      await this.db
        .select({ season: seasons.season, startedAt: seasons.startedAt })
        .from(seasons)
        .where(and(eq(seasons.guildId, guildId), eq(seasons.game, game)))
    )[0];
    return row ?? { season: FIRST_SEASON, startedAt: null };
  }

  async resetSeason(guildId: string, game: string, expectedSeason: number, by: string, now: number): Promise<ResetOutcome> {
    const next = expectedSeason + 1;
    const set = { season: next, startedAt: now, startedBy: by };
    const moved =
      expectedSeason === FIRST_SEASON
        ? await this.db
            .insert(seasons)
            .values({ guildId, game, ...set })
            .onConflictDoUpdate({ target: [seasons.guildId, seasons.game], set, setWhere: eq(seasons.season, expectedSeason) })
            .returning({ season: seasons.season })
        : await this.db
            .update(seasons)
            .set(set)
            .where(and(eq(seasons.guildId, guildId), eq(seasons.game, game), eq(seasons.season, expectedSeason)))
            .returning({ season: seasons.season });
    if (moved.length > 0) return { ok: true, previous: expectedSeason, season: next };
    return { ok: false, current: (await this.currentSeason(guildId, game)).season };
  }

  async seasonRatings(guildId: string, game: string, season: number, userIds: readonly string[]): Promise<RatingRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.game, game), eq(ratings.season, season), inArray(ratings.userId, [...userIds])));
  }

  async saveRatings(guildId: string, game: string, season: number, updates: readonly RatingUpdate[], now: number): Promise<void> {
    if (checkRatingUpdates(updates) === 0) return;
    await this.db
      .insert(ratings)
      .values(updates.map(({ won: _won, ...u }) => ({ guildId, game, season, ...u, updatedAt: now })))
      .onConflictDoUpdate({
        target: [ratings.guildId, ratings.game, ratings.season, ratings.userId],
        set: {
          mu: excluded('mu'),
          sigma: excluded('sigma'),
          ordinal: excluded('ordinal'),
          games: excluded('games'),
          wins: excluded('wins'),
          streak: excluded('streak'),
          name: excluded('name'),
          updatedAt: excluded('updated_at'),
        },
      });
    await this.db
      .insert(playerTotals)
      .values(updates.map((u) => ({ guildId, userId: u.userId, games: 1, wins: u.won ? 1 : 0, name: u.name, updatedAt: now })))
      .onConflictDoUpdate({
        target: [playerTotals.guildId, playerTotals.userId],
        set: {
          games: sql`${playerTotals.games} + ${excluded('games')}`,
          wins: sql`${playerTotals.wins} + ${excluded('wins')}`,
          name: excluded('name'),
          updatedAt: excluded('updated_at'),
        },
      });
  }
  async setRatingChanges(tableId: number, changes: readonly RatingChange[]): Promise<void> {
    for (const { userId, change } of changes) {
      await this.db.update(results).set({ ratingChange: change }).where(and(eq(results.tableId, tableId), eq(results.userId, userId)));
    }
  }


  private async boardCount(guildId: string, game: string, season: number): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.game, game), eq(ratings.season, season)));
    return rows[0]?.n ?? 0;
  }

  private async above(guildId: string, game: string, season: number, ordinal: number): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.game, game), eq(ratings.season, season), gt(ratings.ordinal, ordinal)));
    return rows[0]?.n ?? 0;
  }

  async leaderboard(guildId: string, game: string, season: number, page: number, size = PAGE_SIZE): Promise<Page<LeaderRow>> {
    checkPageSize(size);
    const total = await this.boardCount(guildId, game, season);
    const { page: pg, pages } = clampPage(page, total, size);
    const rows = await this.db
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
      .where(and(eq(ratings.guildId, guildId), eq(ratings.game, game), eq(ratings.season, season)))
      .orderBy(desc(ratings.ordinal), desc(ratings.userId))
      .limit(size)
      .offset(pg * size);
    const aboveFirst = pg > 0 && rows[0] ? await this.above(guildId, game, season, rows[0].ordinal) : 0;
    return { rows: rankPage(rows, pg, size, aboveFirst), page: pg, pages, total };
  }

  async allGames(guildId: string, page: number, size = PAGE_SIZE): Promise<Page<TotalsRow>> {
    checkPageSize(size);
    const total = (await this.db.select({ n: count() }).from(playerTotals).where(eq(playerTotals.guildId, guildId)))[0]?.n ?? 0;
    const { page: pg, pages } = clampPage(page, total, size);
    const rows = await this.db
      .select({ userId: playerTotals.userId, name: playerTotals.name, games: playerTotals.games, wins: playerTotals.wins })
      .from(playerTotals)
      .where(eq(playerTotals.guildId, guildId))
      .orderBy(desc(playerTotals.games), desc(playerTotals.wins), desc(playerTotals.userId))
      .limit(size)
      .offset(pg * size);
    return { rows: rows.map((r, i) => ({ rank: pg * size + i + 1, ...r })), page: pg, pages, total };
  }

  async playerGames(guildId: string, userId: string): Promise<PlayerGameRecord[]> {
    const currentSeasonOf = sql`coalesce((select ${seasons.season} from ${seasons} where ${seasons.guildId} = ${ratings.guildId} and ${seasons.game} = ${ratings.game}), ${FIRST_SEASON})`;
    const rows = await this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.userId, userId), eq(ratings.season, currentSeasonOf)))
      .orderBy(asc(ratings.game));
    const out: PlayerGameRecord[] = [];
    for (const r of rows) {
      out.push({
        game: r.game,
        season: r.season,
        name: r.name,
        mu: r.mu,
        sigma: r.sigma,
        ordinal: r.ordinal,
        games: r.games,
        wins: r.wins,
        streak: r.streak,
        rank: (await this.above(guildId, r.game, r.season, r.ordinal)) + 1,
        of: await this.boardCount(guildId, r.game, r.season),
      });
    }
    return out;
  }

  async playerTotals(guildId: string, userId: string): Promise<PlayerTotals | undefined> {
    const rows = await this.db
      .select({ games: playerTotals.games, wins: playerTotals.wins, name: playerTotals.name })
      .from(playerTotals)
      .where(and(eq(playerTotals.guildId, guildId), eq(playerTotals.userId, userId)));
    return rows[0];
  }

  recentGames(guildId: string, userId: string, limit = RECENT_GAMES): Promise<RecentGame[]> {
    return this.db
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
      .where(and(eq(results.guildId, guildId), eq(results.userId, userId)))
      .orderBy(desc(results.endedAt), desc(results.tableId))
      .limit(limit);
  }

  stoppedGames(guildId: string, userId: string, limit = RECENT_GAMES): Promise<StoppedGame[]> {
    return stoppedGamesQuery(this.db, TABLES, guildId, userId, limit);
  }
  finishedGamesOf(guildId: string, game: string, userIds: readonly string[]): Promise<FinishedGameKind[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return finishedGamesOfQuery(this.db, TABLES, guildId, game, userIds);
  }
  async finishedLessonsOf(guildId: string, game: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    return ((await finishedLessonsOfQuery(this.db, TABLES, guildId, game, userIds)) as { userId: string }[]).map((row) => row.userId);
  }


  // ---------------------------------------------------------------- settings and admin

  async guildDefaults(guildId: string): Promise<GuildDefaults> {
    return defaultsOf((await this.db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)))[0]);
  }

  async updateGuildDefaults(guildId: string, patch: GuildDefaultsPatch, by: string, now: number): Promise<GuildDefaults> {
    const { insert, update } = settingsUpsert(patch);
    const rows = await this.db
      .insert(guildSettings)
      .values({ guildId, ...insert, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { ...update, updatedAt: now, updatedBy: by } })
      .returning();
    return defaultsOf(rows[0]);
  }

  async guildLanguage(guildId: string): Promise<string | null> {
    const rows = await this.db.select({ language: guildSettings.language }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
    return rows[0]?.language ?? null;
  }

  async setGuildLanguage(guildId: string, language: string | null, by: string, now: number): Promise<void> {
    await this.db
      .insert(guildSettings)
      .values({ guildId, language, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { language, updatedAt: now, updatedBy: by } });
  }

  async userTextBoards(userId: string): Promise<boolean> {
    const rows = await this.db.select({ on: userSettings.textBoards }).from(userSettings).where(eq(userSettings.userId, userId));
    return rows[0]?.on ?? false;
  }

  async setUserTextBoards(userId: string, on: boolean, now: number): Promise<void> {
    await this.db
      .insert(userSettings)
      .values({ userId, textBoards: on, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { textBoards: on, updatedAt: now } });
  }

  async guildTextBoards(guildId: string): Promise<boolean> {
    const rows = await this.db.select({ on: guildSettings.textBoards }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
    return rows[0]?.on ?? false;
  }

  /** Runs in a transaction of its own on the store (MULTI_STATEMENT_WRITES) or in the caller's: the setting and the server's open tables. */
  async setGuildTextBoards(guildId: string, on: boolean, by: string, now: number): Promise<void> {
    await this.db
      .insert(guildSettings)
      .values({ guildId, textBoards: on, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { textBoards: on, updatedAt: now, updatedBy: by } });
    await openTablesTextBoardsQuery(this.db, TABLES, open, guildId, on);
  }

  async guildWatchSettings(guildId: string): Promise<GuildWatchSettings> {
    const rows = await this.db.select({ spectators: guildSettings.spectators, spectatorDelay: guildSettings.spectatorDelay, watchersSeeHands: guildSettings.watchersSeeHands, tournamentRoleId: guildSettings.tournamentRoleId }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
    return watchSettingsOf(rows[0]);
  }

  async setGuildWatchSettings(guildId: string, patch: Partial<GuildWatchSettings>, by: string, now: number): Promise<GuildWatchSettings> {
    const set = { ...watchSettingsPatch(patch), updatedAt: now, updatedBy: by };
    await this.db.insert(guildSettings).values({ guildId, ...set }).onConflictDoUpdate({ target: guildSettings.guildId, set });
    return this.guildWatchSettings(guildId);
  }

  async newerTableInChannel(channelId: string, afterId: number): Promise<TableRow | undefined> {
    const rows: TableRow[] = await newerTableInChannelQuery(this.db, TABLES, channelId, afterId);
    return rows[0];
  }


  async hostingRules(guildId: string): Promise<HostingRules> {
    const rows: { channelIds: string[] | null; hostRoleId: string | null }[] = await hostingRulesQuery(this.db, TABLES, guildId);
    return hostingRulesOf(rows[0]);
  }


  /** Runs in a transaction of its own on the store (MULTI_STATEMENT_WRITES) or in the caller's. */
  async updateHostingRules(guildId: string, patch: HostingPatch, by: string, now: number): Promise<HostingUpdate> {
    // Serialize patches of one server (the row may not exist yet, so FOR UPDATE cannot lock it).
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`guild_settings:${guildId}`}, 0))`);
    const applied = applyHostingPatch(await this.hostingRules(guildId), patch);
    if (!applied.ok) return applied;
    const set = { tableChannelIds: applied.channelIds, hostRoleId: applied.hostRoleId, updatedAt: now, updatedBy: by };
    await this.db.insert(guildSettings).values({ guildId, ...set }).onConflictDoUpdate({ target: guildSettings.guildId, set });
    return { ok: true, rules: await this.hostingRules(guildId), emptied: applied.emptied };
  }

  async recordAgainstBots(guildId: string, userId: string): Promise<VsBotRecord[]> {
    const result = await this.db.execute(sql`
      SELECT bot.bot_level AS level,
             COUNT(DISTINCT me.table_id) AS games,
             COUNT(DISTINCT CASE WHEN me.winner THEN me.table_id END) AS wins
        FROM results me
        JOIN results bot ON bot.table_id = me.table_id AND bot.bot_level IS NOT NULL
       WHERE me.guild_id = ${guildId} AND me.user_id = ${userId} AND me.bot_level IS NULL
       GROUP BY bot.bot_level`);
    return sortVsBots(result.rows as { level: string; games: unknown; wins: unknown }[]);
  }

  async storedData(userId: string): Promise<StoredData> {
    const counted = async (query: Query) => Number(((await query) as { n: number }[])[0]?.n ?? 0);
    const q = storedDataQueries(this.db, TABLES, userId);
    return {
      seats: await counted(q.seats),
      results: await counted(q.results),
      ratings: await counted(q.ratings),
      totals: await counted(q.totals),
      settings: await counted(q.settings),
      tournaments: (await this.tournamentsNaming(userId)).length,
    };
  }

  /** The tournaments that name `userId` as organiser or entrant, by id (locked `FOR UPDATE` when `lock`). */
  private async tournamentsNaming(userId: string, lock = false): Promise<TournamentPrivacyRow[]> {
    const query = tournamentsNamingQuery(this.db, TOURNAMENT_TABLES, userId);
    const rows = (await (lock ? query.for('update') : query)) as TournamentPrivacyRow[];
    return rows.filter((row) => namesUser(row, userId));
  }

  async openTournamentsOf(userId: string): Promise<OpenEntry[]> {
    return (await this.tournamentsNaming(userId)).flatMap((row) => openEntryOf(row, userId) ?? []);
  }


  openSeatsOf(userId: string): Promise<OpenSeat[]> {
    return openSeatsOfQuery(this.db, TABLES, open, userId);
  }


  /** Runs in a transaction of its own on the store (MULTI_STATEMENT_WRITES) or in the caller's. */
  async eraseUserData(userId: string): Promise<EraseOutcome> {
    // The user's seat rows stay locked until the end: nobody's join or leave races the erasure.
    await this.db.select({ tableId: seats.tableId }).from(seats).where(eq(seats.userId, userId)).for('update');
    // So are the tournaments naming them: no join, record or cancel changes one meanwhile.
    const named = await this.tournamentsNaming(userId, true);
    const openSeats = await this.openSeatsOf(userId);
    const openTournaments = named.flatMap((row) => openEntryOf(row, userId) ?? []);
    if (openSeats.length > 0 || openTournaments.length > 0) return { ok: false, openSeats, openTournaments };
    const erased = await this.storedData(userId);
    const erase = eraseUserDataQueries(this.db, TABLES, userId);
    const anonymisedTables = ((await erase.anonymisedTables) as { tableId: number }[]).map((row) => row.tableId);
    for (const step of erase.steps) await step;
    // Closed tournaments (open ones refused above): their entrant id and log rows.
    for (const row of named) {
      const { patch, entrantId } = anonymiseTournament(row, userId);
      await this.updateTournament(row.id, row.version, patch);
      for (const log of (await tournamentLogQuery(this.db, TOURNAMENT_TABLES, row.id)) as TournamentLogRow[]) {
        const changed = anonymiseLogRow(log, userId, entrantId);
        if (changed) await updateTournamentLogRowQuery(this.db, TOURNAMENT_TABLES, row.id, log.seq, changed);
      }
    }
    return { ok: true, erased, anonymisedTables };
  }


  async turnNotifyOf(userId: string): Promise<TurnNotify> {
    const rows: { mode: string }[] = await turnNotifyOfQuery(this.db, TABLES, userId);
    return rows[0]?.mode === 'dm' ? 'dm' : 'ping';
  }


  async setTurnNotify(userId: string, mode: TurnNotify, now: number): Promise<void> {
    await setTurnNotifyQuery(this.db, TABLES, userId, mode, now);
  }


  turnNotices(tableId: number): Promise<TurnNoticeRow[]> {
    return turnNoticesQuery(this.db, TABLES, tableId);
  }


  pendingReminders(filter: OpenTablesFilter = {}): Promise<DueReminder[]> {
    return pendingRemindersQuery(this.db, TABLES, openWhere(filter));
  }


  async putTurnNotice(row: TurnNoticeRow): Promise<void> {
    await putTurnNoticeQuery(this.db, TABLES, row);
  }


  async deleteTurnNotices(tableId: number, userIds?: readonly string[]): Promise<void> {
    await deleteTurnNoticesQuery(this.db, TABLES, tableId, userIds);
  }


  /** Runs in a transaction of its own on the store (MULTI_STATEMENT_WRITES) or in the caller's. */
  async savePanelTokens(rows: readonly PanelTokenRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += PANEL_TOKEN_ROWS) await savePanelTokensQuery(this.db, TABLES, rows.slice(i, i + PANEL_TOKEN_ROWS));
  }


  /** Runs in a transaction of its own on the store (MULTI_STATEMENT_WRITES) or in the caller's. */
  async takePanelTokens(tableIds: readonly number[], issuedAfter: number): Promise<PanelTokenRow[]> {
    const out: PanelTokenRow[] = [];
    for (const chunk of bulkChunks(tableIds.length > 0 ? tableIds : [0])) {
      const q = takePanelTokensQueries(this.db, TABLES, chunk, issuedAfter);
      out.push(...((await q.rows) as PanelTokenRow[]));
      await q.remove;
    }
    return out;
  }


  async adminTables(guildId: string, page: number, perPage: number): Promise<AdminTablesPage> {
    checkPageSize(perPage);
    const q = adminTablesQueries(this.db, TABLES, open, guildId);
    const total = Number(((await q.count) as { n: number }[])[0]?.n ?? 0);
    const { page: pg, pages } = clampAdminPage(page, total, perPage);
    const tables: TableRow[] = await q.page(pg, perPage);
    const entries = [];
    for (const table of tables) {
      entries.push({ table, seats: await this.seats(table.id), lastMoveAt: (await this.lastAction(table.id))?.at ?? null });
    }
    return { tables: entries, page: pg, pages, total };
  }

}
