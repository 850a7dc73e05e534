/**
 * Database schema (drizzle, SQLite). Migrations are generated from this file into
 * drizzle/ with `npm run db:generate` and applied at start-up (docs/architecture.md §4).
 * All instants are Unix epoch milliseconds.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Lifecycle of a table. */
export type TableStatus = 'lobby' | 'active' | 'finished' | 'cancelled';

/** One game table in one channel. */
export const gameTables = sqliteTable(
  'game_tables',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    game: text('game').notNull(),
    status: text('status').$type<TableStatus>().notNull(),
    hostUserId: text('host_user_id').notNull(),
    /** Parsed game options (JSON). */
    options: text('options', { mode: 'json' }).notNull(),
    maxSeats: integer('max_seats').notNull(),
    /** 32-bit seed chosen at start; with the action log it reproduces the game. */
    seed: integer('seed'),
    /** Game state snapshot (JSON), null in the lobby. */
    state: text('state', { mode: 'json' }),
    /** Incremented by every write; guards against lost updates. */
    version: integer('version').notNull().default(0),
    boardMessageId: text('board_message_id'),
    /** The table version the board message last showed (behind `version` = redraw needed). */
    boardVersion: integer('board_version').notNull().default(0),
    pingMessageId: text('ping_message_id'),
    /** When the current decision (or the idle lobby) expires; null when nothing waits. */
    deadlineAt: integer('deadline_at'),
    /** The decision step the deadline belongs to (engine `pending.step`). */
    deadlineStep: integer('deadline_step'),
    /** Most recent game events (JSON array, with their visibility) for the board log and panels. */
    recentEvents: text('recent_events', { mode: 'json' }).notNull().default(sql`'[]'`),
    /** Seq of the last action-log row. */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    startedAt: integer('started_at'),
    endedAt: integer('ended_at'),
    /** Why the table ended: a result reason, 'cancelled', 'expired', 'admin', 'abandoned'. */
    endReason: text('end_reason'),
    endedBy: text('ended_by'),
    /**
     * The table's language (a Discord locale such as 'en-US' or 'es-ES'): boards, pings and
     * announcements are rendered in it for the table's whole life (README "Languages").
     * Null for tables opened before languages existed (= English).
     */
    locale: text('locale'),
    /**
     * Table options handled by the table service rather than by the game's rules (JSON object,
     * e.g. AI-player seating and pace; README "AI players"). `{}` when none.
     */
    tableOptions: text('table_options', { mode: 'json' }).notNull().default(sql`'{}'`),
    /**
     * The lesson this table plays (docs/lessons.md "Lesson tables"): the game's lesson script and
     * its version, e.g. `suspicion@1`; null for a game table. A lesson is private and is not its
     * channel's table (the index below leaves it out).
     */
    lesson: text('lesson'),
    /**
     * The board is drawn as text instead of a picture (README "Pictures"): the server's
     * `/admin settings text-boards`, taken when the table is opened and kept current while it
     * is open (the setting's write updates the server's open tables), so a redraw reads it
     * with the table and never reads the server's settings.
     */
    textBoards: integer('text_boards', { mode: 'boolean' }).notNull().default(false),
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
export const seats = sqliteTable(
  'seats',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    joinedAt: integer('joined_at').notNull(),
    seat: integer('seat'),
    /** Auto-played after missing deadlines, until the player clicks again. */
    away: integer('away', { mode: 'boolean' }).notNull().default(false),
    /** Consecutive missed deadlines (turns and votes). */
    missed: integer('missed').notNull().default(0),
    /** Left a running game with /table leave: auto-played to the end, ranked last. */
    left: integer('left', { mode: 'boolean' }).notNull().default(false),
    /**
     * Null for a human seat; otherwise the AI player's level ('easy' | 'normal' | 'hard') that
     * plays this seat (a bot seated in the lobby, or one that replaced a player who left or was
     * away). Bot seats never count as someone present.
     */
    botLevel: text('bot_level'),
    /**
     * The player has opened their hand (Show my hand, `/hand`) at least once in this game:
     * until then a counter window they race in waits longer (docs/tables.md "Suspicion notes",
     * UNSEEN_HAND_WINDOW_MS in src/tables/policy.ts).
     */
    looked: integer('looked', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] }), index('seats_user').on(t.userId)],
);

/** Append-only log of every applied action (player, timeout, auto-play or AI player 'bot'). */
export const actions = sqliteTable(
  'actions',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    userId: text('user_id'),
    kind: text('kind').$type<'player' | 'timeout' | 'auto' | 'bot'>().notNull(),
    action: text('action', { mode: 'json' }).notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seq] })],
);

