/**
 * A benchmark world: one emulator, N open tables (one per channel, the four games in turn,
 * a seeded number of seats each), their players as emulator users, and one bot process
 * (the product or the echo bot) that has published a board in every channel.
 *
 * The product's lobbies are opened before it starts, directly through its table service
 * (the code the `/<game> new` → Join clicks run; timers at their maxima: `LONG_TIMERS`), in a
 * fresh SQLite file or, with `postgresUrl`, in a fresh PostgreSQL database (the bot then runs
 * on it, as with DATABASE_URL); at start-up the bot posts their lobbies as it does for boards a
 * previous process did not publish. Then each table's host clicks **Start** on its lobby
 * through the emulator, as users do: the bot turns the lobby into the board through that
 * click's token and posts the first "your move" ping as its follow-up (docs/rate-limit.md) —
 * so the pings of the measured rungs start from the tokens real use gives them, not from
 * channel-route pings no click carried. The echo bot posts its own boards. Setup runs without
 * rate limits; the caller switches them on for the measured parts.
 *
 * Note: Discord caps a server at 500 channels; the 1,000 channels of one emulated guild
 * stand for several servers. Limits are per channel and per bot, so this changes nothing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultRegistry } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/db.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { Store } from '../../src/persistence/store/types.js';
import { TableService } from '../../src/tables/service.js';
import type { Actor } from '../../src/tables/types.js';
import { BotProcess } from './bots.js';
import { PgProductDb, SqliteProductDb, type ProductDb } from './product-db.js';

/** The four games, in the order tables are dealt out. */
export const GAMES = ['suspicion', 'noir', 'phantom', 'jaccuse'] as const;

/**
 * Table options: every timer at (or near) its game's maximum, so that no deadline fires while
 * the bench runs — the ladder measures clicks, not timeouts and auto-play.
 */
export const LONG_TIMERS: Record<string, Record<string, number>> = {
  suspicion: { turnSeconds: 3600, reactionSeconds: 300, voteSeconds: 3600 },
  noir: { turnSeconds: 3600 },
  phantom: { turnSeconds: 3600 },
  jaccuse: { turnSeconds: 3600, voteSeconds: 3600 },
};

/** One table of the world. */
export interface BenchTable {
  /** Position in the world (0-based). */
  index: number;
  channelId: string;
  game: string;
  /** The seated players (the emulator users who click). */
  players: EmulatedUser[];
  /** The product's table id (null for the echo bot); may change when a new table opens in the channel. */
  tableId: number | null;
  /** The board message (posted by the bot during setup). */
  boardId: string;
  /** False once the board offers no "Show my hand" (the game ended). */
  open: boolean;
}

/** Options of `buildWorld`. */
export interface WorldOptions {
  kind: 'product' | 'echo';
  tables: number;
  /** Also open one 6-seat J'Accuse! table in its own channel (the busy-table scenario). */
  busyTable: boolean;
  seed: number;
  /** The product's log level (default info, as in production). */
  logLevel?: string;
  /** Run the bot under `--cpu-prof`, writing the profile in this folder. */
  cpuProfileDir?: string;
  /**
   * The product runs on PostgreSQL: a fresh, empty database's connection string (postgres://…);
   * absent = a SQLite file in the world's temp folder. Unused by the echo bot.
   */
  postgresUrl?: string;
  /** The product's `boardTokenRefreshMs` (bot-process.ts); default the product's. */
  boardTokenRefreshMs?: number;
  /** The product draws every board and panel as text (bot-process.ts `textBoards`). */
  textBoards?: boolean;
}

/** A built world; `close()` stops the bot and the emulator and deletes the temp folder. */
export interface World {
  kind: 'product' | 'echo';
  emu: DiscordEmulator;
  bot: BotProcess;
  tables: BenchTable[];
  busy: BenchTable | null;
  /** Channel id → table. */
  byChannel: Map<string, BenchTable>;
  /** Read-only view of the product's database (null for the echo bot). */
  db: ProductDb | null;
  /** The product's SQLite file (null on PostgreSQL and for the echo bot). */
  dbPath: string | null;
  /** Time spent building it, ms. */
  setupMs: number;
  close(): Promise<void>;
}

/** Memory-bounded emulator settings for long runs (see src/local/emulator/README.md "Long runs"). */
export const LOAD_EMULATOR_OPTIONS = { retention: { log: 5_000, interactionsPerUser: 16 } } as const;

