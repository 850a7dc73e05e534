/**
 * The storage interface every query of the bot goes through, with two implementations:
 * SQLite (src/persistence/store/sqlite.ts, the embedded default) and PostgreSQL
 * (src/persistence/pg/store.ts, for several bot processes). Both return exactly the same
 * rows: numbers for Unix ms instants, parsed JSON for state/options/events/actions,
 * booleans for flags, and the same order, paging and ties everywhere (the contract suite in
 * test/persistence/store-contract.ts runs against both).
 *
 * ## How the table service uses it
 *
 * - **One transaction per accepted action.** Every click, deadline or auto-play that changes
 *   a table runs in one `store.transaction(async (tx) => …)`: read the table and seats, apply
 *   the engine, append the action rows, `updateTable` with the version read, results and
 *   ratings when the game ends — and the interaction is answered only after `transaction`
 *   resolved (committed). If the callback throws, nothing of it is stored.
 * - **Within one process: a queue per table.** Run the transactions of one table one after
 *   another (a promise chain keyed by table id) so two clicks on a table never race inside
 *   the process; different tables run concurrently on PostgreSQL (pooled connections). On
 *   SQLite every transaction is serialized on the one connection anyway.
 * - **Across processes: the row lock and the version.** Start each such transaction with
 *   `tx.lockTable(id)` (`SELECT … FOR UPDATE` on PostgreSQL: a second process trying the same
 *   table waits until the first commits, then reads the new row) and decide from the row it
 *   returns, never from a copy read before the transaction; compare the decision step the
 *   click was drawn for with that row's state, as today. Write with
 *   `tx.updateTable(id, row.version, patch)`: it throws VersionConflictError when another
 *   writer got there first, which rolls the transaction back. Together they mean two
 *   processes (e.g. during a reshard) can never apply two moves to one table from the same
 *   state.
 * - **Deadlines.** A process arms in-memory timers only for its own shard's open tables
 *   (`openTables({ shard })` at start-up). When a timer fires, lock the table and re-check
 *   `deadlineAt`/`deadlineStep` in the transaction (the deadline moved = nothing to do).
 *   A sweeper can instead claim due tables with `tx.claimDueDeadlines(now, { shard })`
 *   (`FOR UPDATE SKIP LOCKED`): each due table is handed to one transaction only, and the
 *   caller must move or clear its deadline in that same transaction.
 * - **Errors to answer.** VersionConflictError (another writer won), or a locked row whose
 *   decision step is not the click's, mean "the table moved on": answer like a stale click.
 *   DuplicateKeyError from `insertTable` means another process opened a table in that
 *   channel at the same moment (`openTableInChannel` then finds it: "channel busy").
 *   StoreBusyError / StoreUnavailableError mean nothing was stored: answer "try again"
 *   privately. Any failed call dooms its transaction (TransactionAbortedError), on both
 *   backends. Rendering, pings and board edits happen after `transaction` resolved, never
 *   inside it.
 * - **Never mix handles.** Inside `transaction`, use only the `tx` handle: an outer-store
 *   call awaited inside the callback waits for the transaction itself (SQLite) or runs
 *   outside it and may wait on its row lock (PostgreSQL); both end in StoreBusyError.
 * - **Outside transactions** the reads and the few self-contained writes on `Store`
 *   (message ids, season reset, server settings) are atomic; multi-statement reads
 *   (leaderboard pages, /stats, /admin tables) see one consistent snapshot.
 * - **Cost** (bench/store.ts, same machine): the async SQLite store's own overhead is a
 *   resolved promise per call (about a microsecond) over the same prepared statements called
 *   synchronously (its hot statements are prepared once). A PostgreSQL move is a handful of
 *   round trips plus the commit's WAL flush: milliseconds, which the per-table queue keeps
 *   off other tables.
 */
import type { actions, gameTables, panelTokens, ratings, results, seats, TableStatus, tournamentLog, tournaments, turnNotices, TurnNotify } from '../schema.js';

