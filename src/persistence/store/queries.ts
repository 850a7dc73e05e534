/**
 * Query logic both stores share (README "Architecture": one Store, two dialects): the drizzle
 * queries that are the same statement on SQLite and on PostgreSQL, built once here from the
 * dialect's database and schema (both schemas name their tables and columns alike). Each
 * function returns the query unexecuted; the SQLite store runs it synchronously under its lock
 * (`.all()`, `.get()`, `.run()`), the PostgreSQL store awaits it. What genuinely differs stays
 * in each store: transactions and locks (better-sqlite3's immediate transaction vs `FOR
 * UPDATE` and advisory locks), upserts of many rows, the shard predicate (`glob` vs a regular
 * expression), prepared hot queries on SQLite, driver errors and result types (PostgreSQL's
 * `count` is a bigint string).
 */
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type * as pgSchema from '../pg/schema.js';
import type * as sqliteSchema from '../schema.js';
import { ANONYMOUS_USER_ID, type PanelTokenRow, type TurnNoticeRow, type TurnNotify } from './types.js';

/** The tables the shared queries use. */
type TableName = 'actions' | 'gameTables' | 'guildSettings' | 'panelTokens' | 'playerTotals' | 'ratings' | 'results' | 'seasons' | 'seats' | 'turnNotices' | 'userSettings';
/** One dialect's schema (`src/persistence/schema.ts` or `src/persistence/pg/schema.ts`). */
export type StoreTables = Pick<typeof sqliteSchema, TableName> | Pick<typeof pgSchema, TableName>;

/**
 * A drizzle query of either dialect, not yet executed. The two dialects' builders have
 * different types, so they are untyped here; each store states the rows it gets back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Query = any;

/** The query-builder entry points both drizzle dialects offer (`BetterSQLite3Database`, `NodePgDatabase`). */
export interface QueryDb {
  select(fields?: object): Query;
  selectDistinct(fields: object): Query;
  insert(table: object): Query;
  update(table: object): Query;
  delete(table: object): Query;
}

/** The open tables where `userId` has a seat (privacy: an erasure is refused while there is one), by table id. `open`: the open-status predicate. */
export function openSeatsOfQuery(db: QueryDb, t: StoreTables, open: SQL, userId: string): Query {
  const { gameTables, seats } = t;
  return db
    .select({ tableId: gameTables.id, guildId: gameTables.guildId, channelId: gameTables.channelId, game: gameTables.game, status: gameTables.status, left: seats.left })
    .from(seats)
    .innerJoin(gameTables, eq(gameTables.id, seats.tableId))
    .where(and(eq(seats.userId, userId), open))
    .orderBy(asc(gameTables.id));
}

/** How many rows of each kind name `userId` (README "Privacy": `/privacy show`): one count query each, `{ n }` rows. */
export function storedDataQueries(db: QueryDb, t: StoreTables, userId: string): { seats: Query; results: Query; ratings: Query; totals: Query; settings: Query } {
  return {
    seats: db.select({ n: count() }).from(t.seats).where(eq(t.seats.userId, userId)),
    results: db.select({ n: count() }).from(t.results).where(eq(t.results.userId, userId)),
    ratings: db.select({ n: count() }).from(t.ratings).where(eq(t.ratings.userId, userId)),
    totals: db.select({ n: count() }).from(t.playerTotals).where(eq(t.playerTotals.userId, userId)),
    settings: db.select({ n: count() }).from(t.userSettings).where(eq(t.userSettings.userId, userId)),
  };
}

/**
 * The erasure of `userId` (README "Privacy": `/privacy delete`), to run in one transaction
 * after the open-seat check: `anonymisedTables` (the ids of their tables with a board, to
 * redraw; `{ tableId }` rows) and then `steps`, in this order.
 */
