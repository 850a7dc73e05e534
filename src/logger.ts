/** The process logger: pino, JSON lines on stdout. */
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Bytes of log lines gathered before they are written to stdout (one `write` for ~15 lines
 * instead of one per line: under load the per-line writes cost ≈ 5 % of the event loop,
 * docs/pictures.md "Click → answer").
 */
export const LOG_BUFFER_BYTES = 4096;

/** Longest a log line waits in the buffer before it is written anyway, ms. */
export const LOG_FLUSH_EVERY_MS = 200;

/**
 * Create the logger at `level` (a pino level name, or 'silent'). A shard process passes its
 * shard id: every line then carries `shard` and `pid`, so one host's interleaved output of
 * several shard processes stays readable (README "Deploy and scale out").
 *
 * Lines are buffered (`LOG_BUFFER_BYTES`) and written at least every `LOG_FLUSH_EVERY_MS`;
 * pino writes what is left synchronously when the process exits (`process.exit`, a fatal
 * error). A process killed with SIGKILL loses at most the last `LOG_FLUSH_EVERY_MS` of lines —
 * never game state, which is committed to the database before any answer.
 */
export function createLogger(level: string, shard?: number): Logger {
  const base = shard === undefined ? { app: 'red-herring' } : { app: 'red-herring', shard, pid: process.pid };
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_EVERY_MS });
  return pino({ level, base, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Write whatever the logger still buffers, then resolve (before printing to stdout directly). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    try {
      logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = pino({ level: 'silent' });
