/**
 * Writing ratings: the ResultHook that rates every finished table inside the transaction
 * that stores its results (README "Leaderboards and ratings"), and leaderboard seasons (current season, reset).
 * Everything here is synchronous better-sqlite3 work, safe inside `db.transaction`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../persistence/db.js';
import type { TableRow } from '../persistence/repo.js';
import { playerTotals, ratings, seasons, seats } from '../persistence/schema.js';
import type { ResultHook } from '../tables/types.js';
import { isBotUser } from '../tables/bots.js';
import { rateTable, type RatedSeat } from './rating.js';

/** The first season of every game in every server. */
export const FIRST_SEASON = 1;

/** Longest stored display name (Discord's own limit is 32; nicknames up to 32 too). */
const NAME_MAX = 80;

/** One result row as the table service hands it to a ResultHook. */
export type HookResult = Parameters<ResultHook>[1][number];

/** A game's current leaderboard season in one server. */
export interface SeasonInfo {
  /** 1-based season number. */
  season: number;
  /** When it started (Unix ms), null for season 1 (since the bot came to the server). */
  startedAt: number | null;
}

/** The current season of `game` in `guildId` (season 1 when never reset). */
export function currentSeason(db: Db, guildId: string, game: string): SeasonInfo {
  const row = db
    .select({ season: seasons.season, startedAt: seasons.startedAt })
    .from(seasons)
    .where(and(eq(seasons.guildId, guildId), eq(seasons.game, game)))
    .get();
  return row ?? { season: FIRST_SEASON, startedAt: null };
}

/** Outcome of `resetSeason`. */
export type ResetOutcome =
  | { ok: true; previous: number; season: number }
  /** The season already moved on (a second confirm click, or another admin was faster). */
  | { ok: false; current: number };

/**
 * Start a new season of `game` in `guildId`, provided the current one is still
 * `expectedSeason` (so a double confirm cannot skip a season). The new season starts
 * empty; rows of older seasons are kept and stay queryable by season number.
 */
export function resetSeason(db: Db, guildId: string, game: string, expectedSeason: number, by: string, now: number): ResetOutcome {
  return db.transaction(() => {
    const cur = currentSeason(db, guildId, game).season;
    if (cur !== expectedSeason) return { ok: false as const, current: cur };
    const next = cur + 1;
    db.insert(seasons)
      .values({ guildId, game, season: next, startedAt: now, startedBy: by })
      .onConflictDoUpdate({ target: [seasons.guildId, seasons.game], set: { season: next, startedAt: now, startedBy: by } })
      .run();
    return { ok: true as const, previous: cur, season: next };
  });
}

/**
 * The result rows that count for ratings (README "AI players"): the humans' rows only (a
 * bot's row has its `botLevel`), their placements renumbered among the humans, competition
 * style with ties kept (1, 1, 3) — a human placed behind two bots and ahead of a human is 1st
 * of 2. A bot's win is no human's win. Fewer than two humans → empty (the table is not rated).
 */
export function humanResults(results: readonly HookResult[]): HookResult[] {
  const humans = results.filter((result) => !result.botLevel && !isBotUser(result.userId));
  if (humans.length < 2) return [];
  return humans.map((result) => ({ ...result, placement: 1 + humans.filter((other) => other.placement < result.placement).length }));
}

/**
 * Rate one finished table: update (or create) the season rating of every seated human and
 * their lifetime totals (bots are never rated; placements are taken among the humans,
 * `humanResults`). Must run inside the transaction that stores the results (the
 * ResultHook does); throws on database errors, which rolls that transaction back.
 * Tables that are not `finished` and tables with fewer than two humans are ignored.
 */
export function rateFinishedTable(db: Db, table: TableRow, allResults: readonly HookResult[]): void {
  const results = humanResults(allResults);
  if (table.status !== 'finished' || results.length < 2) return;
  const now = table.endedAt ?? table.updatedAt;
  const { season } = currentSeason(db, table.guildId, table.game);
  const userIds = results.map((result) => result.userId);
  const names = new Map(
    db
      .select({ userId: seats.userId, name: seats.displayName })
      .from(seats)
      .where(eq(seats.tableId, table.id))
      .all()
      .map((row) => [row.userId, row.name.slice(0, NAME_MAX)]),
  );
  const priors = new Map(
    db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, table.guildId), eq(ratings.game, table.game), eq(ratings.season, season), inArray(ratings.userId, userIds)))
      .all()
      .map((row) => [row.userId, row]),
  );
  const input: RatedSeat[] = results.map((result) => ({
    userId: result.userId,
    placement: result.placement,
    winner: result.winner && !result.left,
    prior: priors.get(result.userId) ?? null,
  }));
  const outcomes = rateTable(input);
  outcomes.forEach((outcome, index) => {
    const name = names.get(outcome.userId) ?? priors.get(outcome.userId)?.name ?? outcome.userId;
    const won = input[index]!.winner;
    db.insert(ratings)
      .values({ guildId: table.guildId, game: table.game, season, name, updatedAt: now, ...outcome })
      .onConflictDoUpdate({
        target: [ratings.guildId, ratings.game, ratings.season, ratings.userId],
        set: { mu: outcome.mu, sigma: outcome.sigma, ordinal: outcome.ordinal, games: outcome.games, wins: outcome.wins, streak: outcome.streak, name, updatedAt: now },
      })
      .run();
    db.insert(playerTotals)
      .values({ guildId: table.guildId, userId: outcome.userId, games: 1, wins: won ? 1 : 0, name, updatedAt: now })
      .onConflictDoUpdate({
        target: [playerTotals.guildId, playerTotals.userId],
        set: { games: sql`${playerTotals.games} + 1`, wins: sql`${playerTotals.wins} + ${won ? 1 : 0}`, name, updatedAt: now },
      })
      .run();
  });
}

/** The ResultHook to pass to the TableService (`resultHooks`): rates every finished table. */
export function ratingsHook(db: Db): ResultHook {
  return (table, results) => rateFinishedTable(db, table, results);
}
