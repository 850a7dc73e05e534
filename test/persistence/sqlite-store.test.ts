/**
 * The storage contract against the SQLite store: a fresh database file per test (WAL, the
 * real migrations of drizzle/), peers as second stores over the same connection (SQLite
 * serves one process; its transactions queue on the connection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { Store } from '../../src/persistence/store/types.js';
import { storeContract } from './store-contract.js';

const stores: Store[] = [];
const dirs: string[] = [];

storeContract('SQLite', {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'rh-store-'));
    dirs.push(dir);
    const store = new SqliteStore(openDatabase(join(dir, 'store.db')), { lockTimeoutMs: 500 });
    stores.push(store);
    return store;
  },
  async peer(store) {
    const peer = new SqliteStore((store as SqliteStore).db, { lockTimeoutMs: 500 });
    stores.push(peer);
    return peer;
  },
  async cleanup() {
    for (const store of stores.splice(0).reverse()) await store.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  },
});
