/**
 * Types shared by the table service and its callers (the Discord layer and tests).
 */
import type { GameEvent, Pending, RuleError, Seat } from '../games/engine.js';
import type { TableStatus } from '../persistence/schema.js';
import type { SeatRow, StoreTx, TableRow } from '../persistence/store/types.js';

/** Who is asking: the Discord user behind an interaction. */
export interface Actor {
  /** Discord user snowflake. */
  userId: string;
  /** Display name in the guild, stored with the seat. */
  displayName: string;
  /** The member has Manage Server in this guild (checked server-side on every use). */
  canManageGuild: boolean;
  /**
   * Where the interaction came from (guild and channel snowflakes; null outside a guild).
   * When given, the service treats a table of another server as unknown (`no-table`: table
   * ids are sequential, so they are never trusted), and refuses verbs bound to the table's
   * own channel (lobby buttons, leave and cancel confirmations) from any other channel
   * (`other-channel`). Absent = a caller inside the bot (tests, tools): no such check.
   */
  from?: { guildId: string | null; channelId: string | null };
}

/** A refusal by the table service: a stable code plus what the answer needs to say. */
export type ServiceError =
  | { code: 'no-table' }
  | { code: 'other-channel'; channelId: string }
  | { code: 'table-closed'; status: TableStatus }
  | { code: 'channel-busy'; tableId: number; game: string; status: TableStatus; boardMessageId: string | null }
  | { code: 'already-seated' }
  | { code: 'table-full'; max: number }
  | { code: 'host-only' }
  | { code: 'host-or-manager-only' }
  | { code: 'too-few-players'; min: number; have: number }
  | { code: 'not-seated' }
  | { code: 'not-lobby' }
  | { code: 'not-active' }
  | { code: 'seat-left' }
  /**
   * The click was drawn for an earlier decision step. Only a seated player of an active
   * table gets it; `echo` is true when it repeats that player's own newest action within
   * DOUBLE_CLICK_MS (a double click). `snapshot` is the table as it is now (the player was
   * marked present), so the answer can show the current panel without another read.
   */
  | { code: 'stale'; action: unknown; echo: boolean; snapshot: TableSnapshot }
  /** The engine refused the action; `snapshot` as for `stale`. */
  | { code: 'rule'; error: RuleError; action: unknown; snapshot: TableSnapshot }
  /**
   * The action does not decode for this game, or does not fit its action schema (a button's
   * code, or a raw action): the one "malformed action" refusal.
   */
  | { code: 'malformed' }
  | { code: 'bad-options'; problems: string[] }
  /** Play again on a table that did not finish (still open, or cancelled / abandoned). */
  | { code: 'not-finished'; status: TableStatus }
  /** Play again by someone who did not play at that table (and has no Manage Server). */
  | { code: 'rematch-players-only'; game: string }
  /** Play again on an old board: table `newerTableId` was opened in the channel since. */
  | { code: 'rematch-stale'; newerTableId: number; game: string }
  | { code: 'unknown-game' }
  /** The seat named is not a bot seated in the lobby (remove bot). */
  | { code: 'not-bot' }
  /** Only a player who left or is away can be replaced by a bot; `seat` is their seat. */
  | { code: 'not-replaceable'; seat: number }
  /** A turn-based verb (a vacation) at a live table (README "Turn-based tables"). */
  | { code: 'not-turn-based' }
  /** The seat already took its one vacation pause of this game. */
  | { code: 'vacation-used'; until: number }
  /** A vacation length outside 1..`max` hours. */
  | { code: 'bad-vacation'; max: number }
  /** 💡 Hint asked at a rated table opened without `hints` (src/tables/hints.ts). */
  | { code: 'hints-off' }
  /**
   * 💡 Hint asked while the AI players' pool already has HINT_QUEUE_MAX requests waiting
   * (src/tables/hints.ts): nothing is logged, ask again in a moment.
   */
  | { code: 'hints-busy' }
  /** 💡 Hint asked while the seat has nothing to decide. */
  | { code: 'nothing-to-decide' }
  /**
   * A lesson's learner clicked a move the lesson does not teach now (docs/lessons.md): `taught`
   * are the moves it accepts (the first is the one its note teaches); `snapshot` as for `stale`.
   */
  | { code: 'lesson-not-yet'; action: unknown; taught: unknown[]; snapshot: TableSnapshot }
  /** A lesson whose script changed since it opened (a new version): start it again. */
  | { code: 'lesson-outdated'; game: string }
  /** The game has no lesson (`openLesson`). */
  | { code: 'no-lesson' };

/** Success with a value, or a ServiceError (the game state is then unchanged). */
export type ServiceResult<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

/** One seat's stored outcome of a finished game. */
export interface StoredResult {
  seat: Seat;
  userId: string;
  /** 1 = best; ties share a placement; leavers are placed after everyone who stayed. */
  placement: number;
  winner: boolean;
  left: boolean;
  score: number | null;
  /** The level of the bot that sat here from the lobby; null for a human's row (README "AI players"). */
  botLevel?: string | null;
}

