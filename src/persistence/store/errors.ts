/**
 * Errors thrown by both store implementations (src/persistence/store/types.ts).
 */

/**
 * A guarded `updateTable` found another version than the one the caller read: another
 * writer (a second click, a deadline, another process) changed the table first, or it does
 * not exist. Thrown inside the transaction, which is then rolled back; the caller re-reads
 * and decides again (or answers "the table moved on").
 */
export class VersionConflictError extends Error {
  constructor(
    /** The table's id. */
    readonly tableId: number,
    /** The version the caller expected. */
    readonly expectedVersion: number,
    /** What kind of row: a game table, or a tournament (whose id is then `tableId`). */
    readonly kind: 'table' | 'tournament' = 'table',
  ) {
    super(`${kind} ${tableId}: expected version ${expectedVersion}, found another (or no such ${kind})`);
    this.name = 'VersionConflictError';
  }
}

/**
 * A transaction or statement waited longer than the store's lock timeout for a lock
 * (SQLite: the one connection's transaction queue; PostgreSQL: a row lock, `lock_timeout`).
 * Nothing of the waiting transaction was stored. Usually an outer-store call awaited inside
 * `transaction` (use the `tx` handle), or a transaction stuck on something slow.
 */
export class StoreBusyError extends Error {
  constructor(
    /** How long it waited, ms. */
    readonly waitedMs: number,
    cause?: unknown,
  ) {
    super(`storage busy: waited ${waitedMs} ms for a lock`, cause === undefined ? undefined : { cause });
    this.name = 'StoreBusyError';
  }
}

/** A store method was called after `close()`, or a transaction handle after its transaction ended. */
export class StoreClosedError extends Error {
  constructor(what: 'store' | 'transaction') {
    super(what === 'store' ? 'the store is closed' : 'this transaction has ended: use the handle only inside its callback');
    this.name = 'StoreClosedError';
  }
}

/**
 * A call inside the transaction failed (the error is the `cause`), so the whole transaction
 * was rolled back even though its callback went on and returned. Both backends behave the
 * same: PostgreSQL cannot go on after a failed statement, and on SQLite the store refuses
 * to commit half of what the callback meant to write.
 */
export class TransactionAbortedError extends Error {
  constructor(cause: unknown) {
    super(`transaction rolled back: a call inside it failed (${(cause as Error)?.message ?? String(cause)})`, { cause });
    this.name = 'TransactionAbortedError';
  }
}

/**
 * The database server could not be reached or dropped the connection (PostgreSQL only):
 * the statement or transaction did not complete. When it happens during COMMIT, whether the
 * transaction was stored is unknown; re-read before retrying.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The write needed more room than there is: the disk (or the database's own size limit,
 * SQLite's `max_page_count`) is full — SQLITE_FULL, PostgreSQL's 53100 disk_full. Nothing of
 * the transaction was stored; the same write succeeds once space returns.
 */
export class StoreFullError extends Error {
  constructor(cause: unknown) {
    super(`storage full: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StoreFullError';
  }
}

/**
 * Whether `err` (or an error it wraps as `cause`, e.g. TransactionAbortedError) says the
 * database is away (`unavailable`: StoreUnavailableError) or out of room (`full`:
 * StoreFullError) — the faults where nothing was stored and the same request works later
 * (README "What happens when…"). Null for any other error.
 */
export function storeTrouble(err: unknown): 'unavailable' | 'full' | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e; depth++) {
    if (e instanceof StoreUnavailableError) return 'unavailable';
    if (e instanceof StoreFullError) return 'full';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * An insert hit a primary key or unique index: the row exists already (a second seat for the
 * same player, an action-log seq written twice, a second open table in one channel — e.g.
 * two processes creating a lobby at once). The original driver error is the `cause`.
 */
export class DuplicateKeyError extends Error {
  constructor(cause: unknown) {
    super(`duplicate key: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DuplicateKeyError';
  }
}

/** The driver's own error under drizzle's DrizzleQueryError wrapper (or `err` itself). */
export function driverError(err: unknown): { code?: unknown; message?: unknown } {
  let e = err as { cause?: unknown; code?: unknown; name?: unknown } | undefined;
  for (let depth = 0; depth < 4 && e && typeof e === 'object' && e.code === undefined && e.cause; depth++) e = e.cause as typeof e;
  return (e ?? {}) as { code?: unknown; message?: unknown };
}
