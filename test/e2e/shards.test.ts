/**
 * Two shard processes against one real PostgreSQL server (README "Deploy and scale out"): the real
 * entry point with SHARDS=2 starts a discord.js ShardingManager, which spawns one bot process
 * per shard; the emulator routes each guild to its shard ((guild_id >> 22) % 2). Games run
 * in a guild of each shard; one shard process is killed with SIGKILL in the middle of a
 * game; the manager starts it again, it recovers its own tables from the database, and its
 * game is finished with the buttons already on screen — no acknowledged move lost — while
 * the other shard's game carried on meanwhile. A turn deadline of the killed shard's guild
 * fires exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { noirModule } from '../../src/games/noir/index.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import type { GameModule } from '../../src/games/module.js';
import { shardOfGuild } from '../../src/local/emulator/gateway.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { describePostgres } from '../support/postgres.js';
import { answered, noirChoice, playOut, tableIdOf } from './harness.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SHARDS = 2;

/** One pino line of the manager's or a shard's output. */
interface LogLine {
  msg: string;
  pid: number;
  shard?: number;
  childPid?: number;
  [key: string]: unknown;
}

describePostgres('two shard processes on one PostgreSQL database', (server) => {
  let emu: DiscordEmulator;
  let store: Store;
  let manager: ChildProcess | undefined;
  const lines: LogLine[] = [];
  const output: string[] = [];
  let userCount = 0;

  /** Wait until `predicate` holds for some log line; resolves with it. */
  async function logged(predicate: (line: LogLine) => boolean, what: string, timeoutMs = 90_000): Promise<LogLine> {
    const started = Date.now();
    for (;;) {
      const hit = lines.find(predicate);
      if (hit) return hit;
      if (manager?.exitCode !== null && manager?.exitCode !== undefined) throw new Error(`the manager exited (${manager.exitCode}) before ${what}:\n${output.join('').slice(-3000)}`);
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}:\n${output.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The pid of a shard's process, newest first. */
  const shardPids = (shard: number) => lines.filter((l) => l.msg === 'shard process spawned' && l.shard === shard).map((l) => l.childPid!);

  /** Wait until the table's board (or lobby message) shows its version (the shards published every change). */
  async function boardsCaughtUp(tableId: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      const table = (await store.table(tableId))!;
      // A lobby's message counts as its board (the publisher confirms its version too): a
      // Start click must wait until the lobby shows who joined, or Start is still disabled.
      if (table.boardVersion >= table.version || (table.status !== 'active' && table.status !== 'lobby')) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return;
      }
      if (Date.now() - started > 15_000) throw new Error(`board of table #${tableId} stays behind (version ${table.version}, board ${table.boardVersion})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** What playOut needs of an app: the shared store, and "settled" = the table's board caught up. */
  const viewOf = (tableId: number) => (): App => ({ context: { store, publisher: { settled: () => boardsCaughtUp(tableId) } } }) as unknown as App;

  /** A guild on the other shard than the default guild (snowflakes are time-based: add until one lands there). */
  async function guildOnOtherShard(): Promise<string> {
    const want = 1 - shardOfGuild(emu.guild.id, SHARDS);
    for (let tries = 0; tries < 100; tries++) {
      const g = emu.addGuild(`Other ${tries}`, `Owner ${tries}`);
      if (shardOfGuild(g.guildId, SHARDS) === want) return g.guildId;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    throw new Error('no guild landed on the other shard');
  }

  beforeAll(async () => {
    emu = await DiscordEmulator.start({ shards: SHARDS });
    const url = await server().createDatabase();
    store = await openPostgres(url, { poolSize: 2 });
    manager = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DISCORD_TOKEN: emu.token,
        DISCORD_API_URL: emu.apiBase,
        DATABASE_URL: url,
        SHARDS: 'auto',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let partial = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      partial += text;
      const parts = partial.split('\n');
      partial = parts.pop()!;
      for (const part of parts) {
        try {
          lines.push(JSON.parse(part) as LogLine);
        } catch {
          // Not a log line (a plain message on stderr): kept in `output` for failures.
        }
      }
    };
    manager.stdout!.on('data', take);
    manager.stderr!.on('data', take);
    await logged((l) => l.msg === 'every shard of this host is ready', 'both shards to be ready', 120_000);
  }, 150_000);

  afterAll(async () => {
    if (manager && manager.exitCode === null) {
      const exited = new Promise((resolve) => manager!.once('exit', resolve));
      manager.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    // Nothing may outlive the test: shard processes the manager did not stop get SIGKILL.
    for (const line of lines) {
      if (line.childPid === undefined) continue;
      try {
        process.kill(line.childPid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    if (manager && manager.exitCode === null) manager.kill('SIGKILL');
    await store?.close();
    await emu?.stop();
  }, 30_000);

  /** Open a table of `mod` in `channelId` with `players` new members of `guildId`, and start it. */
  async function open(mod: GameModule, guildId: string, channelId: string, players: number, options: Record<string, string | number> = {}) {
    const users: EmulatedUser[] = Array.from({ length: players }, () => emu.addUser(`S${++userCount}`, { guildId }));
    const seats: Record<string, number> = mod.definition.minPlayers < mod.definition.maxPlayers ? { seats: players } : {};
    const created = answered(await users[0]!.slash(`${mod.command} new`, { ...seats, ...options }, { channelId }));
    const lobby = created.message!;
    const tableId = tableIdOf(lobby);
    for (const u of users.slice(1)) answered(await u.click(lobby, 'Join'));
    await boardsCaughtUp(tableId);
    answered(await users[0]!.click(emu.message(lobby.id)!, 'Start'));
    await boardsCaughtUp(tableId);
    return { users, tableId, channelId };
  }


  it('plays games on both shards, survives a SIGKILL of one shard process mid-game, and fires a deadline once', { timeout: 240_000 }, async () => {
    // Both shard processes run, each with the guilds of its shard (on a loaded machine the
    // second may still be identifying when the test starts).
    await expect.poll(() => emu.sessionsByShard(), { timeout: 30_000 }).toEqual(new Map([[0, 1], [1, 1]]));
    expect(shardPids(0)).toHaveLength(1);
    expect(shardPids(1)).toHaveLength(1);
    const guildA = emu.guild.id;
    const guildB = await guildOnOtherShard();
    const shardB = shardOfGuild(guildB, SHARDS);
    // The shard that owns guild B learns of it (GUILD_CREATE) before its members can click.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const gameA = await open(noirModule, guildA, emu.addChannel('noir-a'), 2, { mode: 'classic' });
    const gameB = await open(noirModule, guildB, emu.addChannel('noir-b', { guildId: guildB }), 2, { mode: 'classic' });
    // A Suspicion table of guild B whose first turn nobody plays: its 10 s deadline must fire once.
    const timed = await open(suspicionModule, guildB, emu.addChannel('timed-b', { guildId: guildB }), 3, { 'turn-timer': 10, 'counter-window': 300, 'vote-timer': 3600 });
    const timedBefore = (await store.table(timed.tableId))!;
    expect(timedBefore.deadlineAt).not.toBeNull();

    // The Killer's first move in guild B's game, acknowledged (answered) by shard B's process —
    // one move only: after that the Inspector may arrest at once and end the game (a random deal).
    const playB = (until?: () => Promise<boolean>) =>
      playOut({ emu, app: viewOf(gameB.tableId), tableId: gameB.tableId, users: gameB.users, def: noirModule.definition, channelId: gameB.channelId, choose: noirChoice as never, ...(until ? { until } : {}), seed: 11 });
    await playB(async () => (await store.table(gameB.tableId))!.lastSeq >= 1 || (await store.table(gameB.tableId))!.status !== 'active');
    const acknowledged = await store.actions(gameB.tableId);
    expect((await store.table(gameB.tableId))!.status).toBe('active');

    // SIGKILL shard B's process in the middle of its game.
    const [killedPid] = shardPids(shardB);
    process.kill(killedPid!, 'SIGKILL');

    // Guild A's game goes on on the other shard meanwhile, to the end.
    await playOut({ emu, app: viewOf(gameA.tableId), tableId: gameA.tableId, users: gameA.users, def: noirModule.definition, channelId: gameA.channelId, choose: noirChoice as never, seed: 5 });
    expect((await store.table(gameA.tableId))!.status).toBe('finished');

    // The manager starts shard B again; it recovers its own tables and is ready.
    await logged((l) => l.msg === 'shard process spawned' && l.shard === shardB && l.childPid !== killedPid, 'shard B to be spawned again');
    const newPid = shardPids(shardB).find((pid) => pid !== killedPid)!;
    const ready = await logged((l) => l.msg === 'ready' && l.shard === shardB && l.pid === newPid, 'the restarted shard B to be ready');
    expect(ready.tables).toBe(2);

    // Every acknowledged move survived; the game is finished from the messages on screen.
    const afterRestart = await store.actions(gameB.tableId);
    expect(afterRestart.slice(0, acknowledged.length)).toEqual(acknowledged);
    await playB();
    const finished = (await store.table(gameB.tableId))!;
    expect(finished.status).toBe('finished');
    expect((await store.results(gameB.tableId)).length).toBe(2);
    const log = await store.actions(gameB.tableId);
    expect(log.map((row) => row.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.slice(0, acknowledged.length)).toEqual(acknowledged);

    // The timed table's first deadline fired, once: one timeout row for that decision, and
    // no later one sooner than a whole turn timer after it.
    const started = Date.now();
    while ((await store.actions(timed.tableId)).every((row) => row.kind !== 'timeout')) {
      if (Date.now() - started > 45_000) throw new Error('the deadline of the timed table never fired');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const timeouts = (await store.actions(timed.tableId)).filter((row) => row.kind === 'timeout');
    expect(timeouts.length).toBeGreaterThanOrEqual(1);
    expect(timeouts[0]!.at).toBeGreaterThanOrEqual(timedBefore.deadlineAt!);
    for (let i = 1; i < timeouts.length; i++) expect(timeouts[i]!.at - timeouts[i - 1]!.at).toBeGreaterThanOrEqual(9_000);
    expect(emu.violations).toEqual([]);
  });
});
