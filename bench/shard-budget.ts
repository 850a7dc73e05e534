/**
 * The shard run (README "Deploy and scale out", docs/rate-limit.md "One budget across shard
 * processes"): SHARDS=4 shard processes of the real entry point on one PostgreSQL database,
 * against the emulator enforcing one global limit of 50 requests per second for the bot
 * token, over a short ladder of load (NOIR tables (pictures on) played at once per shard, each as fast as
 * its clicks are answered and its board keeps up). Per rung: clicks/s, global-route
 * requests/s (mean and the peak 1 s), global 429s, and board lag (a move's commit until the
 * board shows it, sampled every 100 ms: p50 / p99) and how long after the rung every board
 * is current.
 *
 * `npx tsx bench/shard-budget.ts [--root DIR] [--label NAME] [--rungs 1,2,4] [--seconds 10]
 * [--global 50] [--board-tokens lend|never]`:
 * `--root` runs another checkout's bot (e.g. the commit before the shared budget, for the
 * "before" row); the emulator and the load are this checkout's. `--global N` scales the limit
 * down to what the machine can press: the emulator enforces N global requests per second and
 * the bot's host budget is N (REST_GLOBAL_SHARE = N / 50). `--board-tokens never` keeps every
 * board edit on the channel route (BOARD_TOKENS=never), so moves spend the global budget.
 * Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { DiscordEmulator } from '../src/local/emulator/index.js';
import { openPostgres } from '../src/persistence/pg/open.js';
import type { Store } from '../src/persistence/store/types.js';
import { startPostgres } from '../test/support/postgres.js';
import { ACK_WITHIN_MS, boardCurrent, guildPerShard, isGlobal429, onGlobalRoute, peakPerSecond, playLane, startShardedBot, type LaneCounts } from '../test/e2e/shard-kit.js';
import { requestsSince } from '../test/e2e/fault-kit.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const SHARDS = 4;
const root = arg('root', '');
const label = arg('label', root ? 'other checkout' : 'this checkout');
const rungs = arg('rungs', '1,2,4').split(',').map(Number);
const seconds = Number(arg('seconds', '10'));
const globalPerSecond = Number(arg('global', '50'));
const boardTokens = arg('board-tokens', 'lend');

/** Watch every table's version and board version; a version's lag = first seen shown − first seen committed. */
function lagSampler(store: Store, tables: number[]) {
  const committed = new Map<string, number>();
  const lags: number[] = [];
  const shown = new Map<number, number>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const now = performance.now();
      for (const id of [...tables]) {
        const t = await store.table(id);
        if (!t) continue;
        for (let v = (shown.get(id) ?? 0) + 1; v <= t.version; v++) if (!committed.has(`${id}:${v}`)) committed.set(`${id}:${v}`, now);
        const closed = t.status !== 'active' && t.status !== 'lobby';
        const upTo = closed ? t.version : t.boardVersion;
        for (let v = (shown.get(id) ?? 0) + 1; v <= upTo; v++) {
          const at = committed.get(`${id}:${v}`);
          if (at !== undefined) lags.push(now - at);
        }
        if (upTo > (shown.get(id) ?? 0)) shown.set(id, upTo);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    lags,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(s.length * p))]!) : NaN;
};

const pg = await startPostgres();
const emu = await DiscordEmulator.start({ shards: SHARDS, rateLimit: { globalPerSecond }, retention: { log: 500_000 }, ackTimeoutMs: ACK_WITHIN_MS });
const url = await pg.createDatabase();
const store = await openPostgres(url, { poolSize: 4 });
const guilds = await guildPerShard(emu, SHARDS);
const botEnv: Record<string, string> = { BOARD_TOKENS: boardTokens };
if (globalPerSecond !== 50) botEnv.REST_GLOBAL_SHARE = String(globalPerSecond / 50);
const bot = await startShardedBot(emu, url, SHARDS, botEnv, root || undefined);
await new Promise((resolve) => setTimeout(resolve, 1000));
const rows: Record<string, number | string>[] = [];
try {
  for (const lanesPerShard of rungs) {
    const from = emu.requests.length;
    const counts: LaneCounts = { tables: [], clicks: 0 };
    let done = false;
    const sampler = lagSampler(store, counts.tables);
    const started = performance.now();
    const lanes = guilds.flatMap((guildId, shard) =>
      Array.from({ length: lanesPerShard }, (_, lane) => {
        const channelId = emu.addChannel(`bench-${lanesPerShard}-${shard}-${lane}`, { guildId });
        return playLane(emu, store, guildId, channelId, () => done, counts, () => true, 1000 * lanesPerShard + shard * 10 + lane);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    done = true;
    const stopAt = performance.now();
    await Promise.all(lanes);
    for (const id of counts.tables) await boardCurrent(store, id, 60_000);
    const caughtUpS = (performance.now() - stopAt) / 1000;
    await sampler.stop();
    const requests = requestsSince(emu, from);
    const global = requests.filter(onGlobalRoute);
    const elapsed = (stopAt - started) / 1000;
    rows.push({
      tables_at_once: lanesPerShard * SHARDS,
      clicks_per_s: Math.round((counts.clicks / elapsed) * 10) / 10,
      global_requests_per_s: Math.round((global.length / (elapsed + caughtUpS)) * 10) / 10,
      peak_global_requests_in_1s: peakPerSecond(requests),
      global_429s: requests.filter(isGlobal429).length,
      board_lag_p50_ms: pct(sampler.lags, 0.5),
      board_lag_p99_ms: pct(sampler.lags, 0.99),
      every_board_current_after_s: Math.round(caughtUpS * 10) / 10,
    });
    process.stderr.write(`${JSON.stringify(rows.at(-1))}\n`);
  }
} finally {
  await bot.stop();
  await store.close();
  await emu.stop();
  await pg.stop();
}
const { loadavg } = await import('node:os');
process.stdout.write(`${JSON.stringify({ label, shards: SHARDS, seconds_per_rung: seconds, global_limit_per_s: globalPerSecond, board_tokens: boardTokens, loadavg: loadavg().map((x) => Math.round(x * 10) / 10), rows }, null, 2)}\n`);
process.exit(0);
