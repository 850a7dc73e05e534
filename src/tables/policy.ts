/**
 * Pure rules of the table service (no database, no clock): deadlines, the recent-events
 * ring, who to ping, and final placements with leavers ranked last.
 */
import { seatsToAct, type GameEvent, type GameResult, type Pending, type Seat } from '../games/engine.js';
import type { SeatRow, TableRow } from '../persistence/store/types.js';
import { isBotUser, tableOptionsOf } from './bots.js';
import { LESSON_IDLE_MS } from './lesson-rules.js';
import { decisionMs } from './pace.js';
import type { StoredEvent, StoredResult } from './types.js';

/** How many recent events a table keeps for the board log and panel notes. */
export const RECENT_EVENTS_KEPT = 30;

/** A game nobody plays ends after at least this long without a player's move (docs/tables.md "Deadlines"), in ms. */
export const ABANDON_AFTER_MS = 10 * 60 * 1000;
/** … and only once every away player missed this many turn/vote deadlines in a row. */
export const ABANDON_AFTER_TIMEOUTS = 3;
/** End reason of a table everyone left or nobody plays any more (cancelled, not rated). */
export const ABANDONED_REASON = 'abandoned';

/**
 * True for a seat an AI player plays (`seats.bot_level` set: a bot seated in the lobby, or
 * one that replaced a player; README "AI players"). A bot seat never counts as someone
 * present, is never pinged and never auto-played.
 */
export function isBotSeat(row: Pick<SeatRow, 'botLevel'>): boolean {
  return row.botLevel !== null && row.botLevel !== undefined;
}

/**
 * The seat whose secrets the user of seat row `row` may see at a table in `status` (README
 * "Review a game", docs/review.md "Who sees what"): their own seat — except a seat they left
 * while the game still runs. From the moment of leaving until the game ends a leaver sees what
 * a non-player sees (the public view: no hand, no hand picture, no private lines, no Hint, no
 * seat in review or export), so nobody who stopped playing can follow a live hand or coach
 * someone still at the table. Once the game is over they are one of its players again. Null
 * for no row or no seat. Every per-seat view asks this, never `row.seat` directly.
 */
export function viewerSeatOf(row: Pick<SeatRow, 'seat' | 'left'> | undefined, status: TableRow['status']): Seat | null {
  if (!row || row.seat === null) return null;
  return row.left && status === 'active' ? null : row.seat;
}

/** True when a human player sits at the table, has not left and is not away. */
export function isPresent(row: SeatRow): boolean {
  return row.seat !== null && !row.left && !row.away && !isBotSeat(row);
}

/**
 * Whether nobody plays the table any more (docs/tables.md "Deadlines"): every human seat is away or
 * has left (bot seats never count), at least one is away rather than gone (a table everyone
 * left ends at once), every away human seat missed ABANDON_AFTER_TIMEOUTS turn/vote
 * deadlines in a row, and ABANDON_AFTER_MS passed since `lastMoveAt` — the last move a human
 * made (or the start of the game), Unix ms. Whichever of the two takes longer decides.
 */
export function isAbandoned(seats: SeatRow[], lastMoveAt: number, now: number): boolean {
  const humans = seats.filter((row) => row.seat !== null && !isBotSeat(row));
  const stayed = humans.filter((row) => !row.left);
  if (stayed.length === 0 || humans.some(isPresent)) return false;
  return stayed.every((row) => row.away && row.missed >= ABANDON_AFTER_TIMEOUTS) && now - lastMoveAt >= ABANDON_AFTER_MS;
}

/**
 * The shortest time, in ms, a reaction window (Suspicion's counter race, counter-counter and
 * cancel windows: `timer: 'reaction'`) stays open while a human who must answer in it has
 * never opened their hand in this game (docs/tables.md "Suspicion notes"). A newcomer is not raced
 * out of a 10-second window before they have seen their cards: the window lasts at least
 * this long from its opening; once they have looked, windows have their table's length.
 */
export const UNSEEN_HAND_WINDOW_MS = 60_000;

/**
 * True when `pending` is a reaction window in which a present human seat that has never
 * opened their hand (`seats.looked` false) must answer (see UNSEEN_HAND_WINDOW_MS). Away and
 * departed seats are auto-played and bots see their own hand, so they never count.
 */
export function waitsForUnseenHand(pending: Pending, seats: readonly SeatRow[]): boolean {
  if (pending.kind === 'over' || pending.timer !== 'reaction') return false;
  const toAct = new Set(seatsToAct(pending));
  return seats.some((row) => row.seat !== null && toAct.has(row.seat) && isPresent(row) && !row.looked);
}

