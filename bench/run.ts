/**
 * `npm run bench` — speed and memory, measured (not asserted): the machines are shared and
 * noisy, so results are medians, percentiles and ratios. Writes JSON to bench/results/ and
 * prints a summary.
 *
 * 1. click → answer latency and throughput through the local Discord emulator (the real
 *    discord.js client, real SQLite): several Suspicion tables played by scripted users;
 * 2. restart recovery: time for a fresh instance to load and re-arm N open tables;
 * 3. memory per open table (heap and RSS deltas over N started tables);
 * 4. leaderboard queries over 100,000 stored results (bench/leaderboard.ts, when present).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { suspicionDefinition } from '../src/games/suspicion/engine.js';
import { defaultRegistry } from '../src/games/index.js';
import { silentLogger } from '../src/logger.js';
import { openDatabase } from '../src/persistence/db.js';
import { SqliteStore } from '../src/persistence/store/sqlite.js';
import { TableService } from '../src/tables/service.js';
import type { Actor } from '../src/tables/types.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../src/local/emulator/index.js';
import { boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir } from '../test/e2e/harness.js';
import { Rng } from '../src/games/rng.js';

/** One benchmark's output. */
export interface BenchResult {
  name: string;
  metrics: Record<string, number>;
  summary: string;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Click latency through the emulator: TABLES tables × CLICKS clicks of random legal play. */
async function benchClicks(tables = 6, clicksPerTable = 60): Promise<BenchResult> {
  const emu = await DiscordEmulator.start();
  const tmp = tempDir('rh-bench-');
  const app = await startBot(emu, tmp.dbPath);
  const acks: number[] = [];
  const answers: number[] = [];
  const rng = Rng.seeded(42);
  try {
    const ids: { id: number; channel: string; users: EmulatedUser[]; board: EmulatedMessage }[] = [];
    for (let t = 0; t < tables; t++) {
      const channel = emu.addChannel(`bench-${t}`);
      const users = [0, 1, 2].map((i) => emu.addUser(`B${t}-${i}`));
      const created = await users[0]!.slash('suspicion new', { seats: 3 }, { channelId: channel });
      const lobby = created.message!;
      for (const u of users.slice(1)) await u.click(lobby, 'Join');
      await users[0]!.click(lobby, 'Start');
      const id = tableIdOf(lobby);
      await settle(app);
      ids.push({ id, channel, users, board: boardOf(emu, id, channel) });
    }
    const started = performance.now();
    let clicks = 0;
    for (let c = 0; c < clicksPerTable; c++) {
      for (const tb of ids) {
        await settle(app);
        const table = (await app.context.store.table(tb.id))!;
        if (table.status !== 'active') continue;
        const p = suspicionDefinition.pending(table.state as never);
        if (p.kind === 'over') continue;
        const seats = p.kind === 'turn' ? [p.seat] : p.kind === 'race' ? p.seats : p.waiting;
        const seat = rng.pick(seats);
        const row = (await app.context.store.seats(tb.id)).find((s) => s.seat === seat)!;
        const user = tb.users.find((u) => u.id === row.userId)!;
        // Open the hand from the board (one click), then play a random offered action (one click).
        const t0 = performance.now();
        const opened = await user.click(fresh(emu, tb.board), 'Show my hand');
        answers.push(performance.now() - t0);
        acks.push(opened.ackMs ?? NaN);
        const panel = opened.message!;
        const choices = offers(panel, suspicionDefinition).concat(p.kind === 'turn' ? [] : offers(fresh(emu, tb.board), suspicionDefinition));
        if (choices.length === 0) continue;
        const choice = rng.pick(choices);
        const msg = choice.customId.startsWith('rh1:') && panel.components?.some((row: any) => JSON.stringify(row).includes(choice.customId)) ? panel : fresh(emu, tb.board);
        const t1 = performance.now();
        const r = await perform(user, msg, choice);
        answers.push(performance.now() - t1);
        acks.push(r.ackMs ?? NaN);
        clicks += 2;
      }
    }
    await settle(app);
    const seconds = (performance.now() - started) / 1000;
    const violations = emu.violations.length;
    const metrics = {
      interactions: acks.length,
      ack_median_ms: r2(quantile(acks, 0.5)),
      ack_p95_ms: r2(quantile(acks, 0.95)),
      ack_max_ms: r2(Math.max(...acks)),
      client_roundtrip_median_ms: r2(quantile(answers, 0.5)),
      client_roundtrip_p95_ms: r2(quantile(answers, 0.95)),
      p95_over_median: r2(quantile(acks, 0.95) / quantile(acks, 0.5)),
      clicks_per_second: r2(clicks / seconds),
      emulator_violations: violations,
    };
    return {
      name: 'click latency (emulator, real discord.js + SQLite)',
      metrics,
      summary: `${acks.length} interactions over ${tables} tables: ack median ${metrics.ack_median_ms} ms, p95 ${metrics.ack_p95_ms} ms (p95/median ${metrics.p95_over_median}), max ${metrics.ack_max_ms} ms; ${metrics.clicks_per_second} clicks/s sequential; ${violations} schema violations`,
    };
  } finally {
    await app.stop();
    await emu.stop();
    tmp.cleanup();
  }
}

/** Start N Suspicion tables directly through the service (no Discord), in a fresh database. */
async function seedTables(dbPath: string, n: number): Promise<void> {
  const store = new SqliteStore(openDatabase(dbPath));
  const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
  const actor = (k: number): Actor => ({ userId: String(200000000000000000n + BigInt(k)), displayName: `U${k}`, canManageGuild: false });
  for (let i = 0; i < n; i++) {
    const r = await service.createTable({ guildId: '1', channelId: String(300000000000000000n + BigInt(i)), game: 'suspicion', host: actor(i * 3), options: {} });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    await service.join(r.value.table.id, actor(i * 3 + 1));
    await service.join(r.value.table.id, actor(i * 3 + 2));
    await service.start(r.value.table.id, actor(i * 3));
  }
  await service.stop();
  await store.close();
}

/** Recovery time and memory per open table. */
async function benchRecovery(n = 1000): Promise<BenchResult> {
  const tmp = tempDir('rh-bench-');
  try {
    const t0 = performance.now();
    await seedTables(tmp.dbPath, n);
    const seedMs = performance.now() - t0;
    const runs: number[] = [];
    const heapPerTable: number[] = [];
    const rssPerTable: number[] = [];
    for (let k = 0; k < 5; k++) {
      global.gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      const rss0 = process.memoryUsage().rss;
      const s = performance.now();
      const store = new SqliteStore(openDatabase(tmp.dbPath));
      const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
      const ids = await service.recover();
      runs.push(performance.now() - s);
      if (ids.length !== n) throw new Error(`recovered ${ids.length} of ${n}`);
      global.gc?.();
      const heap1 = process.memoryUsage().heapUsed;
      const rss1 = process.memoryUsage().rss;
      heapPerTable.push((heap1 - heap0) / n);
      rssPerTable.push((rss1 - rss0) / n);
      await service.stop();
      await store.close();
    }
    const metrics = {
      tables: n,
      seed_ms_per_table: r2(seedMs / n),
      recover_median_ms: r2(quantile(runs, 0.5)),
      recover_ms_per_1000_tables: r2((quantile(runs, 0.5) / n) * 1000),
      heap_bytes_per_open_table: Math.round(quantile(heapPerTable, 0.5)),
      rss_bytes_per_open_table: Math.round(quantile(rssPerTable, 0.5)),
      gc_exposed: global.gc ? 1 : 0,
    };
    return {
      name: 'restart recovery and memory per open table',
      metrics,
      summary: `recovering ${n} open tables (load + re-arm deadlines) takes ${metrics.recover_median_ms} ms median; ~${metrics.heap_bytes_per_open_table} B heap per open table (state lives in SQLite, not memory)`,
    };
  } finally {
    tmp.cleanup();
  }
}

async function main(): Promise<void> {
  const results: BenchResult[] = [];
  results.push(await benchClicks());
  results.push(await benchRecovery());
  const lbPath = join(import.meta.dirname, 'leaderboard.ts');
  if (existsSync(lbPath)) {
    const mod = (await import(pathToFileURL(lbPath).href)) as { benchLeaderboard?: () => Promise<BenchResult> };
    if (mod.benchLeaderboard) results.push(await mod.benchLeaderboard());
  }
  const out = join(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2));
  for (const r of results) process.stdout.write(`\n## ${r.name}\n${r.summary}\n${JSON.stringify(r.metrics)}\n`);
  process.stdout.write(`\nwritten to ${file}\n`);
}

await main();