/** A row of `game_tables`. JSON columns (`options`, `state`, `recentEvents`) come back parsed. */
export type TableRow = typeof gameTables.$inferSelect;
/** Values for a new table (`id`, `version` and the defaulted columns may be omitted). */
export type NewTable = typeof gameTables.$inferInsert;
/** Columns a guarded table update may change (the version is bumped by the store). */
export type TablePatch = Partial<Omit<NewTable, 'id' | 'version'>>;
/** A row of `turn_notices` (README "Turn-based tables"). */
export type TurnNoticeRow = typeof turnNotices.$inferSelect;
/** A row of `panel_tokens`: an open panel saved at a graceful stop (docs/tables.md "Restarts"). */
export type PanelTokenRow = typeof panelTokens.$inferSelect;
/** What start-up needs of a notice to arm its reminder (`pendingReminders`): no message, no deadline. */
export type DueReminder = { tableId: number; userId: string; remindAt: number };
export type { TurnNotify };
/**
 * A server's watching defaults for new tables (docs/watching.md: `spectators` 'public',
 * 'delayed' or 'off'; `spectatorDelay` moves; `watchersSeeHands` 'off' or 'after-the-end') and
 * the role that may organise tournaments besides Manage Server (docs/tournaments.md); null = not set.
 */
export interface GuildWatchSettings {
  spectators: string | null;
  spectatorDelay: number | null;
  watchersSeeHands: string | null;
  tournamentRoleId: string | null;
}

/** A row of `seats`. */
export type SeatRow = typeof seats.$inferSelect & {
  /**
   * The seated user's text-panels setting (user_settings `text_boards`, README "Pictures"),
   * read with the seats: their private panel is drawn as text. Absent on a row that was not
   * read from the store (= pictures).
   */
  textPanels?: boolean;
};
/** Values for a new seat. */
export type NewSeat = typeof seats.$inferInsert;
/** Columns of one seat row that may change. */
export type SeatPatch = Partial<Omit<NewSeat, 'tableId' | 'userId'>>;
/** A row of `actions` (the append-only action log). */
export type ActionRow = typeof actions.$inferSelect;
/** Values for a new action-log row. */
export type NewAction = typeof actions.$inferInsert;
/** A row of `results` (one per seat of a finished table). */
export type ResultRow = typeof results.$inferSelect;
/** Values for a new result row. */
export type NewResult = typeof results.$inferInsert;
/** A row of `ratings` (one player, game, server and season). */
export type RatingRow = typeof ratings.$inferSelect;

/** A row of `tournaments` (docs/tournaments.md); its JSON columns come back parsed but unchecked (src/tournaments/model.ts checks them). */
export type TournamentRow = typeof tournaments.$inferSelect;
/** Values for a new tournament. */
export type NewTournament = typeof tournaments.$inferInsert;
/** Columns a guarded tournament update may change (the version is bumped by the store). */
export type TournamentPatch = Partial<Omit<NewTournament, 'id' | 'version'>>;
/** A row of `tournament_log`. */
export type TournamentLogRow = typeof tournamentLog.$inferSelect;

/** Message ids and the board version: bookkeeping that does not bump the table version. */
export interface MessageIdsPatch {
  boardMessageId?: string | null;
  pingMessageId?: string | null;
  /** The table version the board message now shows. */
  boardVersion?: number;
}

/**
 * The shards a process serves: a guild belongs to shard `(guild_id >> 22) % shardCount`
 * (Discord's sharding formula: https://discord.com/developers/docs/events/gateway#sharding).
 */
export interface ShardFilter {
  /** Total number of shards (≥ 1). */
  shardCount: number;
  /** The shard ids served here, each in [0, shardCount). */
  shardIds: readonly number[];
}

/** Which open tables `openTables` returns; no filter = every open table. */
export interface OpenTablesFilter {
  /** Only this guild's tables. */
  guildId?: string;
  /** Only tables of guilds on these shards. */
  shard?: ShardFilter;
}

/**
 * What start-up recovery needs to know of an open table without reading its game state
 * (`openTableHeads`): enough to arm its deadline timer, to tell whether its board is behind,
 * and whether an AI player sits at it. Instants are Unix ms.
 */
export interface OpenTableHead {
  id: number;
  /** Where the table lives (start-up: a table whose server or channel is gone ends, src/lifecycle.ts). */
  guildId: string;
  channelId: string;
  status: TableStatus;
  /** As in TableRow: when the current decision (or the idle lobby) expires; null when nothing waits. */
  deadlineAt: number | null;
  version: number;
  /** The table version the board message last showed (behind `version` = redraw needed). */
  boardVersion: number;
  /** As in TableRow: the lesson it plays (docs/lessons.md), null for a game table; a lesson has no board. */
  lesson: string | null;
  /** True when any seat of the table has a bot level (an AI player sits, or sat, there). */
  hasBotSeat: boolean;
}

