/**
 * Bookkeeping of the Discord messages of a table (src/tables/service.ts): the ids of its board
 * and of its latest ping, and the table version the board shows.
 */
import { TablePart } from './core.js';

/** The board and ping message ids of a table. */
export class TableMessages extends TablePart {
  /** Remember the id of the table's public message (lobby, then board). */
  setBoardMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { boardMessageId: messageId });
  }

  /** Remember that the board message now shows table `version`. */
  setBoardVersion(tableId: number, version: number): Promise<void> {
    return this.store.setMessageIds(tableId, { boardVersion: version });
  }

  /** Remember the id of the latest "your turn" ping message (to delete it later). */
  setPingMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { pingMessageId: messageId });
  }
}