/**
 * Deadline columns for a pending decision at `now` (Unix ms): kept as they were when the
 * decision step did not change (a vote collecting answers), else now + its length at the
 * table's pace (`decisionMs`, src/tables/pace.ts: the game's timeout at a live table, hours
 * at a turn-based one) — for a reaction window that waits for a human who has never opened
 * their hand (`seats` given, `waitsForUnseenHand`), now + at least UNSEEN_HAND_WINDOW_MS.
 * `tableOptions`: the table's stored options (default `before`'s). A lesson table (`before.lesson`)
 * gets now + LESSON_IDLE_MS at every change instead (src/tables/lesson-rules.ts).
 */
export function deadlineFor(
  pending: Pending,
  before: TableRow | null,
  now: number,
  seats: readonly SeatRow[] = [],
  tableOptions: unknown = before?.tableOptions,
): { deadlineAt: number | null; deadlineStep: number | null } {
  if (pending.kind === 'over') return { deadlineAt: null, deadlineStep: null };
  // A lesson has no game timers: every change gives it LESSON_IDLE_MS more (docs/lessons.md "Lesson tables").
  if (before?.lesson) return { deadlineAt: now + LESSON_IDLE_MS, deadlineStep: pending.step };
  if (before && before.deadlineStep === pending.step && before.deadlineAt !== null) {
    return { deadlineAt: before.deadlineAt, deadlineStep: pending.step };
  }
  const paced = decisionMs(pending, tableOptionsOf(tableOptions), now);
  const timeoutMs = waitsForUnseenHand(pending, seats) ? Math.max(paced, UNSEEN_HAND_WINDOW_MS) : paced;
  return { deadlineAt: now + timeoutMs, deadlineStep: pending.step };
}

/**
 * Append the events of one change (committed as table version `change`) to the
 * recent-events ring, numbering them after the newest kept one.
 */
export function keepRecent(old: StoredEvent[], events: GameEvent[], change: number): StoredEvent[] {
  const last = old.length ? old[old.length - 1]!.seq : 0;
  const added = events.map((event, index) => ({ seq: last + index + 1, event, change }));
  return [...old, ...added].slice(-RECENT_EVENTS_KEPT);
}

/**
 * Users to ping for a decision: the humans who must act, present, on a turn or vote timer
 * (never a bot seat) — and on a reaction timer too when `reactions` (a turn-based table,
 * whose counter windows last hours: docs/turn-based.md).
 */
export function pingFor(pending: Pending, seats: SeatRow[], reactions = false): string[] {
  if (pending.kind === 'over' || (pending.timer === 'reaction' && !reactions)) return [];
  const toAct = new Set(seatsToAct(pending));
  return seats.filter((row) => row.seat !== null && toAct.has(row.seat) && !row.away && !row.left && !isBotSeat(row)).map((row) => row.userId);
}

/**
 * The rows to store for a finished game. Leaving never dodges a loss (README "Leaderboards and ratings": a leaver is ranked last): the players
 * who stayed are ranked among themselves (the game's order, renumbered from 1, ties kept,
 * competition style 1, 1, 3), every seat that left shares the place after them, and never wins. When the game
 * named any winner, the winners are the players who stayed and now rank first — so a leaver
 * whose auto-played seat finished first hands the win to the best player who stayed.
 * A bot seated in the lobby gets its level in `botLevel` (its row is never rated); a seat a
 * bot took over from a player keeps that player's row (they left: ranked last).
 */
export function resultRows(result: GameResult, seats: SeatRow[]): StoredResult[] {
  const seated = seats.filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
  const raw = (seat: Seat) => result.placements[seat] ?? seated.length;
  const stayed = seated.filter((row) => !row.left).map((row) => raw(row.seat!));
  // Competition ranking among those who stayed: 1 + how many stayed and placed strictly better.
  const rank = (seat: Seat) => 1 + stayed.filter((placement) => placement < raw(seat)).length;
  const lastPlace = stayed.length + 1;
  const anyWinner = result.winners.length > 0;
  return seated.map((row) => {
    const seat = row.seat!;
    const placement = row.left ? lastPlace : rank(seat);
    return {
      seat,
      userId: row.userId,
      placement,
      winner: !row.left && anyWinner && placement === 1,
      left: row.left,
      score: result.scores?.[seat] ?? null,
      botLevel: isBotUser(row.userId) ? row.botLevel : null,
    };
  });
}
