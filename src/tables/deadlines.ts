/**
 * Deadlines (src/tables/service.ts; docs/tables.md "Deadlines"): what a passed deadline does — the
 * lobby closes, or the seats still to act get the game's default action, missed turns mark a
 * seat away, and a game nobody plays ends as abandoned — and stopping the timers at shutdown.
 */
import type { GameEvent, Pending } from '../games/engine.js';
import type { SeatRow, StoreTx, TableRow } from '../persistence/store/types.js';
import { tableOptionsOf } from './bots.js';
import { TablePart } from './core.js';
import { playDeadline } from './drivers.js';
import { isLesson, LESSON_IDLE_REASON } from './lesson-rules.js';
import { deadlineFor, isAbandoned, isBotSeat, isPresent, keepRecent } from './policy.js';
import type { StoredEvent, TableSnapshot } from './types.js';

/** Consecutive missed turn/vote deadlines after which a seat is marked away (docs/tables.md "Deadlines"). */
export const AWAY_AFTER_MISSED = 2;

/** Deadlines of the tables this process owns. */
export class TableDeadlines extends TablePart {
  /**
   * Apply what a passed deadline means: the lobby closes, a lesson closes (LESSON_IDLE_MS
   * untouched: src/tables/lesson-rules.ts), or each seat still to act gets
   * the game's default action (`playDeadline`; seats that miss turn/vote deadlines
   * AWAY_AFTER_MISSED times in a row are marked away). Decided under the table's row lock
   * from the stored deadline: does nothing (but re-arm) if it moved meanwhile — e.g. because
   * another process fired it first. Called by the timers; public for tests and recovery.
   */
  async fireDeadline(tableId: number): Promise<void> {
    if (this.timers.isStopped) return;
    const now = this.now();
    type Fired = { kind: 'fired'; snapshot: TableSnapshot; prev: Pending | null } | { kind: 'rearm'; table: TableRow | undefined };
    await this.change(
      tableId,
      async (tx): Promise<Fired> => {
        const table = await tx.lockTable(tableId);
        if (!table || table.deadlineAt === null || table.deadlineAt > now) return { kind: 'rearm', table };
        if (table.status === 'lobby') {
          const updated = await tx.updateTable(tableId, table.version, {
            status: 'cancelled',
            endedAt: now,
            updatedAt: now,
            endReason: 'expired',
            deadlineAt: null,
          });
          return { kind: 'fired', snapshot: await this.snapshotOf(tx, updated, await tx.seats(tableId)), prev: null };
        }
        if (table.status !== 'active') return { kind: 'rearm', table };
        if (isLesson(table)) {
          // A lesson is never auto-played: untouched for LESSON_IDLE_MS, it closes (docs/lessons.md).
          const closed = await tx.updateTable(tableId, table.version, { status: 'cancelled', endedAt: now, updatedAt: now, endReason: LESSON_IDLE_REASON, deadlineAt: null, deadlineStep: null });
          return { kind: 'fired', snapshot: await this.snapshotOf(tx, closed, await tx.seats(tableId)), prev: null };
        }
        const def = this.definition(table);
        let seats = await tx.seats(tableId);
        const due = def.pending(table.state);
        if (due.kind === 'over' || due.step !== table.deadlineStep) {
          // The deadline belongs to an older decision: just re-arm for the current one.
          const updated = await tx.updateTable(tableId, table.version, deadlineFor(due, null, now, seats, table.tableOptions));
          return { kind: 'fired', snapshot: { table: updated, seats, pending: due, results: [], events: [] }, prev: due };
        }
        const driven = playDeadline(def, table.state, due);
        if (driven.refused) this.log.error({ table: tableId, ...driven.refused }, 'engine refused its own default action');
        // Reaction windows (counters, races) may lapse freely; missed turns and votes count.
        const counts = due.timer !== 'reaction';
        const events: GameEvent[] = [];
        let seq = table.lastSeq;
        for (const move of driven.played) {
          seq += 1;
          const row = seats.find((candidate) => candidate.seat === move.seat);
          await tx.appendAction({ tableId, seq, seat: move.seat, userId: row?.userId ?? null, kind: 'timeout', action: move.action, at: now });
          events.push(...(counts ? [{ type: '$timeout', seat: move.seat }] : []), ...move.events);
          if (counts && row && !row.left && !isBotSeat(row)) {
            const missed = row.missed + 1;
            seats = await this.patchSeat(tx, seats, row, { missed, away: row.away || missed >= AWAY_AFTER_MISSED });
          }
        }
        const forfeited = await this.noShowsForfeit(tx, table, seats, events);
        if (forfeited.ended) return { kind: 'fired', snapshot: forfeited.ended, prev: due };
        seats = forfeited.seats;
        const snapshot = await this.committer.commit(tx, def, table, seats, driven.state, seq, events, now, { pending: driven.pending });
        return { kind: 'fired', snapshot: await this.endIfAbandoned(tx, snapshot, now), prev: due };
      },
      (fired) => {
        if (fired.kind === 'rearm') {
          if (fired.table) this.timers.arm(fired.table);
          return;
        }
        if (fired.snapshot.pending === null || (isLesson(fired.snapshot.table) && fired.snapshot.table.status !== 'active')) {
          this.timers.disarm(tableId);
          this.emit({ tableId, snapshot: fired.snapshot, ping: [], ended: true });
        } else {
          this.afterCommit(fired.snapshot, fired.prev);
        }
      },
    );
  }

