/**
 * Opening PostgreSQL (`DATABASE_URL=postgres://…`): connect a pool, refuse a database whose
 * migrations are newer than this build, apply pending migrations from drizzle-pg/ (one
 * process at a time, under an advisory lock, so shards starting together do not race), and
 * return the store. Failures are typed (PostgresOpenError and its subclasses) with a plain
 * message that never contains the password, so the entry point can print it and exit 2.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../../logger.js';
import { PgStore } from './store.js';

/** Why PostgreSQL could not be opened. */
export type PostgresOpenReason = 'bad-url' | 'unreachable' | 'auth' | 'no-database' | 'too-new' | 'other';

/** PostgreSQL could not be opened; `message` is a plain sentence for the operator. */
export class PostgresOpenError extends Error {
  constructor(
    /** What went wrong, for the entry point's choice of message and exit code. */
    readonly reason: PostgresOpenReason,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'PostgresOpenError';
  }
}

/** The server did not answer: wrong host or port, server down, firewall, timeout. */
export class PostgresUnreachableError extends PostgresOpenError {
  constructor(where: string, cause: unknown) {
    super('unreachable', `cannot reach the PostgreSQL server at ${where}: ${causeText(cause)}. Is it running, and are DATABASE_URL's host and port right?`, cause);
    this.name = 'PostgresUnreachableError';
  }
}

/** The server refused the user name or password. */
export class PostgresAuthError extends PostgresOpenError {
  constructor(where: string, cause: unknown) {
    super('auth', `PostgreSQL at ${where} refused the credentials in DATABASE_URL: ${causeText(cause)}. Check the user name and password.`, cause);
    this.name = 'PostgresAuthError';
  }
}

/** The server is up but has no database of that name. */
export class PostgresDatabaseMissingError extends PostgresOpenError {
  constructor(where: string, cause: unknown) {
    super('no-database', `PostgreSQL at ${where} has no such database: ${causeText(cause)}. Create it first (createdb), or fix the name in DATABASE_URL.`, cause);
    this.name = 'PostgresDatabaseMissingError';
  }
}

/** The database was migrated by a newer build: this build would not understand its schema. */
export class PostgresSchemaTooNewError extends PostgresOpenError {
  constructor(
    where: string,
    /** Migrations recorded in the database. */
    readonly applied: number,
    /** Migrations this build ships (drizzle-pg/). */
    readonly known: number,
  ) {
    super(
      'too-new',
      `the PostgreSQL database at ${where} was set up by a newer version of Red Herring (${applied} schema migrations applied, this build knows ${known}). Run the newer version, or restore a backup made for this one.`,
    );
    this.name = 'PostgresSchemaTooNewError';
  }
}

/** Options of `openPostgres`. */
export interface OpenPostgresOptions {
  /** Most pooled connections (default 10). */
  poolSize?: number;
  /** Give up connecting after this long, ms (default 10 000). */
  connectTimeoutMs?: number;
  /**
   * Once open: how long a statement waits for a connection (a new one, or a free one of the
   * pool) before it fails with StoreUnavailableError, ms (default RUNTIME_CONNECT_TIMEOUT_MS).
   * Short, so a click during a database outage or failover is answered within Discord's 3 s.
   */
  runtimeConnectTimeoutMs?: number;
  /** How long a statement may wait for a row lock before StoreBusyError, ms (default 10 000). */
  lockTimeoutMs?: number;
  /** Folder of the PostgreSQL migrations (default: the build's drizzle-pg/). */
  migrationsFolder?: string;
  /** Where idle-connection errors of the pool are logged. */
  logger?: Logger;
}

/**
 * How long a statement of the running bot waits for a pooled connection, ms: a click has 3 s
 * to be answered (README "What happens when…"), so a server that does not answer (a failover
 * under way, a host gone) fails the click after this with the plain "can't be reached" answer.
 */
export const RUNTIME_CONNECT_TIMEOUT_MS = 2000;

/** Advisory lock key held while checking and applying migrations ('rhmg' in ASCII). */
const MIGRATION_LOCK = 0x72686d67;
/** How long a starting process waits for another one's migrations, seconds. */
const MIGRATION_WAIT_S = 300;

