/**
 * A player's record against the AI players (README "AI players", `/stats`): per bot level,
 * the finished games they played at a table with at least one bot of that level, and how
 * many of those they won. Read from the stored results (bots are never rated, so this is
 * the only record of games against them).
 */
import type { Db } from '../persistence/db.js';

/** One line of the record: games at tables with a bot of `level`, and wins there. */
export interface VsBotRecord {
  level: string;
  games: number;
  wins: number;
}

/** Levels in the order `/stats` lists them. */
const ORDER = ['easy', 'normal', 'hard'];

/** `userId`'s record against each bot level in `guildId`, weakest level first; empty when they never met a bot. */
export function recordAgainstBots(db: Db, guildId: string, userId: string): VsBotRecord[] {
  const rows = db.$client
    .prepare(
      `SELECT bot.bot_level AS level,
              COUNT(DISTINCT me.table_id) AS games,
              COUNT(DISTINCT CASE WHEN me.winner THEN me.table_id END) AS wins
         FROM results me
         JOIN results bot ON bot.table_id = me.table_id AND bot.bot_level IS NOT NULL
        WHERE me.guild_id = ? AND me.user_id = ? AND me.bot_level IS NULL
        GROUP BY bot.bot_level`,
    )
    .all(guildId, userId) as VsBotRecord[];
  return rows.sort((a, b) => ORDER.indexOf(a.level) - ORDER.indexOf(b.level));
}
