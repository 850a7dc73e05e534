/**
 * One global REST budget across shard processes (README "Deploy and scale out", src/discord/
 * global-budget.ts): three shard processes of the real entry point on one PostgreSQL
 * database, against the emulator enforcing Discord's global limit of 50 requests per second
 * for the bot token. NOIR tables are played in guilds of every shard at once, as fast as
 * the clicks go (each shard alone could spend 50 per second: together they would offer
 * Discord more); then Discord answers a global 429 to every request on a global route for a
 * while (a forced 429 storm).
 *
 * Asserted: no global 429 from the limiter while the shards share the budget; through the
 * storm every click is answered, every move kept, and after the 429 that starts a pause no
 * request on a global route arrives until its retry_after is over (except those already on
 * their way); every board ends current.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { describePostgres } from '../support/postgres.js';
import { report, requestsSince, windowMs } from './fault-kit.js';
import { answeredWithin } from './harness.js';
import { ACK_WITHIN_MS, boardCurrent, guildPerShard, isGlobal429, onGlobalRoute, peakPerSecond, playLane, startShardedBot, type LaneCounts, type ShardedBot } from './shard-kit.js';

const SHARDS = 3;
/** Tables played at once per shard. */
const LANES_PER_SHARD = 2;
/** Play under load before the storm, ms. */
const LOAD_MS = 6_000;
/**
 * The storm: every global-route request answered 429 (global) for this long, retry_after
 * RETRY_MS. Long enough for the lanes to make moves (board edits on the channel route) in it
 * even on a loaded machine, where a lane may spend seconds opening its next table.
 */
const STORM_MS = windowMs(6_000);
const RETRY_MS = 2_000;
/** A request granted before the bot learnt of a 429 may still arrive this long after it, ms. */
const IN_FLIGHT_MS = 500;

