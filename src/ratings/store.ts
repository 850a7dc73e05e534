/**
 * Writing ratings: the ResultHook that rates every finished table inside the transaction
 * that stores its results (README "Leaderboards and ratings"), through that transaction's
 * store handle — so a finished game and its rating changes are one commit, on SQLite and
 * PostgreSQL alike. Seasons and the read side (leaderboards, /stats) are Store queries
 * (src/persistence/store/types.ts).
 */
import type { StoreTx } from '../persistence/store/types.js';
import type { FinishedTable, ResultHook } from '../tables/types.js';
import { isBotUser, tableOptionsOf } from '../tables/bots.js';
import { rating } from 'openskill';
import { conservative, rateTable, type RatedSeat } from './rating.js';

/** Longest stored display name (Discord's own limit is 32; nicknames up to 32 too). */
export const NAME_MAX = 80;

/** One result row as the ResultHook receives it. */
export type HookResult = FinishedTable['results'][number];

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
 * Rate one finished table: update (or create) the current-season rating of every seated
 * human and their lifetime totals, in `tx` (the transaction storing the results). Bots are
 * never rated; placements are taken among the humans (`humanResults`). Rejects on store
 * errors, which rolls that transaction back. Tables that are not `finished`, tables with
 * fewer than two humans and tables opened unrated (a tournament's with `rated:False`,
 * docs/tournaments.md "Running a tournament") are ignored.
 */
export async function rateFinishedTable(tx: StoreTx, { table, results: allResults, seats }: FinishedTable): Promise<void> {
  const results = humanResults(allResults);
  if (table.status !== 'finished' || results.length < 2 || tableOptionsOf(table.tableOptions).unrated) return;
  const now = table.endedAt ?? table.updatedAt;
  const { season } = await tx.currentSeason(table.guildId, table.game);
  const names = new Map(seats.map((row) => [row.userId, row.displayName.slice(0, NAME_MAX)]));
  const stored = await tx.seasonRatings(
    table.guildId,
    table.game,
    season,
    results.map((result) => result.userId),
  );
  const priors = new Map(stored.map((row) => [row.userId, row]));
  const input: RatedSeat[] = results.map((result) => ({
    userId: result.userId,
    placement: result.placement,
    winner: result.winner && !result.left,
    prior: priors.get(result.userId) ?? null,
  }));
  const outcomes = rateTable(input);
  await tx.saveRatings(
    table.guildId,
    table.game,
    season,
    outcomes.map((outcome, index) => ({
      ...outcome,
      name: names.get(outcome.userId) ?? priors.get(outcome.userId)?.name ?? outcome.userId,
      won: input[index]!.winner,
    })),
    now,
  );
  // What /history shows per game: the ordinal's move (a first game this season starts from a new player's).
  await tx.setRatingChanges(
    table.id,
    outcomes.map((outcome, index) => ({ userId: outcome.userId, change: outcome.ordinal - conservative(input[index]!.prior ?? rating()) })),
  );
}

/** The ResultHook to pass to the TableService (`resultHooks`): rates every finished table. */
export function ratingsHook(): ResultHook {
  return rateFinishedTable;
}
