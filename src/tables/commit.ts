/**
 * The common tail of every game change, run inside the caller's store transaction (its
 * `tx` handle): auto-play absent seats, store the new state with its log position, recent
 * events and deadline (one version bump, guarded by the version the caller read), and store
 * the result when the game just ended.
 */
import type { AnyGameDefinition, GameEvent, GameResult, Pending } from '../games/engine.js';
import { lessonAt, type AnyLessonScript } from '../games/lesson.js';
import type { Logger } from '../logger.js';
import type { SeatRow, StoreTx, TableRow } from '../persistence/store/types.js';
import { playAbsentSeats } from './drivers.js';
import { isLesson, LESSON_DONE_REASON } from './lesson-rules.js';
import { deadlineFor, isBotSeat, isPresent, keepRecent, resultRows } from './policy.js';
import type { ResultHook, StoredEvent, StoredResult, TableSnapshot } from './types.js';

/** End reason of a game won because every other player left. */
export const FORFEIT_REASON = 'forfeit';

/** Guard against an engine that never stops asking away seats to act. */
export const MAX_AUTO_ACTIONS_PER_CHANGE = 2_000;

/** Options of `GameCommitter.commit`. */
export interface CommitOptions {
  /** `definition.pending(state)` when the caller already computed it. */
  pending?: Pending;
  /** Further table columns to store with this change (e.g. the status and seed at start). */
  patch?: Partial<TableRow>;
}

/** Writes game changes for the table service (never on its own: always inside its transactions). */
export class GameCommitter {
  /**
   * `lessonOf`: the lesson script a table plays (src/tables/lesson-rules.ts `lessonScriptOf`),
   * null for a game table: a lesson ends when its line is complete, without results.
   */
  constructor(
    private readonly log: Logger,
    private readonly hooks: ResultHook[],
    private readonly lessonOf: (table: TableRow) => AnyLessonScript | null = () => null,
  ) {}

  /**
   * The common tail of every game change, inside the caller's transaction: auto-play
   * absent seats, store state + log position + recent events + deadline (one version
   * bump), and store the result if the game just ended — or close a lesson whose line is
   * complete, without a result (docs/lessons.md). `seats` are the table's seat rows
   * as they are now (including the caller's own changes in this transaction); `events`
   * are those of the change so far; `lastSeq` is the newest action-log row written.
   * Returns the snapshot to commit, whose `events` are every event of the change. Throws
   * VersionConflictError when another writer changed the table since `table` was read
   * (the caller's transaction then rolls back).
   */
  async commit(
    tx: StoreTx,
    def: AnyGameDefinition,
    table: TableRow,
    seats: SeatRow[],
    state: unknown,
    lastSeq: number,
    events: GameEvent[],
    now: number,
    opts: CommitOptions = {},
  ): Promise<TableSnapshot> {
    const auto = await this.autoPlayAbsentSeats(tx, def, table, seats, state, lastSeq, now, opts.pending);
    const all = [...events, ...auto.events];
    const { pending } = auto;
    const updated = await tx.updateTable(table.id, table.version, {
      ...opts.patch,
      state: auto.state,
      lastSeq: auto.lastSeq,
      updatedAt: now,
      recentEvents: keepRecent(table.recentEvents as StoredEvent[], all, table.version + 1),
      ...deadlineFor(pending, table, now, seats),
    });
    if (isLesson(table)) {
      // A lesson stores no result (no rating, leaderboard or /history): it closes when its line is
      // complete or the game ends inside it (docs/lessons.md "Lesson tables").
      const script = this.lessonOf(table);
      const done = pending.kind === 'over' || (script !== null && lessonAt(def, script, auto.state).kind === 'done');
      if (!done) return { table: updated, seats, pending, results: [], events: all };
      const closed = await tx.updateTable(table.id, updated.version, { status: 'cancelled', endedAt: now, endReason: LESSON_DONE_REASON, deadlineAt: null, deadlineStep: null });
      return { table: closed, seats, pending, results: [], events: all };
    }
    if (pending.kind !== 'over') return { table: updated, seats, pending, results: [], events: all };
    const finished = await this.finish(tx, def, updated, seats, auto.state, now);
    return { table: finished.table, seats, pending, results: finished.results, events: all };
  }

