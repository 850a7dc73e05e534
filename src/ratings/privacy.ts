/**
 * A player's stored data and its erasure (`/privacy show` and `/privacy delete`, README
 * "Privacy"). What the bot keeps about a Discord user, in every server: their seats at tables
 * (with the display name they had there), the action-log rows of their moves, their result
 * rows, their season ratings and lifetime totals (with their name), and their user id where
 * they hosted or ended a table, started a season or changed server settings.
 *
 * Erasing (`eraseUserData`) keeps other players' games whole: each of the user's seats in a
 * past game stays, anonymous — its user id becomes `anonymous:<seat>` in the seat row and the
 * result row alike (unique within a table, never a snowflake) and its name empty (boards then
 * say "former player"); their moves stay in the action log without their id, so a game still
 * replays from its seed, and other players' results and ratings do not change. Their own
 * ratings and lifetime totals rows are deleted, so no leaderboard shows them. Seats at
 * lobbies that never started are deleted. In closed tournaments their entry stays, anonymous
 * (`anonymous:<entry>`, name empty), so the standings do not change (docs/tournaments.md
 * "Privacy"). Everything runs in one transaction.
 *
 * The queries are the Store's (`storedData`, `openSeatsOf`, `eraseUserData`, on SQLite and
 * PostgreSQL alike); each selects by user id through an index (`seats_user`, the action
 * log's primary key) or scans a table once (results, ratings, totals).
 */
import { ANONYMOUS_USER_ID, type EraseOutcome, type OpenEntry, type OpenSeat, type Store, type StoredData } from '../persistence/store/types.js';

export { ANONYMOUS_USER_ID, type EraseOutcome, type OpenEntry, type OpenSeat, type StoredData };

/** The user id an erasure writes for seat `seat` (0-based) of a past table: `anonymous:<seat>`. */
export function anonymousSeatId(seat: number): string {
  return `${ANONYMOUS_USER_ID}:${seat}`;
}

/** True for a user id written by an erasure (`anonymous` or `anonymous:<seat>`). */
export function isAnonymousUserId(userId: string): boolean {
  return userId === ANONYMOUS_USER_ID || userId.startsWith(`${ANONYMOUS_USER_ID}:`);
}

/** What the bot stores about `userId`, counted over every server. */
export function storedData(store: Pick<Store, 'storedData'>, userId: string): Promise<StoredData> {
  return store.storedData(userId);
}

/** True when nothing about `userId` is stored (every count is zero). */
export function nothingStored(data: StoredData): boolean {
  return data.seats === 0 && data.results === 0 && data.ratings === 0 && data.totals === 0 && data.settings === 0 && data.tournaments === 0;
}

/** Open tables (any server) where `userId` has a seat, oldest first. */
export function openSeatsOf(store: Pick<Store, 'openSeatsOf'>, userId: string): Promise<OpenSeat[]> {
  return store.openSeatsOf(userId);
}

/** Open tournaments (any server) that `userId` entered or organises, by id (docs/tournaments.md "Privacy"). */
export function openTournamentsOf(store: Pick<Store, 'openTournamentsOf'>, userId: string): Promise<OpenEntry[]> {
  return store.openTournamentsOf(userId);
}

/**
 * Erase what the bot stores about `userId` in every server (see the module comment), in
 * one transaction — unless they still have a seat at an open table, whose result would
 * record them again, or are in (or organise) an open tournament: then nothing changes and
 * those are returned. Running it again
 * finds nothing left to erase. Rejects only on database errors (then nothing changed).
 */
export function eraseUserData(store: Pick<Store, 'eraseUserData'>, userId: string): Promise<EraseOutcome> {
  return store.eraseUserData(userId);
}
