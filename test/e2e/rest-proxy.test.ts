/**
 * Several hosts, one budget (docs/operations.md "One REST proxy for every host"): two hosts of
 * the bot — each the real entry point with SHARDS=2 and its own SHARD_IDS (0 here, 1 there),
 * so a ShardingManager and one shard process each — on one PostgreSQL database, both sending
 * their REST requests through one `@discordjs/proxy` (`src/rest-proxy.ts`, its own process)
 * in front of the Discord emulator enforcing Discord's global limit of 50 requests a second.
 *
 * The load: TABLES_PER_HOST NOIR tables per host were started while no bot ran (through the
 * service, on the database), so each host's start-up recovery posts their boards and "your
 * move" pings on the channel route (no click token exists): each host alone may spend the
 * whole 50/s (its own gate, share 1 behind the proxy), so together they offer Discord up to
 * twice what it allows; meanwhile one table per host is played by clicks.
 *
 * Asserted: the hosts together offered the proxy more than 50 global-route requests in some
 * second (the load exceeds the limit — measured from the proxy's log), Discord (the emulator)
 * never received more than 50 in any second and answered no global 429, every board ends
 * current, and every click was answered. The boards are text boards (the servers' own setting,
 * `/admin settings text-boards`): drawing 2 × TABLES_PER_HOST pictures at once would make a
 * shared 2-core machine, not the budget, the limit. Slow lane (vitest.config.ts SLOW).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/games/index.js';
import { DiscordEmulator, type RecordedRequest } from '../../src/local/emulator/index.js';
import { silentLogger } from '../../src/logger.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { TableService } from '../../src/tables/service.js';
import { describePostgres } from '../support/postgres.js';
import { ACK_WITHIN_MS, boardCurrent, guildPerShard, isGlobal429, onGlobalRoute, peakPerSecond, playLane, startShardedBot, type LaneCounts, type ShardedBot } from './shard-kit.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SHARDS = 2;
/** Tables each host finds with an unpublished board at start-up (two channel-route requests each: board and ping). */
const TABLES_PER_HOST = 150;
/** Discord's global limit, enforced by the emulator. */
const LIMIT = 50;

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One "proxied" debug line of the proxy: when the request arrived (ms), its path and status. */
interface Proxied {
  arrivedAt: number;
  path: string;
  status: number;
  ms: number;
}

