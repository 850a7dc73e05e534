/**
 * Deadlines (src/tables/service.ts; README "Deadlines"): what a passed deadline does — the
 * lobby closes, or the seats still to act get the game's default action, missed turns mark a
 * seat away, and a game nobody plays ends as abandoned — and stopping the timers at shutdown.
 */
import type { GameEvent, Pending } from '../games/engine.js';
import type { StoreTx, TableRow } from '../persistence/store/types.js';
import { TablePart } from './core.js';
import { playDeadline } from './drivers.js';
import { deadlineFor, isAbandoned, isBotSeat, isPresent } from './policy.js';
import type { TableSnapshot } from './types.js';

/** Consecutive missed turn/vote deadlines after which a seat is marked away (README "Deadlines"). */
export const AWAY_AFTER_MISSED = 2;

/** Deadlines of the tables this process owns. */
export class TableDeadlines extends TablePart {
  /**
   * Apply what a passed deadline means: the lobby closes, or each seat still to act gets
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
        const snapshot = await this.committer.commit(tx, def, table, seats, driven.state, seq, events, now, { pending: driven.pending });
        return { kind: 'fired', snapshot: await this.endIfAbandoned(tx, snapshot, now), prev: due };
      },
      (fired) => {
        if (fired.kind === 'rearm') {
          if (fired.table) this.timers.arm(fired.table);
          return;
        }
        if (fired.snapshot.pending === null) {
          this.timers.disarm(tableId);
          this.emit({ tableId, snapshot: fired.snapshot, ping: [], ended: true });
        } else {
          this.afterCommit(fired.snapshot, fired.prev);
        }
      },
    );
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