/** A table row with its seats (`tablesWithSeats`). */
export interface TableWithSeats {
  table: TableRow;
  seats: SeatRow[];
}

/** At most this many ids go into one statement of a bulk read (`tablesWithSeats`). */
export const BULK_READ_IDS = 500;

/** At most this many rows go into one insert of `savePanelTokens` (8 values each). */
export const PANEL_TOKEN_ROWS = 500;

/** Options of `claimDueDeadlines`. */
export interface ClaimOptions {
  /** Only tables of guilds on these shards. */
  shard?: ShardFilter;
  /** At most this many tables (default 100). */
  limit?: number;
}

// ---------------------------------------------------------------- ratings and leaderboards

/** The first season of every game in every server. */
export const FIRST_SEASON = 1;

/** A game's current leaderboard season in one server. */
export interface SeasonInfo {
  /** 1-based season number. */
  season: number;
  /** When it started (Unix ms), null for season 1 (since the bot came to the server). */
  startedAt: number | null;
}

/** Outcome of `resetSeason`. */
export type ResetOutcome =
  | { ok: true; previous: number; season: number }
  /** The season already moved on (a second confirm click, or another admin was faster). */
  | { ok: false; current: number };

/** One player's new rating after a finished table (written by `saveRatings`). */
export interface RatingUpdate {
  userId: string;
  /** Display name at this game (already cut to the stored maximum by the caller). */
  name: string;
  mu: number;
  sigma: number;
  /** mu − 3·sigma. */
  ordinal: number;
  /** Rated games this season, including this one. */
  games: number;
  /** Wins this season, including this one. */
  wins: number;
  /** +n = n wins in a row, −n = n non-wins in a row, 0 after a game nobody won. */
  streak: number;
  /** Won this game: adds a win to the lifetime totals. */
  won: boolean;
}

/** One row of a game's leaderboard. */
export interface LeaderRow {
  /** 1-based position on the whole board; equal ordinals share a rank (1, 1, 3, …). */
  rank: number;
  userId: string;
  name: string;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
  wins: number;
  streak: number;
}

/** One row of the all-games view (lifetime, every game and season). */
export interface TotalsRow {
  /** 1-based position (games desc, wins desc, user id desc: no shared ranks). */
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
  /** 1-based position on the game's current-season board (1 + players with a higher ordinal). */
  rank: number;
  /** Players on that board. */
  of: number;
}

/** A player's lifetime totals in one server. */
export interface PlayerTotals {
  games: number;
  wins: number;
  name: string;
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
  /** Unix ms. */
  endedAt: number;
  /** How much this game moved the player's rating (ordinal); null or absent when it was not rated. */
  ratingChange?: number | null;
}

/** One of a player's games that started and was stopped before its end (cancelled or abandoned; never rated). */
export interface StoppedGame {
  tableId: number;
  game: string;
  /** Why it stopped: 'abandoned' (nobody played on), 'cancelled' (the host), 'admin' (`/admin`). */
  endReason: string | null;
  /** The player had left it before it stopped. */
  left: boolean;
  /** Seats at that table. */
  players: number;
  /** When it stopped, Unix ms. */
  endedAt: number;
}

/** Rows per leaderboard page (default of `leaderboard` / `allGames`). */
export const PAGE_SIZE = 10;
/** A kind of game a user finished (`finishedGamesOf`): the table's game options and how many seats it had. */
export interface FinishedGameKind {
  userId: string;
  /** The game's options as stored (`game_tables.options`). */
  options: unknown;
  players: number;
}

/** How many recent games `recentGames` returns by default. */
export const RECENT_GAMES = 5;

// ---------------------------------------------------------------- server settings and admin

/** The timer settings a server can set (`/admin settings`), in seconds. */
export const SETTING_KEYS = ['turnSeconds', 'reactionSeconds', 'voteSeconds'] as const;
/** One settable key. */
export type SettingKey = (typeof SETTING_KEYS)[number];
/** A server's defaults; a missing key means "the game's own default". */
export type GuildDefaults = Partial<Record<SettingKey, number>>;
/** A change to a server's defaults: a number sets it, null clears it, undefined leaves it. */
export type GuildDefaultsPatch = Partial<Record<SettingKey, number | null>>;