/** The proxy process (`src/rest-proxy.ts`, LOG_LEVEL=debug) and the requests it logged. */
async function startProxy(emu: DiscordEmulator, port: number): Promise<{ child: ChildProcess; proxied: Proxied[]; output: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/rest-proxy.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, PROXY_PORT: String(port), LOG_LEVEL: 'debug' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proxied: Proxied[] = [];
  const output: string[] = [];
  let listening = false;
  let partial = '';
  const take = (chunk: Buffer) => {
    partial += chunk.toString();
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const part of parts) {
      output.push(part);
      try {
        const line = JSON.parse(part) as { msg: string; time: string; path?: string; status?: number; ms?: number };
        if (line.msg === 'REST proxy listening') listening = true;
        if (line.msg === 'proxied') proxied.push({ arrivedAt: Date.parse(line.time) - line.ms!, path: line.path!, status: line.status!, ms: line.ms! });
      } catch {
        // Not a log line: kept in `output`.
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const started = Date.now();
  while (!listening) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${output.join('\n')}`);
    if (Date.now() - started > 90_000) throw new Error(`the proxy did not start:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, proxied, output };
}

/** Whether a proxied path is on a route of the global limit (not an interaction route). */
function globalPath(path: string): boolean {
  return !/^\/api(\/v\d+)?\/(webhooks|interactions)\//.test(path);
}

/** Most arrivals in any 1 s span. */
function peakOf(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describePostgres('several hosts, one REST budget: two hosts behind one @discordjs/proxy', (server) => {
  let emu: DiscordEmulator;
  let store: Store;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let proxyPort = 0;
  const hosts: ShardedBot[] = [];
  let url: string;
  let guilds: string[];
  const seeded: number[] = [];

  beforeAll(async () => {
    emu = await DiscordEmulator.start({ shards: SHARDS, maxConcurrency: 16, rateLimit: { globalPerSecond: LIMIT }, retention: { log: 200_000 }, ackTimeoutMs: ACK_WITHIN_MS });
    // The proxy starts while the tables are seeded (its start-up is not what is measured).
    const proxyStarting = freePort().then(async (port) => {
      proxyPort = port;
      proxy = await startProxy(emu, port);
    });
    url = await server().createDatabase();
    store = await openPostgres(url, { poolSize: 8, runtimeConnectTimeoutMs: 30_000 });
    guilds = await guildPerShard(emu, SHARDS);
    // The tables the hosts find unpublished at start-up: started through the service while no bot runs.
    const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
    const work: { guildId: string; channelId: string }[] = [];
    for (const guildId of guilds) {
      await store.setGuildTextBoards(guildId, true, emu.guild.ownerId, Date.now());
      for (let i = 0; i < TABLES_PER_HOST; i++) work.push({ guildId, channelId: emu.addChannel(`seeded-${i}`, { guildId }) });
    }
    let next = 0;
    const seed = async () => {
      while (next < work.length) {
        const { guildId, channelId } = work[next++]!;
        const [a, b] = [emu.addUser(`S${next}a`, { guildId }), emu.addUser(`S${next}b`, { guildId })];
        const actor = (u: { id: string; name: string }) => ({ userId: u.id, displayName: u.name, canManageGuild: false });
        const created = await service.lobby.createTable({ guildId, channelId, game: 'noir', host: actor(a!), options: { mode: 'classic', turnSeconds: 3600 } });
        if (!created.ok) throw new Error(JSON.stringify(created.error));
        await service.lobby.join(created.value.table.id, actor(b!));
        const startedTable = await service.lobby.start(created.value.table.id, actor(a!));
        if (!startedTable.ok) throw new Error(JSON.stringify(startedTable.error));
        seeded.push(created.value.table.id);
      }
    };
    await Promise.all(Array.from({ length: 6 }, seed));
    await service.deadlines.stop();
    await proxyStarting;
  }, 300_000);

  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.stop()));
    if (proxy && proxy.child.exitCode === null) {
      const exited = new Promise((resolve) => proxy!.child.once('exit', resolve));
      proxy.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL');
    }
    await store?.close();
    await emu?.stop();
  }, 60_000);

  it('0 global 429s and never more than 50 a second at Discord while the hosts offer more; every board current', { timeout: 420_000 }, async () => {
    expect(seeded).toHaveLength(SHARDS * TABLES_PER_HOST);
    for (const tableId of seeded) expect((await store.table(tableId))!.boardVersion).toBe(0);
    const port = proxyPort;
    const from = emu.requests.length;

    // Both hosts at once (each a manager and its one shard process), every request through the proxy.
    const started = await Promise.all(
      [0, 1].map((shard) => startShardedBot(emu, url, SHARDS, { SHARDS: String(SHARDS), SHARD_IDS: String(shard), DISCORD_REST_PROXY: `http://127.0.0.1:${port}`, DISCORD_API_URL: '' })),
    );
    hosts.push(...started);
    // Each host's own gate is the whole 50/s behind the proxy (SHARD_IDS 1 of 2 would otherwise give it 25).
    for (const host of hosts) expect(host.lines.find((l) => l.msg === 'global REST budget of this host')).toMatchObject({ share: 1, perSecond: LIMIT });

    // While the seeded boards go out: one table per host played by clicks (callbacks and follow-ups through the proxy, unpaced).
    let done = false;
    const counts: LaneCounts = { tables: [], clicks: 0 };
    const lanes = guilds.map((guildId, shard) => playLane(emu, store, guildId, emu.addChannel(`lane-${shard}`, { guildId }), () => done, counts, () => true, shard + 1));

    // Every seeded board is posted and current (the lanes stop either way).
    let behind: number[] = [];
    try {
      for (const tableId of seeded) if (!(await boardCurrent(store, tableId, behind.length > 0 ? 1 : 180_000))) behind.push(tableId);
    } finally {
      done = true;
      const ended = await Promise.allSettled(lanes);
      for (const lane of ended) if (lane.status === 'rejected') throw lane.reason;
    }
    const arrived = emu.requests.slice(from);
    expect(behind, `boards still behind after 180 s: ${behind.length} of ${seeded.length}; the emulator answered ${arrived.filter(onGlobalRoute).length} global-route requests (${arrived.filter((r) => r.status === 429).length} 429s), the proxy logged ${proxy!.proxied.length}`).toEqual([]);
    for (const tableId of counts.tables) expect(await boardCurrent(store, tableId, 60_000), `board of played table #${tableId}`).toBe(true);
    for (const tableId of seeded) {
      const row = (await store.table(tableId))!;
      expect(row.boardMessageId, `board message of table #${tableId} (status ${row.status}, version ${row.version}, board version ${row.boardVersion})`).not.toBeNull();
      expect(emu.message(row.boardMessageId!), `board of table #${tableId} in the channel`).toBeDefined();
    }

    // The proxy writes its log lines at least every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const all: RecordedRequest[] = emu.requests.slice(from);
    const atDiscord = all.filter(onGlobalRoute);
    const offered = proxy!.proxied.filter((p) => globalPath(p.path));
    const offeredPeak = peakOf(offered.map((p) => p.arrivedAt));
    const discordPeak = peakPerSecond(all);
    const waited = offered.map((p) => p.ms).sort((a, b) => a - b);
    process.stdout.write(
      `[rest-proxy] ${SHARDS} hosts, ${seeded.length} seeded boards + ${counts.tables.length} played tables (${counts.clicks} clicks): ` +
        `global-route requests ${atDiscord.length} at Discord; offered to the proxy peak ${offeredPeak} in 1 s, at Discord peak ${discordPeak} in 1 s; ` +
        `time in the proxy p50 ${waited[Math.floor(waited.length / 2)]} ms, max ${waited.at(-1)} ms; global 429s ${all.filter(isGlobal429).length}\n`,
    );

    // The hosts together offered more than Discord allows in some second …
    expect(offeredPeak).toBeGreaterThan(LIMIT);
    // … and Discord got at most its limit in any second, and refused none for it.
    expect(discordPeak).toBeLessThanOrEqual(LIMIT);
    expect(all.filter(isGlobal429)).toEqual([]);
    expect(all.filter((r) => r.status === 429)).toEqual([]);
    // Each host's shard process sent its REST through the proxy (its REST base), none to the emulator directly.
    for (const host of hosts) expect(host.lines.find((l) => l.msg === 'connecting to Discord…')).toMatchObject({ api: `http://127.0.0.1:${port}/api` });
    expect(emu.violations.filter((v) => v.kind === 'ack-timeout')).toEqual([]);
    expect(counts.clicks).toBeGreaterThan(0);
  });
});
