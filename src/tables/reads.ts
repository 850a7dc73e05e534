/**
 * The table service's reads (src/tables/service.ts): a table or the open table of a channel as
 * a snapshot, the open tables of this process or of a user, a user's open lesson, and a table looked up for an actor
 * without changing it. One read of the table and its seats each.
 */
import type { TableRow } from '../persistence/store/types.js';
import { fail, ok, TablePart } from './core.js';
import type { AnyLessonScript } from '../games/lesson.js';
import { isLesson, lessonScriptOf } from './lesson-rules.js';
import type { Actor, ServiceResult, TableSnapshot } from './types.js';

/** Reads of tables, without changing them. */
export class TableReads extends TablePart {
  /** Load a table with its seats, pending decision and results (undefined when unknown). */
  async snapshot(tableId: number): Promise<TableSnapshot | undefined> {
    const table = await this.store.table(tableId);
    return table ? this.snapshotOf(this.store, table, await this.store.seats(tableId)) : undefined;
  }

  /** The open (lobby or active) table in a channel, as a snapshot, if any. */
  async openTableInChannel(channelId: string): Promise<TableSnapshot | undefined> {
    const table = await this.store.openTableInChannel(channelId);
    return table ? this.snapshotOf(this.store, table, await this.store.seats(table.id)) : undefined;
  }

  /** The open tables of this process's shards (every open table without a shard filter), by id. */
  ownOpenTables(): Promise<TableRow[]> {
    return this.store.openTables(this.ownTables());
  }

  /**
   * Open tables in a guild where `userId` sits (not counting seats they left), most recently
   * updated first. Lessons are left out: they are private and `/<game> learn` reaches them
   * (docs/lessons.md; `openLessonOf`).
   */
  async openTablesOfUser(guildId: string, userId: string): Promise<TableRow[]> {
    return (await this.store.openTablesOfUser(guildId, userId)).filter((table) => !isLesson(table));
  }

  /** `userId`'s open lesson of `game` in a guild (of any version), as a snapshot, if any (docs/lessons.md). */
  async openLessonOf(guildId: string, userId: string, game: string): Promise<TableSnapshot | undefined> {
    const table = (await this.store.openTablesOfUser(guildId, userId)).find((row) => isLesson(row) && row.game === game && row.hostUserId === userId);
    return table ? this.snapshotOf(this.store, table, await this.store.seats(table.id)) : undefined;
  }

  /** The lesson script `table` plays (src/tables/lesson-rules.ts `lessonScriptOf`): null for a game table or an outdated lesson. */
  lessonScript(table: Pick<TableRow, 'lesson' | 'game'>): AnyLessonScript | null {
    return lessonScriptOf(this.registry, table);
  }

  /**
   * Load a table for `actor` without changing it (the rules of a lobby, a cancel prompt).
   * Refuses a table of another server (`no-table`) and, when `sameChannel`, a click from
   * another channel than the table's (`other-channel`).
   */
  async lookUp(tableId: number, actor: Actor, opts: { sameChannel?: boolean } = {}): Promise<ServiceResult<TableSnapshot>> {
    // The table and its seats at once: one round trip instead of two on PostgreSQL's pool.
    const [table, seats] = await Promise.all([this.store.table(tableId), this.store.seats(tableId)]);
    const refused = this.authorise(table, actor, opts.sameChannel ?? false);
    if (refused || !table) return fail(refused ?? { code: 'no-table' });
    return ok(await this.snapshotOf(this.store, table, seats));
  }
}