/** One open table as `/admin tables` lists it. */
export interface AdminTableEntry {
  table: TableRow;
  /** Every seat row, in `seats()` order (leavers included; the view filters). */
  seats: SeatRow[];
  /** When the table's newest action was logged (Unix ms), null before the first move. */
  lastMoveAt: number | null;
}

/** A page of a server's open tables, oldest (lowest id) first. */
export interface AdminTablesPage {
  tables: AdminTableEntry[];
  /** 1-based page actually shown (clamped into range). */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  /** Open tables in the server. */
  total: number;
}

// ---------------------------------------------------------------- hosting rules, bots, privacy

/** At most this many channels on a server's list of table channels. */
export const MAX_TABLE_CHANNELS = 25;

/**
 * Where tables may be opened and by whom (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`). `channelIds` null = every channel where the bot can post;
 * `hostRoleId` null = anyone.
 */
export interface HostingRules {
  /** Channel snowflakes where tables may be opened, or null for every channel. */
  channelIds: string[] | null;
  /** The role a member needs to open a table (role snowflake), or null for anyone. */
  hostRoleId: string | null;
}

/**
 * A change to the hosting rules. `allowChannel` adds a channel to the list (the first one
 * turns "every channel" into "only the listed ones"), `removeChannel` takes one off (an
 * empty list means every channel again), `anyChannel` clears the list; `hostRoleId` sets
 * the host role (null = anyone).
 */
export interface HostingPatch {
  allowChannel?: string;
  removeChannel?: string;
  anyChannel?: boolean;
  hostRoleId?: string | null;
}

/** Why a hosting patch cannot be applied (nothing is stored then). */
export type HostingPatchProblem =
  | { code: 'not-listed'; channelId: string }
  | { code: 'no-list'; channelId: string }
  | { code: 'already-listed'; channelId: string }
  | { code: 'too-many'; max: number };

/** Outcome of `updateHostingRules`: the new rules (`emptied`: the last listed channel was removed), or the problem. */
export type HostingUpdate = { ok: true; rules: HostingRules; emptied: boolean } | { ok: false; problem: HostingPatchProblem };

/** One line of a player's record against AI players: finished games at tables with a bot of `level`, and wins there. */
export interface VsBotRecord {
  level: string;
  games: number;
  wins: number;
}

/** How much the bot stores about one user, in every server (row counts). */
export interface StoredData {
  /** Seats at tables, open or closed (lobbies included). */
  seats: number;
  /** Result rows (their seats in finished games). */
  results: number;
  /** Season ratings (one per server, game and season). */
  ratings: number;
  /** Lifetime totals (one per server). */
  totals: number;
  /** Personal preferences (`user_settings`: text boards, how turn-based tables notify them): 0 or 1 row. */
  settings: number;
  /** Tournaments they entered or organised (docs/tournaments.md "Privacy"), open or closed. */
  tournaments: number;
}

/**
 * One open tournament (sign-up or running, any server) that `userId` entered — even one they
 * withdrew from: their results still count in it — or organises (docs/tournaments.md "Privacy").
 */
export interface OpenEntry {
  tournamentId: number;
  guildId: string;
  channelId: string;
  /** The tournament's name as its organiser gave it. */
  name: string;
  /** Game id (e.g. 'noir'). */
  game: string;
  /** They organise it (and may not be an entrant). */
  organiser: boolean;
  /** They withdrew from the running tournament: it still holds their results until it ends. */
  withdrawn: boolean;
}

/** One open table (lobby or running game) where the user still has a seat (even one they left). */
export interface OpenSeat {
  tableId: number;
  guildId: string;
  channelId: string;
  /** Game id (e.g. 'suspicion'). */
  game: string;
  status: TableStatus;
  /** They left the running game: their seat is auto-played and becomes a result when it ends. */
  left: boolean;
}

/** Outcome of `eraseUserData`. */
export type EraseOutcome =
  /**
   * Erased: what there was (counted just before), and the closed tables with a board message
   * whose seats were made anonymous (ids ascending; their boards can be redrawn).
   */
  | { ok: true; erased: StoredData; anonymisedTables: number[] }
  /**
   * Refused, nothing changed: the user sits at open tables, or is entered in (or organises) open
   * tournaments; they must leave them, or let them end, first.
   */
  | { ok: false; openSeats: OpenSeat[]; openTournaments: OpenEntry[] };