/** Build a world and wait until every table's board is published. */
export async function buildWorld(o: WorldOptions): Promise<World> {
  const started = performance.now();
  const emu = await DiscordEmulator.start(LOAD_EMULATOR_OPTIONS);
  const dir = mkdtempSync(join(tmpdir(), `rh-bench-${o.kind}-`));
  const rng = Rng.seeded(o.seed);
  const registry = defaultRegistry();
  const plans = Array.from({ length: o.tables }, (_, index) => {
    const game = GAMES[index % GAMES.length]!;
    const def = registry.get(game).definition;
    return { index, game, seats: rng.int(def.minPlayers, def.maxPlayers), label: `t${index}` };
  });
  if (o.busyTable) plans.push({ index: plans.length, game: 'jaccuse', seats: 6, label: 'busy-jaccuse' });
  const tables: BenchTable[] = plans.map((p) => {
    const channelId = emu.addChannel(p.label);
    const players = Array.from({ length: p.seats }, (_, s) => emu.addUser(`${p.label}-${p.game}-${s}`));
    return { index: p.index, channelId, game: p.game, players, tableId: null, boardId: '', open: true };
  });
  const byChannel = new Map(tables.map((t) => [t.channelId, t]));

  let dbPath: string | null = null;
  const postgresUrl = o.kind === 'product' ? (o.postgresUrl ?? null) : null;
  if (o.kind === 'product') {
    if (postgresUrl === null) dbPath = join(dir, 'bot.db');
    await openTables(postgresUrl === null ? { sqlite: dbPath! } : { postgres: postgresUrl }, emu.guild.id, tables);
  }
  // Boards: the first message with embeds the bot posts in each table's channel.
  const unsubscribe = emu.onRequest((r) => {
    if (r.route !== 'POST /channels/:channel/messages' || r.status !== 200) return;
    const t = byChannel.get(r.path.split('/')[2]!);
    const res = r.response as { id?: string; embeds?: unknown[]; flags?: number } | undefined;
    if (t && !t.boardId && res?.id && isBoardMessage(res)) t.boardId = res.id;
  });
  const bot = await BotProcess.start(
    { kind: o.kind, apiBase: emu.apiBase, token: emu.token, guildId: emu.guild.id, dbPath: dbPath ?? '', ...(postgresUrl ? { databaseUrl: postgresUrl } : {}), logLevel: o.logLevel ?? 'info', ...(o.boardTokenRefreshMs !== undefined ? { boardTokenRefreshMs: o.boardTokenRefreshMs } : {}), ...(o.textBoards ? { textBoards: true } : {}) },
    { ...(o.cpuProfileDir ? { cpuProfileDir: o.cpuProfileDir } : {}), timeoutMs: 120_000 + o.tables * 50, logFile: join(dir, 'bot.log') },
  );
  const db: ProductDb | null = postgresUrl ? new PgProductDb(postgresUrl) : dbPath ? new SqliteProductDb(dbPath) : null;
  // Idempotent: the load part closes the worlds it alone uses early, and every world is closed again at the end.
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= closeOnce());
  const closeOnce = async () => {
    unsubscribe();
    await bot.stop();
    await db?.close();
    await emu.stop();
    // RH_BENCH_LOG_DIR keeps the bot's log (its per-interaction `stages`: bench/load/stages.ts reads them).
    const keep = process.env.RH_BENCH_LOG_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      copyFileSync(join(dir, 'bot.log'), join(keep, `${o.kind}${o.textBoards ? '-text' : ''}-${o.tables}-${Date.now()}.log`));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // discord.js sends at most 50 requests/s by itself: 1,000 boards (and pings) take a while,
    // more on a busy machine (generous timeouts: the setup is not measured).
    await emu.waitFor(() => tables.every((t) => t.boardId), { timeoutMs: 120_000 + o.tables * 400, description: `${o.kind}: every board posted` });
    if (db) {
      for (const t of tables) t.tableId = (await db.openInChannel(t.channelId))!.id;
      await waitForBoards(db, 120_000 + o.tables * 400);
      await clickStart(db, tables);
      await waitForBoards(db, 120_000 + o.tables * 400);
      // The lobby message became the board (edited through the Start click's token).
      for (const t of tables) t.boardId = (await db.row(t.tableId!))?.boardMessageId ?? t.boardId;
    }
  } catch (err) {
    const missing = tables.filter((t) => !t.boardId).length;
    const problems = readFileSync(join(dir, 'bot.log'), 'utf8')
      .split('\n')
      .filter((l) => /"level":(40|50|60)/.test(l))
      .slice(-5);
    await close();
    throw new Error(`${o.kind} world setup failed (${missing} of ${tables.length} boards missing): ${(err as Error).message}${problems.length ? `\nlast warnings of the bot:\n${problems.join('\n')}` : ''}`);
  }
  unsubscribe();
  const busy = o.busyTable ? tables.at(-1)! : null;
  const main = busy ? tables.slice(0, -1) : tables;
  return { kind: o.kind, emu, bot, tables: main, busy, byChannel, db, dbPath, setupMs: performance.now() - started, close };
}

