/**
 * What a tournament stores (docs/tournaments.md "Running a tournament"): its settings, its
 * entrants and its rounds — zod schemas of the JSON columns of `tournaments`
 * (src/persistence/schema.ts) — and the pure rules of its settings. No database, no clock.
 */
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '../games/bot.js';
import type { TournamentRow } from '../persistence/store/types.js';
import { DEFAULT_MOVE_HOURS, MOVE_HOURS_CHOICES, PACES, type PaceKind } from '../tables/pace.js';
import { MAX_SPECTATOR_DELAY, readSpectatorOptions, SPECTATOR_MODES, WATCHERS_SEE_HANDS, type SpectatorDefaults } from '../tables/spectators.js';
import type { SeatOutcome } from './standings.js';

/** Fewest and most entrants a tournament takes (docs/tournaments.md "Running a tournament"). */
export const MIN_ENTRANTS = 4;
export const MAX_ENTRANTS = 64;
/** Most rounds a tournament may have. */
export const MAX_ROUNDS = 12;
/** Default number of rounds. */
export const DEFAULT_ROUNDS = 3;
/** Default time a turn-based round may last before its unfinished tables are ended, in hours (one week). */
export const DEFAULT_TURN_BASED_ROUND_HOURS = 7 * 24;
/** Default time a live round may last, in hours. */
export const DEFAULT_LIVE_ROUND_HOURS = 2;
/** Longest round, in hours (four weeks). */
export const MAX_ROUND_HOURS = 28 * 24;
/** By default, late entrants may join until round 2 is paired (they play from round 2). */
export const DEFAULT_LATE_JOIN_UNTIL = 2;

/**
 * A tournament's own settings (the game's options are stored apart): `seats` per table,
 * `rounds`, the tables' `pace` and `moveHours`, `roundHours` (a round ends at the latest this
 * long after it started), `emptySeats` (byes, or AI players of `botLevel`), `rated` (its
 * tables count for the leaderboard), `lateJoinUntil` (the last round a late entrant can be
 * paired in from the start of; 1 = no late join) and `maxEntrants`.
 */
export const tournamentSettingsSchema = z
  .object({
    seats: z.number().int().min(2).max(6),
    rounds: z.number().int().min(1).max(MAX_ROUNDS),
    pace: z.enum(PACES),
    moveHours: z.number().int().min(1).max(168),
    roundHours: z.number().int().min(1).max(MAX_ROUND_HOURS),
    emptySeats: z.enum(['bye', 'bot']),
    botLevel: z.enum(BOT_LEVELS),
    rated: z.boolean(),
    lateJoinUntil: z.number().int().min(1).max(MAX_ROUNDS),
    maxEntrants: z.number().int().min(MIN_ENTRANTS).max(MAX_ENTRANTS),
    /** Who may watch its tables and what they see (docs/watching.md; absent: public, no hands). */
    spectators: z.enum(SPECTATOR_MODES).optional(),
    spectatorDelay: z.number().int().min(1).max(MAX_SPECTATOR_DELAY).optional(),
    watchersSeeHands: z.enum(WATCHERS_SEE_HANDS).optional(),
  })
  .strict();
export type TournamentSettings = z.infer<typeof tournamentSettingsSchema>;

/** An entrant as stored. */
export const entrantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Unix ms. */
  joinedAt: z.number(),
  /** The first round they are paired in (1 for those who joined before the start). */
  fromRound: z.number().int().min(1),
  /** They withdrew: not paired from this round on; null while in. */
  withdrawnFrom: z.number().int().min(1).nullable(),
});
export type StoredEntrant = z.infer<typeof entrantSchema>;