/** The prefix of every user id written by an erasure (never a Discord snowflake). */
export const ANONYMOUS_USER_ID = 'anonymous';

// ---------------------------------------------------------------- the interface

/** Reads, available on the store (each one statement or a consistent few) and inside a transaction. */
export interface StoreReads {
  /** The table with `id`, or undefined. */
  table(id: number): Promise<TableRow | undefined>;
  /** The open (lobby or active) table in a channel, if any (at most one exists). */
  openTableInChannel(channelId: string): Promise<TableRow | undefined>;
  /** Open tables, by id ascending; optionally one guild's, or only the given shards' guilds. */
  openTables(filter?: OpenTablesFilter): Promise<TableRow[]>;
  /**
   * The same open tables as `openTables(filter)`, by id ascending, as OpenTableHead: one
   * statement that reads no JSON column (start-up recovery of thousands of tables).
   */
  openTableHeads(filter?: OpenTablesFilter): Promise<OpenTableHead[]>;
  /**
   * The tables with these ids, each with its seats (in `seats` order), by table id ascending;
   * unknown ids are left out. Two statements per BULK_READ_IDS ids (start-up recovery reads
   * the few tables it must look at whole this way, not two round trips each). Like `table`
   * then `seats`, the two reads are not one snapshot: a change committed between them shows
   * in the seats only.
   */
  tablesWithSeats(ids: readonly number[]): Promise<TableWithSeats[]>;
  /** Open tables in a guild where `userId` sits (not counting seats they left), most recently updated first. */
  openTablesOfUser(guildId: string, userId: string): Promise<TableRow[]>;
  /** Seats of a table: by seat number once started, by join order (then user id) in the lobby. */
  seats(tableId: number): Promise<SeatRow[]>;
  /** The whole action log of a table, by seq ascending. */
  actions(tableId: number): Promise<ActionRow[]>;
  /** The newest entry of a table's action log, if any. */
  lastAction(tableId: number): Promise<ActionRow | undefined>;
  /**
   * When a player last acted at a table (Unix ms): the newest action-log entry of kind
   * `player` (timeouts and auto-play do not count), undefined before the first such move.
   */
  lastPlayerActionAt(tableId: number): Promise<number | undefined>;
  /** Result rows of a table, by seat ascending. */
  results(tableId: number): Promise<ResultRow[]>;
  /** The current season of `game` in `guildId` (season 1 when never reset). */
  currentSeason(guildId: string, game: string): Promise<SeasonInfo>;
  /** Stored ratings of the given players in one game, server and season (any order). */
  seasonRatings(guildId: string, game: string, season: number, userIds: readonly string[]): Promise<RatingRow[]>;
  /**
   * Page `page` (0-based; clamped into range) of `game`'s board for `season` in `guildId`:
   * ordinal (mu − 3·sigma) descending, then user id descending; equal ordinals share a rank,
   * also across pages (standard competition ranking).
   */
  leaderboard(guildId: string, game: string, season: number, page: number, size?: number): Promise<Page<LeaderRow>>;
  /** Page `page` (0-based, clamped) of the all-games view: lifetime games desc, wins desc, user id desc. */
  allGames(guildId: string, page: number, size?: number): Promise<Page<TotalsRow>>;
  /** `userId`'s current-season rating in every game they have played in `guildId`, by game id. */
  playerGames(guildId: string, userId: string): Promise<PlayerGameRecord[]>;
  /** `userId`'s lifetime totals in `guildId`, or undefined before their first rated game. */
  playerTotals(guildId: string, userId: string): Promise<PlayerTotals | undefined>;
  /** `userId`'s last `limit` finished games in `guildId`: newest first (ties: higher table id first). */
  recentGames(guildId: string, userId: string, limit?: number): Promise<RecentGame[]>;
  /** `userId`'s last `limit` games in `guildId` that started and were cancelled or abandoned: newest first (ties: higher table id first). */
  stoppedGames(guildId: string, userId: string, limit?: number): Promise<StoppedGame[]>;
  /**
   * What each of `userIds` has finished of `game` in `guildId` (docs/lessons.md "First table of a
   * game"): a row per user and distinct options and player count of their finished games; a user
   * with no row has finished none. Empty for no users.
   */
  finishedGamesOf(guildId: string, game: string, userIds: readonly string[]): Promise<FinishedGameKind[]>;
  /**
   * Which of `userIds` have played `game`'s lesson to its end in `guildId` (docs/lessons.md "First
   * table of a game"; a lesson left or closed idle is not finished), each once. Empty for no users.
   */
  finishedLessonsOf(guildId: string, game: string, userIds: readonly string[]): Promise<string[]>;
  /** The stored defaults of `guildId` (empty when none were set). */
  guildDefaults(guildId: string): Promise<GuildDefaults>;
  /**
   * The server's table language (`/admin settings language:`): a catalog language such as
   * 'en' or 'es', or null when each table takes the language of the player who opens it.
   */
  guildLanguage(guildId: string): Promise<string | null>;
  /**
   * Page `page` (1-based, clamped) of `guildId`'s open tables for `/admin tables`, oldest
   * first, `perPage` per page, each with its seats and last move.
   */
  adminTables(guildId: string, page: number, perPage: number): Promise<AdminTablesPage>;
  /**
   * The first table opened in `channelId` after table `afterId` (any status), if any: a
   * finished board's Play again is out of date once there is one (walks the primary key from `afterId`).
   */
  newerTableInChannel(channelId: string, afterId: number): Promise<TableRow | undefined>;
  /** The hosting rules of `guildId` (anyone, anywhere when nothing was set; an empty stored list reads as null). */
  hostingRules(guildId: string): Promise<HostingRules>;
  /**
   * `userId`'s record against each bot level in `guildId` (README "AI players", `/stats`):
   * per level, finished games they played (as a human) at a table with a bot of that level,
   * and how many of those they won; easy, normal, hard order; empty when they never met a bot.
   */
  recordAgainstBots(guildId: string, userId: string): Promise<VsBotRecord[]>;
  /** What the bot stores about `userId`, counted over every server (README "Privacy"). */
  storedData(userId: string): Promise<StoredData>;
  /** Open tables (any server) where `userId` has a seat, oldest (lowest id) first. */
  openSeatsOf(userId: string): Promise<OpenSeat[]>;
  /** Open tournaments (any server) that `userId` entered (withdrawn or not) or organises, by id (docs/tournaments.md "Privacy"). */
  openTournamentsOf(userId: string): Promise<OpenEntry[]>;
  /** How turn-based tables notify `userId` (README "Turn-based tables"): 'ping' unless they chose 'dm'. */
  turnNotifyOf(userId: string): Promise<TurnNotify>;
  /** The turn notices of a table (README "Turn-based tables"), by user id. */
  turnNotices(tableId: number): Promise<TurnNoticeRow[]>;
  /**
   * Every turn notice whose reminder is still due (`remindAt` set) at an open table of the
   * filter (its guild, its shards), by `remindAt` ascending: start-up arms these reminders
   * from this one statement, without reading any game state.
   */
  pendingReminders(filter?: OpenTablesFilter): Promise<DueReminder[]>;
  /** True when `userId` asked for text panels instead of pictures (README "Pictures"); false when never set. */
  userTextBoards(userId: string): Promise<boolean>;
  /** The tournament with `id`, or undefined (docs/tournaments.md). */
  tournament(id: number): Promise<TournamentRow | undefined>;
  /** The open (signing up or running) tournament of a channel, if any (at most one exists). */
  openTournamentInChannel(channelId: string): Promise<TournamentRow | undefined>;
  /** Open tournaments (signing up or running), by id ascending; optionally one guild's, or only the given shards' guilds. */
  openTournaments(filter?: OpenTablesFilter): Promise<TournamentRow[]>;
  /** A tournament's log (`/tournament log`), by seq ascending; the newest `limit` rows when given. */
  tournamentLog(tournamentId: number, limit?: number): Promise<TournamentLogRow[]>;
  /** True when `guildId`'s public boards are drawn as text instead of pictures (`/admin settings`); false when never set. */
  guildTextBoards(guildId: string): Promise<boolean>;
  /** `guildId`'s watching defaults and tournament role (`/admin settings`; docs/watching.md, docs/tournaments.md); nulls when never set. */
  guildWatchSettings(guildId: string): Promise<GuildWatchSettings>;
}

