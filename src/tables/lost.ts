/**
 * Tables whose place is gone (docs/discord-conformance.md "Lifecycle events"): the bot was
 * removed from the server (GUILD_DELETE without `unavailable`),
 * the table's channel or thread was deleted (CHANNEL_DELETE, THREAD_DELETE, or Unknown Channel
 * on a request), or its thread was locked by a moderator. Such a table ends at once as
 * cancelled — not rated, still reviewable — its deadline timer stops, and its change says
 * `lost`, so the listeners send nothing more for it (a request there can only fail, and every
 * failure counts toward Discord's invalid-request limit). An outage (GUILD_DELETE with
 * `unavailable: true`) is not a loss: nothing changes.
 */
import { ok, TablePart } from './core.js';
import type { LostReason, ServiceResult, TableSnapshot } from './types.js';

/** Where tables were lost: a whole server, or some channels and threads. */
export type LostPlace = { guildId: string } | { channelIds: readonly string[] };

/** Ending the tables of a place the bot can no longer reach. */
export class TableLoss extends TablePart {
  /**
   * End open table `tableId` (lobby or game) because its place is gone (`reason`): status
   * cancelled with end reason `reason`, no deadline; listeners get a change with `ended` and
   * `lost`. Null when the table is unknown or already closed (nothing changes).
   */
  endLost(tableId: number, reason: LostReason): Promise<TableSnapshot | null> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot> | null> => {
        const table = await tx.lockTable(tableId);
        if (!table || (table.status !== 'lobby' && table.status !== 'active')) return null;
        const now = this.now();
        const updated = await tx.updateTable(tableId, table.version, {
          status: 'cancelled',
          endedAt: now,
          updatedAt: now,
          endReason: reason,
          endedBy: null,
          deadlineAt: null,
          deadlineStep: null,
        });
        return ok(await this.snapshotOf(tx, updated, await tx.seats(tableId)));
      },
      (result) => {
        if (!result?.ok) return;
        this.timers.disarm(tableId);
        this.log.info({ table: tableId, guild: result.value.table.guildId, channel: result.value.table.channelId, reason }, 'table ended: its place is gone');
        this.emit({ tableId, snapshot: result.value, ping: [], ended: true, lost: reason });
      },
    ).then((result) => (result?.ok ? result.value : null));
  }

  /**
   * End every open table of `place` (a server's, or those of some channels and threads) for
   * `reason`; resolves with the tables ended. Reads the server's open tables, or the open
   * table of each channel.
   */
  async endLostIn(place: LostPlace, reason: LostReason): Promise<TableSnapshot[]> {
    const ids =
      'guildId' in place
        ? (await this.store.openTables({ guildId: place.guildId })).map((table) => table.id)
        : (await Promise.all(place.channelIds.map((channelId) => this.store.openTableInChannel(channelId)))).flatMap((table) => (table ? [table.id] : []));
    const ended = await Promise.all(ids.map((id) => this.endLost(id, reason)));
    return ended.filter((snapshot): snapshot is TableSnapshot => snapshot !== null);
  }
}
