/**
 * Opening the SQLite database: WAL mode, foreign keys on, migrations from drizzle/ applied.
 * Before anything is written, a read-only look refuses a database written by a newer build
 * (its newest applied migration is newer than any this build ships); after migrating, the
 * tables are checked against the schema this code expects (README → Configuration).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema.js';

/** The drizzle database handle used across the bot. */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };


function migrationsFolder(): string {
  // src/persistence/db.ts runs from src/ (tsx, vitest) or from dist/src/ (built).
  const here = dirname(fileURLToPath(import.meta.url));
  return here.includes(`${join('dist', 'src')}`) ? join(here, '..', '..', '..', 'drizzle') : join(here, '..', '..', 'drizzle');
}

/** The database file could not be created or opened (bad DATABASE_PATH, permissions, a folder…). */
export class DatabaseOpenError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause), { cause });
    this.name = 'DatabaseOpenError';
  }
}

/** One migration of drizzle/meta/_journal.json: its tag and creation time (ms since 1970). */
export interface MigrationStamp {
  tag: string;
  when: number;
}

/** The migrations this build ships, oldest first (drizzle/meta/_journal.json). */
export function shippedMigrations(folder: string = migrationsFolder()): MigrationStamp[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: MigrationStamp[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when })).sort((a, b) => a.when - b.when);
}

/** The database does not fit this build: written by a newer one, or its tables differ from the schema. */
export class DatabaseMismatchError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseMismatchError';
  }
}

function stampText(ms: number): string {
  return `${new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`;
}

/**
 * Refuse a database a newer build has migrated, looking through a read-only connection
 * (nothing is written, not even the WAL switch). drizzle keeps one `(hash, created_at)` row
 * per applied migration, `created_at` being the journal's `when`, and skips rows it does
 * not know — so a newer `created_at` than any shipped `when` means a newer build.
 */
export function assertNotNewer(path: string, shipped: MigrationStamp[] = shippedMigrations()): void {
  if (path === ':memory:' || !existsSync(path) || statSync(path).size === 0) return;
  let ro: Database.Database;
  try {
    ro = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    return; // not openable read-only here (e.g. a WAL file without -shm): the normal open reports it
  }
  try {
    const has = ro.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    if (!has) return;
    const row = ro.prepare('SELECT MAX(CAST(created_at AS INTEGER)) AS newest, COUNT(*) AS applied FROM __drizzle_migrations').get() as { newest: number | null; applied: number };
    const newestShipped = shipped.at(-1);
    if (row.newest === null || !newestShipped || row.newest <= newestShipped.when) return;
    throw new DatabaseMismatchError(
      path,
      `${path} was written by a newer Red Herring: its newest migration dates from ${stampText(row.newest)} (${row.applied} applied), ` +
        `but this build knows migrations only up to ${newestShipped.tag} (${stampText(newestShipped.when)}).\n` +
        `Run the newer build again, or restore a backup made with this version. The file was not changed.`,
    );
  } catch (err) {
    if (err instanceof DatabaseMismatchError) throw err;
    return; // unreadable as SQLite: the normal open reports it
  } finally {
    ro.close();
  }
}

/** Tables and columns the code expects (from the drizzle schema), by table name. */
export function expectedColumns(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    out.set(config.name, config.columns.map((c) => c.name));
  }
  return out;
}

/** Throw DatabaseMismatchError naming every table or column the database lacks. */
export function assertSchema(sqlite: Database.Database, path: string): void {
  const problems: string[] = [];
  for (const [table, columns] of expectedColumns()) {
    const present = new Set((sqlite.pragma(`table_info(${JSON.stringify(table)})`) as Array<{ name: string }>).map((c) => c.name));
    if (present.size === 0) {
      problems.push(`table ${table} is missing`);
      continue;
    }
    const missing = columns.filter((c) => !present.has(c));
    if (missing.length) problems.push(`table ${table} lacks column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  }
  if (problems.length === 0) return;
  throw new DatabaseMismatchError(
    path,
    `${path} does not have the tables this build expects: ${problems.join('; ')}.\n` +
      'It was changed by hand or by another program, or it belongs to another application. Restore a backup, or point DATABASE_PATH at a new file.',
  );
}

/**
 * Open (creating if needed) the database at `path` (':memory:' for tests), enable WAL and
 * foreign keys, and apply pending migrations. Throws DatabaseMismatchError (written by a
 * newer build — checked read-only first, the file untouched —, a failing migration, or
 * tables that do not match the schema) and DatabaseOpenError if the file cannot be created
 * or opened.
 */
export function openDatabase(path: string): Db {
  assertNotNewerOrOpenError(path);
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = drizzle(sqlite, { schema }) as Db;
    try {
      try {
        migrate(db, { migrationsFolder: migrationsFolder() });
      } catch (err) {
        throw new DatabaseMismatchError(
          path,
          `${path} could not be brought up to date: a migration failed (${(err as Error).message}).\n` +
            'The tables differ from what the migrations expect (changed by hand, or another application\'s file). Restore a backup, or point DATABASE_PATH at a new file. The migrations were rolled back.',
        );
      }
      assertSchema(sqlite, path);
      cacheStatements(sqlite);
    } catch (err) {
      sqlite.close();
      throw err;
    }
    return db;
  } catch (err) {
    if (err instanceof DatabaseMismatchError) throw err;
    if (FILE_ERROR.test(String((err as { code?: unknown }).code ?? ''))) throw new DatabaseOpenError(path, err);
    throw err;
  }
}

/** Compiled statements kept per connection by `cacheStatements`, at most (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Keep the connection's compiled statements: drizzle prepares every query it builds anew
 * (`client.prepare(sql)` on each call, which compiles the SQL in SQLite), while the same few
 * statements — a move's guarded table update, its log row, a seat patch — run on every
 * click. `prepare` answers from a cache keyed by the SQL text (at most STATEMENT_CACHE_SIZE,
 * least recently used dropped first). A cached statement that returns rows is handed out
 * with raw mode off, as a new one would be (drizzle switches it on where it maps rows
 * itself). Statements are only ever run to completion here (no `iterate()`), so one cached
 * statement is never in use twice at once.
 */
export function cacheStatements(sqlite: Database.Database, size: number = STATEMENT_CACHE_SIZE): void {
  const compile = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
      if (statement.reader) statement.raw(false);
    } else {
      statement = compile(source);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

function assertNotNewerOrOpenError(path: string): void {
  try {
    assertNotNewer(path);
  } catch (err) {
    if (err instanceof DatabaseMismatchError) throw err;
    if (FILE_ERROR.test(String((err as { code?: unknown }).code ?? ''))) throw new DatabaseOpenError(path, err);
    throw err;
  }
}

/** Error codes that mean "this file cannot be used as a database" (not a bug in a migration). */
const FILE_ERROR = /^(SQLITE_(CANTOPEN|READONLY|NOTADB|IOERR|PERM|AUTH|CORRUPT)|E[A-Z]+$)/;