/** Self-contained writes: atomic on their own, available on the store and inside a transaction. */
export interface StoreAtomicWrites {
  /** Set message ids / the board version of a table without a version bump (no-op for an unknown id). */
  setMessageIds(id: number, patch: MessageIdsPatch): Promise<void>;
  /**
   * Start season `expectedSeason + 1` of `game` in `guildId`, provided the current season is
   * still `expectedSeason` (so a double confirm, or two admins on two shards, cannot skip a
   * season). Older seasons' rows stay queryable by number.
   */
  resetSeason(guildId: string, game: string, expectedSeason: number, by: string, now: number): Promise<ResetOutcome>;
  /**
   * Apply a patch to `guildId`'s defaults in one statement (keys not in the patch keep their
   * value even if another admin changes them at the same moment) and return the new
   * defaults. Callers validate ranges first (the admin settings module's limits).
   */
  updateGuildDefaults(guildId: string, patch: GuildDefaultsPatch, by: string, now: number): Promise<GuildDefaults>;
  /**
   * Apply a hosting patch to `guildId` in one transaction (read, check, write: two admins at
   * once cannot lose a change) and return the new rules, or the problem that stopped it
   * (stored rules unchanged): removing a channel that is not listed, listing one twice, or a
   * list longer than MAX_TABLE_CHANNELS.
   */
  updateHostingRules(guildId: string, patch: HostingPatch, by: string, now: number): Promise<HostingUpdate>;
  /** Set (a language such as 'es') or clear (null) the server's table language in one statement; other settings are kept. */
  setGuildLanguage(guildId: string, language: string | null, by: string, now: number): Promise<void>;
  /** Store how turn-based tables notify `userId` (README "Turn-based tables"). */
  setTurnNotify(userId: string, mode: TurnNotify, now: number): Promise<void>;
  /** Insert or replace the turn notice of (`row.tableId`, `row.userId`). */
  putTurnNotice(row: TurnNoticeRow): Promise<void>;
  /** Delete the turn notices of these users at a table (every user's when `userIds` is absent). */
  deleteTurnNotices(tableId: number, userIds?: readonly string[]): Promise<void>;
  /**
   * Save the open panels of a stopping process (docs/tables.md "Restarts"), replacing any row
   * of the same (table, user), in one transaction.
   */
  savePanelTokens(rows: readonly PanelTokenRow[]): Promise<void>;
  /**
   * At start-up: the saved panels of the tables `tableIds` whose token was issued after
   * `issuedAfter` (Unix ms), by table id then user id (byte order), deleted as they are read —
   * together with every saved panel issued at or before `issuedAfter` (expired, any table) — in
   * one transaction, so two processes never both take a row.
   */
  takePanelTokens(tableIds: readonly number[], issuedAfter: number): Promise<PanelTokenRow[]>;
  /** Set `userId`'s text-panels setting in one statement (a `user_settings` row is made when missing). */
  setUserTextBoards(userId: string, on: boolean, now: number): Promise<void>;
  /** Set `guildId`'s text-boards setting in one statement; other settings are kept. */
  setGuildTextBoards(guildId: string, on: boolean, by: string, now: number): Promise<void>;
  /** Apply a patch to `guildId`'s watching defaults and tournament role in one statement (keys not in it are kept; null clears) and return them. */
  setGuildWatchSettings(guildId: string, patch: Partial<GuildWatchSettings>, by: string, now: number): Promise<GuildWatchSettings>;
  /**
   * Erase what the bot stores about `userId` in every server (README "Privacy"), in one
   * transaction, unless they still have a seat at an open table (then nothing changes and
   * those tables are returned). Past seats and result rows become `anonymous:<seat>` with an
   * empty name, their moves stay in the action log without their id, their ratings and
   * totals are deleted, seats at lobbies deleted, and their id is cleared where they hosted
   * (→ `anonymous`), ended a table, started a season or changed settings. Also refused while
   * they are in (or organise) an open tournament; in closed tournaments their entrant id
   * becomes `anonymous:<entry>` everywhere it appears (entrants, pairings, outcomes, log data)
   * with an empty name, and where they organised or acted it becomes `anonymous`
   * (docs/tournaments.md "Privacy"). Idempotent.
   */
  eraseUserData(userId: string): Promise<EraseOutcome>;
}

