/**
 * After a restart (src/tables/service.ts; docs/tables.md "Restarts"): re-arm the deadlines of this
 * process's open tables, give the decisions whose deadline passed while the bot was down a
 * fresh one, and find the boards the previous process did not publish. The start-up order is
 * in ./recovery.ts.
 */
import type { OpenTableHead, TableRow } from '../persistence/store/types.js';
import { tableOptionsOf } from './bots.js';
import { isLesson } from './lesson-rules.js';
import { TablePart } from './core.js';
import { isTurnBased, restartGraceMs } from './pace.js';
import { keepRecent, pingFor } from './policy.js';
import type { StoredEvent, TableChange } from './types.js';

/**
 * A decision whose deadline passed while the bot was down gets this long from the moment
 * the bot is ready again — or its own timeout, when shorter (docs/tables.md "Restarts"), in ms.
 */
export const RESTART_GRACE_MS = 60_000;

/** Recovery extends at most this many late deadlines at once (each is one transaction). */
export const RECOVERY_CONCURRENCY = 8;

/**
 * True when `recover` gives the decision of table `head` a fresh deadline: an active table
 * whose deadline passed before `readyAt` (Unix ms, when the process became ready).
 */
export function lateAfterRestart(head: Pick<OpenTableHead, 'status' | 'deadlineAt'>, readyAt: number): boolean {
  return head.status === 'active' && head.deadlineAt !== null && head.deadlineAt < readyAt;
}

/** Start-up recovery of the tables this process owns. */
export class TableRestart extends TablePart {
  /**
   * Start-up recovery (docs/tables.md "Restarts"): re-arm the deadline of every open table of this
   * process's shards (all open tables without a shard filter). A game decision whose
   * deadline passed before `readyAt` (Unix ms: when this process became ready) gets a new
   * one — `readyAt` + `restartGraceMs` (src/tables/pace.ts: min(its own timeout, RESTART_GRACE_MS) live, a quarter of its time turn-based) — and a `$restarted` event for
   * the board, in one commit per table: nobody could click while the bot was down, so the
   * downtime counts against no one. An idle lobby whose time ran out closes as usual.
   * Resolves with the ids of the tables found. `heads`: this process's open tables as just
   * read by `ownOpenTableHeads` (read here when absent).
   */
  async recover(readyAt: number = this.now(), heads?: OpenTableHead[]): Promise<number[]> {
    // Heads only (no game state): arming a timer needs the id, status and deadline.
    const tables = heads ?? (await this.ownOpenTableHeads());
    const late: OpenTableHead[] = [];
    for (const table of tables) {
      if (lateAfterRestart(table, readyAt)) late.push(table);
      else this.timers.arm(table);
    }
    let next = 0;
    const worker = async () => {
      while (next < late.length) {
        const table = late[next++]!;
        try {
          await this.extendAfterRestart(table.id, readyAt);
        } catch (err) {
          // Left to its timer: it fires at once and plays the default move.
          this.log.error({ err, table: table.id }, 'could not extend a deadline after the restart');
          this.timers.arm(table);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECOVERY_CONCURRENCY, late.length) }, worker));
    return tables.map((table) => table.id);
  }

  /** Give the decision of a table whose deadline passed while the bot was down a fresh deadline (re-checked under its row lock). */
  private extendAfterRestart(tableId: number, readyAt: number): Promise<TableRow | undefined> {
    return this.change(
      tableId,
      async (tx): Promise<TableRow | undefined> => {
        const table = await tx.lockTable(tableId);
        if (!table || table.status !== 'active' || table.deadlineAt === null || table.deadlineAt >= readyAt) return table;
        const pending = this.definition(table).pending(table.state);
        if (pending.kind === 'over') return table;
        const deadlineAt = readyAt + restartGraceMs(pending, tableOptionsOf(table.tableOptions), RESTART_GRACE_MS);
        const restarted = { type: '$restarted', until: deadlineAt };
        this.log.info({ table: table.id, missedBy: readyAt - table.deadlineAt, deadlineAt }, 'deadline passed while the bot was down: extended');
        return tx.updateTable(table.id, table.version, {
          deadlineAt,
          deadlineStep: pending.step,
          updatedAt: readyAt,
          recentEvents: keepRecent(table.recentEvents as StoredEvent[], [restarted], table.version + 1),
        });
      },
      (table) => {
        if (table) this.timers.arm(table);
      },
    );
  }

  /**
   * Open tables of this process's shards whose board does not show their latest state (the
   * bot stopped between a commit and the board edit), as changes to publish at start-up —
   * with a ping for whoever must act now, since that ping may be the one that was lost.
   * `candidates`: the ids of the tables to check (default: the open tables whose head says
   * their board is behind); each is read whole and kept only if its board is still behind.
   * `moved`: the tables whose decision `recover` gave a fresh deadline (their changes say
   * `deadlineMoved`, so the ping shows the new deadline).
   */
  async staleBoards(candidates?: readonly number[], moved: ReadonlySet<number> = new Set()): Promise<TableChange[]> {
    // A lesson has no board (docs/lessons.md): never behind.
    const stale = candidates ?? (await this.ownOpenTableHeads()).filter((head) => head.lesson === null && head.boardVersion < head.version).map((head) => head.id);
    const changes: TableChange[] = [];
    // Only these few are read whole (state, seats), in bulk; the check is repeated on the fresh rows.
    for (const snapshot of await this.snapshots(stale)) {
      const { table, pending } = snapshot;
      if ((table.status !== 'lobby' && table.status !== 'active') || table.boardVersion >= table.version || isLesson(table)) continue;
      const ping = pending ? pingFor(pending, snapshot.seats, isTurnBased(tableOptionsOf(table.tableOptions))) : [];
      changes.push({ tableId: table.id, snapshot, ping, ended: false, newDecision: pending !== null, ...(moved.has(table.id) ? { deadlineMoved: true } : {}) });
    }
    return changes;
  }
}
