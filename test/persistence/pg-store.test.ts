/**
 * The storage contract against the PostgreSQL store on a real, throwaway server
 * (test/support/postgres.ts): one database for the file, emptied before each test; peers
 * are second stores with their own connection pools, as a second bot process has.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { describePostgres } from '../support/postgres.js';
import { GUILDS, insert, storeContract, T0, userId } from './store-contract.js';

describePostgres('PostgreSQL store contract', (server) => {
  let url: string | undefined;
  const stores: Store[] = [];
  const open = async () => {
    url ??= await server().createDatabase();
    const store = await openPostgres(url, { lockTimeoutMs: 500, poolSize: 6 });
    stores.push(store);
    return store;
  };
  storeContract('PostgreSQL', {
    async open() {
      const store = await open();
      if (stores.length === 1) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('truncate game_tables, seats, actions, results, ratings, seasons, player_totals, guild_settings restart identity cascade');
        await client.end();
      }
      return store;
    },
    peer: () => open(),
    async cleanup() {
      await Promise.all(stores.splice(0).map((s) => s.close()));
    },
  });
});

describePostgres('PostgreSQL store: multi-statement writes are one transaction', (server) => {
  it('an erasure that fails half-way (its last write refused by the server) leaves everything as it was', async () => {
    const url = await server().createDatabase();
    const store = await openPostgres(url, { lockTimeoutMs: 500, poolSize: 2 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const me = userId(1);
      const table = await insert(store, { hostUserId: me });
      await store.transaction(async (tx) => {
        await tx.insertSeat({ tableId: table.id, userId: me, displayName: 'Me', joinedAt: T0, seat: 0 });
        await tx.updateTable(table.id, 0, { status: 'finished' });
        await tx.insertResults([{ tableId: table.id, seat: 0, guildId: GUILDS[0]!, game: 'noir', userId: me, placement: 1, winner: true, score: null, endedAt: T0 }]);
      });
      await store.updateGuildDefaults(GUILDS[0]!, { turnSeconds: 90 }, me, T0);
      // The erasure's last statement updates guild_settings: make the server refuse it.
      await client.query(`create function privacy_fail() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`);
      await client.query('create trigger privacy_fail before update on guild_settings for each row execute function privacy_fail()');
      const before = await store.storedData(me);
      expect(before).toEqual({ seats: 1, results: 1, ratings: 0, totals: 0, settings: 0, tournaments: 0 });
      // (drizzle reports it as the failed update of guild_settings, the server's message as its cause)
      await expect(store.eraseUserData(me)).rejects.toThrow(/guild_settings/);
      expect(await store.storedData(me)).toEqual(before);
      expect((await store.seats(table.id)).map((s) => s.userId)).toEqual([me]);
      expect((await store.table(table.id))!.hostUserId).toBe(me);
      // /admin settings' transaction (hosting patch, then timers) refused by the server stores neither.
      await expect(
        store.transaction(async (tx) => {
          await tx.updateHostingRules(GUILDS[0]!, { allowChannel: '800000000000000001' }, me, T0);
          await tx.updateGuildDefaults(GUILDS[0]!, { voteSeconds: 30 }, me, T0);
        }),
      ).rejects.toThrow();
      expect(await store.hostingRules(GUILDS[0]!)).toEqual({ channelIds: null, hostRoleId: null });
      expect(await store.guildDefaults(GUILDS[0]!)).toEqual({ turnSeconds: 90 });
    } finally {
      await client.end();
      await store.close();
    }
  });
});