/** Tables opened at once on PostgreSQL (each one's own changes stay in order; SQLite opens them one by one). */
const PG_SEED_CONCURRENCY = 8;

/** Start clicks on their way at once during setup (each one's answer waits for its commit). */
const START_CLICKS_AT_ONCE = 8;

/** Times a table's Start is clicked during setup before the setup fails. */
const START_ATTEMPTS = 5;

/**
 * Each table's host clicks Start on its lobby (the board posted by the bot), a few at once.
 * Throws when a table is not active afterwards (a Start refused or unanswered).
 */
async function clickStart(db: ProductDb, tables: BenchTable[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tables.length) {
      const t = tables[next++]!;
      // On a loaded machine (several worlds set up at once) a Start click may go unanswered
      // within its 3 s: clicked again while its table is still a lobby (setup is not measured).
      for (let attempt = 1; ; attempt++) {
        const r = await t.players[0]!.click(t.boardId, 'Start');
        if (!r.error) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if ((await db.row(t.tableId!))?.status !== 'lobby') break;
        if (attempt >= START_ATTEMPTS) throw new Error(`Start on table #${t.tableId} failed ${attempt} times: ${JSON.stringify(r.error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: START_CLICKS_AT_ONCE }, worker));
  const waiting = (await db.all()).filter((r) => r.status !== 'active');
  if (waiting.length) throw new Error(`${waiting.length} tables not started after their Start click`);
}

/** Open every table's lobby through the product's table service, its players seated (see the file comment). */
async function openTables(target: { sqlite: string } | { postgres: string }, guildId: string, tables: BenchTable[]): Promise<void> {
  const store: Store = 'sqlite' in target ? new SqliteStore(openDatabase(target.sqlite)) : await openPostgres(target.postgres, { poolSize: PG_SEED_CONCURRENCY });
  const service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger });
  const actor = (u: EmulatedUser): Actor => ({ userId: u.id, displayName: u.name, canManageGuild: false });
  let next = 0;
  const worker = async () => {
    while (next < tables.length) {
      const t = tables[next++]!;
      const host = t.players[0]!;
      const created = await service.lobby.createTable({ guildId, channelId: t.channelId, game: t.game, host: actor(host), maxSeats: t.players.length, options: LONG_TIMERS[t.game] ?? {} });
      if (!created.ok) throw new Error(`cannot open a ${t.game} table: ${JSON.stringify(created.error)}`);
      for (const p of t.players.slice(1)) {
        const joined = await service.lobby.join(created.value.table.id, actor(p));
        if (!joined.ok) throw new Error(`cannot join: ${JSON.stringify(joined.error)}`);
      }
      t.tableId = created.value.table.id;
    }
  };
  try {
    await Promise.all(Array.from({ length: 'sqlite' in target ? 1 : PG_SEED_CONCURRENCY }, worker));
  } finally {
    await service.deadlines.stop();
    await store.close();
  }
}

/** How many open tables' boards do not show their current version yet. */
export async function boardsBehind(db: ProductDb): Promise<number> {
  return (await db.all()).filter((r) => (r.status === 'active' || r.status === 'lobby') && r.boardVersion < r.version).length;
}

/** Resolve once every open table's board shows its current version (the publisher caught up). */
export async function waitForBoards(db: ProductDb, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const behind = await boardsBehind(db);
    if (behind === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${behind} boards still behind after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * True for a posted message that is a lobby or board: an embed (the echo bot, games drawn as
 * text) or a Components V2 message (a board with its picture, README "Pictures"); pings are
 * plain content.
 */
export function isBoardMessage(res: { embeds?: unknown[]; flags?: number }): boolean {
  return (res.embeds?.length ?? 0) > 0 || ((res.flags ?? 0) & (1 << 15)) !== 0;
}
