/**
 * A player's own preferences, written through the table service (docs/architecture.md §8): the
 * text version of their private panels (README "Pictures": the panel's "📝 Text version" and
 * "🖼️ Pictures" buttons) and how turn-based tables tell them it is their move (README
 * "Turn-based tables", `/games notify`). They change no game state, so they take no table
 * lock; a panel's setting is read back with the seats of every table read (`SeatRow.textPanels`),
 * so no click and no panel refresh reads it on its own.
 */
import type { TurnNotify } from '../persistence/store/types.js';
import { fail, ok, TablePart } from './core.js';
import type { Actor, ServiceResult, TableSnapshot } from './types.js';

/** A player's preferences. */
export class PlayerPreferences extends TablePart {
  /**
   * The panel's switch between pictures and text (`on`: text) for `actor`, clicked on a panel
   * of table `tableId`: refused like a look-up (`no-table` for a table of another server; then
   * nothing is written), else stored and answered with the table as read, the actor's seat
   * carrying the new setting. One read of the table and its seats, one write.
   */
  async setTextPanels(tableId: number, actor: Actor, on: boolean): Promise<ServiceResult<TableSnapshot>> {
    const [table, seats] = await Promise.all([this.store.table(tableId), this.store.seats(tableId)]);
    const refused = this.authorise(table, actor, false);
    if (refused || !table) return fail(refused ?? { code: 'no-table' });
    await this.store.setUserTextBoards(actor.userId, on, this.now());
    const withSetting = seats.map((row) => (row.userId === actor.userId ? { ...row, textPanels: on } : row));
    return ok(await this.snapshotOf(this.store, table, withSetting));
  }

  /** Whether `userId` asked for text panels (for what is drawn outside a table read: `/history`'s review). */
  textPanels(userId: string): Promise<boolean> {
    return this.store.userTextBoards(userId);
  }

  /** How turn-based tables tell `userId` it is their move (`/games notify`). */
  setTurnNotify(userId: string, mode: TurnNotify): Promise<void> {
    return this.store.setTurnNotify(userId, mode, this.now());
  }
}
