/**
 * README "Deploy and scale out" for PostgreSQL, run for real: `pg_dump --format=custom` of a live
 * database, `pg_restore` into an empty one, and the bot's store opens the restored database
 * with its rows and migration history intact.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { describePostgres, findPostgresBin } from '../support/postgres.js';

describePostgres('PostgreSQL backup with pg_dump / pg_restore (README "Deploy and scale out")', (server) => {
  it('restores a dump taken while the store is open into a database the bot opens as it was', async () => {
    const bin = findPostgresBin()!;
    const source = await server().createDatabase();
    const store = await openPostgres(source);
    const dir = mkdtempSync(join(tmpdir(), 'rh-pgdump-'));
    try {
      const table = await store.transaction(async (tx) => {
        const t = await tx.insertTable({ guildId: '81384788765712384', channelId: '9', game: 'noir', status: 'active', hostUserId: '1', options: { b: 1, a: 2 }, maxSeats: 4, createdAt: 1_700_000_000_123, updatedAt: 1 });
        await tx.insertSeat({ tableId: t.id, userId: '1', displayName: 'Zoë', joinedAt: 5 });
        return t;
      });
      const dump = join(dir, 'red-herring.dump');
      const dumped = spawnSync(join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, source], { encoding: 'utf8' });
      expect(dumped.stderr).toBe('');
      expect(dumped.status).toBe(0);
      // The source keeps working while and after it is dumped.
      await store.setMessageIds(table.id, { boardVersion: 3 });
      const target = await server().createDatabase();
      const restored = spawnSync(join(bin, 'pg_restore'), ['--clean', '--if-exists', '--no-owner', `--dbname=${target}`, dump], { encoding: 'utf8' });
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      const reopened = await openPostgres(target);
      try {
        expect(await reopened.table(table.id)).toEqual(table);
        expect(Object.keys((await reopened.table(table.id))!.options as object)).toEqual(['b', 'a']);
        expect((await reopened.seats(table.id)).map((s) => s.displayName)).toEqual(['Zoë']);
        // New rows continue after the restored ids.
        const next = await reopened.transaction((tx) =>
          tx.insertTable({ guildId: '1', channelId: '10', game: 'noir', status: 'lobby', hostUserId: '1', options: {}, maxSeats: 4, createdAt: 1, updatedAt: 1 }),
        );
        expect(next.id).toBeGreaterThan(table.id);
      } finally {
        await reopened.close();
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
