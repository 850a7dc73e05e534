/**
 * Restart recovery and memory at rest: the time a fresh table service takes to load and
 * re-arm N open tables from SQLite (what `App.start` does after login), and the heap each
 * recovered table costs before anyone clicks (state lives in SQLite, not in memory). The
 * warm figure — after every table has been clicked — is measured on the running bot by the
 * load benchmark (bench/load/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultRegistry } from '../src/games/index.js';
import { silentLogger } from '../src/logger.js';
import { openDatabase } from '../src/persistence/db.js';
import { TableRepo } from '../src/persistence/repo.js';
import { TableService } from '../src/tables/service.js';
import type { Actor } from '../src/tables/types.js';
import { median, round } from './load/stats.js';

/** What the recovery benchmark measured. */
export interface RecoveryResult {
  tables: number;
  seedMsPerTable: number;
  /** Median over `runs` fresh services, ms. */
  recoverMedianMs: number;
  recoverMaxMs: number;
  runs: number;
  /** Heap (after a full GC) a recovered, never-clicked table costs, bytes (median over runs). */
  heapBytesPerTableAtRest: number;
  gcExposed: boolean;
}

/** Start `n` Suspicion tables (3 seats) directly through the service, in a fresh database. */
function seedTables(dbPath: string, n: number): void {
  const db = openDatabase(dbPath);
  const service = new TableService({ repo: new TableRepo(db), registry: defaultRegistry(), logger: silentLogger });
  const actor = (k: number): Actor => ({ userId: String(200000000000000000n + BigInt(k)), displayName: `U${k}`, canManageGuild: false });
  db.$client.transaction(() => {
    for (let i = 0; i < n; i++) {
      const r = service.createTable({ guildId: '1', channelId: String(300000000000000000n + BigInt(i)), game: 'suspicion', host: actor(i * 3), options: {} });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      service.join(r.value.table.id, actor(i * 3 + 1));
      service.join(r.value.table.id, actor(i * 3 + 2));
      const s = service.start(r.value.table.id, actor(i * 3));
      if (!s.ok) throw new Error(JSON.stringify(s.error));
    }
  })();
  service.stop();
  db.$client.close();
}

/** Seed `n` open tables, then recover them `runs` times in fresh services. */
export async function benchRecovery(n: number, runs = 5): Promise<RecoveryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-recovery-'));
  const dbPath = join(dir, 'bot.db');
  try {
    const t0 = performance.now();
    seedTables(dbPath, n);
    const seedMs = performance.now() - t0;
    const times: number[] = [];
    const heap: number[] = [];
    for (let k = 0; k < runs; k++) {
      global.gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      const started = performance.now();
      const db = openDatabase(dbPath);
      const service = new TableService({ repo: new TableRepo(db), registry: defaultRegistry(), logger: silentLogger });
      const ids = service.recover();
      times.push(performance.now() - started);
      if (ids.length !== n) throw new Error(`recovered ${ids.length} of ${n} tables`);
      global.gc?.();
      heap.push((process.memoryUsage().heapUsed - heap0) / n);
      service.stop();
      db.$client.close();
      await new Promise((r) => setImmediate(r));
    }
    return {
      tables: n,
      seedMsPerTable: round(seedMs / n, 2),
      recoverMedianMs: round(median(times), 1),
      recoverMaxMs: round(Math.max(...times), 1),
      runs,
      heapBytesPerTableAtRest: Math.round(median(heap)),
      gcExposed: typeof global.gc === 'function',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
