/**
 * The table service on PostgreSQL with two processes on one database (README "Deploy
 * and scale out"): two services, each with its own connection pool, stand for two shard processes —
 * also two forced onto the same table, as during a reshard. Racing moves: exactly one
 * applies per step, the other is answered as stale. Racing deadline timers: the deadline
 * fires once. Recovery: a shard re-arms only its own guilds' tables.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { TableService } from '../../src/tables/service.js';
import type { Actor } from '../../src/tables/types.js';
import { describePostgres } from '../support/postgres.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';

const actor = (n: number): Actor => ({ userId: `10000000000000000${n}`, displayName: `P${n}`, canManageGuild: false });
const players = [actor(1), actor(2)];
/** Two guild ids on shards 0 and 1 of 2: (id >> 22) % 2. */
const GUILD_SHARD0 = String(2n << 22n);
const GUILD_SHARD1 = String(3n << 22n);

describePostgres('table service: two processes on one PostgreSQL database', (server) => {
  let stores: Store[] = [];
  let services: TableService[] = [];

  const make = (store: Store, shard?: { shardCount: number; shardIds: number[] }) =>
    new TableService({ store, registry: new GameRegistry([tallyModule]), logger: silentLogger, newSeed: () => 4242, ...(shard ? { shard } : {}) });

  beforeEach(async () => {
    const url = await server().createDatabase();
    stores = [await openPostgres(url, { poolSize: 4 }), await openPostgres(url, { poolSize: 4 })];
    services = stores.map((store) => make(store));
  });

  afterEach(async () => {
    for (const s of services) await s.deadlines.stop();
    for (const s of stores) await s.close();
  });

  async function startedTable(service: TableService, guildId: string, channelId: string, options: Record<string, unknown> = {}): Promise<number> {
    const created = await service.lobby.createTable({ guildId, channelId, game: 'suspicion', host: players[0]!, options });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const id = created.value.table.id;
    expect((await service.lobby.join(id, players[1]!)).ok).toBe(true);
    expect((await service.lobby.start(id, players[0]!)).ok).toBe(true);
    return id;
  }

  it('applies exactly one of two racing moves per step, from two processes on the same table', async () => {
    const [a, b] = services as [TableService, TableService];
    const id = await startedTable(a, GUILD_SHARD0, '500');
    let applied = 0;
    for (let round = 0; round < 12; round++) {
      const table = (await stores[0]!.table(id))!;
      if (table.status !== 'active') break;
      const due = tallyDefinition.pending(table.state as TallyState);
      const seat = due.kind === 'turn' ? due.seat : due.kind === 'race' ? due.seats[0]! : due.kind === 'simultaneous' ? due.waiting[0]! : null;
      if (seat === null) break;
      const user = await seatUser(id, seat);
      const action = tallyDefinition.legalActions(table.state as TallyState, seat)[0];
      // The same click reaching both processes at once (a double click across a reshard).
      const [ra, rb] = await Promise.all([a.play.act(id, user, due.step, action), b.play.act(id, user, due.step, action)]);
      const oks = [ra, rb].filter((r) => r.ok).length;
      expect(oks, `round ${round}: ${JSON.stringify([ra, rb])}`).toBe(1);
      // The loser decided from the row the winner committed: the step moved on (stale), or —
      // within a vote, where the step waits for others — this seat has already voted (rule).
      const refused = [ra, rb].find((r) => !r.ok)!;
      expect(!refused.ok && ['stale', 'rule'].includes(refused.error.code)).toBe(true);
      applied += 1;
      const after = (await stores[1]!.table(id))!;
      expect(after.lastSeq).toBe(table.lastSeq + 1);
    }
    expect(applied).toBeGreaterThan(3);
    const log = await stores[1]!.actions(id);
    expect(log.map((row) => row.seq)).toEqual(log.map((_, i) => i + 1));
  });

  async function seatUser(id: number, seat: number): Promise<Actor> {
    const row = (await stores[0]!.seats(id)).find((s) => s.seat === seat)!;
    return players.find((p) => p.userId === row.userId)!;
  }

  it('fires a deadline once when both processes fire it at the same moment', async () => {
    const [a, b] = services as [TableService, TableService];
    const id = await startedTable(a, GUILD_SHARD0, '501', { turnSeconds: 1 });
    const before = (await stores[0]!.table(id))!;
    expect(before.deadlineAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, before.deadlineAt! - Date.now()) + 20));
    await Promise.all([a.deadlines.fireDeadline(id), b.deadlines.fireDeadline(id), a.deadlines.fireDeadline(id), b.deadlines.fireDeadline(id)]);
    const log = await stores[1]!.actions(id);
    expect(log.filter((row) => row.kind === 'timeout')).toHaveLength(1);
    const after = (await stores[1]!.table(id))!;
    expect(after.lastSeq).toBe(before.lastSeq + 1);
    expect(after.deadlineAt).toBeGreaterThan(before.deadlineAt!);
  });

  it("recovers only its own shard's tables, and re-arms only those deadlines", async () => {
    const [a] = services as [TableService];
    const mine = await startedTable(a, GUILD_SHARD0, '502');
    const theirs = await startedTable(a, GUILD_SHARD1, '503');
    await a.deadlines.stop();
    const shard0 = make(stores[0]!, { shardCount: 2, shardIds: [0] });
    const shard1 = make(stores[1]!, { shardCount: 2, shardIds: [1] });
    services.push(shard0, shard1);
    expect(await shard0.restart.recover()).toEqual([mine]);
    expect(await shard1.restart.recover()).toEqual([theirs]);
    expect(shard0.deadlines.armedDeadlines).toBe(1);
    expect(shard1.deadlines.armedDeadlines).toBe(1);
  });
});
