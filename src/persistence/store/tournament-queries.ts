/**
 * The tournament queries both stores share (docs/tournaments.md; as ./queries.ts for tables):
 * built once from the dialect's database and schema, returned unexecuted. Locks (`FOR
 * UPDATE`) and the shard predicate stay in each store.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type * as pgSchema from '../pg/schema.js';
import type * as sqliteSchema from '../schema.js';
import type { Query, QueryDb } from './queries.js';
import { OPEN_TOURNAMENT_STATUSES } from './shared.js';

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
