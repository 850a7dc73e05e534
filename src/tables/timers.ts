/**
 * One timer per open table, armed for the deadline stored in the database (docs/architecture.md §4:
 * deadlines live in the database; timers are only the in-memory alarm clock for them). A
 * process arms timers only for the tables it owns (its shard's guilds, README
 * "Architecture"); when one fires, the table service re-checks the stored deadline under
 * the table's row lock, so a deadline is applied once even if two processes fire it.
 */
import type { Logger } from '../logger.js';
import type { TableRow } from '../persistence/store/types.js';

/** setTimeout's maximum delay (ms); a longer wait re-arms when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** In-memory alarms for table deadlines. */
export class DeadlineTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();
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
    const delay = Math.max(0, table.deadlineAt - this.now());
    // The alarm keeps only the id alive, not the row (its whole game state) it was armed from.
    const tableId = table.id;
    const timer = setTimeout(() => {
      this.timers.delete(tableId);
      this.fire(tableId).catch((err: unknown) => this.log.error({ err, table: tableId }, 'deadline handling failed'));
    }, Math.min(delay, MAX_TIMER_MS));
    timer.unref?.();
    this.timers.set(tableId, timer);
  }

  /** Forget the timer of a table. */
  disarm(tableId: number): void {
    const timer = this.timers.get(tableId);
    if (timer) clearTimeout(timer);
    this.timers.delete(tableId);
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
  }

  /** True once `stop()` was called. */
  get isStopped(): boolean {
    return this.stopped;
  }
}
