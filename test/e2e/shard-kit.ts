/**
 * Several shard processes of the real entry point (SHARDS=n under the ShardingManager) on
 * one PostgreSQL database against the emulator, and NOIR tables played in guilds of every
 * shard at once: shared by the global-budget e2e test (shard-budget.test.ts) and the shard
 * run of the bench (bench/shard-budget.ts). README "Deploy and scale out".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { App } from '../../src/app.js';
import { noirModule } from '../../src/games/noir/index.js';
import { catalogFor } from '../../src/i18n/index.js';
import { shardOfGuild } from '../../src/local/emulator/gateway.js';
import type { DiscordEmulator, EmulatedUser, RecordedRequest } from '../../src/local/emulator/index.js';
import { isInteractionRoute } from '../../src/local/emulator/rate-limits.js';
import type { Store } from '../../src/persistence/store/types.js';
import { answeredWithin, noirChoice, playOut, tableIdOf, textOf } from './harness.js';

/**
 * How long a click may take to be answered in these runs, ms: the emulator's ack timeout is
 * raised to it (a 2-core machine running several shard processes, PostgreSQL and the emulator
 * is not what they measure; answers still come through the interaction callback).
 */
export const ACK_WITHIN_MS = 15_000;

const ROOT = join(import.meta.dirname, '..', '..');

/** One pino line of the manager's or a shard's output. */
export interface LogLine {
  msg: string;
  pid: number;
  shard?: number;
  childPid?: number;
  [key: string]: unknown;
}

