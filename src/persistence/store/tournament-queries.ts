/**
 * The tournament queries both stores share (docs/tournaments.md; as ./queries.ts for tables):
 * built once from the dialect's database and schema, returned unexecuted. Locks (`FOR
 * UPDATE`) and the shard predicate stay in each store.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type * as pgSchema from '../pg/schema.js';
import type * as sqliteSchema from '../schema.js';
import type { Query, QueryDb } from './queries.js';
import { OPEN_TOURNAMENT_STATUSES } from './shared.js';
import { ANONYMOUS_USER_ID, type OpenEntry, type TournamentLogRow } from './types.js';

/** The tournament tables of one dialect's schema. */
export type TournamentTables = Pick<typeof sqliteSchema, 'tournaments' | 'tournamentLog'> | Pick<typeof pgSchema, 'tournaments' | 'tournamentLog'>;

/** The open-status predicate of tournaments. */
export function openTournament(t: TournamentTables): SQL {
  return inArray(t.tournaments.status, [...OPEN_TOURNAMENT_STATUSES]);
}

/** The tournament with `id` (at most one row). */
export function tournamentQuery(db: QueryDb, t: TournamentTables, id: number): Query {
  return db.select().from(t.tournaments).where(eq(t.tournaments.id, id));
}

/** The open tournament of a channel (at most one row). */
export function openTournamentInChannelQuery(db: QueryDb, t: TournamentTables, channelId: string): Query {
  return db
    .select()
    .from(t.tournaments)
    .where(and(eq(t.tournaments.channelId, channelId), openTournament(t)))
    .limit(1);
}

/** The open tournaments `where` selects (the open status, a guild, a shard predicate), by id. */
export function openTournamentsQuery(db: QueryDb, t: TournamentTables, where: SQL[]): Query {
  return db
    .select()
    .from(t.tournaments)
    .where(and(openTournament(t), ...where))
    .orderBy(asc(t.tournaments.id));
}

/** A tournament's log by seq (the newest `limit` rows, still by seq, when given). */
export function tournamentLogQuery(db: QueryDb, t: TournamentTables, tournamentId: number, limit?: number): Query {
  const { tournamentLog } = t;
  if (limit === undefined) return db.select().from(tournamentLog).where(eq(tournamentLog.tournamentId, tournamentId)).orderBy(asc(tournamentLog.seq));
  return db.select().from(tournamentLog).where(eq(tournamentLog.tournamentId, tournamentId)).orderBy(desc(tournamentLog.seq)).limit(limit);
}

/** Insert a tournament, returning its row. */
export function insertTournamentQuery(db: QueryDb, t: TournamentTables, values: object): Query {
  return db.insert(t.tournaments).values(values).returning();
}

/** Write `patch` to tournament `id` only if it is still at `expectedVersion`, bumping the version; returns the new row, or none on a conflict. */
export function updateTournamentQuery(db: QueryDb, t: TournamentTables, id: number, expectedVersion: number, patch: object): Query {
  const { tournaments } = t;
  return db
    .update(tournaments)
    .set({ ...patch, version: expectedVersion + 1 })
    .where(and(eq(tournaments.id, id), eq(tournaments.version, expectedVersion)))
    .returning();
}

/** Append one log row. */
export function appendTournamentLogQuery(db: QueryDb, t: TournamentTables, values: object): Query {
  return db.insert(t.tournamentLog).values(values);
}

// ---------------------------------------------------------------- privacy (docs/tournaments.md "Privacy")

/** The columns the privacy queries read of a tournament. */
export interface TournamentPrivacyRow {
  id: number;
  guildId: string;
  channelId: string;
  name: string;
  game: string;
  status: string;
  organiserUserId: string;
  entrants: unknown;
  rounds: unknown;
  version: number;
}

/**
 * The tournaments that may name `userId` as organiser or entrant (`TournamentPrivacyRow`s, by
 * id): a coarse text match on the entrants' JSON, so callers keep only the rows
 * `namesUser` confirms. Snowflakes are digits, so the pattern holds no LIKE wildcard.
 */
export function tournamentsNamingQuery(db: QueryDb, t: TournamentTables, userId: string): Query {
  const { tournaments } = t;
  return db
    .select({
      id: tournaments.id,
      guildId: tournaments.guildId,
      channelId: tournaments.channelId,
      name: tournaments.name,
      game: tournaments.game,
      status: tournaments.status,
      organiserUserId: tournaments.organiserUserId,
      entrants: tournaments.entrants,
      rounds: tournaments.rounds,
      version: tournaments.version,
    })
    .from(tournaments)
    .where(or(eq(tournaments.organiserUserId, userId), sql`cast(${tournaments.entrants} as text) like ${`%"${userId}"%`}`))
    .orderBy(asc(tournaments.id));
}

