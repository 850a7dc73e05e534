/**
 * One timer per open table, armed for the deadline stored in the database (docs/architecture.md §4:
 * deadlines live in the database; timers are only the in-memory alarm clock for them). A
 * process arms timers only for the tables it owns (its shard's guilds, README
 * "Architecture"); when one fires, the table service re-checks the stored deadline under
 * the table's row lock, so a deadline is applied once even if two processes fire it.
 */
import type { Logger } from '../logger.js';
import { storeTrouble } from '../persistence/store/errors.js';
import { troubleLogFor } from '../persistence/store/trouble-log.js';
import type { TableRow } from '../persistence/store/types.js';

/** setTimeout's maximum delay (ms); a longer wait re-arms when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A deadline whose handling failed (the database away or full, README "What happens
 * when…") is tried again after this long, ms, doubling on each failure up to
 * DEADLINE_RETRY_MAX_MS: it fires once the database is back, and once only (the service
 * re-checks the stored deadline under the row lock).
 */
export const DEADLINE_RETRY_MS = 1000;
/** Longest wait between two tries of a failed deadline, ms. */
export const DEADLINE_RETRY_MAX_MS = 5000;

/** In-memory alarms for table deadlines. */
export class DeadlineTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Failed tries in a row per table (reset when the table is armed afresh). */
  private readonly failures = new Map<number, number>();
  private stopped = false;

  /**
   * @param fire called with the table id when its deadline (Unix ms) has come; a rejection is logged
   * @param now current time, Unix ms
   */
  constructor(
    private readonly fire: (tableId: number) => Promise<void>,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {}

  /** (Re)arm the timer of `table` for its stored deadline (Unix ms); nothing for closed tables. */
  arm(table: Pick<TableRow, 'id' | 'status' | 'deadlineAt'>): void {
    this.disarm(table.id);
    if (this.stopped || table.deadlineAt === null || (table.status !== 'lobby' && table.status !== 'active')) return;
    // The alarm keeps only the id alive, not the row (its whole game state) it was armed from.
    this.schedule(table.id, Math.max(0, table.deadlineAt - this.now()));
  }

  /** Forget the timer of a table. */
  disarm(tableId: number): void {
    const timer = this.timers.get(tableId);
    if (timer) clearTimeout(timer);
    this.timers.delete(tableId);
    this.failures.delete(tableId);
  }

  /**
   * Fire table `tableId` after `delayMs`. When the handling fails it is tried again after
   * DEADLINE_RETRY_MS, doubling up to DEADLINE_RETRY_MAX_MS, until it succeeds or the table
   * is armed or disarmed anew; database trouble is logged once a minute (trouble-log.ts).
   */
  private schedule(tableId: number, delayMs: number): void {
    const timer = setTimeout(() => {
      if (this.timers.get(tableId) === timer) this.timers.delete(tableId);
      this.fire(tableId).then(
        () => {
          if (!this.timers.has(tableId)) this.failures.delete(tableId);
        },
        (err: unknown) => {
          const trouble = storeTrouble(err);
          if (trouble) troubleLogFor(this.log).report(trouble, err, { table: tableId });
          else this.log.error({ err, table: tableId }, 'deadline handling failed');
          // Armed again meanwhile (a commit of the table), or stopped: that timer stands.
          if (this.stopped || this.timers.has(tableId)) return;
          const failed = (this.failures.get(tableId) ?? 0) + 1;
          this.failures.set(tableId, failed);
          this.schedule(tableId, Math.min(DEADLINE_RETRY_MS * 2 ** (failed - 1), DEADLINE_RETRY_MAX_MS));
        },
      );
    }, Math.min(delayMs, MAX_TIMER_MS));
    timer.unref?.();
    this.timers.set(tableId, timer);
  }

  /** Number of armed timers. */
  get armed(): number {
    return this.timers.size;
  }

  /** Stop every timer for good (shutdown). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.failures.clear();
  }

  /** True once `stop()` was called. */
  get isStopped(): boolean {
    return this.stopped;
  }
}
