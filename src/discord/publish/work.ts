/**
 * The per-table work of the publisher (docs/architecture.md §5), at the bottom of
 * src/discord/publish/: the changes each table has waiting for its board and its ping, the
 * retry state of a failed request, and the life of the whole (closed, timers, clean-ups,
 * waiting for idle). The board (board.ts), the pings (pings.ts) and the panel refreshes
 * (panel-refresh.ts) work from it; the publisher (publisher.ts) starts that work.
 */
import type { Logger } from '../../logger.js';
import type { TableChange, TableSnapshot } from '../../tables/types.js';
import type { BackgroundQueue } from './background.js';
import type { SlotRequest } from '../rest/rest-budget.js';

/**
 * A board or ping request that failed for a passing reason (Discord answering 5xx, a network
 * error or timeout, the database away — README "What happens when…") is tried again after
 * this long, ms, doubling on each failure in a row up to PUBLISH_RETRY_MAX_MS; the retry
 * draws the newest state, so changes made meanwhile coalesce into it (one request per message).
 */
export const PUBLISH_RETRY_MS = 1000;
/** Longest wait before a failed board or ping request is tried again, ms. */
export const PUBLISH_RETRY_MAX_MS = 8000;
/** Failures in a row after which a table's board or ping stops being retried (until its next change). */
export const PUBLISH_RETRIES = 40;

