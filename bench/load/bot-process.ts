/**
 * One bot under load, in its own Node process (forked by bench/load/bots.ts with an IPC
 * channel; stdout goes to a file in the world's temp folder, so the product's pino log lines
 * cost what they cost in production, and setup failures can quote them):
 *
 * - `product`: Red Herring itself — `createApp` with the production logger at LOG_LEVEL
 *   (default info), SQLite at DATABASE_PATH or, when `databaseUrl` is given, PostgreSQL there
 *   (opened and migrated as the entry point does with DATABASE_URL), commands registered in
 *   the emulator's guild.
 * - `echo`: the echo bot (echo-bot.ts).
 *
 * Arguments: one JSON object `{ kind, apiBase, token, guildId, dbPath, databaseUrl?, logLevel }`.
 * IPC, parent → child: `{ type: 'probe', id, gc }` → `{ type: 'probe', id, elu, heapUsed,
 * codeBytes, rss, pending }` (event-loop utilisation since the previous probe, 0–1; bytes, after a full GC when
 * `gc`; `pending`: the product publisher's work left, 0 when idle — always 0 for the echo bot); `{ type: 'profile-start' }` / `{ type: 'profile-stop', id, path }` → runs V8's CPU
 * profiler (what `node --cpu-prof` uses) between the two and writes the `.cpuprofile` to
 * `path`, answering `{ type: 'profiled', id }`; `{ type: 'heap-snapshot', id, path }` → a V8
 * heap snapshot (after a full GC) written to `path` (open it in Chrome DevTools' Memory tab),
 * answering `{ type: 'profiled', id }`; `{ type: 'stop' }` → stops the bot and exits 0.
 * Child → parent: `{ type: 'ready' }` once logged in (product: commands registered and open
 * tables recovered; echo: boards posted).
 */
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { startEchoBot } from './echo-bot.js';
import { processRenderPool } from '../../src/discord/pictures/pool.js';
import { threadCpuMs } from '../../src/thread-cpu.js';
import { RenderWatch, type RenderStats } from './render-watch.js';

/** The child's start-up arguments. */
export interface BotProcessArgs {
  kind: 'product' | 'echo';
  apiBase: string;
  token: string;
  guildId: string;
  /** The product's SQLite file (ignored when `databaseUrl` is set). */
  dbPath: string;
  /** The product's PostgreSQL database (postgres://…), instead of `dbPath`. */
  databaseUrl?: string;
  logLevel: string;
  /** The product's `boardTokenRefreshMs` (AppOptions): 0 = every "Show my hand" on the board lends its token. Default: the product's. */
  boardTokenRefreshMs?: number;
  /** Every board and panel as the text version (as if every server and player chose text boards): what the pictures cost. */
  textBoards?: boolean;
}

/** Messages the parent sends. */
export type ToBot =
  | { type: 'probe'; id: number; gc: boolean }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; id: number; path: string }
  | { type: 'heap-snapshot'; id: number; path: string }
  | { type: 'stop' };

/** What a probe of the bot process measured. */
export interface BotProbe {
  /** Event-loop utilisation since the previous probe (0–1). */
  elu: number;
  /** V8 heap in use, bytes. */
  heapUsed: number;
  /** Of `heapUsed`, the compiled code (V8's code spaces), bytes: grows with what the JIT optimised, not with tables. */
  codeBytes: number;
  /** Resident set size, bytes. */
  rss: number;
  /** Work the product's publisher has left (board and ping work, drawing, clean-ups); 0 when idle, always 0 for the echo bot. */
  pending: number;
  /** CPU time since the previous probe, ms: the whole process (every thread: render workers too), and its main thread (null: not measurable here). */
  cpuMs: number;
  mainCpuMs: number | null;
  /** The product's renders since the previous probe (render-watch.ts); absent for the echo bot. */
  renders?: RenderStats;
  /** Bytes in the product's picture cache (PNGs and drawings; bound PICTURE_CACHE_BYTES); absent for the echo bot. */
  pictureCacheBytes?: number;
}

/** Messages the child sends. */
export type FromBot =
  | { type: 'ready' }
  | ({ type: 'probe'; id: number } & BotProbe)
  | { type: 'profiled'; id: number };

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as BotProcessArgs;
  let stop: () => Promise<void>;
  let pending = () => 0;
  let pictures: { watch: RenderWatch; cacheBytes: () => number } | null = null;
  if (args.kind === 'product') {
    const config = loadConfig({
      DISCORD_TOKEN: args.token,
      DISCORD_API_URL: args.apiBase,
      ...(args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : { DATABASE_PATH: args.dbPath }),
      DEV_GUILD_ID: args.guildId,
      LOG_LEVEL: args.logLevel,
    });
    const logger = createLogger(config.logLevel);
    const store = config.databaseUrl ? await openPostgres(config.databaseUrl, { logger }) : undefined;
    const app = createApp(config, { logger, ...(store ? { store } : {}), ...(args.textBoards ? { textBoards: { guild: () => true, user: () => true } } : {}), ...(args.boardTokenRefreshMs !== undefined ? { boardTokenRefreshMs: args.boardTokenRefreshMs } : {}) });
    const maker = app.context.publisher.pictures;
    pictures = { watch: new RenderWatch(maker, processRenderPool()), cacheBytes: () => maker.cache.bytes };
    await app.start();
    stop = () => app.stop();
    pending = () => app.context.publisher.pending;
  } else {
    const echo = await startEchoBot(args.apiBase, args.token);
    stop = () => echo.stop();
  }
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let mainCpu = threadCpuMs();
  let profiler: Session | null = null;
  process.on('message', (m: ToBot) => {
    if (m.type === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      void profiler.post('Profiler.enable').then(() => profiler!.post('Profiler.start'));
    } else if (m.type === 'profile-stop' && profiler) {
      const session = profiler;
      profiler = null;
      void session.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(m.path, JSON.stringify(profile));
        session.disconnect();
        send({ type: 'profiled', id: m.id });
      });
    }
    if (m.type === 'heap-snapshot') {
      global.gc?.();
      writeHeapSnapshot(m.path);
      send({ type: 'profiled', id: m.id });
    }
    if (m.type === 'probe') {
      if (m.gc) global.gc?.();
      const now = performance.eventLoopUtilization();
      const delta = performance.eventLoopUtilization(now, elu);
      elu = now;
      const cpuDelta = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      const mainNow = threadCpuMs();
      const mainCpuMs = mainNow === null || mainCpu === null ? null : mainNow - mainCpu;
      mainCpu = mainNow;
      const mem = process.memoryUsage();
      const codeBytes = getHeapSpaceStatistics().filter((sp) => sp.space_name.startsWith('code')).reduce((sum, sp) => sum + sp.space_used_size, 0);
      send({
        type: 'probe',
        id: m.id,
        elu: delta.utilization,
        heapUsed: mem.heapUsed,
        codeBytes,
        rss: mem.rss,
        pending: pending(),
        cpuMs: (cpuDelta.user + cpuDelta.system) / 1000,
        mainCpuMs,
        ...(pictures ? { renders: pictures.watch.take(), pictureCacheBytes: pictures.cacheBytes() } : {}),
      });
    } else if (m.type === 'stop') {
      void stop().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));
  send({ type: 'ready' });
}

function send(m: FromBot): void {
  process.send?.(m);
}

await main();
