/**
 * A player's record against the AI players (README "AI players", `/stats`): per bot level,
 * the finished games they played at a table with at least one bot of that level, and how
 * many of those they won. Read from the stored results by the Store's `recordAgainstBots`
 * (bots are never rated, so this is the only record of games against them).
 */
import type { StoreReads, VsBotRecord } from '../persistence/store/types.js';

export type { VsBotRecord };

/** `userId`'s record against each bot level in `guildId`, weakest level first; empty when they never met a bot. */
export function recordAgainstBots(store: Pick<StoreReads, 'recordAgainstBots'>, guildId: string, userId: string): Promise<VsBotRecord[]> {
  return store.recordAgainstBots(guildId, userId);
}
