/**
 * Opening the SQLite database: WAL mode, foreign keys on, migrations from drizzle/ applied.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
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

/**
 * Open (creating if needed) the database at `path` (':memory:' for tests), enable WAL and
 * foreign keys, and apply pending migrations. Throws DatabaseOpenError if the file cannot be
 * created or opened; a failing migration throws as is.
 */
export function openDatabase(path: string): Db {
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = drizzle(sqlite, { schema }) as Db;
    migrate(db, { migrationsFolder: migrationsFolder() });
    return db;
  } catch (err) {
    if (FILE_ERROR.test(String((err as { code?: unknown }).code ?? ''))) throw new DatabaseOpenError(path, err);
    throw err;
  }
}

/** Error codes that mean "this file cannot be used as a database" (not a bug in a migration). */
const FILE_ERROR = /^(SQLITE_(CANTOPEN|READONLY|NOTADB|IOERR|PERM|AUTH|CORRUPT)|E[A-Z]+$)/;
