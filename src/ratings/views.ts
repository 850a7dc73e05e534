/**
 * What `/leaderboard` and `/stats` show, as data (the Discord layer draws it:
 * src/discord/render/leaderboard.ts and stats.ts). The rows come from the Store's
 * leaderboard and player queries (src/persistence/store/types.ts).
 */
import type { LeaderRow, Page, PlayerGameRecord, RecentGame, TotalsRow } from '../persistence/store/types.js';
import type { VsBotRecord } from './vs-bots.js';

/** The value of the leaderboard's "all games" view in options and button ids. */
export const ALL_GAMES = 'all';

/** What a leaderboard message shows: one game's season, or the all-games view. */
export type BoardView =
  | { kind: 'game'; game: string; season: number; currentSeason: number; page: Page<LeaderRow> }
  | { kind: 'all'; page: Page<TotalsRow> };

/** Everything `/stats` shows about one player. */
export interface PlayerStats {
  name: string;
  games: PlayerGameRecord[];
  totals: { games: number; wins: number } | undefined;
  recent: RecentGame[];
  /** Record against each AI-player level (README "AI players"); absent or empty = never played a bot. */
  vsBots?: VsBotRecord[];
}