  /**
   * Auto-play away and departed seats while they are the ones to act (docs/tables.md "Deadlines").
   * Away seats are only auto-played while at least one player is present, so a table
   * nobody attends advances at deadline pace instead of racing to the end. Writes one
   * `auto` action-log row per move; returns the new state, its pending decision, the
   * events (a `$auto` marker before each move's own events) and the newest log seq.
   */
  async autoPlayAbsentSeats(
    tx: StoreTx,
    def: AnyGameDefinition,
    table: TableRow,
    seats: SeatRow[],
    state: unknown,
    lastSeq: number,
    now: number,
    pending?: Pending,
  ): Promise<{ state: unknown; pending: Pending; events: GameEvent[]; lastSeq: number }> {
    const bySeat = new Map(seats.filter((row) => row.seat !== null).map((row) => [row.seat!, row]));
    const someonePresent = seats.some(isPresent);
    const absent = (seat: number) => {
      const row = bySeat.get(seat);
      // A bot seat is played by its AI player (src/tables/bot-turns.ts), never auto-played.
      return !!row && !isBotSeat(row) && (row.left || (row.away && someonePresent));
    };
    const driven = playAbsentSeats(def, state, absent, MAX_AUTO_ACTIONS_PER_CHANGE, pending);
    if (driven.refused) this.log.error({ table: table.id, ...driven.refused }, 'engine refused its own auto action');
    const events: GameEvent[] = [];
    let seq = lastSeq;
    for (const move of driven.played) {
      seq += 1;
      await tx.appendAction({ tableId: table.id, seq, seat: move.seat, userId: bySeat.get(move.seat)?.userId ?? null, kind: 'auto', action: move.action, at: now });
      events.push({ type: '$auto', seat: move.seat }, ...move.events);
    }
    return { state: driven.state, pending: driven.pending, events, lastSeq: seq };
  }

  /** Store the result of a game that just ended (inside the caller's transaction). */
  finish(tx: StoreTx, def: AnyGameDefinition, table: TableRow, seats: SeatRow[], state: unknown, now: number): Promise<{ table: TableRow; results: StoredResult[] }> {
    const result = def.result(state);
    if (!result) throw new Error(`table ${table.id}: game over without a result`);
    return this.store(tx, table, seats, result, now);
  }

  /**
   * End a game whose other players all left: the one player still seated wins, the leavers
   * share last place (README "Commands", `/table leave`: leaving never dodges a loss). The
   * game state is left as it was.
   */
  forfeit(tx: StoreTx, table: TableRow, seats: SeatRow[], now: number): Promise<{ table: TableRow; results: StoredResult[] }> {
    const seated = seats.filter((row) => row.seat !== null);
    const winners = seated.filter((row) => !row.left).map((row) => row.seat!);
    const placements: number[] = [];
    for (const row of seated) placements[row.seat!] = row.left ? 2 : 1;
    return this.store(tx, table, seats, { placements, winners, reason: FORFEIT_REASON }, now);
  }

  /** Store result rows, mark the table finished and run the result hooks (ratings), all in `tx`. */
  private async store(tx: StoreTx, table: TableRow, seats: SeatRow[], result: GameResult, now: number): Promise<{ table: TableRow; results: StoredResult[] }> {
    const rows = resultRows(result, seats);
    await tx.insertResults(rows.map((row) => ({ ...row, tableId: table.id, guildId: table.guildId, game: table.game, endedAt: now })));
    const updated = await tx.updateTable(table.id, table.version, {
      status: 'finished',
      endedAt: now,
      endReason: result.reason,
      deadlineAt: null,
      deadlineStep: null,
    });
    for (const hook of this.hooks) await hook(tx, { table: updated, results: rows, seats });
    return { table: updated, results: rows };
  }
}
