/**
 * Types shared by the table service and its callers (the Discord layer and tests).
 */
import type { GameEvent, RuleError, Seat } from '../games/engine.js';
import type { SeatRow, TableRow } from '../persistence/repo.js';
import type { TableStatus } from '../persistence/schema.js';

/** Who is asking: the Discord user behind an interaction. */
export interface Actor {
  /** Discord user snowflake. */
  userId: string;
  /** Display name in the guild, stored with the seat. */
  displayName: string;
  /** The member has Manage Server in this guild (checked server-side on every use). */
  canManageGuild: boolean;
}

/** A refusal by the table service: a stable code plus what the answer needs to say. */
export type ServiceError =
  | { code: 'no_table' }
  | { code: 'table_closed'; status: TableStatus }
  | { code: 'channel_busy'; tableId: number; game: string; status: TableStatus }
  | { code: 'already_seated' }
  | { code: 'table_full'; max: number }
  | { code: 'host_only' }
  | { code: 'host_or_manager_only' }
  | { code: 'too_few_players'; min: number; have: number }
  | { code: 'not_seated' }
  | { code: 'not_lobby' }
  | { code: 'not_active' }
  | { code: 'seat_left' }
  | { code: 'stale'; action: unknown }
  | { code: 'rule'; error: RuleError }
  | { code: 'bad_action' }
  | { code: 'bad_options'; problems: string[] }
  | { code: 'unknown_game' };

/** Success with a value, or a ServiceError (the state is then unchanged). */
export type ServiceResult<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

/** A table with its seats, as loaded in one read. */
export interface TableSnapshot {
  table: TableRow;
  seats: SeatRow[];
}

/** What a successful game action returns to the caller. */
export interface ActOutcome extends TableSnapshot {
  /** The acting seat. */
  seat: Seat;
  /** Events of this action (and any auto-play it triggered) that the actor may see. */
  events: GameEvent[];
}

/** A stored event with its position in the action log (for the board log). */
export interface StoredEvent {
  seq: number;
  event: GameEvent;
  /** The table version that committed it: events of one click / deadline share it. */
  change?: number;
}

/** Why the board message must be redrawn, for the Discord layer. */
export interface TableChange {
  tableId: number;
  /** Users who must now act and should be pinged (new turn / new vote), possibly empty. */
  ping: string[];
  /** The table has just ended (finished, cancelled or expired). */
  ended: boolean;
  /** A new decision opened (the previous "your move" ping is out of date). */
  newDecision?: boolean;
}

/** Receives every committed change (the Discord layer redraws the board and panels). */
export interface TableListener {
  tableChanged(change: TableChange): void;
}

/**
 * Called inside the transaction that stores a finished game's results (ratings hook,
 * issue 7). Throwing rolls the whole finishing transaction back.
 */
export type ResultHook = (table: TableRow, results: { seat: Seat; userId: string; placement: number; winner: boolean; left: boolean; score: number | null }[]) => void;
