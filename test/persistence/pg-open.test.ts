/**
 * Opening PostgreSQL (src/persistence/pg/open.ts) against a real throwaway server: migrations
 * applied once (also when two processes start together), and a typed, plain error — never
 * containing the password — for each way opening can fail.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import * as pgSchema from '../../src/persistence/pg/schema.js';
import {
  openPostgres,
  pgMigrationsFolder,
  PostgresAuthError,
  PostgresDatabaseMissingError,
  PostgresOpenError,
  PostgresSchemaTooNewError,
  PostgresUnreachableError,
} from '../../src/persistence/pg/open.js';
import { StoreUnavailableError } from '../../src/persistence/store/errors.js';
import { describePostgres, PG_PASSWORD } from '../support/postgres.js';

const journal = JSON.parse(readFileSync(join(pgMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A TCP port where something accepts connections but never answers (a black hole). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const srv: Server = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        srv.close(() => r());
      }),
  };
}

describePostgres('opening PostgreSQL', (server) => {
  it('applies every migration of drizzle-pg/ to a fresh database, once, even when two processes start together', async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const applied = await query<{ created_at: string }>(url, 'select created_at from drizzle.__drizzle_migrations order by id');
      expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
      const tables = await query<{ table_name: string }>(url, "select table_name from information_schema.tables where table_schema = 'public' order by 1");
      // Every table of the schema, and nothing else (the migrations create exactly the schema).
      const schemaTables = (Object.values(pgSchema) as unknown[]).filter((v): v is Parameters<typeof getTableName>[0] => isTable(v)).map((t) => getTableName(t)).sort();
      expect(schemaTables).toContain('game_tables');
      expect(tables.map((t) => t.table_name).sort()).toEqual(schemaTables);
      const t = await a.transaction((tx) =>
        tx.insertTable({ guildId: '1', channelId: '2', game: 'noir', status: 'lobby', hostUserId: '3', options: {}, maxSeats: 4, createdAt: 1, updatedAt: 1 }),
      );
      expect((await b.table(t.id))?.channelId).toBe('2');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Opening again applies nothing and keeps the data.
    const again = await openPostgres(url);
    try {
      expect(await again.openTables()).toHaveLength(1);
      expect(await query(url, 'select 1 from drizzle.__drizzle_migrations')).toHaveLength(journal.entries.length);
    } finally {
      await again.close();
    }
  });

  it('refuses a database migrated by a newer build (PostgresSchemaTooNewError), without touching it', async () => {
    const url = await server().createDatabase();
    await (await openPostgres(url)).close();
    const newest = Math.max(...journal.entries.map((e) => e.when));
    await query(url, "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', $1)", [newest + 60_000]);
    const err = await openPostgres(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostgresSchemaTooNewError);
    expect(err).toMatchObject({ reason: 'too-new', applied: journal.entries.length + 1, known: journal.entries.length });
    expect((err as Error).message).toMatch(/newer version of Red Herring/);
    expect(await query(url, 'select 1 from drizzle.__drizzle_migrations')).toHaveLength(journal.entries.length + 1);
  });

  it('says the credentials are wrong (PostgresAuthError), without echoing the password', async () => {
    const url = server().url('postgres', { user: 'postgres', password: 'not-the-password-xyzzy' });
    const err = await openPostgres(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostgresAuthError);
    expect(err).toMatchObject({ reason: 'auth' });
    expect((err as Error).message).toContain(`postgres@127.0.0.1:${server().port}/postgres`);
    expect((err as Error).message).not.toContain('xyzzy');
    expect((err as Error).message).not.toContain(PG_PASSWORD);
    const unknownUser = await openPostgres(server().url('postgres', { user: 'nobody', password: 'x' })).catch((e: unknown) => e);
    expect(unknownUser).toBeInstanceOf(PostgresAuthError);
  });

  it('says the database does not exist (PostgresDatabaseMissingError)', async () => {
    const err = await openPostgres(server().url('no_such_database')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostgresDatabaseMissingError);
    expect((err as Error).message).toContain('/no_such_database');
  });

  it('says the server cannot be reached (PostgresUnreachableError): nothing listening, or a port that never answers', async () => {
    const hole = await silentServer();
    const refused = await openPostgres(`postgres://postgres:${PG_PASSWORD}@127.0.0.1:${hole.port + 0}/postgres`, { connectTimeoutMs: 400 }).catch((e: unknown) => e);
    await hole.close();
    expect(refused).toBeInstanceOf(PostgresUnreachableError);
    expect((refused as Error).message).toContain(`127.0.0.1:${hole.port}`);
    expect((refused as Error).message).not.toContain(PG_PASSWORD);
    // The same port, now closed: connection refused.
    const closed = await openPostgres(`postgres://postgres:${PG_PASSWORD}@127.0.0.1:${hole.port}/postgres`, { connectTimeoutMs: 2000 }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(PostgresUnreachableError);
    expect(closed).toBeInstanceOf(PostgresOpenError);
    expect((closed as PostgresOpenError).reason).toBe('unreachable');
  });

  it('survives the server dropping its connections: idle ones are replaced, a transaction cut off rejects with StoreUnavailableError and stores nothing', async () => {
    const url = await server().createDatabase();
    const store = await openPostgres(url, { poolSize: 3 });
    const kill = () => query(url, 'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    try {
      const t = await store.transaction((tx) =>
        tx.insertTable({ guildId: '1', channelId: '2', game: 'noir', status: 'active', hostUserId: '3', options: {}, maxSeats: 4, createdAt: 1, updatedAt: 1 }),
      );
      await Promise.all([store.table(t.id), store.table(t.id), store.seats(t.id)]);
      await kill();
      await new Promise((r) => setTimeout(r, 200));
      // The pool noticed its idle connections died (no crash) and opens new ones.
      expect((await store.table(t.id))?.id).toBe(t.id);
      const cut = store.transaction(async (tx) => {
        await tx.lockTable(t.id);
        await tx.updateTable(t.id, 0, { lastSeq: 1 });
        await kill();
        await tx.appendAction({ tableId: t.id, seq: 1, seat: 0, userId: '3', kind: 'player', action: {}, at: 1 });
      });
      await expect(cut).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(await store.table(t.id)).toMatchObject({ version: 0, lastSeq: 0 });
      expect(await store.actions(t.id)).toEqual([]);
      // And the next transaction works.
      await store.transaction((tx) => tx.updateTable(t.id, 0, { lastSeq: 1 }));
      expect((await store.table(t.id))?.lastSeq).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('says a DATABASE_URL that is no postgres:// URL is not one', async () => {
    for (const url of ['not a url', 'mysql://u:p@127.0.0.1/db', '/var/lib/red-herring.db']) {
      await expect(openPostgres(url)).rejects.toMatchObject({ name: 'PostgresOpenError', reason: 'bad-url' });
    }
  });
});
