/**
 * The storage contract against the PostgreSQL store on a real, throwaway server
 * (test/support/postgres.ts): one database for the file, emptied before each test; peers
 * are second stores with their own connection pools, as a second bot process has.
 */
import pg from 'pg';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { describePostgres } from '../support/postgres.js';
import { storeContract } from './store-contract.js';

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