export function eraseUserDataQueries(db: QueryDb, t: StoreTables, userId: string): { anonymisedTables: Query; steps: Query[] } {
  const { actions, gameTables, guildSettings, panelTokens, playerTotals, ratings, results, seasons, seats, turnNotices, userSettings } = t;
  const tablesOf = () => db.select({ tableId: seats.tableId }).from(seats).where(eq(seats.userId, userId));
  return {
    anonymisedTables: db
      .select({ tableId: gameTables.id })
      .from(gameTables)
      .where(and(inArray(gameTables.id, tablesOf()), sql`${gameTables.boardMessageId} is not null`))
      .orderBy(asc(gameTables.id)),
    steps: [
      // Order matters: the action log is found through the seats, so it goes before them.
      db.update(actions).set({ userId: null }).where(and(inArray(actions.tableId, tablesOf()), eq(actions.userId, userId))),
      db.update(results).set({ userId: sql`${ANONYMOUS_USER_ID} || ':' || ${results.seat}` }).where(eq(results.userId, userId)),
      db.delete(ratings).where(eq(ratings.userId, userId)),
      db.delete(playerTotals).where(eq(playerTotals.userId, userId)),
      // A seat of a lobby that never started has no seat number and nothing of a game to keep.
      db.delete(seats).where(and(eq(seats.userId, userId), sql`${seats.seat} is null`)),
      db.update(seats).set({ userId: sql`${ANONYMOUS_USER_ID} || ':' || ${seats.seat}`, displayName: '' }).where(eq(seats.userId, userId)),
      // Ids kept as "who did it": a closed table's host, who ended a table, started a season, changed settings.
      db.update(gameTables).set({ hostUserId: ANONYMOUS_USER_ID }).where(eq(gameTables.hostUserId, userId)),
      db.update(gameTables).set({ endedBy: null }).where(eq(gameTables.endedBy, userId)),
      db.update(seasons).set({ startedBy: null }).where(eq(seasons.startedBy, userId)),
      db.update(guildSettings).set({ updatedBy: null }).where(eq(guildSettings.updatedBy, userId)),
      db.delete(userSettings).where(eq(userSettings.userId, userId)),
      db.delete(turnNotices).where(eq(turnNotices.userId, userId)),
      db.delete(panelTokens).where(eq(panelTokens.userId, userId)),
    ],
  };
}

/**
 * `userId`'s last `limit` games in `guildId` that started and were stopped before their end
 * (status `cancelled` with a seed: cancelled by the host or an admin, or abandoned — README
 * "Review a game"), newest first (ties: higher table id first); `StoppedGame` rows. A lobby that
 * never started has no seed and is not one, and a lesson is no game (docs/lessons.md).
 */
export function stoppedGamesQuery(db: QueryDb, t: StoreTables, guildId: string, userId: string, limit: number): Query {
  const { gameTables, seats } = t;
  return db
    .select({
      tableId: gameTables.id,
      game: gameTables.game,
      endReason: gameTables.endReason,
      left: seats.left,
      // Qualified by hand, as in recentGames: the subquery's own alias must not capture the outer row.
      players: sql<number>`(select count(*) from "seats" as x where x."table_id" = ${gameTables.id} and x."seat" is not null)`.mapWith(Number),
      endedAt: gameTables.endedAt,
    })
    .from(seats)
    .innerJoin(gameTables, eq(gameTables.id, seats.tableId))
    .where(and(eq(seats.userId, userId), sql`${seats.seat} is not null`, eq(gameTables.guildId, guildId), eq(gameTables.status, 'cancelled'), sql`${gameTables.seed} is not null`, sql`${gameTables.endedAt} is not null`, isNull(gameTables.lesson)))
    .orderBy(desc(gameTables.endedAt), desc(gameTables.id))
    .limit(limit);
}

/**
 * What `userIds` have finished of `game` in `guildId` (docs/lessons.md "First table of a game"):
 * one row per user and distinct options and player count of their finished games (`{ userId,
 * options, players }`; a seat a bot played has no user of its own). A user with no row has not
 * finished a game of it. Found through the `results_user_ended` index (guild, user).
 */