/** Final outcome per seat of a finished table. */
export const results = sqliteTable(
  'results',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    guildId: text('guild_id').notNull(),
    game: text('game').notNull(),
    userId: text('user_id').notNull(),
    /** 1 = best; ties share. A leaver is placed last. */
    placement: integer('placement').notNull(),
    winner: integer('winner', { mode: 'boolean' }).notNull(),
    score: real('score'),
    left: integer('left', { mode: 'boolean' }).notNull().default(false),
    endedAt: integer('ended_at').notNull(),
    /** Null for a human's seat; the AI level for a seat played by a bot (never rated). */
    botLevel: text('bot_level'),
    /** How much this game moved the player's rating (ordinal, mu − 3·sigma); null when not rated. */
    ratingChange: real('rating_change'),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.seat] }),
    index('results_guild_game_ended').on(t.guildId, t.game, t.endedAt),
    // Ends with table_id: /stats lists a player's recent games newest first, ties by table id, straight from the index.
    index('results_user_ended').on(t.guildId, t.userId, t.endedAt, t.tableId),
  ],
);

// ---------------------------------------------------------------- ratings (README "Leaderboards and ratings")

/**
 * One player's rating for one game in one server and season (OpenSkill, Plackett-Luce).
 * `ordinal` = mu − 3·sigma, the conservative estimate the leaderboard ranks by. `streak` is
 * signed: +n = n wins in a row, −n = n non-wins in a row, 0 after a game nobody won.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    game: text('game').notNull(),
    /** Season number, 1-based (see `seasons`). */
    season: integer('season').notNull(),
    userId: text('user_id').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    ordinal: real('ordinal').notNull(),
    /** Rated games played this season. */
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    /** Display name at the player's latest rated game. */
    name: text('name').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.game, t.season, t.userId] }),
    /** Top N by ordinal (scanned backwards: ordinal desc, user_id desc). */
    index('ratings_top').on(t.guildId, t.game, t.season, t.ordinal, t.userId),
    /** A player's rows across games (/stats). */
    index('ratings_user').on(t.guildId, t.userId),
  ],
);

/** The current season of a game's leaderboard in a server. No row = season 1 since the start. */
export const seasons = sqliteTable(
  'seasons',
  {
    guildId: text('guild_id').notNull(),
    game: text('game').notNull(),
    /** Current season number (1-based). */
    season: integer('season').notNull(),
    startedAt: integer('started_at').notNull(),
    /** Who started it (`/admin leaderboard-reset`). */
    startedBy: text('started_by'),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.game] })],
);

/**
 * Lifetime totals per player and server across every game and season: the "all games"
 * leaderboard view ranks by games played.
 */
export const playerTotals = sqliteTable(
  'player_totals',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    name: text('name').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.userId] }),
    /** Top N by games played (scanned backwards: games desc, wins desc, user_id desc). */
    index('player_totals_by_games').on(t.guildId, t.games, t.wins, t.userId),
  ],
);

/** Server-wide defaults for new tables (`/admin settings`); null = the game's own default. */
export const guildSettings = sqliteTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  /** Turn timer, seconds. */
  turnSeconds: integer('turn_seconds'),
  /** Counter / reaction window, seconds. */
  reactionSeconds: integer('reaction_seconds'),
  /** Secret vote timer, seconds. */
  voteSeconds: integer('vote_seconds'),
  updatedAt: integer('updated_at').notNull(),
  updatedBy: text('updated_by'),
  /** The server's table language (a Discord locale); null = the locale of the player who opens a table. */
  language: text('language'),
  /** Channels where tables may be opened (JSON array of channel snowflakes); null = anywhere the bot can post. */
  tableChannelIds: text('table_channel_ids', { mode: 'json' }).$type<string[]>(),
  /** Role allowed to open tables (role snowflake); null = anyone. */
  hostRoleId: text('host_role_id'),
  /** Public boards drawn as text instead of pictures (README "Pictures"); null = pictures. */
  textBoards: integer('text_boards', { mode: 'boolean' }),
  /** Who may watch a new table (docs/watching.md "Spectator rules of a table"): 'public', 'delayed' or 'off'; null = 'public'. */
  spectators: text('spectators'),
  /** With `spectators` 'delayed': how many moves behind watchers are; null = the default. */
  spectatorDelay: integer('spectator_delay'),
  /** Whether watchers see every hand once the game is over: 'off' or 'after-the-end'; null = 'off'. */
  watchersSeeHands: text('watchers_see_hands'),
  /** Role that may organise tournaments besides Manage Server (role snowflake); null = Manage Server only. */
  tournamentRoleId: text('tournament_role_id'),
});

/** How a turn-based table tells a player it is their move (README "Turn-based tables"). */
export type TurnNotify = 'ping' | 'dm';

/**
 * Per-user preferences, one row per Discord user who changed one; no row = the defaults.
 * `textBoards`: private panels drawn as text instead of pictures (README "Pictures": screen
 * readers, slow connections). `turnNotify` (README "Turn-based tables"): 'dm' = turn pings
 * and reminders of turn-based tables come by DM; null or 'ping' = a mention in the table's
 * channel (the default).
 */