describePostgres('shard processes share one global REST budget', (server) => {
  let emu: DiscordEmulator;
  let store: Store;
  let bot: ShardedBot | undefined;
  let guilds: string[];

  beforeAll(async () => {
    // A bot whose sessions may IDENTIFY 16 at a time (max_concurrency): SHARDS=auto spawns the shard
    // processes 5.5 s / 16 apart instead of 5.5 s (what the test measures starts once all are ready).
    emu = await DiscordEmulator.start({ shards: SHARDS, maxConcurrency: 16, rateLimit: { globalPerSecond: 50 }, retention: { log: 200_000 }, ackTimeoutMs: ACK_WITHIN_MS });
    const url = await server().createDatabase();
    // The test's own reads wait for a connection as long as a loaded machine needs.
    store = await openPostgres(url, { poolSize: 4, runtimeConnectTimeoutMs: 30_000 });
    guilds = await guildPerShard(emu, SHARDS);
    bot = await startShardedBot(emu, url, SHARDS, { SHARDS: 'auto' });
    // Every shard learnt of its guild (GUILD_CREATE) before its members click; each answers a
    // first command before the load (its game modules loaded and warm).
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const guildId of guilds) {
      const user = emu.addUser(`Warm ${guildId}`, { guildId });
      answeredWithin(await user.slash('noir new', { mode: 'classic' }, { channelId: emu.addChannel(`warm-${guildId}`, { guildId }) }), ACK_WITHIN_MS);
    }
  }, 180_000);

  afterAll(async () => {
    await bot?.stop();
    await store?.close();
    await emu?.stop();
  }, 30_000);

  // retry: a run whose lanes could not play at all under load starts new tables on the same bot.
  it('holds 50/s over every shard together, and stops every shard through a global 429 storm until retry_after', { retry: 2, timeout: 240_000 }, async () => {
    expect(emu.sessionsByShard()).toEqual(new Map(Array.from({ length: SHARDS }, (_, shard) => [shard, 1])));
    const budgetLine = bot!.lines.find((l) => l.msg === 'global REST budget of this host');
    expect(budgetLine).toMatchObject({ share: 1, perSecond: 50 });

    // 1. Load: every lane plays as fast as its clicks are answered and its board keeps up.
    const from = emu.requests.length;
    const counts: LaneCounts = { tables: [], clicks: 0 };
    let phase: 'load' | 'storm' | 'done' = 'load';
    const lanes: Promise<void>[] = [];
    guilds.forEach((guildId, shard) => {
      for (let lane = 0; lane < LANES_PER_SHARD; lane++) {
        const channelId = emu.addChannel(`budget-${shard}-${lane}`, { guildId });
        lanes.push(playLane(emu, store, guildId, channelId, () => phase === 'done', counts, () => phase === 'load', shard * 10 + lane + 1));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    const load = requestsSince(emu, from);
    const loadClicks = counts.clicks;

    // 2. The storm, while the players go on clicking their panels.
    const stormFrom = emu.requests.length;
    phase = 'storm';
    const record = emu.injectRestFault({ kind: 'rate-limit', scope: 'global', retryAfterMs: RETRY_MS, durationMs: STORM_MS });
    await new Promise((resolve) => setTimeout(resolve, STORM_MS));
    phase = 'done';
    await Promise.all(lanes);
    const acted = counts.clicks;

    // 3. Every board catches up (no lost board), every move kept in order.
    for (const tableId of counts.tables) expect(await boardCurrent(store, tableId, 45_000), `board of table #${tableId}`).toBe(true);
    for (const tableId of counts.tables) {
      const log = await store.actions(tableId);
      expect(log.map((row) => row.seq)).toEqual(log.map((_, i) => i + 1));
    }
    const all = requestsSince(emu, from);

    // No global 429 from the limiter outside the storm: the shards together stayed within 50/s.
    const limiter429 = all.filter((r) => isGlobal429(r) && (r.time < record.startedAt || r.time >= record.endsAt));
    expect(limiter429).toEqual([]);

    // Through the storm: after the 429 that started a pause, nothing on a global route until retry_after.
    const storm = requestsSince(emu, stormFrom).filter(onGlobalRoute);
    const refused = storm.filter((r) => isGlobal429(r) && r.time < record.endsAt);
    // Boards and pings of clicked moves now go through the clicks' interaction tokens, outside
    // the global limit (docs/rate-limit.md), so a storm may find nothing to refuse; whatever
    // did reach a global route in it was refused. (The pause across shard processes is pinned
    // by test/discord/global-budget.test.ts; one process's by test/e2e/faults.test.ts.)
    const reached = storm.filter((r) => r.time >= record.startedAt && r.time < record.endsAt);
    expect(refused.length).toBe(reached.filter(isGlobal429).length);
    let pauseAt = -Infinity;
    const pauses: number[] = [];
    for (const r of refused) {
      if (r.time >= pauseAt + RETRY_MS) {
        pauseAt = r.time;
        pauses.push(r.time);
      }
    }
    for (const at of pauses) {
      const inside = storm.filter((r) => r.time >= at + IN_FLIGHT_MS && r.time < at + RETRY_MS);
      expect(inside.map((r) => `${r.time - at} ms ${r.route} → ${r.status}`), `requests during the pause from ${at}`).toEqual([]);
    }
    // Never near Discord's 10,000 invalid requests per 10 minutes: a probe per pause, plus what was on its way.
    expect(refused.length).toBeLessThanOrEqual(50 + pauses.length * 2);
    expect(emu.violations.filter((v) => v.kind === 'ack-timeout')).toEqual([]);

    report({
      fault: `${SHARDS} shard processes, global 429 storm (retry_after ${RETRY_MS} ms)`,
      windowMs: STORM_MS,
      clicks: acted,
      clicksAnswered: acted,
      movesAcknowledged: acted,
      movesKept: acted,
      requestsDuringFault: storm.filter((r) => r.time < record.endsAt).length,
      invalidRequests: refused.length,
      extra: {
        'clicks under load': loadClicks,
        'global-route requests under load': load.filter(onGlobalRoute).length,
        'peak global-route requests in 1 s': peakPerSecond(load),
        'limiter 429s': limiter429.length,
        pauses: pauses.length,
        tables: counts.tables.length,
      },
    });
  });
});
