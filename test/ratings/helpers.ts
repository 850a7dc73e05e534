/**
 * A real SQLite file, a TableService with the ratings hook, and the Podium fixture game:
 * `play` runs one table from lobby to result with chosen placements.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { ratingsHook } from '../../src/ratings/store.js';
import { TableService } from '../../src/tables/service.js';
import type { Actor, ResultHook } from '../../src/tables/types.js';
import { podiumDefinition, podiumModule, type PodiumState } from './podium.js';

/** Guild of every test table. */
export const GUILD = '900000000000000001';

/** Player number n (1-based) as an Actor with a snowflake-like id. */
export const player = (n: number, canManageGuild = false): Actor => ({
  userId: `1000000000000000${String(n).padStart(2, '0')}`,
  displayName: `Player ${n}`,
  canManageGuild,
});

/** One test world: database file, its store, service, clock. Call `close()` after the test. */
export interface World {
  db: Db;
  store: SqliteStore;
  service: TableService;
  registry: GameRegistry;
  /** The service clock (Unix ms); advance it between games for distinct end times. */
  clock: { now: number };
  close(): Promise<void>;
}

/** Create a world; `extraHooks` run after the ratings hook (in the same transaction). */
export function world(extraHooks: ResultHook[] = []): World {
  const dir = mkdtempSync(join(tmpdir(), 'rh-ratings-'));
  const db = openDatabase(join(dir, 'ratings.db'));
  const store = new SqliteStore(db);
  const registry = new GameRegistry([podiumModule]);
  const clock = { now: 1_700_000_000_000 };
  const service = new TableService({
    store,
    registry,
    logger: silentLogger,
    now: () => clock.now,
    newSeed: () => 7,
    resultHooks: [ratingsHook(), ...extraHooks],
  });
  return {
    db,
    store,
    service,
    registry,
    clock,
    async close() {
      await service.deadlines.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let channelSeq = 0;

/** Open a lobby with `players` (first is host), start it; returns the table id. */
export async function startTable(w: World, players: Actor[], guildId = GUILD): Promise<number> {
  const r = (await w.service.lobby.createTable({ guildId, channelId: `80000000000000${String(++channelSeq).padStart(4, '0')}`, game: 'suspicion', host: players[0]!, options: {} }));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const id = r.value.table.id;
  for (const p of players.slice(1)) {
    const j = (await w.service.lobby.join(id, p));
    if (!j.ok) throw new Error(JSON.stringify(j.error));
  }
  const s = (await w.service.lobby.start(id, players[0]!));
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return id;
}

/** Make `actor` declare their finishing placement at table `id`. Throws if refused. */
export async function declare(w: World, id: number, actor: Actor, placement: number, win: boolean): Promise<void> {
  const state = (await w.store.table(id))!.state as PodiumState;
  const step = podiumDefinition.pending(state).step;
  const r = (await w.service.play.act(id, actor, step, { type: 'place', placement, win }));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
}

/**
 * Play one table to the end: `outcome[i]` = [placement, win] of `players[i]`. Advances the
 * clock by a minute first. Returns the table id.
 */
export async function play(w: World, players: Actor[], outcome: [number, boolean][], guildId = GUILD): Promise<number> {
  w.clock.now += 60_000;
  const id = (await startTable(w, players, guildId));
  for (const [i, p] of players.entries()) await declare(w, id, p, outcome[i]![0], outcome[i]![1]);
  if ((await w.store.table(id))!.status !== 'finished') throw new Error(`table ${id} did not finish`);
  return id;
}

/** Shorthand: a free-for-all where players[0] is 1st (and wins), players[1] 2nd, … */
export async function ffa(w: World, players: Actor[], guildId = GUILD): Promise<number> {
  return (await play(w, players, players.map((_, i) => [i + 1, i === 0] as [number, boolean]), guildId));
}