/** The build's drizzle-pg/ folder (src/persistence/pg runs from src/ under tsx, or from dist/src/ when built). */
export function pgMigrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.includes(join('dist', 'src')) ? join(here, '..', '..', '..', '..') : join(here, '..', '..', '..');
  return join(root, 'drizzle-pg');
}

/**
 * Connect to the PostgreSQL database at `url` (a postgres:// or postgresql:// connection
 * string), check and apply migrations, and return the store over a connection pool. Throws
 * PostgresOpenError('bad-url') for a string that is no such URL, PostgresUnreachableError, PostgresAuthError, PostgresDatabaseMissingError,
 * PostgresSchemaTooNewError, or PostgresOpenError('other') for anything else (with the
 * driver's error as `cause`); the pool is closed again on every failure.
 */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<PgStore> {
  if (!/^postgres(ql)?:\/\//i.test(url) || !URL.canParse(url)) {
    throw new PostgresOpenError('bad-url', 'DATABASE_URL is not a PostgreSQL connection string: expected postgres://user:password@host:port/database');
  }
  const where = describeUrl(url);
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      lock_timeout: lockTimeoutMs,
      application_name: 'red-herring',
      keepAlive: true,
    });
  } catch (err) {
    throw new PostgresOpenError('bad-url', `DATABASE_URL is not a usable PostgreSQL connection string: ${causeText(err)}`, err);
  }
  // Until the store takes over, an idle connection's error must not crash the process.
  const swallow = () => {};
  pool.on('error', swallow);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => {});
    throw classify(where, err);
  }
  // A connection error while checked out is emitted on the client (the query in flight rejects too).
  client.on('error', swallow);
  try {
    // Another process may be migrating right now: wait for it longer than the pool's lock_timeout.
    await client.query(`set lock_timeout = '${MIGRATION_WAIT_S}s'`);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const folder = options.migrationsFolder ?? pgMigrationsFolder();
      await refuseNewerSchema(client, where, folder);
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      await client.query('reset lock_timeout');
    }
  } catch (err) {
    client.release(true);
    await pool.end().catch(() => {});
    if (err instanceof PostgresOpenError) throw err;
    throw new PostgresOpenError('other', `could not prepare the PostgreSQL database at ${where}: ${causeText(err)}`, err);
  }
  client.off('error', swallow);
  client.release();
  pool.off('error', swallow);
  // Start-up may wait for a slow server; a running bot must answer its clicks in time.
  (pool as unknown as { options: { connectionTimeoutMillis: number } }).options.connectionTimeoutMillis = options.runtimeConnectTimeoutMs ?? RUNTIME_CONNECT_TIMEOUT_MS;
  return new PgStore(pool, { lockTimeoutMs, ...(options.logger ? { logger: options.logger } : {}) });
}

/** Throw PostgresSchemaTooNewError when the database records migrations this build does not ship. */
async function refuseNewerSchema(client: pg.PoolClient, where: string, folder: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]?.t) return;
  const applied = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations');
  if (applied.rows.some((r) => Number(r.created_at) > newest)) {
    throw new PostgresSchemaTooNewError(where, applied.rows.length, journal.entries.length);
  }
}

/** SQLSTATEs and socket errors of "the server is not there". */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ENOENT', '57P03']);

/** Turn a connection failure into the matching PostgresOpenError. */
function classify(where: string, err: unknown): PostgresOpenError {
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = causeText(err);
  if (code === '28P01' || code === '28000' || /password/i.test(message)) return new PostgresAuthError(where, err);
  if (code === '3D000') return new PostgresDatabaseMissingError(where, err);
  if (UNREACHABLE.has(code) || /timeout|terminated|ECONNREFUSED/i.test(message)) return new PostgresUnreachableError(where, err);
  return new PostgresOpenError('other', `could not connect to PostgreSQL at ${where}: ${message}`, err);
}

/** `user@host:port/database` of a connection string, without the password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default database)';
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `${user}${host}${u.port ? `:${u.port}` : ''}/${db}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function causeText(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown } | undefined;
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  return e?.code && !message.includes(String(e.code)) ? `${message} (${String(e.code)})` : message;
}
