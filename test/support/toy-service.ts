/**
 * A table service over the toy game ("Tally", test/support/toy-game.ts) on a throwaway
 * SQLite file, with vitest's fake clock: registers its own `beforeEach` (fresh database,
 * clock at `now`) and `afterEach` (service stopped, database closed and deleted, real
 * timers back). Read the parts inside a test through the returned object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { TableService } from '../../src/tables/service.js';
import { tallyModule } from './toy-game.js';

/** The parts of one test's toy table service (valid inside a test, after its `beforeEach`). */
export interface ToyService {
  db: Db;
  store: SqliteStore;
  service: TableService;
}

/**
 * Set up a fresh toy table service around every test of the calling file (or `describe`).
 * `seed` is the game seed every new table gets; `now` the fake clock's start (Unix ms).
 */
export function toyServiceFixture(opts: { seed: number; now?: number }): ToyService {
  const parts = {} as ToyService;
  let dir = '';
  beforeEach(() => {
    vi.useFakeTimers({ now: opts.now ?? 1_700_000_000_000 });
    dir = mkdtempSync(join(tmpdir(), 'rh-toy-'));
    parts.db = openDatabase(join(dir, 'test.db'));
    parts.store = new SqliteStore(parts.db);
    parts.service = new TableService({ store: parts.store, registry: new GameRegistry([tallyModule]), logger: silentLogger, newSeed: () => opts.seed });
  });
  afterEach(async () => {
    await parts.service.deadlines.stop();
    await parts.store.close();
    rmSync(dir, { recursive: true, force: true });
    vi.useRealTimers();
  });
  return parts;
}
