/**
 * A player's stored data and its erasure (`/privacy show` and `/privacy delete`, README
 * "Privacy"). What the bot keeps about a Discord user, in every server: their seats at tables
 * (with the display name they had there), the action-log rows of their moves, their result
 * rows, their season ratings and lifetime totals (with their name), and their user id where
 * they hosted or ended a table, started a season or changed server settings.
 *
 * Erasing (`eraseUserData`) keeps other players' games whole: each of the user's seats in a
 * past game stays, anonymous — its user id becomes `anonymous:<seat>` in the seat row and the
 * result row alike (unique within a table, never a snowflake) and its name empty (boards then
 * say "former player"); their moves stay in the action log without their id, so a game still
 * replays from its seed, and other players' results and ratings do not change. Their own
 * ratings and lifetime totals rows are deleted, so no leaderboard shows them. Seats at
 * lobbies that never started are deleted. Everything runs in one transaction.
 *
 * Every function here is one small, synchronous better-sqlite3 read or write (like the rest of
 * src/ratings); each query selects by user id through an index (`seats_user`, the action
 * log's primary key) or scans a table once (results, ratings, totals).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../persistence/db.js';
import { OPEN_STATUSES } from '../persistence/repo.js';
import type { TableStatus } from '../persistence/schema.js';
import { actions, gameTables, guildSettings, playerTotals, ratings, results, seasons, seats } from '../persistence/schema.js';

/** The prefix of every user id written by an erasure (never a Discord snowflake). */
export const ANONYMOUS_USER_ID = 'anonymous';

/** The user id an erasure writes for seat `seat` (0-based) of a past table: `anonymous:<seat>`. */
export function anonymousSeatId(seat: number): string {
  return `${ANONYMOUS_USER_ID}:${seat}`;
}

/** True for a user id written by an erasure (`anonymous` or `anonymous:<seat>`). */
export function isAnonymousUserId(userId: string): boolean {
  return userId === ANONYMOUS_USER_ID || userId.startsWith(`${ANONYMOUS_USER_ID}:`);
}

/** How much the bot stores about one user, in every server (row counts). */
export interface StoredData {
  /** Seats at tables, open or closed (lobbies included). */
  seats: number;
  /** Result rows (their seats in finished games). */
  results: number;
  /** Season ratings (one per server, game and season). */
  ratings: number;
  /** Lifetime totals (one per server). */
  totals: number;
}

/** One open table (lobby or running game) where the user still has a seat (even one they left). */
export interface OpenSeat {
  tableId: number;
  guildId: string;
  channelId: string;
  /** Game id (e.g. 'suspicion'). */
  game: string;
  status: TableStatus;
  /** They left the running game: their seat is auto-played and becomes a result when it ends. */
  left: boolean;
}

/** The ids of the tables where `userId` has a seat, as a subquery. */
function tablesOf(db: Db, userId: string) {
  return db.select({ tableId: seats.tableId }).from(seats).where(eq(seats.userId, userId));
}

/** What the bot stores about `userId`, counted over every server. */
export function storedData(db: Db, userId: string): StoredData {
  const counted = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  return {
    seats: counted(db.select({ n: count() }).from(seats).where(eq(seats.userId, userId)).all()),
    results: counted(db.select({ n: count() }).from(results).where(eq(results.userId, userId)).all()),
    ratings: counted(db.select({ n: count() }).from(ratings).where(eq(ratings.userId, userId)).all()),
    totals: counted(db.select({ n: count() }).from(playerTotals).where(eq(playerTotals.userId, userId)).all()),
  };
}

/** True when nothing about `userId` is stored (every count is zero). */
export function nothingStored(data: StoredData): boolean {
  return data.seats === 0 && data.results === 0 && data.ratings === 0 && data.totals === 0;
}

/** Open tables (any server) where `userId` has a seat, oldest first. */
export function openSeatsOf(db: Db, userId: string): OpenSeat[] {
  return db
    .select({ tableId: gameTables.id, guildId: gameTables.guildId, channelId: gameTables.channelId, game: gameTables.game, status: gameTables.status, left: seats.left })
    .from(seats)
    .innerJoin(gameTables, eq(gameTables.id, seats.tableId))
    .where(and(eq(seats.userId, userId), inArray(gameTables.status, OPEN_STATUSES)))
    .orderBy(gameTables.id)
    .all();
}

/** Outcome of `eraseUserData`. */
export type EraseOutcome =
  /**
   * Erased: what there was (counted just before), and the closed tables with a board message
   * whose seats were made anonymous (ids ascending; their boards can be redrawn).
   */
  | { ok: true; erased: StoredData; anonymisedTables: number[] }
  /** Refused, nothing changed: the user sits at open tables (they must leave them, or let them end, first). */
  | { ok: false; openSeats: OpenSeat[] };

/**
 * Erase what the bot stores about `userId` in every server (see the module comment), in
 * one transaction — unless they still have a seat at an open table, whose result would
 * record them again: then nothing changes and those tables are returned. Running it again
 * finds nothing left to erase. Throws only on database errors (then nothing changed).
 */
export function eraseUserData(db: Db, userId: string): EraseOutcome {
  return db.transaction(() => {
    const open = openSeatsOf(db, userId);
    if (open.length > 0) return { ok: false as const, openSeats: open };
    const erased = storedData(db, userId);
    const anonymisedTables = db
      .select({ tableId: gameTables.id })
      .from(gameTables)
      .where(and(inArray(gameTables.id, tablesOf(db, userId)), sql`${gameTables.boardMessageId} is not null`))
      .orderBy(gameTables.id)
      .all()
      .map((row) => row.tableId);
    // Order matters: the action log is found through the seats, so it goes before them.
    db.update(actions).set({ userId: null }).where(and(inArray(actions.tableId, tablesOf(db, userId)), eq(actions.userId, userId))).run();
    db.update(results).set({ userId: sql`${ANONYMOUS_USER_ID} || ':' || ${results.seat}` }).where(eq(results.userId, userId)).run();
    db.delete(ratings).where(eq(ratings.userId, userId)).run();
    db.delete(playerTotals).where(eq(playerTotals.userId, userId)).run();
    // A seat of a lobby that never started has no seat number and nothing of a game to keep.
    db.delete(seats).where(and(eq(seats.userId, userId), sql`${seats.seat} is null`)).run();
    db.update(seats).set({ userId: sql`${ANONYMOUS_USER_ID} || ':' || ${seats.seat}`, displayName: '' }).where(eq(seats.userId, userId)).run();
    // Ids kept as "who did it": a closed table's host, who ended a table, started a season, changed settings.
    db.update(gameTables).set({ hostUserId: ANONYMOUS_USER_ID }).where(eq(gameTables.hostUserId, userId)).run();
    db.update(gameTables).set({ endedBy: null }).where(eq(gameTables.endedBy, userId)).run();
    db.update(seasons).set({ startedBy: null }).where(eq(seasons.startedBy, userId)).run();
    db.update(guildSettings).set({ updatedBy: null }).where(eq(guildSettings.updatedBy, userId)).run();
    return { ok: true as const, erased, anonymisedTables };
  });
}