/** One table of a round as stored. */
export const roundTableSchema = z.object({
  /** 1-based, from the top of the standings. */
  no: z.number().int().min(1),
  /** Entrant ids, best-ranked first. */
  players: z.array(z.string()),
  /** AI seats filling the table. */
  bots: z.number().int().min(0),
  /** The thread (or channel) made for it; null until made. */
  channelId: z.string().nullable(),
  /** The game table; null until opened. */
  tableId: z.number().int().nullable(),
  /** How it ended (every seat, AI seats with a null id); null while it runs. */
  outcome: z
    .object({
      seats: z.array(z.object({ id: z.string().nullable(), placement: z.number().int().nullable(), left: z.boolean().optional() })),
      /** The table's end reason ('forfeit', 'abandoned', a game's reason…). */
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type RoundTable = z.infer<typeof roundTableSchema>;

/** One round as stored: its pairing (re-checkable from the seed) and its tables. */
export const roundSchema = z.object({
  round: z.number().int().min(1),
  /** Unix ms. */
  startedAt: z.number(),
  /** When its unfinished tables are ended by the rules' timer policy (Unix ms). */
  deadlineAt: z.number(),
  /** Unix ms; null while it runs. */
  endedAt: z.number().nullable(),
  byes: z.array(z.string()),
  repeats: z.number().int().min(0),
  spread: z.number(),
  exhaustive: z.boolean(),
  /** The ranking it was paired from, best first. */
  ranking: z.array(z.string()),
  tables: z.array(roundTableSchema),
});
export type StoredRound = z.infer<typeof roundSchema>;

/** A tournament row with its JSON columns parsed. */
export interface Tournament extends Omit<TournamentRow, 'settings' | 'entrants' | 'rounds'> {
  settings: TournamentSettings;
  entrants: StoredEntrant[];
  rounds: StoredRound[];
}

/** Parse a stored row's JSON columns (throws on a row that does not fit: a bug, never user input). */
export function parseTournament(row: TournamentRow): Tournament {
  return {
    ...row,
    settings: tournamentSettingsSchema.parse(row.settings),
    entrants: z.array(entrantSchema).parse(row.entrants),
    rounds: z.array(roundSchema).parse(row.rounds),
  };
}

/** The settings `/tournament new` may give, as typed (each optional). */
export interface SettingsInput {
  seats?: unknown;
  rounds?: unknown;
  pace?: unknown;
  moveHours?: unknown;
  roundHours?: unknown;
  emptySeats?: unknown;
  botLevel?: unknown;
  rated?: unknown;
  lateJoinUntil?: unknown;
  maxEntrants?: unknown;
  /** Watching its tables (docs/watching.md), as `/<game> new` takes them; unset ones take the server's defaults. */
  spectators?: unknown;
  spectatorDelay?: unknown;
  watchersSeeHands?: unknown;
}

/**
 * Check the settings of a new tournament of a game seating `minPlayers`..`maxPlayers`, with
 * the defaults filled in (docs/tournaments.md "Running a tournament"): `seats` the game's
 * largest table up to 4 when not given; turn-based at 24 h a move, rounds of a week (live:
 * 2 h); byes; rated; late join until round 2. One plain problem line per bad value.
 */
export function readSettings(
  raw: SettingsInput,
  game: { minPlayers: number; maxPlayers: number },
  spectatorDefaults: SpectatorDefaults = {},
): { ok: true; settings: TournamentSettings } | { ok: false; problems: string[] } {
  const pace = (raw.pace ?? 'turn-based') as PaceKind;
  const candidate = {
    seats: raw.seats ?? Math.min(game.maxPlayers, Math.max(game.minPlayers, 4)),
    rounds: raw.rounds ?? DEFAULT_ROUNDS,
    pace,
    moveHours: raw.moveHours ?? DEFAULT_MOVE_HOURS,
    roundHours: raw.roundHours ?? (pace === 'live' ? DEFAULT_LIVE_ROUND_HOURS : DEFAULT_TURN_BASED_ROUND_HOURS),
    emptySeats: raw.emptySeats ?? 'bye',
    botLevel: (raw.botLevel ?? 'normal') as BotLevel,
    rated: raw.rated ?? true,
    lateJoinUntil: raw.lateJoinUntil ?? DEFAULT_LATE_JOIN_UNTIL,
    maxEntrants: raw.maxEntrants ?? MAX_ENTRANTS,
  };
  const problems: string[] = [];
  // The tables' spectator rules: the organiser's, else the server's defaults (as `/<game> new`).
  const watching = readSpectatorOptions({ spectators: raw.spectators, delay: raw.spectatorDelay, seeHands: raw.watchersSeeHands }, spectatorDefaults);
  if (watching.ok) Object.assign(candidate, watching.options);
  else problems.push(...watching.problems);
  const parsed = tournamentSettingsSchema.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.') || 'settings'}: ${issue.message}`);
  const seats = candidate.seats;
  if (typeof seats === 'number' && (seats < game.minPlayers || seats > game.maxPlayers)) problems.push(`seats: this game seats ${game.minPlayers}–${game.maxPlayers} players`);
  if (typeof candidate.moveHours === 'number' && !(MOVE_HOURS_CHOICES as readonly number[]).includes(candidate.moveHours)) {
    problems.push(`move-hours: one of ${MOVE_HOURS_CHOICES.join(', ')}`);
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, settings: parsed.data };
}

/** The fewest entrants a tournament with `settings` can start with: MIN_ENTRANTS, and a full table when empty seats are byes. */
export function minEntrants(settings: Pick<TournamentSettings, 'seats' | 'emptySeats'>): number {
  return settings.emptySeats === 'bye' ? Math.max(MIN_ENTRANTS, settings.seats) : MIN_ENTRANTS;
}

/** The entrants paired in round `round`: joined by then and not withdrawn before it. */
export function activeIn(entrants: readonly StoredEntrant[], round: number): StoredEntrant[] {
  return entrants.filter((entrant) => entrant.fromRound <= round && (entrant.withdrawnFrom === null || entrant.withdrawnFrom > round));
}

/** The seat outcomes of a stored round table, for the standings (src/tournaments/standings.ts). */
export function outcomeSeats(table: RoundTable): SeatOutcome[] | null {
  return table.outcome ? table.outcome.seats.map((seat) => ({ id: seat.id, placement: seat.placement, left: seat.left })) : null;
}
