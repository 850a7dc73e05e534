/**
 * The pace of a table (README "Turn-based tables"; docs/turn-based.md): `live` (every
 * decision on the game's own timers, seconds to minutes) or `turn-based` (a time per move
 * measured in hours, for players who are never online together). Pure rules: no database,
 * clock or timers. The table service asks `decisionMs` for the length of each decision and
 * `restartGraceMs` after a restart; the notifier (src/discord/publish/turn-notices.ts) asks
 * `reminderAt` when to remind.
 *
 * The pace is a table option handled by the service (stored in `game_tables.table_options`
 * next to the bot options, src/tables/bots.ts), not by a game's rules: the engines keep
 * their live timers and never see the pace.
 */
import type { Pending, Seat, TimerKind } from '../games/engine.js';

/** The paces `/<game> new pace:` offers. */
export const PACES = ['live', 'turn-based'] as const;
export type PaceKind = (typeof PACES)[number];

/** Times per move `/<game> new move-hours:` offers, in hours (docs/turn-based.md). */
export const MOVE_HOURS_CHOICES = [1, 12, 24, 72] as const;
/** Default time per move of a turn-based table, in hours. */
export const DEFAULT_MOVE_HOURS = 24;
/** Longest time per move a table may set, in hours (one week). */
export const MAX_MOVE_HOURS = 168;
/** Longest vacation pause a player may take, in hours (docs/turn-based.md "Vacation"). */
export const MAX_VACATION_HOURS = 72;
/** One hour in ms. */
export const HOUR_MS = 3_600_000;

/**
 * A reaction window (a counter, a cancel: a timer of kind `reaction`) of a turn-based table
 * lasts this fraction of the time per move (docs/turn-based.md): long enough for every
 * eligible player to see it, short enough that a game with a window after every move does
 * not take twice as many days. It closes early once every eligible player has answered.
 */
export const REACTION_SHARE = 1 / 4;

/** The reminder goes out when this share of a decision's time is left (README "Turn-based tables"). */
export const REMIND_WHEN_LEFT = 1 / 4;

/** A player's vacation pause (docs/turn-based.md "Vacation"): from `from` until `until`, Unix ms. */
export interface Vacation {
  from: number;
  until: number;
}

/** The pace part of a table's stored options (src/tables/bots.ts `TableOptions`). */
export interface PaceOptions {
  /** Absent = live. */
  pace?: PaceKind;
  /** Time per move of a turn-based table, in hours (absent = DEFAULT_MOVE_HOURS). */
  moveHours?: number;
  /** Vacation pauses taken, by seat number (one per seat and game). */
  vacations?: Record<string, Vacation>;
}

/** True for a turn-based table. */
export function isTurnBased(options: PaceOptions): boolean {
  return options.pace === 'turn-based';
}

/** The time per move of a turn-based table, in ms (DEFAULT_MOVE_HOURS when unset). */
export function moveMs(options: PaceOptions): number {
  return (options.moveHours ?? DEFAULT_MOVE_HOURS) * HOUR_MS;
}

/**
 * How long a decision of kind `timer` lasts at a table with `options`, in ms: the game's own
 * `liveMs` at a live table; at a turn-based table the time per move for a turn or a vote, and
 * REACTION_SHARE of it for a reaction window (docs/turn-based.md).
 */
export function decisionLengthMs(timer: TimerKind, liveMs: number, options: PaceOptions): number {
  if (!isTurnBased(options)) return liveMs;
  const move = moveMs(options);
  return timer === 'reaction' ? Math.round(move * REACTION_SHARE) : move;
}

/** Seats the pending decision waits for (its deadline is theirs). */
function waitingFor(pending: Exclude<Pending, { kind: 'over' }>): Seat[] {
  switch (pending.kind) {
    case 'turn':
      return [pending.seat];
    case 'race':
      return pending.seats;
    case 'simultaneous':
      return pending.waiting;
  }
}

/**
 * The length of `pending` opened at `now` (Unix ms) at a table with `options`, in ms:
 * `decisionLengthMs`, plus — at a turn-based table — the part of a vacation of a seat it
 * waits for that is still to come (docs/turn-based.md "Vacation": a player's clock stands
 * still while they are away on vacation), the longest one when several seats are.
 */
export function decisionMs(pending: Exclude<Pending, { kind: 'over' }>, options: PaceOptions, now: number): number {
  const base = decisionLengthMs(pending.timer, pending.timeoutMs, options);
  if (!isTurnBased(options) || !options.vacations) return base;
  let paused = 0;
  for (const seat of waitingFor(pending)) {
    const vacation = options.vacations[String(seat)];
    if (vacation && vacation.until > now) paused = Math.max(paused, vacation.until - Math.max(now, vacation.from));
  }
  return base + paused;
}

/**
 * A decision whose deadline passed while the bot was down gets this long from the moment the
 * bot is ready again, in ms (docs/tables.md "Restarts"): at a live table min(its own length,
 * `liveGraceMs`); at a turn-based table REMIND_WHEN_LEFT of its length (the player is
 * reminded at once and keeps a quarter of their time: the downtime counts against no one).
 */
export function restartGraceMs(pending: Exclude<Pending, { kind: 'over' }>, options: PaceOptions, liveGraceMs: number): number {
  if (!isTurnBased(options)) return Math.min(pending.timeoutMs, liveGraceMs);
  return Math.round(decisionLengthMs(pending.timer, pending.timeoutMs, options) * REMIND_WHEN_LEFT);
}

/**
 * When the one reminder of a turn-based decision is due (Unix ms): when REMIND_WHEN_LEFT of
 * its time is left, i.e. `deadlineAt` − a quarter of the decision's length of kind `timer`.
 */
export function reminderAt(deadlineAt: number, timer: TimerKind, options: PaceOptions): number {
  return deadlineAt - Math.round(decisionLengthMs(timer, 0, options) * REMIND_WHEN_LEFT);
}

/**
 * Check the pace options of `/<game> new` (README "Turn-based tables"): `pace` one of PACES,
 * `moveHours` a whole number from 1 to MAX_MOVE_HOURS (only with `turn-based`). Returns the
 * options to store, or one problem line per bad value (answered as `bad-options`).
 */
export function readPaceOptions(raw: { pace?: unknown; moveHours?: unknown }): { ok: true; options: PaceOptions } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const pace = raw.pace ?? 'live';
  if (typeof pace !== 'string' || !(PACES as readonly string[]).includes(pace)) problems.push(`pace: must be one of ${PACES.join(', ')}`);
  const hours = raw.moveHours;
  if (hours !== undefined) {
    if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_MOVE_HOURS) {
      problems.push(`move-hours: must be a whole number of hours from 1 to ${MAX_MOVE_HOURS}`);
    } else if (pace !== 'turn-based') problems.push('move-hours: only for a turn-based table (pace: turn-based)');
  }
  if (problems.length > 0) return { ok: false, problems };
  if (pace !== 'turn-based') return { ok: true, options: {} };
  return { ok: true, options: { pace: 'turn-based', moveHours: (hours as number | undefined) ?? DEFAULT_MOVE_HOURS } };
}

/**
 * How long a lobby of a table with `options` may sit without activity before it closes, in
 * ms: `liveMs` (the service's LOBBY_IDLE_MS) for a live table; for a turn-based one at least
 * the time per move, since its players join over hours, not minutes (README "Turn-based tables").
 */
export function lobbyIdleMs(options: PaceOptions, liveMs: number): number {
  return isTurnBased(options) ? Math.max(liveMs, moveMs(options)) : liveMs;
}