/**
 * A table as one read or one commit of the table service saw it. Everything the Discord
 * layer needs to answer a click and redraw the board comes from here: it never reads the
 * database itself.
 */
export interface TableSnapshot {
  table: TableRow;
  /** Seats by seat number once started, by join order in the lobby. */
  seats: SeatRow[];
  /**
   * What the stored state waits for (`definition.pending(state)`, computed once per commit
   * or read); null when the table has no game state (a lobby, or a lobby that closed).
   */
  pending: Pending | null;
  /** Result rows of a finished table, by seat; empty otherwise. */
  results: StoredResult[];
  /**
   * Events committed by this change (game events and the service's `$`-events), each with
   * its visibility: seat `s` may see an event when `eventVisibleTo(event, s)`. Empty for a
   * plain read.
   */
  events: GameEvent[];
}

/** What a successful game action returns to the caller. */
export interface ActOutcome {
  /** The table as committed by this action. */
  snapshot: TableSnapshot;
  /** The acting seat. */
  seat: Seat;
  /** The action as applied (decoded and validated). */
  action: unknown;
  /** Events of this action (and any auto-play it triggered) that the actor may see. */
  events: GameEvent[];
}

/** What `playAgain` returns: the new lobby, and whom to invite to it. */
export interface RematchOutcome {
  snapshot: TableSnapshot;
  /** Previous players to ping: every human seat that stayed to the end, except the new host. */
  invited: string[];
}

/**
 * What `hint` returns: the table after the `$hint` event, the seat, and the seat's input as it
 * was when the decision opened — what the hint's search advises on (src/tables/hints.ts
 * `adviseHint`), off the service's transaction.
 */
export interface HintOutcome {
  snapshot: TableSnapshot;
  seat: number;
  input: import('../games/bot.js').BotInput;
  /** A `$hint` event was committed now (false: this seat's hint at this decision is in the log already). */
  logged: boolean;
}

/** What `markPresent` returns: the table now, and whether the seat came back from away. */
export interface PresenceOutcome {
  snapshot: TableSnapshot;
  cameBack: boolean;
  /**
   * The seat opened its hand for the first time in this game (its `looked` was just set): the
   * panel then shows what its player is new to (docs/lessons.md "First table of a game").
   */
  firstLook?: true;
}

/** A stored event with its position in the action log (for the board log). */
export interface StoredEvent {
  seq: number;
  event: GameEvent;
  /** The table version that committed it: events of one click / deadline share it. */
  change?: number;
}

/** A committed change, for the Discord layer: redraw the board and panels, maybe ping. */
export interface TableChange {
  tableId: number;
  /** The table as this change committed it (the newest snapshot wins when changes pile up). */
  snapshot: TableSnapshot;
  /** Users who must now act and should be pinged (new turn / new vote), possibly empty. */
  ping: string[];
  /** The table has just ended (finished, cancelled or expired). */
  ended: boolean;
  /** A new decision opened (the previous "your move" ping is out of date). */
  newDecision?: boolean;
  /**
   * The decision's deadline moved while it stayed open (a restart gave it a fresh one): a
   * ping for it, kept for the same players, is edited to show the new deadline.
   */
  deadlineMoved?: boolean;
  /**
   * The table ended because its place is gone (src/tables/lost.ts): listeners send nothing
   * more for it — no board, ping, panel or notice.
   */
  lost?: LostReason;
}

/**
 * Why a table's place is gone (its end reason; src/tables/lost.ts): the bot was removed from
 * the server, the channel or thread was deleted, or the thread was locked.
 */
export type LostReason = 'bot-removed' | 'channel-deleted' | 'thread-locked';

/** Every LostReason (end reasons of lost tables). */
export const LOST_REASONS: readonly LostReason[] = ['bot-removed', 'channel-deleted', 'thread-locked'];

/**
 * Receives every committed change (the Discord layer redraws the board and panels), per
 * table in commit order, right after the commit and before the caller answers its
 * interaction. Must not block: schedule the work.
 */
export interface TableListener {
  tableChanged(change: TableChange): void;
}

/** A game that just finished, as the result hooks receive it. */
export interface FinishedTable {
  /** The table as stored with status `finished`. */
  table: TableRow;
  /** One result row per seat, by seat. */
  results: StoredResult[];
  /** The table's seat rows (display names, left and away flags) as of the finish. */
  seats: SeatRow[];
}

/**
 * Called inside the transaction that stores a finished game's results (the ratings hook,
 * README "Leaderboards and ratings"), with that transaction's handle: use only `tx`. A
 * rejection rolls the whole finishing transaction back (nothing of the final move is stored).
 */
export type ResultHook = (tx: StoreTx, finished: FinishedTable) => Promise<void>;
