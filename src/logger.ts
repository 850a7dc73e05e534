/** The process logger: pino, JSON lines on stdout. */
import { pino, type Logger } from 'pino';

export type { Logger };

/** Create the logger at `level` (a pino level name, or 'silent'). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'red-herring' }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = pino({ level: 'silent' });