/** The handle inside `Store.transaction`: reads and writes in that one transaction. */
export interface StoreTx extends StoreReads, StoreAtomicWrites {
  /**
   * Read the table with `id` and lock its row until the transaction ends
   * (PostgreSQL `SELECT … FOR UPDATE`: another transaction locking or updating it waits; on
   * SQLite the transaction already holds the database's write lock). Undefined if no such table.
   */
  lockTable(id: number): Promise<TableRow | undefined>;
  /**
   * Open tables whose deadline has passed (`deadlineAt <= now`), earliest first, locked for
   * this transaction; tables another transaction holds are skipped (`FOR UPDATE SKIP LOCKED`),
   * so concurrent claimers get disjoint sets. The claim lasts until the transaction ends: fire
   * each deadline and move or clear it (`updateTable`) in this same transaction.
   */
  claimDueDeadlines(now: number, options?: ClaimOptions): Promise<TableRow[]>;
  /** Insert a new table; returns its row (with id, version 0 and defaults). */
  insertTable(values: NewTable): Promise<TableRow>;
  /**
   * Update a table if its version is still `expectedVersion`, setting version
   * `expectedVersion + 1`; returns the new row. Throws VersionConflictError otherwise (another
   * writer changed it, or no such table).
   */
  updateTable(id: number, expectedVersion: number, patch: TablePatch): Promise<TableRow>;
  /** Add a player to a table (throws on a duplicate (table, user)). */
  insertSeat(values: NewSeat): Promise<void>;
  /** Remove a player's seat row. */
  deleteSeat(tableId: number, userId: string): Promise<void>;
  /** Update one player's seat row. */
  updateSeat(tableId: number, userId: string, patch: SeatPatch): Promise<void>;
  /** Append one entry to the action log (throws on a duplicate (table, seq)). */
  appendAction(values: NewAction): Promise<void>;
  /** Store the result rows of a finished table (nothing for an empty list). */
  insertResults(rows: readonly NewResult[]): Promise<void>;
  /** Read the tournament with `id` and lock its row until the transaction ends (as `lockTable`). */
  lockTournament(id: number): Promise<TournamentRow | undefined>;
  /** Insert a new tournament; returns its row (throws DuplicateKeyError when its channel already has an open one). */
  insertTournament(values: NewTournament): Promise<TournamentRow>;
  /**
   * Update a tournament if its version is still `expectedVersion`, setting version
   * `expectedVersion + 1`; returns the new row. Throws VersionConflictError (kind 'tournament') otherwise.
   */
  updateTournament(id: number, expectedVersion: number, patch: TournamentPatch): Promise<TournamentRow>;
  /** Append one row to a tournament's log (throws on a duplicate (tournament, seq)). */
  appendTournamentLog(values: TournamentLogRow): Promise<void>;
  /**
   * Write players' new ratings for one game, server and season (insert or replace) and add
   * the game to their lifetime totals (+1 game, +1 win when `won`; the name is updated).
   */
  saveRatings(guildId: string, game: string, season: number, updates: readonly RatingUpdate[], now: number): Promise<void>;
  /**
   * Store how much each player's rating (the ordinal, mu − 3·sigma) moved with table `tableId`
   * on their result row (`results.rating_change`, shown by `/history`); rows of other players
   * keep null (not rated).
   */
  setRatingChanges(tableId: number, changes: readonly RatingChange[]): Promise<void>;
}

/** One player's rating change with one finished table (`setRatingChanges`). */
export interface RatingChange {
  userId: string;
  /** Ordinal after the game minus ordinal before it (a first game starts from a new player's 0). */
  change: number;
}

/** The storage layer: reads, a few atomic writes, and transactions for everything else. */
export interface Store extends StoreReads, StoreAtomicWrites {
  /** Which implementation this is. */
  readonly backend: 'sqlite' | 'postgres';
  /**
   * Run `fn` in one transaction: committed when the promise it returns resolves, rolled back
   * when it rejects (the rejection is passed on). Use only `tx` inside. Transactions wait for
   * each other where they touch the same rows (PostgreSQL) or the database (SQLite); a wait
   * longer than the store's lock timeout rejects with StoreBusyError.
   */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Close the connection(s); waits for running transactions. The store is unusable afterwards. */
  close(): Promise<void>;
}
