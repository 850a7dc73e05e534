/**
 * Synchronous data access for tables, seats, the action log and results. better-sqlite3 is
 * synchronous, so a caller can read, apply a game action and write inside one
 * `db.transaction` without an `await` in between (DESIGN.md §4).
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from './db.js';
import { actions, gameTables, results, seats, type TableStatus } from './schema.js';

/** A row of `game_tables`. */
export type TableRow = typeof gameTables.$inferSelect;
/** A row of `seats`. */
export type SeatRow = typeof seats.$inferSelect;
/** A row of `actions`. */
export type ActionRow = typeof actions.$inferSelect;
/** A row of `results`. */
export type ResultRow = typeof results.$inferSelect;

/** Thrown when a guarded update finds another version than expected (a programming error). */
export class VersionConflictError extends Error {
  constructor(tableId: number, expected: number) {
    super(`table ${tableId}: expected version ${expected}, found another`);
  }
}

/** Statuses of tables that are still open (one per channel at most). */
export const OPEN_STATUSES: TableStatus[] = ['lobby', 'active'];

/** Data access for the table service. Every method is synchronous. */
export class TableRepo {
  constructor(readonly db: Db) {}

  /** Run `fn` in one SQLite transaction (committed when it returns, rolled back if it throws). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(() => fn());
  }

  /** The table with `id`, or undefined. */
  table(id: number): TableRow | undefined {
    return this.db.select().from(gameTables).where(eq(gameTables.id, id)).get();
  }

  /** The open (lobby or active) table in a channel, if any. */
  openTableInChannel(channelId: string): TableRow | undefined {
    return this.db
      .select()
      .from(gameTables)
      .where(and(eq(gameTables.channelId, channelId), inArray(gameTables.status, OPEN_STATUSES)))
      .get();
  }

  /**
   * The first table opened in `channelId` after table `afterId` (any status), if any: a
   * finished board's Play again is out of date once there is one. Walks the primary key
   * from `afterId` on, so a recent board is cheap to check.
   */
  newerTableInChannel(channelId: string, afterId: number): TableRow | undefined {
    return this.db
      .select()
      .from(gameTables)
      .where(and(gt(gameTables.id, afterId), eq(gameTables.channelId, channelId)))
      .orderBy(asc(gameTables.id))
      .limit(1)
      .get();
  }

  /** Every open table (start-up recovery, admin listing when `guildId` is given). */
  openTables(guildId?: string): TableRow[] {
    const open = inArray(gameTables.status, OPEN_STATUSES);
    return this.db
      .select()
      .from(gameTables)
      .where(guildId ? and(open, eq(gameTables.guildId, guildId)) : open)
      .orderBy(asc(gameTables.id))
      .all();
  }

  /** Open tables in a guild where `userId` sits (not counting seats they left). */
  openTablesOfUser(guildId: string, userId: string): TableRow[] {
    return this.db
      .select({ table: gameTables })
      .from(gameTables)
      .innerJoin(seats, eq(seats.tableId, gameTables.id))
      .where(
        and(
          eq(gameTables.guildId, guildId),
          inArray(gameTables.status, OPEN_STATUSES),
          eq(seats.userId, userId),
          eq(seats.left, false),
        ),
      )
      .orderBy(desc(gameTables.updatedAt))
      .all()
      .map((row) => row.table);
  }

  /** Insert a new table; returns its row. */
  insertTable(values: typeof gameTables.$inferInsert): TableRow {
    return this.db.insert(gameTables).values(values).returning().get();
  }

  /**
   * Update a table if its version is still `expectedVersion`, bumping the version.
   * Throws VersionConflictError otherwise.
   */
  updateTable(id: number, expectedVersion: number, patch: Partial<typeof gameTables.$inferInsert>): TableRow {
    const row = this.db
      .update(gameTables)
      .set({ ...patch, version: expectedVersion + 1 })
      .where(and(eq(gameTables.id, id), eq(gameTables.version, expectedVersion)))
      .returning()
      .get();
    if (!row) throw new VersionConflictError(id, expectedVersion);
    return row;
  }

  /** Set fields that are not part of the game state (message ids, board version) without a version bump. */
  setMessageIds(id: number, patch: { boardMessageId?: string | null; pingMessageId?: string | null; boardVersion?: number }): void {
    this.db.update(gameTables).set(patch).where(eq(gameTables.id, id)).run();
  }

  /** Seats of a table: by seat number once started, by join order in the lobby. */
  seats(tableId: number): SeatRow[] {
    return this.db
      .select()
      .from(seats)
      .where(eq(seats.tableId, tableId))
      .orderBy(sql`coalesce(${seats.seat}, 1000000)`, asc(seats.joinedAt), asc(seats.userId))
      .all();
  }

  /** Add a player to a lobby. */
  insertSeat(values: typeof seats.$inferInsert): void {
    this.db.insert(seats).values(values).run();
  }

  /** Remove a player from a lobby. */
  deleteSeat(tableId: number, userId: string): void {
    this.db.delete(seats).where(and(eq(seats.tableId, tableId), eq(seats.userId, userId))).run();
  }

  /** Update one player's seat row. */
  updateSeat(tableId: number, userId: string, patch: Partial<typeof seats.$inferInsert>): void {
    this.db
      .update(seats)
      .set(patch)
      .where(and(eq(seats.tableId, tableId), eq(seats.userId, userId)))
      .run();
  }

  /** Append one entry to the action log. */
  appendAction(values: typeof actions.$inferInsert): void {
    this.db.insert(actions).values(values).run();
  }

  /** The whole action log of a table, in order. */
  actions(tableId: number): ActionRow[] {
    return this.db.select().from(actions).where(eq(actions.tableId, tableId)).orderBy(asc(actions.seq)).all();
  }

  /** The newest entry of a table's action log, if any. */
  lastAction(tableId: number): ActionRow | undefined {
    return this.db.select().from(actions).where(eq(actions.tableId, tableId)).orderBy(desc(actions.seq)).limit(1).get();
  }

  /** When a player (not a timeout or auto-play) last acted at a table (Unix ms), if ever. */
  lastPlayerActionAt(tableId: number): number | undefined {
    return this.db
      .select({ at: actions.at })
      .from(actions)
      .where(and(eq(actions.tableId, tableId), eq(actions.kind, 'player')))
      .orderBy(desc(actions.seq))
      .limit(1)
      .get()?.at;
  }

  /** Store the final result rows of a table. */
  insertResults(rows: (typeof results.$inferInsert)[]): void {
    if (rows.length > 0) this.db.insert(results).values(rows).run();
  }

  /** Result rows of a table, by seat. */
  results(tableId: number): ResultRow[] {
    return this.db.select().from(results).where(eq(results.tableId, tableId)).orderBy(asc(results.seat)).all();
  }
}
