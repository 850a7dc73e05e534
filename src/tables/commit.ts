/**
 * The common tail of every game change, run inside the caller's SQLite transaction:
 * auto-play away seats, store the new state with its log position, recent events and
 * deadline (one version bump), and store the result when the game just ended.
 */
import { seatsToAct, type AnyGameDefinition, type GameEvent, type GameResult, type Pending } from '../games/engine.js';
import type { Logger } from '../logger.js';
import type { SeatRow, TableRepo, TableRow } from '../persistence/repo.js';
import { deadlineFor, keepRecent, resultRows } from './policy.js';
import type { ResultHook, StoredEvent } from './types.js';

/** End reason of a game won because every other player left. */
export const FORFEIT_REASON = 'forfeit';

/** Guard against an engine that never stops asking away seats to act. */
export const MAX_AUTO_ACTIONS_PER_CHANGE = 2_000;

/** Writes game changes for the table service (never on its own: always inside its transactions). */
export class GameCommitter {
  constructor(
    private readonly repo: TableRepo,
    private readonly log: Logger,
    private readonly hooks: ResultHook[],
  ) {}

  /**
   * The common tail of every game change, inside the caller's transaction: auto-play away
   * seats, store state + log position + recent events + deadline (one version bump), and
   * store the result if the game just ended. `events` are those of the change so far.
   */
  commit(
    def: AnyGameDefinition,
    table: TableRow,
    state: unknown,
    lastSeq: number,
    events: GameEvent[],
    now: number,
  ): { table: TableRow; pending: Pending; events: GameEvent[] } {
    const seats = this.repo.seats(table.id);
    const auto = this.settle(def, table, seats, state, lastSeq, now);
    const all = [...events, ...auto.events];
    const pending = def.pending(auto.state);
    const updated = this.repo.updateTable(table.id, table.version, {
      state: auto.state,
      lastSeq: auto.lastSeq,
      updatedAt: now,
      recentEvents: keepRecent(table.recentEvents as StoredEvent[], all, table.version + 1),
      ...deadlineFor(pending, table, now),
    });
    const finished = pending.kind === 'over' ? this.finish(def, updated, seats, auto.state, now) : updated;
    return { table: finished, pending, events: all };
  }

  /**
   * Auto-play away and departed seats while they are the ones to act (issue 2 §6). Away
   * seats are only auto-played while at least one player is present, so a table nobody
   * attends advances at deadline pace instead of racing to the end.
   */
  settle(
    def: AnyGameDefinition,
    table: TableRow,
    seats: SeatRow[],
    state: unknown,
    lastSeq: number,
    now: number,
  ): { state: unknown; events: GameEvent[]; lastSeq: number } {
    const bySeat = new Map(seats.filter((s) => s.seat !== null).map((s) => [s.seat!, s]));
    const someonePresent = seats.some((s) => !s.away && !s.left);
    const events: GameEvent[] = [];
    let seq = lastSeq;
    for (let i = 0; i < MAX_AUTO_ACTIONS_PER_CHANGE; i++) {
      const p = def.pending(state);
      if (p.kind === 'over') break;
      const seat = seatsToAct(p).find((s) => {
        const row = bySeat.get(s);
        return row && (row.left || (row.away && someonePresent));
      });
      if (seat === undefined) break;
      const action = def.autoAction ? def.autoAction(state, seat) : def.defaultAction(state, seat);
      const res = def.apply(state, seat, action);
      if (!res.ok) {
        this.log.error({ table: table.id, seat, action, error: res.error }, 'engine refused its own auto action');
        break;
      }
      state = res.state;
      seq += 1;
      this.repo.appendAction({ tableId: table.id, seq, seat, userId: bySeat.get(seat)?.userId ?? null, kind: 'auto', action, at: now });
      events.push({ type: '$auto', seat }, ...res.events);
    }
    return { state, events, lastSeq: seq };
  }

  /** Store the result of a game that just ended (inside the caller's transaction). */
  finish(def: AnyGameDefinition, table: TableRow, seats: SeatRow[], state: unknown, now: number): TableRow {
    const result = def.result(state);
    if (!result) throw new Error(`table ${table.id}: game over without a result`);
    return this.store(table, seats, result, now);
  }

  /**
   * End a game whose other players all left: the one player still seated wins, the leavers
   * share last place (issue 7: leaving never dodges a loss). The game state is left as it was.
   */
  forfeit(table: TableRow, seats: SeatRow[], now: number): TableRow {
    const seated = seats.filter((s) => s.seat !== null);
    const winners = seated.filter((s) => !s.left).map((s) => s.seat!);
    const placements: number[] = [];
    for (const s of seated) placements[s.seat!] = s.left ? 2 : 1;
    return this.store(table, seats, { placements, winners, reason: FORFEIT_REASON }, now);
  }

  /** Store result rows, mark the table finished and run the result hooks (ratings). */
  private store(table: TableRow, seats: SeatRow[], result: GameResult, now: number): TableRow {
    const rows = resultRows(result, seats);
    this.repo.insertResults(rows.map((r) => ({ ...r, tableId: table.id, guildId: table.guildId, game: table.game, endedAt: now })));
    const updated = this.repo.updateTable(table.id, table.version, {
      status: 'finished',
      endedAt: now,
      endReason: result.reason,
      deadlineAt: null,
      deadlineStep: null,
    });
    for (const hook of this.hooks) hook(updated, rows);
    return updated;
  }

}
