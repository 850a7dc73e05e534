/** The process logger: pino, JSON lines on stdout. */
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Create the logger at `level` (a pino level name, or 'silent'). A shard process passes its
 * shard id: every line then carries `shard` and `pid`, so one host's interleaved output of
 * several shard processes stays readable (README "Scaling out").
 */
export function createLogger(level: string, shard?: number): Logger {
  const base = shard === undefined ? { app: 'red-herring' } : { app: 'red-herring', shard, pid: process.pid };
  return pino({ level, base, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = pino({ level: 'silent' });