export function finishedGamesOfQuery(db: QueryDb, t: StoreTables, guildId: string, game: string, userIds: readonly string[]): Query {
  const { gameTables, results } = t;
  return db
    .selectDistinct({
      userId: results.userId,
      // As text: PostgreSQL's `json` has no equality for DISTINCT (SQLite stores text anyway).
      options: sql<unknown>`cast(${gameTables.options} as text)`.mapWith((raw: string) => JSON.parse(raw) as unknown),
      // Qualified by hand, as in recentGames: the subquery's own alias must not capture the outer row.
      players: sql<number>`(select count(*) from "results" as x where x."table_id" = "results"."table_id")`.mapWith(Number),
    })
    .from(results)
    .innerJoin(gameTables, eq(gameTables.id, results.tableId))
    .where(and(eq(results.guildId, guildId), inArray(results.userId, [...userIds]), eq(results.game, game), isNull(results.botLevel)));
}

/**
 * Which of `userIds` have played `game`'s lesson to its end in `guildId` (docs/lessons.md "First
 * table of a game"): a lesson table (any version of the script) they opened that closed with end
 * reason `lesson-done` (src/tables/lesson-rules.ts LESSON_DONE_REASON; a lesson left or idle is
 * not finished). One row (`{ userId }`) per such user. Found through `game_tables_guild_status`.
 */
export function finishedLessonsOfQuery(db: QueryDb, t: StoreTables, guildId: string, game: string, userIds: readonly string[]): Query {
  const { gameTables } = t;
  return db
    .selectDistinct({ userId: gameTables.hostUserId })
    .from(gameTables)
    .where(
      and(
        eq(gameTables.guildId, guildId),
        eq(gameTables.status, 'cancelled'),
        eq(gameTables.game, game),
        inArray(gameTables.hostUserId, [...userIds]),
        sql`${gameTables.lesson} is not null`,
        eq(gameTables.endReason, 'lesson-done'),
      ),
    );
}

/** The next table opened in `channelId` after table `afterId` (Play again on an old board; lessons are not the channel's), at most one row. */
export function newerTableInChannelQuery(db: QueryDb, t: StoreTables, channelId: string, afterId: number): Query {
  const { gameTables } = t;
  return db
    .select()
    .from(gameTables)
    .where(and(gt(gameTables.id, afterId), eq(gameTables.channelId, channelId), isNull(gameTables.lesson)))
    .orderBy(asc(gameTables.id))
    .limit(1);
}

