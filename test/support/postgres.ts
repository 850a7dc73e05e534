/**
 * A throwaway PostgreSQL server for tests: `initdb` a cluster in a temp dir, start it with
 * `pg_ctl` on a free 127.0.0.1 port (its socket in the same dir), hand out fresh databases,
 * and stop and delete it at the end. As root it runs the server binaries through
 * `runuser -u postgres --` (PostgreSQL refuses to run as root) with the temp dir owned by
 * postgres; as any other user it runs them directly.
 *
 * The cluster's default collation is ICU en-US (case-insensitive order, unlike SQLite), so
 * tests prove the schema's byte-order text columns, not a lucky default. Password auth
 * (scram-sha-256) on TCP, so a wrong password is a real refusal.
 *
 * No server binaries: `postgresUnavailable()` says why; test files then skip with that
 * message — except under CI=true, where `describePostgres` fails instead (CI installs
 * Debian's postgresql, .ci/run).
 *
 * A watchdog shell stops the cluster and removes the dir if this process dies without
 * calling `stop()` (a killed test run leaves no server behind).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';

/** The superuser of the throwaway cluster. */
export const PG_USER = 'postgres';
/** Its password (the cluster only listens on 127.0.0.1 and lives for one test file). */
export const PG_PASSWORD = 'rh-test-secret';

/** A running throwaway cluster. */
export interface PostgresServer {
  /** 127.0.0.1 */
  host: string;
  port: number;
  /** Connection string for `database` (default `postgres`), with the superuser's credentials. */
  url(database?: string, credentials?: { user: string; password: string }): string;
  /** Create a fresh empty database and return its connection string. */
  createDatabase(name?: string): Promise<string>;
  /** Stop the server (immediately: the data is thrown away) and delete its files. */
  stop(): Promise<void>;
  /**
   * A database outage: stop the server with an immediate shutdown (every connection dropped
   * at once, no checkpoint — as a crash or a managed database's failover does), keeping its
   * files. Use a `durable` server, or commits acknowledged just before may be lost by design.
   */
  halt(): void;
  /** Start a halted server again on the same port and data (crash recovery replays the WAL). */
  resume(): void;
}

/**
 * Where the server binaries are: $PG_BIN when set (and only there), else the newest
 * /usr/lib/postgresql/N/bin (Debian), else `pg_config --bindir`.
 */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  const isServerBin = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'postgres'));
  if (process.env.PG_BIN) return isServerBin(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(join(debian, v, 'bin'));
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  return candidates.find(isServerBin);
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (!findPostgresBin()) {
    return process.env.PG_BIN
      ? `PG_BIN=${process.env.PG_BIN} has no PostgreSQL server binaries (initdb, pg_ctl, postgres)`
      : 'no PostgreSQL server binaries (initdb, pg_ctl) found: install Debian\'s "postgresql" package or set PG_BIN';
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root, but there is no "postgres" user to run the server as';
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** A free TCP port on 127.0.0.1 (released just before the server binds it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** argv to run a server binary as the right user. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', PG_USER, '--', bin, ...args]] : [bin, args];
}

function run(bin: string, args: string[], cwd: string): void {
  const [cmd, argv] = asServerUser(bin, args);
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`);
}

let counter = 0;

/**
 * Start a throwaway cluster. Options: `durable` keeps fsync/synchronous_commit on (for
 * benchmarks; tests turn them off for speed). Throws when the binaries are missing.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'rh-pg-'));
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${PG_PASSWORD}\n`);
  if (isRoot()) execFileSync('chown', ['-R', `${PG_USER}:`, dir]);
  const initdb = join(bin, 'initdb');
  const baseArgs = ['-D', data, '-U', PG_USER, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync', '--no-instructions'];
  try {
    run(initdb, [...baseArgs, '--locale=C.UTF-8', '--locale-provider=icu', '--icu-locale=en-US'], dir);
  } catch {
    rmSync(data, { recursive: true, force: true });
    run(initdb, [...baseArgs, '--locale=C.UTF-8'], dir);
  }
  const pgCtl = join(bin, 'pg_ctl');
  const settings = ['-c listen_addresses=127.0.0.1', `-k ${dir}`, '-c max_connections=200', '-c shared_buffers=32MB'];
  if (!options.durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  let port = 0;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && !port; attempt++) {
    const candidate = await freePort();
    try {
      run(pgCtl, ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${candidate} ${settings.join(' ')}`, 'start'], dir);
      port = candidate;
    } catch (err) {
      lastError = err;
    }
  }
  if (!port) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError;
  }
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  const [stopCmd, stopArgv] = asServerUser(pgCtl, stopArgs);
  const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const watchdog = spawn(
    'sh',
    ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${[stopCmd, ...stopArgv].map(quoted).join(' ')} >/dev/null 2>&1; rm -rf ${quoted(dir)}`],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  const host = '127.0.0.1';
  const url = (database = 'postgres', credentials = { user: PG_USER, password: PG_PASSWORD }) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@${host}:${port}/${encodeURIComponent(database)}`;
  let stopped = false;
  const startArgs = ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} ${settings.join(' ')}`, 'start'];
  return {
    host,
    port,
    halt() {
      run(pgCtl, stopArgs, dir);
    },
    resume() {
      run(pgCtl, startArgs, dir);
    },
    url,
    async createDatabase(name = `test_${process.pid}_${++counter}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(pgCtl, stopArgs, dir);
      } finally {
        if (watchdog.pid) {
          try {
            process.kill(watchdog.pid);
          } catch {
            // already gone
          }
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * `describe` for tests that need a real PostgreSQL server: starts one before the block and
 * stops it after. Without server binaries the block is skipped with the reason — or, under
 * CI=true, replaced by one failing test.
 */
export function describePostgres(name: string, body: (server: () => PostgresServer) => void, options: { durable?: boolean } = {}): void {
  const missing = postgresUnavailable();
  if (missing) {
    if (process.env.CI === 'true') {
      describe(name, () => {
        it('has a PostgreSQL server to test against (required under CI=true)', () => {
          throw new Error(`PostgreSQL tests cannot run: ${missing}`);
        });
      });
    } else {
      process.stderr.write(`[skip] ${name}: ${missing}\n`);
      describe.skip(`${name} (skipped: ${missing})`, () => {
        it('needs PostgreSQL', () => {});
      });
    }
    return;
  }
  describe(name, () => {
    let server: PostgresServer | undefined;
    beforeAll(async () => {
      server = await startPostgres(options);
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
    });
    body(() => {
      if (!server) throw new Error('the PostgreSQL server did not start');
      return server;
    });
  });
}
