/**
 * Database schema for PostgreSQL (drizzle pg-core): the mirror of the SQLite schema in
 * src/persistence/schema.ts, column for column and index for index. Migrations are generated
 * from this file into drizzle-pg/ with `npm run db:generate:pg` and applied at start-up
 * (src/persistence/pg/open.ts). Every schema change ships both migrations;
 * test/persistence/schema-parity.test.ts fails when the two schemas drift apart.
 *
 * Type mapping (so rows read back exactly what SQLite returns, README "Deploy and scale out" and
 * src/persistence/store/types.ts):
 * - Unix epoch milliseconds and the game seed → `bigint`, read as JS numbers (mode 'number');
 * - other integers (versions, seats, counts, seasons, seconds) → `integer`;
 * - SQLite `real` (8-byte IEEE double) → `double precision` (PostgreSQL `real` is 4 bytes);
 * - JSON text → `json` (not `jsonb`: `json` keeps the text as written, so objects come back
 *   with the key order SQLite returns, and it accepts every string JSON.stringify writes);
 * - booleans stored as 0/1 in SQLite → `boolean`;
 * - text → `text COLLATE "C"`: byte order, like SQLite's default BINARY collation, so
 *   ORDER BY on user ids and names gives the same order on both backends.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, doublePrecision, index, integer, json, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TableStatus, TournamentStatus, TurnNotify } from '../schema.js';

/** `text COLLATE "C"`: text that compares and sorts by bytes, as SQLite does by default. */
export const binaryText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** Unix epoch milliseconds (or another integer beyond 32 bits), read back as a JS number. */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/** One game table in one channel (see the SQLite schema for the meaning of each column). */
export const gameTables = pgTable(
  'game_tables',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: binaryText('guild_id').notNull(),
    channelId: binaryText('channel_id').notNull(),
    game: binaryText('game').notNull(),
    status: binaryText('status').$type<TableStatus>().notNull(),
    hostUserId: binaryText('host_user_id').notNull(),
    options: json('options').notNull(),
    maxSeats: integer('max_seats').notNull(),
    seed: bigint('seed', { mode: 'number' }),
    state: json('state'),
    version: integer('version').notNull().default(0),
    boardMessageId: binaryText('board_message_id'),
    boardVersion: integer('board_version').notNull().default(0),
    pingMessageId: binaryText('ping_message_id'),
    deadlineAt: epochMs('deadline_at'),
    deadlineStep: integer('deadline_step'),
    recentEvents: json('recent_events').notNull().default(sql`'[]'::json`),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: epochMs('created_at').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
    startedAt: epochMs('started_at'),
    endedAt: epochMs('ended_at'),
    endReason: binaryText('end_reason'),
    endedBy: binaryText('ended_by'),
    locale: binaryText('locale'),
    tableOptions: json('table_options').notNull().default(sql`'{}'::json`),
    lesson: binaryText('lesson'),
    textBoards: boolean('text_boards').notNull().default(false),
  },
  (t) => [
    uniqueIndex('game_tables_one_open_per_channel').on(t.channelId).where(sql`status in ('lobby', 'active') and lesson is null`),
    // One open lesson per learner and game in a server (docs/lessons.md): a double click opens one.
    uniqueIndex('game_tables_one_lesson_per_learner').on(t.guildId, t.hostUserId, t.game).where(sql`status in ('lobby', 'active') and lesson is not null`),
    index('game_tables_status').on(t.status),
    index('game_tables_guild_status').on(t.guildId, t.status),
  ],
);

/** A player at a table. `seat` is null in the lobby and fixed at start. */
export const seats = pgTable(
  'seats',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    userId: binaryText('user_id').notNull(),
    displayName: binaryText('display_name').notNull(),
    joinedAt: epochMs('joined_at').notNull(),
    seat: integer('seat'),
    away: boolean('away').notNull().default(false),
    missed: integer('missed').notNull().default(0),
    left: boolean('left').notNull().default(false),
    botLevel: binaryText('bot_level'),
    /** The player has opened their hand at least once in this game (see the SQLite schema). */
    looked: boolean('looked').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] }), index('seats_user').on(t.userId)],
);

/** Append-only log of every applied action (player, timeout, auto-play or AI player 'bot'). */
export const actions = pgTable(
  'actions',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    userId: binaryText('user_id'),
    kind: binaryText('kind').$type<'player' | 'timeout' | 'auto' | 'bot'>().notNull(),
    action: json('action').notNull(),
    at: epochMs('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seq] })],
);

/** Final outcome per seat of a finished table. */
export const results = pgTable(
  'results',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    guildId: binaryText('guild_id').notNull(),
    game: binaryText('game').notNull(),
    userId: binaryText('user_id').notNull(),
    placement: integer('placement').notNull(),
    winner: boolean('winner').notNull(),
    score: doublePrecision('score'),
    left: boolean('left').notNull().default(false),
    endedAt: epochMs('ended_at').notNull(),
    botLevel: binaryText('bot_level'),
    /** How much this game moved the player's rating (ordinal, mu − 3·sigma); null when not rated. */
    ratingChange: doublePrecision('rating_change'),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.seat] }),
    index('results_guild_game_ended').on(t.guildId, t.game, t.endedAt),
    // Ends with table_id: /stats lists a player's recent games newest first, ties by table id, straight from the index.
    index('results_user_ended').on(t.guildId, t.userId, t.endedAt, t.tableId),
  ],
);