/** Whether a failed Discord request is worth trying again: not a 4xx refusal (other than 429). */
export function worthRetrying(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

/**
 * A change handed over, marked when it is only a redraw request (no game change), and when a
 * check found its board message deleted (`missingBoard`: that message's id).
 */
export type Change = TableChange & { redraw?: boolean; missingBoard?: string };

/** Per-table work state for coalescing. */
export interface TableWork {
  channelId: string;
  /** The newest snapshot handed over whose panels are not refreshed yet. */
  panels: TableSnapshot | null;
  /** Changes not yet drawn on the board, oldest first. */
  board: Change[];
  /** Changes not yet looked at for the ping, oldest first. */
  ping: TableChange[];
  boardRunning: boolean;
  pingRunning: boolean;
  /** The board's slot request while it waits (raised to board priority when a game change comes). */
  boardRequest: SlotRequest | null;
  /** Board / ping requests that failed in a row (PUBLISH_RETRY_MS); while `waiting`, that work waits for its retry timer. */
  retry: { board: { failures: number; waiting: boolean }; ping: { failures: number; waiting: boolean } };
  /**
   * Message ids this publisher wrote while the work was going on (a re-posted board, a new
   * ping): newer than the ids in snapshots committed before the write. Forgotten when the
   * work is done — every later snapshot is read after the write.
   */
  written: { boardMessageId?: string | null; pingMessageId?: string | null };
}

/** The newest snapshot among `changes` (by table version; the later one on a tie). */
export function newestOf(changes: TableChange[]): TableSnapshot | undefined {
  let best: TableSnapshot | undefined;
  for (const change of changes) if (!best || change.snapshot.table.version >= best.table.version) best = change.snapshot;
  return best;
}

/** The newest snapshot of `changes` with the message ids written since (`work.written`) over its own. */
export function newestWithWritten(work: TableWork, changes: TableChange[]): TableSnapshot {
  const newest = newestOf(changes)!;
  return { ...newest, table: { ...newest.table, ...work.written } };
}

/** The work of every table with something to publish, and the life of the publisher. */
export class PublishWork {
  private readonly tables = new Map<number, TableWork>();
  private readonly idle: (() => void)[] = [];
  /** Requests on their way that nobody waits for (deleting an old ping, looking up a deleted board). */
  private readonly cleanUps = new Set<Promise<unknown>>();
  /** Timers of retries and of delayed ping edits (cleared by `close`). */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private isClosed = false;

  constructor(
    private readonly background: BackgroundQueue,
    private readonly logger: Logger,
    /** Start the table's work again (from the background queue). */
    private readonly kick: (tableId: number) => void,
    /** First wait before a failed request is tried again, ms (default PUBLISH_RETRY_MS). */
    private readonly retryMs = PUBLISH_RETRY_MS,
  ) {}

  /** True once the publisher stopped (shutdown). */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Tables with work, plus clean-ups on their way (monitoring, the benchmark's drain). */
  get size(): number {
    return this.tables.size + this.cleanUps.size;
  }

  /** Whether nothing is waiting or running: no table work, no clean-up. */
  get isIdle(): boolean {
    return this.tables.size === 0 && this.cleanUps.size === 0;
  }

  /** The work of table `tableId`, if it has some. */
  of(tableId: number): TableWork | undefined {
    return this.tables.get(tableId);
  }

  /** Queue `change` on its table's work (made when missing) for the board, the ping and the panels. */
  add(change: Change): TableWork {
    let work = this.tables.get(change.tableId);
    if (!work) {
      work = {
        channelId: change.snapshot.table.channelId,
        panels: null,
        board: [],
        ping: [],
        boardRunning: false,
        pingRunning: false,
        boardRequest: null,
        written: {},
        retry: { board: { failures: 0, waiting: false }, ping: { failures: 0, waiting: false } },
      };
      this.tables.set(change.tableId, work);
    }
    work.board.push(change);
    if (!change.redraw) work.ping.push(change);
    if (!work.panels || change.snapshot.table.version >= work.panels.table.version) work.panels = change.snapshot;
    return work;
  }

  /** Drop what table `tableId` has waiting (its place is gone: src/tables/lost.ts); a request on its way finishes. */
  drop(tableId: number): void {
    const work = this.tables.get(tableId);
    if (!work) return;
    work.board.length = 0;
    work.ping.length = 0;
    work.panels = null;
  }

  /** Keep `promise` (a request nobody waits for) in `settled` and `size` until it settles. */
  track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => this.cleanUps.delete(tracked));
    this.cleanUps.add(tracked);
  }

  /**
   * After a failed board or ping request (`kind`) drawn from `changes`: when it is worth
   * trying again (`worthRetrying`, at most PUBLISH_RETRIES times in a row), put the changes
   * back and kick the table's work again after PUBLISH_RETRY_MS (doubling, up to
   * PUBLISH_RETRY_MAX_MS) — the retry draws the newest state then. False when given up.
   */
  retryLater(tableId: number, work: TableWork, kind: 'board' | 'ping', changes: Change[], err: unknown): boolean {
    const retry = work.retry[kind];
    if (this.isClosed || !worthRetrying(err) || retry.failures >= PUBLISH_RETRIES) {
      retry.failures = 0;
      return false;
    }
    retry.failures += 1;
    work[kind].unshift(...changes);
    retry.waiting = true;
    const first = this.retryMs;
    const delay = Math.min(first * 2 ** (retry.failures - 1), Math.max(first, PUBLISH_RETRY_MAX_MS));
    this.logger.warn({ err, table: tableId, attempt: retry.failures, retryInMs: delay }, kind === 'board' ? 'board update failed; retrying with the newest state' : 'ping failed; retrying');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      retry.waiting = false;
      if (!this.isClosed) this.background.push(() => this.kick(tableId), tableId);
    }, delay);
    this.timers.set(timer, () => (retry.waiting = false));
    return true;
  }

  /** Forget a table's work state once both its board and ping work are done (and no retry waits). */
  finish(tableId: number, work: TableWork): void {
    if (work.boardRunning || work.pingRunning) return;
    if ((work.retry.board.waiting || work.retry.ping.waiting) && !this.isClosed) return;
    if ((work.board.length > 0 || work.ping.length > 0) && !this.isClosed) {
      this.background.push(() => this.kick(tableId), tableId);
      return;
    }
    if (this.tables.get(tableId) === work) this.tables.delete(tableId);
    if (this.tables.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves after `ms` (at once after `close`). */
  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.isClosed) return resolve();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** Resolves when no table has work left and every clean-up has settled (or at `close`). */
  async settled(): Promise<void> {
    if (this.tables.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.cleanUps.size > 0) await Promise.all([...this.cleanUps]);
  }

  /** Stop: timers end (their sleeps resolve), the work is dropped, whoever waits for idle is let go. */
  close(): void {
    this.isClosed = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    this.tables.clear();
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
