/**
 * One clear log line per minute while the database is away or full (README "What happens
 * when…"), not one per click or deadline: every click in an outage fails the same way, and
 * a log that repeats it hundreds of times hides everything else. The first failure of a kind
 * is logged at once; later ones within TROUBLE_LOG_INTERVAL_MS are counted and the next line
 * says how many were left out.
 */
import type { Logger } from '../../logger.js';
import type { storeTrouble } from './errors.js';

/** At most one error line per kind of trouble in this span, ms. */
export const TROUBLE_LOG_INTERVAL_MS = 60_000;

/** The kinds `storeTrouble` tells apart. */
export type StoreTrouble = NonNullable<ReturnType<typeof storeTrouble>>;

const MESSAGES: Record<StoreTrouble, string> = {
  unavailable: 'the database cannot be reached: clicks are answered "the table can\'t be reached", deadlines wait until it is back',
  full: 'the database is out of space (disk full or its size limit reached): writes are refused until space returns',
};

/** Per-kind state of one logger's trouble reports. */
interface Reported {
  /** When the last line was written, ms (clock of `now`). */
  at: number;
  /** Failures since then that wrote no line. */
  suppressed: number;
}

/** Rate-limited error lines for database trouble, one per kind per TROUBLE_LOG_INTERVAL_MS. */
export class StoreTroubleLog {
  private readonly last = new Map<StoreTrouble, Reported>();

  /**
   * @param log where the lines go
   * @param now current time, ms
   * @param intervalMs least time between two lines of one kind, ms
   */
  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = TROUBLE_LOG_INTERVAL_MS,
  ) {}

  /** Note one failure of `kind` (`err` is the failure, `context` extra fields); logs when the last line of that kind is old enough. */
  report(kind: StoreTrouble, err: unknown, context: Record<string, unknown> = {}): void {
    const now = this.now();
    const last = this.last.get(kind);
    if (last && now - last.at < this.intervalMs) {
      last.suppressed += 1;
      return;
    }
    this.log.error({ err, trouble: kind, ...context, ...(last?.suppressed ? { alsoFailedSinceLastLine: last.suppressed } : {}) }, MESSAGES[kind]);
    this.last.set(kind, { at: now, suppressed: 0 });
  }
}

const byLogger = new WeakMap<Logger, StoreTroubleLog>();

/** The one StoreTroubleLog of `log` (shared by the router and the deadline timers, so they count together). */
export function troubleLogFor(log: Logger): StoreTroubleLog {
  let found = byLogger.get(log);
  if (!found) {
    found = new StoreTroubleLog(log);
    byLogger.set(log, found);
  }
  return found;
}
