/**
 * Reading ratings for `/leaderboard` and `/stats`. The hot queries are prepared once per
 * database and walk an index in order (EXPLAIN QUERY PLAN is checked by the benchmark and a
 * test): `ratings_top` for a game's page, `player_totals_by_games` for the all-games view,
 * `ratings_user` + `results_user_ended` for a player's record.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../persistence/db.js';
import { playerTotals, ratings, results, seasons } from '../persistence/schema.js';
import { FIRST_SEASON } from './store.js';

/** Rows per leaderboard page. */
export const PAGE_SIZE = 10;
/** How many recent games `/stats` shows. */
export const RECENT_GAMES = 5;

/** One row of a game's leaderboard. */
export interface LeaderRow {
  /** 1-based position on the whole board. */
  rank: number;
  userId: string;
  name: string;
  mu: number;
  sigma: number;
  /** mu − 3·sigma. */
  ordinal: number;
  games: number;
  wins: number;
  streak: number;
}

/** One row of the all-games view (lifetime, every game and season). */
export interface TotalsRow {
  rank: number;
  userId: string;
  name: string;
  games: number;
  wins: number;
}

/** A page of a board: rows plus how many rows the whole board has. */
export interface Page<R> {
  rows: R[];
  /** 0-based page number actually shown (clamped to the last page). */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  /** Rows on the whole board. */
  total: number;
}

/** A player's current-season rating in one game, with their position on that board. */
export interface PlayerGameRecord {
  game: string;
  season: number;
  name: string;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
  wins: number;
  streak: number;
  /** 1-based position on the game's current-season board. */
  rank: number;
  /** Players on that board. */
  of: number;
}

/** One of a player's recent finished games. */
export interface RecentGame {
  tableId: number;
  game: string;
  placement: number;
  winner: boolean;
  left: boolean;
  score: number | null;
  /** Seats at that table. */
  players: number;
  endedAt: number;
}

function prepare(db: Db) {
  const param = (name: string) => sql.placeholder(name);
  const boardWhere = and(eq(ratings.guildId, param('guild')), eq(ratings.game, param('game')), eq(ratings.season, param('season')));
  const boardPage = db
    .select({
      userId: ratings.userId,
      name: ratings.name,
      mu: ratings.mu,
      sigma: ratings.sigma,
      ordinal: ratings.ordinal,
      games: ratings.games,
      wins: ratings.wins,
      streak: ratings.streak,
    })
    .from(ratings)
    .where(boardWhere)
    .orderBy(desc(ratings.ordinal), desc(ratings.userId))
    .limit(param('limit'))
    .offset(param('offset'));
  const boardCount = db.select({ n: count() }).from(ratings).where(boardWhere);
  const totalsPage = db
    .select({ userId: playerTotals.userId, name: playerTotals.name, games: playerTotals.games, wins: playerTotals.wins })
    .from(playerTotals)
    .where(eq(playerTotals.guildId, param('guild')))
    .orderBy(desc(playerTotals.games), desc(playerTotals.wins), desc(playerTotals.userId))
    .limit(param('limit'))
    .offset(param('offset'));
  const totalsCount = db.select({ n: count() }).from(playerTotals).where(eq(playerTotals.guildId, param('guild')));
  const currentSeasonOf = sql`coalesce((select ${seasons.season} from ${seasons} where ${seasons.guildId} = ${ratings.guildId} and ${seasons.game} = ${ratings.game}), ${FIRST_SEASON})`;
  const playerRows = db
    .select()
    .from(ratings)
    .where(and(eq(ratings.guildId, param('guild')), eq(ratings.userId, param('user')), eq(ratings.season, currentSeasonOf)));
  const above = db
    .select({ n: count() })
    .from(ratings)
    .where(and(boardWhere, gt(ratings.ordinal, param('ordinal'))));
  const totalsOf = db
    .select()
    .from(playerTotals)
    .where(and(eq(playerTotals.guildId, param('guild')), eq(playerTotals.userId, param('user'))));
  const recent = db
    .select({
      tableId: results.tableId,
      game: results.game,
      placement: results.placement,
      winner: results.winner,
      left: results.left,
      score: results.score,
      endedAt: results.endedAt,
      // Qualified by hand: drizzle prints a lone table's columns unqualified, which would bind to `x`.
      players: sql<number>`(select count(*) from "results" as x where x."table_id" = "results"."table_id")`.mapWith(Number),
    })
    .from(results)
    .where(and(eq(results.guildId, param('guild')), eq(results.userId, param('user'))))
    .orderBy(desc(results.endedAt))
    .limit(param('limit'));
  return { boardPage, boardCount, totalsPage, totalsCount, playerRows, above, totalsOf, recent };
}

type Built = ReturnType<typeof prepare>;

/** Names of the prepared queries (for `sqlOf` / `explain`: EXPLAIN QUERY PLAN in the benchmark and tests). */
export type QueryName = keyof Built;

