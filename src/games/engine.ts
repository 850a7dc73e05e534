/**
 * The game contract shared by every game engine (docs/architecture.md §3).
 *
 * Engines are pure: they import nothing from discord.js, the database, the logger, the
 * clock or unseeded randomness. All randomness comes from the seeded generator in `./rng.ts`,
 * whose state lives inside the game state, so `setup(seed)` + the action log reproduce a
 * game exactly.
 */
import type { z } from 'zod';

/** A seat index, 0-based, in the seat order fixed at game start (clockwise = +1). */
export type Seat = number;

/** Who is looking: a seat, or `null` for the public / a spectator. */
export type Viewer = Seat | null;

/**
 * Which timer a decision runs on. The table service uses it to pick the deadline label and
 * to decide whether a missed deadline counts towards marking a seat away:
 * `turn` and `vote` count, `reaction` (counter / cancel windows, races) does not.
 */
export type TimerKind = 'turn' | 'reaction' | 'vote';

/**
 * What the game is waiting for now (docs/architecture.md §3 `pending`).
 *
 * `step` identifies the decision point: it changes whenever a new decision opens and stays
 * the same while a simultaneous decision collects its answers, so a late (but valid) vote
 * is not treated as a stale click. Buttons carry the step they were drawn for.
 *
 * `timeoutMs` is how long the decision may take, in milliseconds; the table service turns
 * it into an absolute deadline when `step` changes.
 */
export type Pending =
  /** One seat must act (a turn, or a single-eligible window such as a cancel). */
  | { kind: 'turn'; seat: Seat; step: number; timer: TimerKind; timeoutMs: number }
  /** Any of `seats` may act; the first valid action wins; on timeout each still in `seats` gets its default (a pass). */
  | { kind: 'race'; seats: Seat[]; step: number; timer: TimerKind; timeoutMs: number }
  /** Each seat in `seats` decides secretly; `waiting` are those who have not yet decided. */
  | { kind: 'simultaneous'; seats: Seat[]; waiting: Seat[]; step: number; timer: TimerKind; timeoutMs: number }
  /** The game is over. */
  | { kind: 'over'; step: number };

/** Seats that must still act for the pending decision (empty when the game is over). */
export function seatsToAct(pending: Pending): Seat[] {
  switch (pending.kind) {
    case 'turn':
      return [pending.seat];
    case 'race':
      return pending.seats;
    case 'simultaneous':
      return pending.waiting;
    case 'over':
      return [];
  }
}

/**
 * A typed refusal of an action. `code` is a stable machine key (the UI maps it to a
 * plain-language catalog string); `params` fills that string. Each game narrows this to a
 * union of its own refusals (e.g. `SuspicionError` in suspicion/rules.ts), and its catalog
 * of error texts is keyed by that union, so a missing or misspelt text does not compile.
 */
export interface RuleError<Code extends string = string> {
  code: Code;
  params?: Record<string, string | number>;
}

/**
 * A log entry produced by an action. `to` lists the seats that may see it; absent means
 * public. `type` and the rest of the fields are game-specific and rendered by the game's UI.
 */
export interface GameEvent {
  type: string;
  to?: Seat[];
  [field: string]: unknown;
}

/** True when `viewer` may see `event` (public events are visible to everyone). */
export function eventVisibleTo(event: GameEvent, viewer: Viewer): boolean {
  if (!event.to) return true;
  return viewer !== null && event.to.includes(viewer);
}

/** Outcome of `apply`: the new state and its events, or a typed refusal `E` (state unchanged). */
export type ApplyResult<S, E extends RuleError = RuleError> = { ok: true; state: S; events: GameEvent[] } | { ok: false; error: E };

/**
 * Final outcome of a game, per seat (index = seat).
 * `placement`: 1 = best; tied seats share a placement (e.g. J'Accuse!: everyone but the
 * arrested player is 1). `winners` lists the winning seats (empty for a draw / no winner).
 * `scores` is present for scored games (Tricks and the Phantom).
 */
export interface GameResult {
  placements: number[];
  winners: Seat[];
  scores?: number[];
  /** Why the game ended, a stable key for the UI (e.g. 'declaration', 'cap', 'arrest'). */
  reason: string;
}

/** Table facts some games need at setup (e.g. NOIR's "host chooses who is Killer"). */
export interface SetupMeta {
  /** Seat of the player who created the table. */
  hostSeat: Seat;
}

/** Shape of every game's options: the common timers plus game-specific fields. */
export interface BaseOptions {
  /** Turn timer, in seconds (server admins may change the default: `/admin settings`). */
  turnSeconds: number;
  /** Reaction windows (counter, cancel), in seconds, for games that have them. */
  reactionSeconds?: number;
  /** Secret votes, in seconds, for games that have them. */
  voteSeconds?: number;
}

/**
 * One game's definition (docs/architecture.md §3). `S` = state (plain JSON), `A` = action (plain
 * JSON, discriminated by `type`), `O` = options, `PV` = public view, `SV` = seat view,
 * `E` = the game's union of refusals.
 */
export interface GameDefinition<
  S,
  A extends { type: string },
  O extends BaseOptions,
  PV = unknown,
  SV = unknown,
  E extends RuleError = RuleError,
> {
  /** The game's id (the registry in ./index.ts derives `GameId` from its modules' ids). */
  id: string;
  minPlayers: number;
  maxPlayers: number;
  /** zod schema of the table options, every field with its [DEFAULT]. */
  optionsSchema: z.ZodType<O, any>;
  /** zod schema of one action, used to validate decoded actions. */
  actionSchema: z.ZodType<A, any>;
  /**
   * Create the initial state. Deterministic: the same (options, seatCount, seed, meta)
   * always gives the same state. `seed` is a 32-bit integer. Seats are already in their
   * final (shuffled) order. Throws only for a programming error (seatCount outside
   * [minPlayers, maxPlayers]).
   */
  setup(options: O, seatCount: number, seed: number, meta?: SetupMeta): S;
  /** What the game waits for now. */
  pending(state: S): Pending;
  /** Every action `seat` may take now (empty if none). Drives buttons, bots and validation. */
  legalActions(state: S, seat: Seat): A[];
  /** Apply `action` by `seat`. Pure; returns a typed refusal instead of throwing. */
  apply(state: S, seat: Seat, action: A): ApplyResult<S, E>;
  /**
   * Why `seat` may not take `action` now, or null when `apply` would accept it — the same
   * check `apply` and `legalActions` use (./moves.ts), without applying anything.
   */
  check?(state: S, seat: Seat, action: A): E | null;
  /** The action applied for `seat` when its deadline passes (rules file, "timeout"). */
  defaultAction(state: S, seat: Seat): A;
  /**
   * The action played for an away (or departed) seat: a legal move that cannot reveal or
   * help that player (e.g. discard, pass). Defaults to `defaultAction` when absent.
   */
  autoAction?(state: S, seat: Seat): A;
  /**
   * What everyone may see (the board, spectators): every secret is stripped
   * (docs/architecture.md §3 `publicView`).
   */
  publicView(state: S): PV;
  /** What `seat` may see: the public view plus that seat's own secrets, nothing of others'. */
  seatView(state: S, seat: Seat): SV;
  /** Null while the game runs; the final outcome once `pending(state).kind === 'over'`. */
  result(state: S): GameResult | null;
  /** Encode an action as a short string for a custom_id (≤ 70 characters). */
  encodeAction(action: A): string;
  /** Decode a string from a custom_id; null when malformed (validated with `actionSchema`). */
  decodeAction(code: string): A | null;
}

/** Any game definition, type parameters erased (for the registry and the table service). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, any, any, any, any, any>;