  /**
   * Inside a deadline's transaction, at a tournament table only (docs/tournaments.md "Running a
   * tournament"): a player the missed-deadline rule just marked away who has not played a move
   * or opened their hand at this table is a no-show and forfeits — their seat is marked left
   * (auto-played to the end, ranked last, 0 points) with a `$noShow` event appended to
   * `events`. When that leaves one player seated, they win at once (as when everyone else
   * leaves); when it leaves only bots or nobody, the table ends as abandoned. Returns the seats
   * as now, or the snapshot of a table that just ended (`ended`).
   */
  private async noShowsForfeit(tx: StoreTx, table: TableRow, seats: SeatRow[], events: GameEvent[]): Promise<{ seats: SeatRow[]; ended?: TableSnapshot }> {
    if (!tableOptionsOf(table.tableOptions).tournament) return { seats };
    const candidates = seats.filter((row) => row.seat !== null && row.away && !row.left && !row.looked && !isBotSeat(row));
    if (candidates.length === 0) return { seats };
    const played = new Set((await tx.actions(table.id)).filter((action) => action.kind === 'player').map((action) => action.userId));
    for (const row of candidates) {
      if (played.has(row.userId)) continue;
      seats = await this.patchSeat(tx, seats, row, { left: true });
      events.push({ type: '$noShow', seat: row.seat! });
    }
    const now = this.now();
    const stayed = seats.filter((row) => row.seat !== null && !row.left);
    if (stayed.every(isBotSeat)) {
      return { seats, ended: await this.snapshotOf(tx, await this.abandon(tx, await this.logEvents(tx, table, events, now), now), seats) };
    }
    if (stayed.length === 1) {
      const logged = await this.logEvents(tx, table, events, now);
      const finished = await this.committer.forfeit(tx, logged, seats, now);
      return { seats, ended: { table: finished.table, seats, pending: this.definition(table).pending(table.state), results: finished.results, events } };
    }
    return { seats };
  }

  /** Store `events` in the table's recent events (one version bump) without a state change. */
  private logEvents(tx: StoreTx, table: TableRow, events: GameEvent[], now: number): Promise<TableRow> {
    return tx.updateTable(table.id, table.version, { updatedAt: now, recentEvents: keepRecent(table.recentEvents as StoredEvent[], events, table.version + 1) });
  }

  /**
   * Inside a deadline's transaction: end a game nobody plays any more (`isAbandoned`) as
   * cancelled with end reason `abandoned` — no results, not rated, the channel free again.
   */
  private async endIfAbandoned(tx: StoreTx, snapshot: TableSnapshot, now: number): Promise<TableSnapshot> {
    const { table, seats } = snapshot;
    if (table.status !== 'active' || seats.some(isPresent)) return snapshot;
    const lastMoveAt = (await tx.lastPlayerActionAt(table.id)) ?? table.startedAt ?? table.createdAt;
    if (!isAbandoned(seats, lastMoveAt, now)) return snapshot;
    this.log.info({ table: table.id, lastMoveAt }, 'table abandoned: every player away');
    return { ...snapshot, table: await this.abandon(tx, table, now) };
  }

  /**
   * Stop every timer (shutdown) and wait for the changes already running or queued to
   * commit. The database keeps the deadlines for the next start.
   */
  async stop(): Promise<void> {
    this.timers.stop();
    await this.queue.idle();
  }

  /** Number of tables with an armed deadline timer in this process. */
  get armedDeadlines(): number {
    return this.timers.armed;
  }
}