/** Read-side access to ratings for one database; get it with `ratingQueries(db)`. */
export class RatingQueries {
  private readonly statements: { [K in keyof Built]: ReturnType<Built[K]['prepare']> };

  constructor(
    private readonly db: Db,
    private readonly built: Built = prepare(db),
  ) {
    this.statements = Object.fromEntries(Object.entries(built).map(([name, query]) => [name, query.prepare()])) as RatingQueries['statements'];
  }

  /**
   * Page `page` (0-based; clamped into range) of `game`'s board for `season` in `guildId`,
   * by ordinal (mu − 3·sigma) descending.
   */
  leaderboard(guildId: string, game: string, season: number, page: number, size = PAGE_SIZE): Page<LeaderRow> {
    const total = this.statements.boardCount.get({ guild: guildId, game, season })?.n ?? 0;
    const { page: shown, pages } = clampPage(page, total, size);
    const rows = this.statements.boardPage.all({ guild: guildId, game, season, limit: size, offset: shown * size });
    // Standard competition ranking: equal ratings share a rank (1, 1, 3, …), also across pages.
    let previous: { ordinal: number; rank: number } | null = null;
    const ranked = rows.map((row, index) => {
      let rank: number;
      if (previous && row.ordinal === previous.ordinal) rank = previous.rank;
      else if (index === 0 && shown > 0) rank = (this.statements.above.get({ guild: guildId, game, season, ordinal: row.ordinal })?.n ?? 0) + 1;
      else rank = shown * size + index + 1;
      previous = { ordinal: row.ordinal, rank };
      return { rank, ...row };
    });
    return { rows: ranked, page: shown, pages, total };
  }

  /** Page `page` of the all-games view: lifetime games played in `guildId`, most first. */
  allGames(guildId: string, page: number, size = PAGE_SIZE): Page<TotalsRow> {
    const total = this.statements.totalsCount.get({ guild: guildId })?.n ?? 0;
    const { page: shown, pages } = clampPage(page, total, size);
    const rows = this.statements.totalsPage.all({ guild: guildId, limit: size, offset: shown * size });
    return { rows: rows.map((row, index) => ({ rank: shown * size + index + 1, ...row })), page: shown, pages, total };
  }

  /** `userId`'s current-season rating in every game they have played in `guildId`. */
  playerGames(guildId: string, userId: string): PlayerGameRecord[] {
    return this.statements.playerRows.all({ guild: guildId, user: userId }).map((row) => {
      const board = { guild: guildId, game: row.game, season: row.season };
      const ahead = this.statements.above.get({ ...board, ordinal: row.ordinal })?.n ?? 0;
      const of = this.statements.boardCount.get(board)?.n ?? 0;
      return {
        game: row.game,
        season: row.season,
        name: row.name,
        mu: row.mu,
        sigma: row.sigma,
        ordinal: row.ordinal,
        games: row.games,
        wins: row.wins,
        streak: row.streak,
        rank: ahead + 1,
        of,
      };
    });
  }

  /** `userId`'s lifetime totals in `guildId`, or undefined before their first rated game. */
  totals(guildId: string, userId: string): { games: number; wins: number; name: string } | undefined {
    const row = this.statements.totalsOf.get({ guild: guildId, user: userId });
    return row ? { games: row.games, wins: row.wins, name: row.name } : undefined;
  }

  /** `userId`'s last `limit` finished games in `guildId`, newest first. */
  recentGames(guildId: string, userId: string, limit = RECENT_GAMES): RecentGame[] {
    return this.statements.recent.all({ guild: guildId, user: userId, limit });
  }

  /** SQL text and parameter order of a query (to run EXPLAIN QUERY PLAN on it). */
  sqlOf(name: QueryName): { sql: string; params: unknown[] } {
    return this.built[name].toSQL();
  }

  /** EXPLAIN QUERY PLAN of a query with the given named parameters, one detail line each. */
  explain(name: QueryName, values: Record<string, unknown>): string[] {
    const { sql: text } = this.sqlOf(name);
    const params = this.built[name].toSQL().params.map((param) => (isPlaceholder(param) ? (values[param.name] ?? null) : param));
    const rows = this.db.$client.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[];
    return rows.map((row) => row.detail);
  }
}

/** A drizzle `sql.placeholder` in a query's parameter list. */
function isPlaceholder(param: unknown): param is { name: string } {
  return typeof param === 'object' && param !== null && 'name' in param && typeof (param as { name: unknown }).name === 'string';
}

/** Clamp a requested page into [0, pages − 1]. */
export function clampPage(page: number, total: number, size: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(0, Math.trunc(page) || 0), pages - 1), pages };
}

const cache = new WeakMap<Db, RatingQueries>();

/** The (cached) RatingQueries of a database handle. */
export function ratingQueries(db: Db): RatingQueries {
  let queries = cache.get(db);
  if (!queries) {
    queries = new RatingQueries(db);
    cache.set(db, queries);
  }
  return queries;
}
