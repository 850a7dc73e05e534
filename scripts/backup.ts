/**
 * `npm run backup -- FILE` (or, built, `node dist/scripts/backup.js FILE`): copy the SQLite
 * database at DATABASE_PATH (from the environment or .env; default ./data/red-herring.db)
 * to FILE with SQLite's online backup API, safe while the bot runs: the copy is one
 * consistent snapshot taken by a read-only connection (WAL mode: the bot keeps writing
 * meanwhile). The copy is written next to FILE first and renamed into place once complete
 * and checked (`PRAGMA quick_check`), so FILE is never a half-written database. FILE is a
 * single self-contained file (rollback-journal mode, no -wal/-shm beside it): to restore,
 * stop the bot and put it at DATABASE_PATH (removing that path's -wal and -shm files).
 *
 * Options: `--from PATH` reads another database; `--force` replaces an existing FILE.
 * PostgreSQL (DATABASE_URL set) is backed up with pg_dump instead (README "Deploy and scale out").
 * Exit 0 when done, 2 for bad usage (no FILE, FILE exists, no database at the source, a
 * PostgreSQL setup), 1 when the copy fails.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { DEFAULT_DATABASE_PATH } from '../src/config.js';

const USAGE = 'usage: npm run backup -- FILE [--from DATABASE_PATH] [--force]';

/** Thrown for bad usage: printed as is, exit 2. */
class UsageError extends Error {}

/** Parsed command line. */
interface Args {
  target: string;
  source: string;
  force: boolean;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Args {
  let target: string | undefined;
  let source: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--force') force = true;
    else if (a === '--from') {
      source = argv[++i];
      if (!source) throw new UsageError(`--from needs a path\n${USAGE}`);
    } else if (a === '--help' || a === '-h') throw new UsageError(USAGE);
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}\n${USAGE}`);
    else if (target === undefined) target = a;
    else throw new UsageError(`one backup file at a time (got ${target} and ${a})\n${USAGE}`);
  }
  if (!target) throw new UsageError(`which file should the backup go to?\n${USAGE}`);
  if (!source && env.DATABASE_URL?.trim()) {
    throw new UsageError('DATABASE_URL is set: this bot stores its data in PostgreSQL. Back it up with pg_dump (README "Deploy and scale out"); this command copies SQLite databases.');
  }
  source ??= env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
  return { target: resolve(target), source: resolve(source), force };
}

/** Copy `source` to `target` online; returns the number of pages and bytes copied. */
async function backup({ source, target, force }: Args): Promise<{ pages: number; bytes: number }> {
  if (!existsSync(source) || !statSync(source).isFile()) throw new UsageError(`no database at ${source} (set DATABASE_PATH, or pass --from PATH)`);
  if (target === source) throw new UsageError('the backup file cannot be the database itself');
  if (existsSync(target) && !force) throw new UsageError(`${target} exists already: pick a new name, or add --force to replace it`);
  if (!existsSync(dirname(target))) throw new UsageError(`the folder ${dirname(target)} does not exist`);
  const partial = `${target}.partial-${process.pid}`;
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // Ask for every remaining page in one step: one consistent snapshot, never restarted by the bot's writes.
    const progress = await db.backup(partial, { progress: () => 0x7fffffff });
    // One self-contained file: the copy inherits WAL mode from the source; switch it back to a
    // rollback journal so no -wal/-shm files belong to it (the bot sets WAL again when it opens it).
    const copy = new Database(partial);
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    return { pages: progress.totalPages, bytes: statSync(target).size };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const started = performance.now();
  const args = parseArgs(process.argv.slice(2), process.env);
  const { pages, bytes } = await backup(args);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Backed up ${args.source} to ${args.target}: ${pages} pages, ${(bytes / 1024 / 1024).toFixed(2)} MB in ${ms} ms.\n`);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`backup failed: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});