/** One player's rating for one game in one server and season (OpenSkill, Plackett-Luce). */
export const ratings = pgTable(
  'ratings',
  {
    guildId: binaryText('guild_id').notNull(),
    game: binaryText('game').notNull(),
    season: integer('season').notNull(),
    userId: binaryText('user_id').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    name: binaryText('name').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.game, t.season, t.userId] }),
    index('ratings_top').on(t.guildId, t.game, t.season, t.ordinal, t.userId),
    index('ratings_user').on(t.guildId, t.userId),
  ],
);

/** The current season of a game's leaderboard in a server. No row = season 1 since the start. */
export const seasons = pgTable(
  'seasons',
  {
    guildId: binaryText('guild_id').notNull(),
    game: binaryText('game').notNull(),
    season: integer('season').notNull(),
    startedAt: epochMs('started_at').notNull(),
    startedBy: binaryText('started_by'),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.game] })],
);

/** Lifetime totals per player and server across every game and season. */
export const playerTotals = pgTable(
  'player_totals',
  {
    guildId: binaryText('guild_id').notNull(),
    userId: binaryText('user_id').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    name: binaryText('name').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] }), index('player_totals_by_games').on(t.guildId, t.games, t.wins, t.userId)],
);

/** Server-wide defaults for new tables (`/admin settings`); null = the game's own default. */
export const guildSettings = pgTable('guild_settings', {
  guildId: binaryText('guild_id').primaryKey(),
  turnSeconds: integer('turn_seconds'),
  reactionSeconds: integer('reaction_seconds'),
  voteSeconds: integer('vote_seconds'),
  updatedAt: epochMs('updated_at').notNull(),
  updatedBy: binaryText('updated_by'),
  language: binaryText('language'),
  tableChannelIds: json('table_channel_ids').$type<string[]>(),
  hostRoleId: binaryText('host_role_id'),
  textBoards: boolean('text_boards'),
  spectators: binaryText('spectators'),
  spectatorDelay: integer('spectator_delay'),
  watchersSeeHands: binaryText('watchers_see_hands'),
  tournamentRoleId: binaryText('tournament_role_id'),
});

/** Per-user preferences (as src/persistence/schema.ts `userSettings`). */
export const userSettings = pgTable('user_settings', {
  userId: binaryText('user_id').primaryKey(),
  textBoards: boolean('text_boards').notNull().default(false),
  turnNotify: binaryText('turn_notify').$type<TurnNotify>(),
  updatedAt: epochMs('updated_at').notNull(),
});

/** Turn notices of turn-based tables (as src/persistence/schema.ts `turnNotices`). */
export const turnNotices = pgTable(
  'turn_notices',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id),
    userId: binaryText('user_id').notNull(),
    step: integer('step').notNull(),
    channelId: binaryText('channel_id'),
    messageId: binaryText('message_id'),
    dm: boolean('dm').notNull().default(false),
    deadlineAt: epochMs('deadline_at').notNull(),
    remindAt: epochMs('remind_at'),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] }), index('turn_notices_remind_idx').on(t.remindAt)],
);

/** Panel tokens saved at a graceful stop (as src/persistence/schema.ts `panelTokens`). */
export const panelTokens = pgTable(
  'panel_tokens',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id),
    userId: binaryText('user_id').notNull(),
    messageId: binaryText('message_id').notNull(),
    applicationId: binaryText('application_id').notNull(),
    token: binaryText('token').notNull(),
    issuedAt: epochMs('issued_at').notNull(),
    locale: binaryText('locale').notNull(),
    messageRef: binaryText('message_ref').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] })],
);

/** One Swiss tournament (as src/persistence/schema.ts `tournaments`). */
export const tournaments = pgTable(
  'tournaments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: binaryText('guild_id').notNull(),
    channelId: binaryText('channel_id').notNull(),
    game: binaryText('game').notNull(),
    status: binaryText('status').$type<TournamentStatus>().notNull(),
    organiserUserId: binaryText('organiser_user_id').notNull(),
    name: binaryText('name').notNull(),
    options: json('options').notNull(),
    settings: json('settings').notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    round: integer('round').notNull().default(0),
    roundDeadlineAt: epochMs('round_deadline_at'),
    entrants: json('entrants').notNull().default(sql`'[]'::json`),
    rounds: json('rounds').notNull().default(sql`'[]'::json`),
    lastLogSeq: integer('last_log_seq').notNull().default(0),
    version: integer('version').notNull().default(0),
    locale: binaryText('locale'),
    createdAt: epochMs('created_at').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
    startedAt: epochMs('started_at'),
    endedAt: epochMs('ended_at'),
    endReason: binaryText('end_reason'),
    standingsMessageId: binaryText('standings_message_id'),
    cardMessageId: binaryText('card_message_id'),
  },
  (t) => [
    uniqueIndex('tournaments_one_open_per_channel').on(t.channelId).where(sql`status in ('signup', 'running')`),
    index('tournaments_guild_status').on(t.guildId, t.status),
  ],
);

/** Every change of a tournament (as src/persistence/schema.ts `tournamentLog`). */
export const tournamentLog = pgTable(
  'tournament_log',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: epochMs('at').notNull(),
    byUserId: binaryText('by_user_id'),
    kind: binaryText('kind').notNull(),
    data: json('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.seq] })],
);
