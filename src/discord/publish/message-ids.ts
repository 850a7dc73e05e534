/**
 * Bookkeeping of a table's Discord messages, owned by the Discord wing (docs/architecture.md §5):
 * the id of its public message (lobby, then board), the table version that board shows, and the
 * id of its latest "your turn" ping (deleted once the decision closes). Stored with the table
 * (`game_tables` columns) straight through the Store: they change no game state, so they take
 * no table lock, no queue and no version bump — the table service never reads them to decide.
 */
import type { Store } from '../../persistence/store/types.js';

/** The message ids of the tables this process publishes. */
export class MessageIds {
  constructor(private readonly store: Pick<Store, 'setMessageIds'>) {}

  /** Remember the id of the table's public message (lobby, then board); null = none. */
  setBoardMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { boardMessageId: messageId });
  }

  /** Remember that the board message now shows table `version`. */
  setBoardVersion(tableId: number, version: number): Promise<void> {
    return this.store.setMessageIds(tableId, { boardVersion: version });
  }

  /** Remember the id of the latest "your turn" ping message (to delete it later); null = none. */
  setPingMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { pingMessageId: messageId });
  }
}