/** A server's hosting rules row (`{ channelIds, hostRoleId }`; none = the defaults). */
export function hostingRulesQuery(db: QueryDb, t: StoreTables, guildId: string): Query {
  const { guildSettings } = t;
  return db.select({ channelIds: guildSettings.tableChannelIds, hostRoleId: guildSettings.hostRoleId }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
}

/** `userId`'s turn-notification setting row (`{ mode }`; none = 'ping'). */
export function turnNotifyOfQuery(db: QueryDb, t: StoreTables, userId: string): Query {
  const { userSettings } = t;
  return db.select({ mode: userSettings.turnNotify }).from(userSettings).where(eq(userSettings.userId, userId));
}

/** Store `userId`'s turn-notification setting (`/games notify:`). */
export function setTurnNotifyQuery(db: QueryDb, t: StoreTables, userId: string, mode: TurnNotify, now: number): Query {
  const { userSettings } = t;
  return db
    .insert(userSettings)
    .values({ userId, turnNotify: mode, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { turnNotify: mode, updatedAt: now } });
}

/** The turn notices of a table, by user id. */
export function turnNoticesQuery(db: QueryDb, t: StoreTables, tableId: number): Query {
  const { turnNotices } = t;
  return db.select().from(turnNotices).where(eq(turnNotices.tableId, tableId)).orderBy(asc(turnNotices.userId));
}

/** The reminders still to send at the open tables `openWhere` selects, soonest first. */
export function pendingRemindersQuery(db: QueryDb, t: StoreTables, openWhere: SQL[]): Query {
  const { gameTables, turnNotices } = t;
  // Flat rows of one table (no join mapping): the open tables of the filter as a subquery.
  const openIds = db.select({ id: gameTables.id }).from(gameTables).where(and(...openWhere));
  return db
    .select({ tableId: turnNotices.tableId, userId: turnNotices.userId, remindAt: sql<number>`${turnNotices.remindAt}`.mapWith(Number) })
    .from(turnNotices)
    .where(and(sql`${turnNotices.remindAt} is not null`, inArray(turnNotices.tableId, openIds)))
    .orderBy(asc(turnNotices.remindAt));
}

/** Insert or replace the turn notice of (`row.tableId`, `row.userId`). */
export function putTurnNoticeQuery(db: QueryDb, t: StoreTables, row: TurnNoticeRow): Query {
  const { turnNotices } = t;
  const { tableId: _t, userId: _u, ...rest } = row;
  return db.insert(turnNotices).values(row).onConflictDoUpdate({ target: [turnNotices.tableId, turnNotices.userId], set: rest });
}

/** Delete a table's turn notices (only those of `userIds` when given). */
export function deleteTurnNoticesQuery(db: QueryDb, t: StoreTables, tableId: number, userIds?: readonly string[]): Query {
  const { turnNotices } = t;
  const where = userIds ? and(eq(turnNotices.tableId, tableId), inArray(turnNotices.userId, [...userIds])) : eq(turnNotices.tableId, tableId);
  return db.delete(turnNotices).where(where);
}

/** Insert or replace saved panels (`rows` not empty), by (table, user). */
export function savePanelTokensQuery(db: QueryDb, t: StoreTables, rows: readonly PanelTokenRow[]): Query {
  const { panelTokens } = t;
  const set = (column: string) => sql.raw(`excluded."${column}"`);
  return db
    .insert(panelTokens)
    .values([...rows])
    .onConflictDoUpdate({
      target: [panelTokens.tableId, panelTokens.userId],
      set: { messageId: set('message_id'), applicationId: set('application_id'), token: set('token'), issuedAt: set('issued_at'), locale: set('locale'), messageRef: set('message_ref') },
    });
}

/** `takePanelTokens`: the rows to return (`tableIds` one chunk, not empty), and the deletion of those and of every expired row. */
export function takePanelTokensQueries(db: QueryDb, t: StoreTables, tableIds: readonly number[], issuedAfter: number): { rows: Query; remove: Query } {
  const { panelTokens } = t;
  return {
    rows: db
      .select()
      .from(panelTokens)
      .where(and(inArray(panelTokens.tableId, [...tableIds]), gt(panelTokens.issuedAt, issuedAfter)))
      .orderBy(asc(panelTokens.tableId), asc(panelTokens.userId)),
    remove: db.delete(panelTokens).where(or(inArray(panelTokens.tableId, [...tableIds]), lte(panelTokens.issuedAt, issuedAfter))),
  };
}

/** `/admin tables`: the number of a server's open tables (`{ n }`), and one page of them by id (page 1 first). `open`: the open-status predicate. */
export function adminTablesQueries(db: QueryDb, t: StoreTables, open: SQL, guildId: string): { count: Query; page: (page: number, perPage: number) => Query } {
  const { gameTables } = t;
  // Lessons are private and not their channel's table (docs/lessons.md): not listed.
  const where = and(open, eq(gameTables.guildId, guildId), isNull(gameTables.lesson));
  return {
    count: db.select({ n: count() }).from(gameTables).where(where),
    page: (page, perPage) =>
      db
        .select()
        .from(gameTables)
        .where(where)
        .orderBy(asc(gameTables.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
  };
}

// ---------------------------------------------------------------- tables, seats, actions, results

/** The seats' order in every read: by seat number (lobby seats, which have none, last), then join time and user id. */
function seatOrder(t: StoreTables): SQL[] {
  const { seats } = t;
  return [sql`coalesce(${seats.seat}, 1000000)`, asc(seats.joinedAt), asc(seats.userId)];
}

/** The open tables `openWhere` selects, by id. */
export function openTablesQuery(db: QueryDb, t: StoreTables, openWhere: SQL[]): Query {
  const { gameTables } = t;
  return db
    .select()
    .from(gameTables)
    .where(and(...openWhere))
    .orderBy(asc(gameTables.id));
}

/** The heads (no game state) of the open tables `openWhere` selects, by id: what start-up recovery reads first. */
export function openTableHeadsQuery(db: QueryDb, t: StoreTables, openWhere: SQL[]): Query {
  const { gameTables } = t;
  return db
    .select({
      id: gameTables.id,
      guildId: gameTables.guildId,
      channelId: gameTables.channelId,
      status: gameTables.status,
      deadlineAt: gameTables.deadlineAt,
      version: gameTables.version,
      boardVersion: gameTables.boardVersion,
      lesson: gameTables.lesson,
      // Qualified by hand: drizzle prints a lone table's columns unqualified.
      hasBotSeat: sql<boolean>`exists (select 1 from "seats" as s where s."table_id" = "game_tables"."id" and s."bot_level" is not null)`.mapWith(Boolean),
    })
    .from(gameTables)
    .where(and(...openWhere))
    .orderBy(asc(gameTables.id));
}

/** One chunk of a bulk read (`bulkChunks`): the tables with these ids, and their seats, each by table id. */
export function tablesWithSeatsQueries(db: QueryDb, t: StoreTables, ids: number[]): { tables: Query; seats: Query } {
  const { gameTables, seats } = t;
  return {
    tables: db.select().from(gameTables).where(inArray(gameTables.id, ids)).orderBy(asc(gameTables.id)),
    seats: seatsRead(db, t)
      .where(inArray(seats.tableId, ids))
      .orderBy(asc(seats.tableId), ...seatOrder(t)),
  };
}

/**
 * Every read of seats: the seat rows with each seated user's text-panels setting
 * (`textPanels`, user_settings, README "Pictures") joined in — the one read of a table's seats
 * brings what its panels need, so a click or a panel refresh never reads the user's settings.
 */
export function seatsRead(db: QueryDb, t: StoreTables): Query {
  const { seats, userSettings } = t;
  return db
    .select({ ...getTableColumns(seats), textPanels: sql<boolean>`coalesce(${userSettings.textBoards}, false)`.mapWith(Boolean) })
    .from(seats)
    .leftJoin(userSettings, eq(userSettings.userId, seats.userId));
}

/** The open tables of a guild where `userId` sits and has not left, most recently updated first (`{ t }` rows). */
export function openTablesOfUserQuery(db: QueryDb, t: StoreTables, open: SQL, guildId: string, userId: string): Query {
  const { gameTables, seats } = t;
  return db
    .select({ t: gameTables })
    .from(gameTables)
    .innerJoin(seats, eq(seats.tableId, gameTables.id))
    .where(and(eq(gameTables.guildId, guildId), open, eq(seats.userId, userId), eq(seats.left, false)))
    .orderBy(desc(gameTables.updatedAt), desc(gameTables.id));
}

/** The open tables whose deadline is at or before `now` (Unix ms), soonest first, at most `limit`; `where`: open status and shard predicates. PostgreSQL adds its row locks. */
export function dueDeadlinesQuery(db: QueryDb, t: StoreTables, where: SQL[], now: number, limit: number): Query {
  const { gameTables } = t;
  return db
    .select()
    .from(gameTables)
    .where(and(...where, lte(gameTables.deadlineAt, now)))
    .orderBy(asc(gameTables.deadlineAt), asc(gameTables.id))
    .limit(limit);
}

/**
 * Insert a table, returning its row. Unless `values` says otherwise, the table takes its
 * server's text-boards setting (guild_settings) in the same statement.
 */
export function insertTableQuery(db: QueryDb, t: StoreTables, values: object): Query {
  const { guildSettings } = t;
  const guildId = (values as { guildId: string }).guildId;
  const textBoards = sql`coalesce((select ${guildSettings.textBoards} from ${guildSettings} where ${guildSettings.guildId} = ${guildId}), false)`;
  return db.insert(t.gameTables).values('textBoards' in values ? values : { ...values, textBoards }).returning();
}

/** Draw the boards of `guildId`'s open tables (`open`: the open-status predicate) as text (`on`) or pictures: what its text-boards setting's write does with them. */
export function openTablesTextBoardsQuery(db: QueryDb, t: StoreTables, open: SQL, guildId: string, on: boolean): Query {
  const { gameTables } = t;
  return db
    .update(gameTables)
    .set({ textBoards: on })
    .where(and(eq(gameTables.guildId, guildId), open));
}

/** Write `patch` to table `id` only if it is still at `expectedVersion`, bumping the version; returns the new row, or none on a conflict. */
export function updateTableQuery(db: QueryDb, t: StoreTables, id: number, expectedVersion: number, patch: object): Query {
  const { gameTables } = t;
  return db
    .update(gameTables)
    .set({ ...patch, version: expectedVersion + 1 })
    .where(and(eq(gameTables.id, id), eq(gameTables.version, expectedVersion)))
    .returning();
}

/** Write the message ids of table `id` (`set`: only the defined fields; not empty). */
export function setMessageIdsQuery(db: QueryDb, t: StoreTables, id: number, set: object): Query {
  const { gameTables } = t;
  return db.update(gameTables).set(set).where(eq(gameTables.id, id));
}

/** The seats of a table, in seat order. */
export function seatsQuery(db: QueryDb, t: StoreTables, tableId: number): Query {
  return seatsRead(db, t)
    .where(eq(t.seats.tableId, tableId))
    .orderBy(...seatOrder(t));
}

/** Insert a seat. */
export function insertSeatQuery(db: QueryDb, t: StoreTables, values: object): Query {
  return db.insert(t.seats).values(values);
}

/** Delete `userId`'s seat at a table. */
export function deleteSeatQuery(db: QueryDb, t: StoreTables, tableId: number, userId: string): Query {
  const { seats } = t;
  return db.delete(seats).where(and(eq(seats.tableId, tableId), eq(seats.userId, userId)));
}

/** Write `set` (only the defined fields; not empty) to `userId`'s seat at a table. */
export function updateSeatQuery(db: QueryDb, t: StoreTables, tableId: number, userId: string, set: object): Query {
  const { seats } = t;
  return db
    .update(seats)
    .set(set)
    .where(and(eq(seats.tableId, tableId), eq(seats.userId, userId)));
}

/** Append one row to a table's action log. */
export function appendActionQuery(db: QueryDb, t: StoreTables, values: object): Query {
  return db.insert(t.actions).values(values);
}

/** A table's action log, in order. */
export function actionsQuery(db: QueryDb, t: StoreTables, tableId: number): Query {
  const { actions } = t;
  return db.select().from(actions).where(eq(actions.tableId, tableId)).orderBy(asc(actions.seq));
}

/** Insert the results of a finished table (not empty). */
export function insertResultsQuery(db: QueryDb, t: StoreTables, rows: readonly object[]): Query {
  return db.insert(t.results).values([...rows]);
}

/** The results of a table, by seat. */
export function resultsQuery(db: QueryDb, t: StoreTables, tableId: number): Query {
  const { results } = t;
  return db.select().from(results).where(eq(results.tableId, tableId)).orderBy(asc(results.seat));
}