/** A running ShardingManager process and its shards' log lines. */
export interface ShardedBot {
  manager: ChildProcess;
  lines: LogLine[];
  output: string[];
  /** Wait until a log line matches; resolves with it. */
  logged(predicate: (line: LogLine) => boolean, what: string, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM the manager (its shards stop with it); SIGKILL whatever is left. */
  stop(): Promise<void>;
}

/** Start `src/index.ts` with SHARDS (manager + shard processes) against `emu` and `databaseUrl`; resolves once every shard is ready. */
export async function startShardedBot(emu: DiscordEmulator, databaseUrl: string, shards: number, env: Record<string, string> = {}, root = ROOT): Promise<ShardedBot> {
  const lines: LogLine[] = [];
  const output: string[] = [];
  const manager = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DATABASE_URL: databaseUrl, SHARDS: String(shards), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 2000) output.splice(0, 1000);
    partial += text;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // Not a log line: kept in `output`.
      }
    }
  };
  manager.stdout!.on('data', take);
  manager.stderr!.on('data', take);
  const logged = async (predicate: (line: LogLine) => boolean, what: string, timeoutMs = 90_000): Promise<LogLine> => {
    const started = Date.now();
    for (;;) {
      const hit = lines.find(predicate);
      if (hit) return hit;
      if (manager.exitCode !== null) throw new Error(`the manager exited (${manager.exitCode}) before ${what}:\n${output.join('').slice(-3000)}`);
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}:\n${output.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    if (manager.exitCode === null) {
      const exited = new Promise((resolve) => manager.once('exit', resolve));
      manager.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    for (const line of lines) {
      if (line.childPid === undefined) continue;
      try {
        process.kill(line.childPid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    if (manager.exitCode === null) manager.kill('SIGKILL');
  };
  await logged((l) => l.msg === 'every shard of this host is ready', 'every shard to be ready', 150_000);
  return { manager, lines, output, logged, stop };
}

/** One guild per shard (the emulator's default guild plus new ones until each shard has one), ids in shard order. */
export async function guildPerShard(emu: DiscordEmulator, shards: number): Promise<string[]> {
  const byShard = new Map<number, string>([[shardOfGuild(emu.guild.id, shards), emu.guild.id]]);
  for (let tries = 0; byShard.size < shards && tries < 1000; tries++) {
    const g = emu.addGuild(`Guild ${tries}`, `Owner ${tries}`);
    const shard = shardOfGuild(g.guildId, shards);
    if (!byShard.has(shard)) byShard.set(shard, g.guildId);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  if (byShard.size < shards) throw new Error('no guild landed on some shard');
  return [...byShard.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

/** Wait until table `tableId`'s board shows its newest version (or the table is closed); false after `timeoutMs`. */
export async function boardCurrent(store: Store, tableId: number, timeoutMs = 15_000): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const table = (await store.table(tableId))!;
    if (table.boardVersion >= table.version || (table.status !== 'active' && table.status !== 'lobby')) return true;
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Counts of a lane's play. */
export interface LaneCounts {
  tables: number[];
  clicks: number;
}

/**
 * Play NOIR (2 players; the Inspector arrests and the Killer kills when they can, `noirChoice`) in `channelId` of `guildId` until `until()`:
 * a finished game is followed by a new table. `waitBoard`: after each move wait for the board
 * (false while Discord refuses board edits: the players then click their panels).
 */
export async function playLane(
  emu: DiscordEmulator,
  store: Store,
  guildId: string,
  channelId: string,
  until: () => boolean,
  counts: LaneCounts,
  waitBoard: () => boolean,
  seed: number,
): Promise<void> {
  const settledOf = (tableId: number) => async () => {
    if (waitBoard()) await boardCurrent(store, tableId);
    else await new Promise((resolve) => setTimeout(resolve, 30));
  };
  let n = 0;
  // Lanes start a little apart: a burst of first commands on a loaded machine is not the point.
  await new Promise((resolve) => setTimeout(resolve, (seed % 10) * 150));
  while (!until()) {
    const users: EmulatedUser[] = [emu.addUser(`L${seed}-${n}a`, { guildId }), emu.addUser(`L${seed}-${n}b`, { guildId })];
    n += 1;
    // "The table can't be reached right now … try again in a moment" (the database was busy on
    // a loaded machine: nothing was stored) is tried again, as a person would.
    let lobby = answeredWithin(await users[0]!.slash(`${noirModule.command} new`, { mode: 'classic' }, { channelId }), ACK_WITHIN_MS).message!;
    for (let retry = 0; retry < 10 && textOf(lobby).includes(catalogFor('en').common.errors.tableUnreachable); retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      lobby = answeredWithin(await users[0]!.slash(`${noirModule.command} new`, { mode: 'classic' }, { channelId }), ACK_WITHIN_MS).message!;
    }
    const tableId = tableIdOf(lobby);
    counts.tables.push(tableId);
    answeredWithin(await users[1]!.click(lobby, 'Join'), ACK_WITHIN_MS);
    // The join may be refused like the command above ("can't be reached right now", the database
    // busy under load: nothing stored): the player clicks Join again, as a person would.
    for (let retry = 0; retry < 10 && (await store.seats(tableId)).length < 2; retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if ((await store.seats(tableId)).length >= 2) break;
      answeredWithin(await users[1]!.click(emu.message(lobby.id)!, 'Join'), ACK_WITHIN_MS);
    }
    await boardCurrent(store, tableId, 60_000);
    // The lobby shows the join (Start enabled) once its edit got through the budget. A lobby that
    // never does is the bug this lane once caught under load (a Join committed before the lobby's
    // message id was stored, and a second lobby posted: src/tables/lobby.ts `whilePosting`): the
    // lane fails, saying what the bot and the emulator hold.
    const startable = () => JSON.stringify(emu.message(lobby.id)?.components ?? []).match(/"label":"Start"[^}]*"disabled":true|"disabled":true[^}]*"label":"Start"/) === null;
    for (let waited = 0; !startable() && waited < 60_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!startable()) {
      const row = (await store.table(tableId))!;
      const shown = emu.message(lobby.id);
      const seats = await store.seats(tableId);
      throw new Error(
        `the lobby of table #${tableId} still shows Start disabled 60 s after the join: store version ${row.version}, board version ${row.boardVersion}, ` +
          `status ${row.status}, board message ${row.boardMessageId ?? 'none'} (the lobby the test holds: ${lobby.id}), seats ${seats.length}; ` +
          `emulator message ${shown ? `edited ${String((shown as { edited_timestamp?: unknown }).edited_timestamp)} components ${JSON.stringify(shown.components).slice(0, 400)}` : 'gone'}; ` +
          `newest messages in the channel: ${JSON.stringify(emu.messages(channelId).slice(-3).map((m) => ({ id: m.id, text: textOf(m).slice(0, 80) })))}`,
      );
    }
    answeredWithin(await users[0]!.click(emu.message(lobby.id)!, 'Start'), ACK_WITHIN_MS);
    // The board must show the game before its "Show my hand" is clicked (a loaded machine may take seconds).
    await boardCurrent(store, tableId, 60_000);
    const app = (): App => ({ context: { store, publisher: { settled: settledOf(tableId) } } }) as unknown as App;
    // On a loaded machine a click may be acknowledged first and its panel filled by an edit a
    // moment later (src/discord/interactions/late.ts): a panel still empty is read again, not a failure.
    for (let attempt = 0; ; attempt++) {
      try {
        await playOut({
          emu,
          app,
          tableId,
          users,
          def: noirModule.definition,
          channelId,
          seed: seed * 100 + n,
          choose: noirChoice as never,
          until: async () => until() || (await store.table(tableId))!.status !== 'active',
          track: () => (counts.clicks += 1),
          ackWithinMs: ACK_WITHIN_MS,
        });
        break;
      } catch (err) {
        if (attempt >= 50 || !String((err as Error).message).includes('nothing legal is offered')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }
}

/** A request on a route of Discord's global limit (not an interaction route), by the bot. */
export function onGlobalRoute(r: RecordedRequest): boolean {
  const pattern = r.route.split(' ')[1] ?? '';
  return r.route !== '?' && !isInteractionRoute(pattern);
}

/** A 429 of the global limit (the emulator's limiter, or an injected global fault). */
export function isGlobal429(r: RecordedRequest): boolean {
  return r.status === 429 && (r.response as { global?: unknown } | undefined)?.global === true;
}

/** Most global-route requests that arrived in one 1 s span (a sliding window over `requests`). */
export function peakPerSecond(requests: readonly RecordedRequest[]): number {
  const times = requests.filter(onGlobalRoute).map((r) => r.time).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