export const userSettings = sqliteTable('user_settings', {
  userId: text('user_id').primaryKey(),
  textBoards: integer('text_boards', { mode: 'boolean' }).notNull().default(false),
  turnNotify: text('turn_notify').$type<TurnNotify>(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The turn notice of one player at one turn-based table (README "Turn-based tables";
 * src/discord/publish/turn-notices.ts): the decision `step` it was sent for, the message (channel
 * ping or DM) that says so, that decision's deadline, and when its one reminder is due
 * (`remindAt`; null once sent). One row per (table, user): a new decision replaces it. Read
 * at start-up (`pendingReminders`) to arm the reminders without reading any game state.
 */
export const turnNotices = sqliteTable(
  'turn_notices',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id),
    userId: text('user_id').notNull(),
    step: integer('step').notNull(),
    /** Where the message is: the table's channel or the user's DM channel; null when none could be sent. */
    channelId: text('channel_id'),
    messageId: text('message_id'),
    /** True when the notice went by DM. */
    dm: integer('dm', { mode: 'boolean' }).notNull().default(false),
    deadlineAt: integer('deadline_at').notNull(),
    remindAt: integer('remind_at'),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] }), index('turn_notices_remind_idx').on(t.remindAt)],
);

/**
 * The open private panels a stopping process still could redraw (docs/tables.md "Restarts";
 * src/discord/publish/live-panels.ts): the panel message of one player at one table and the
 * interaction token that can edit it (Discord: 15 minutes). Written at a graceful stop, read
 * and deleted at the next start, so the panels of a decision whose deadline moved while the bot
 * was down show the new one. One row per (table, user).
 */
export const panelTokens = sqliteTable(
  'panel_tokens',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => gameTables.id),
    userId: text('user_id').notNull(),
    messageId: text('message_id').notNull(),
    applicationId: text('application_id').notNull(),
    token: text('token').notNull(),
    /** When the token was issued (Unix ms). */
    issuedAt: integer('issued_at').notNull(),
    /** The Discord locale the panel was opened in. */
    locale: text('locale').notNull(),
    /** `@original`, or the id of the follow-up message the panel is. */
    messageRef: text('message_ref').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] })],
);

// ---------------------------------------------------------------- tournaments (docs/tournaments.md)

/** Lifecycle of a tournament. */
export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';

/**
 * One Swiss tournament (docs/tournaments.md). Its entrants and rounds are small (at most 64
 * entrants, a few rounds) and always change together under the tournament's lock, so they are
 * JSON columns of this row, written with the version it read (like a table's state):
 * `entrants` (src/tournaments/model.ts `Entrant`), `rounds` (`Round`: the stored pairing, its
 * tables and their outcomes). The game tables of a round carry the tournament in their table
 * options.
 */
export const tournaments = sqliteTable(
  'tournaments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    /** Where the tournament posts (its channel or thread); its tables are threads of it. */
    channelId: text('channel_id').notNull(),
    game: text('game').notNull(),
    status: text('status').$type<TournamentStatus>().notNull(),
    organiserUserId: text('organiser_user_id').notNull(),
    name: text('name').notNull(),
    /** The game's options for every table (JSON, parsed by the game's schema). */
    options: text('options', { mode: 'json' }).notNull(),
    /** The tournament's own settings (JSON, src/tournaments/model.ts `TournamentSettings`). */
    settings: text('settings', { mode: 'json' }).notNull(),
    /** 32-bit seed the pairings are drawn from (docs/tournaments.md "Pairing"). */
    seed: integer('seed').notNull(),
    /** The round being played (0 before the start). */
    round: integer('round').notNull().default(0),
    /** When the current round ends at the latest (Unix ms); null when no round runs. */
    roundDeadlineAt: integer('round_deadline_at'),
    entrants: text('entrants', { mode: 'json' }).notNull().default(sql`'[]'`),
    rounds: text('rounds', { mode: 'json' }).notNull().default(sql`'[]'`),
    /** Seq of the last row of `tournament_log`. */
    lastLogSeq: integer('last_log_seq').notNull().default(0),
    version: integer('version').notNull().default(0),
    locale: text('locale'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    startedAt: integer('started_at'),
    endedAt: integer('ended_at'),
    /** 'finished', 'cancelled' (by the organiser), 'too-few' (fewer entrants than a table at the start). */
    endReason: text('end_reason'),
    /** The message of the latest standings posted in the tournament's channel. */
    standingsMessageId: text('standings_message_id'),
    /** The tournament's card (posted by `/tournament new`), redrawn after every change; null until posted. */
    cardMessageId: text('card_message_id'),
  },
  (t) => [
    uniqueIndex('tournaments_one_open_per_channel').on(t.channelId).where(sql`status in ('signup', 'running')`),
    index('tournaments_guild_status').on(t.guildId, t.status),
  ],
);

/** Every change of a tournament, for its organiser (`/tournament log`): append-only. */
export const tournamentLog = sqliteTable(
  'tournament_log',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: integer('at').notNull(),
    /** Who made the change (a user snowflake); null for the bot itself (a round's end, a deadline). */
    byUserId: text('by_user_id'),
    kind: text('kind').notNull(),
    /** What changed (JSON). */
    data: text('data', { mode: 'json' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.seq] })],
);