/** A stored entrant as far as privacy reads it. */
interface EntrantIds {
  userId: string;
  withdrawnFrom?: number | null;
}

/** The stored entrants of a row (an empty list for anything else). */
function entrantsOf(row: Pick<TournamentPrivacyRow, 'entrants'>): EntrantIds[] {
  return Array.isArray(row.entrants) ? (row.entrants as EntrantIds[]) : [];
}

/** True when `row` names `userId` as its organiser or one of its entrants. */
export function namesUser(row: Pick<TournamentPrivacyRow, 'organiserUserId' | 'entrants'>, userId: string): boolean {
  return row.organiserUserId === userId || entrantsOf(row).some((entrant) => entrant.userId === userId);
}

/** `row` as an open entry of `userId` (`OpenEntry`), or null when it is closed or does not name them. */
export function openEntryOf(row: TournamentPrivacyRow, userId: string): OpenEntry | null {
  if (!(OPEN_TOURNAMENT_STATUSES as readonly string[]).includes(row.status) || !namesUser(row, userId)) return null;
  const me = entrantsOf(row).find((entrant) => entrant.userId === userId);
  return {
    tournamentId: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    name: row.name,
    game: row.game,
    organiser: row.organiserUserId === userId,
    withdrawn: me !== undefined && me.withdrawnFrom !== null && me.withdrawnFrom !== undefined,
  };
}

/** `value` (parsed JSON) with every string equal to `from` replaced by `to`; the same object when nothing changed. */
export function replaceId<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) {
    const mapped = value.map((item) => replaceId(item, from, to));
    return (mapped.some((item, i) => item !== value[i]) ? mapped : value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const mapped: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      mapped[key] = replaceId(item, from, to);
      if (mapped[key] !== item) changed = true;
    }
    return (changed ? mapped : value) as T;
  }
  return value;
}

/**
 * The anonymised columns of closed tournament `row` for `userId` (docs/tournaments.md
 * "Privacy"): their entrant id becomes `anonymous:<entry>` (0-based place in the entrants, so
 * unique in the tournament and the standings stay as they were) in the entrants, every round's
 * pairing, byes and outcomes, their name empty ("former player"); as organiser, `anonymous`.
 * `entrantId` is the id written for them (null when they were not an entrant).
 */
export function anonymiseTournament(row: TournamentPrivacyRow, userId: string): { patch: { organiserUserId: string; entrants: unknown; rounds: unknown }; entrantId: string | null } {
  const entry = entrantsOf(row).findIndex((entrant) => entrant.userId === userId);
  const entrantId = entry >= 0 ? `${ANONYMOUS_USER_ID}:${entry}` : null;
  const entrants = entrantsOf(row).map((entrant, i) => (i === entry ? { ...entrant, userId: entrantId, name: '' } : entrant));
  return {
    patch: {
      organiserUserId: row.organiserUserId === userId ? ANONYMOUS_USER_ID : row.organiserUserId,
      entrants,
      rounds: entrantId ? replaceId(row.rounds, userId, entrantId) : row.rounds,
    },
    entrantId,
  };
}

/** A tournament log row's anonymised `byUserId` and `data` (the entrant id `entrantId` in the data; `anonymous` as the actor), or null when it does not name `userId`. */
export function anonymiseLogRow(row: Pick<TournamentLogRow, 'byUserId' | 'data'>, userId: string, entrantId: string | null): { byUserId: string | null; data: unknown } | null {
  const data = replaceId(row.data, userId, entrantId ?? ANONYMOUS_USER_ID);
  if (row.byUserId !== userId && data === row.data) return null;
  return { byUserId: row.byUserId === userId ? ANONYMOUS_USER_ID : row.byUserId, data };
}

/** Overwrite one log row's `byUserId` and `data` (an erasure: the log is otherwise append-only). */
export function updateTournamentLogRowQuery(db: QueryDb, t: TournamentTables, tournamentId: number, seq: number, values: { byUserId: string | null; data: unknown }): Query {
  const { tournamentLog } = t;
  return db
    .update(tournamentLog)
    .set(values)
    .where(and(eq(tournamentLog.tournamentId, tournamentId), eq(tournamentLog.seq, seq)));
}
