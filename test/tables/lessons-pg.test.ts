/**
 * Lesson tables on PostgreSQL (docs/lessons.md "Lesson tables"): the partial unique indexes and
 * the channel queries of the PostgreSQL store — a lesson is not its channel's table, two
 * processes opening one learner's lesson at once open one, a finished lesson stores no result
 * and is in neither `/history` list.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { lessonBotMove, lessonTaught } from '../../src/games/lesson.js';
import { silentLogger } from '../../src/logger.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import type { Store } from '../../src/persistence/store/types.js';
import { LESSON_DONE_REASON } from '../../src/tables/lesson-rules.js';
import { TableService } from '../../src/tables/service.js';
import type { Actor } from '../../src/tables/types.js';
import { describePostgres } from '../support/postgres.js';

const ana: Actor = { userId: '300000000000000001', displayName: 'Ana', canManageGuild: false };
const ben: Actor = { userId: '300000000000000002', displayName: 'Ben', canManageGuild: false };

describePostgres('lesson tables on PostgreSQL', (server) => {
  let stores: Store[] = [];
  let services: TableService[] = [];

  beforeEach(async () => {
    const url = await server().createDatabase();
    stores = [await openPostgres(url, { poolSize: 4 }), await openPostgres(url, { poolSize: 4 })];
    services = stores.map((store) => new TableService({ store, registry: defaultRegistry(), logger: silentLogger, lessonBotPaceMs: 0 }));
  });

  afterEach(async () => {
    for (const service of services) await service.deadlines.stop();
    for (const store of stores) await store.close();
  });

  it('opens one lesson for two processes at once, beside the channel game, and ends it without a result', async () => {
    const [a, b] = services as [TableService, TableService];
    const opened = await Promise.all([a, b].map((service) => service.lessons.openLesson({ guildId: 'g1', channelId: 'c1', game: 'phantom', learner: ana })));
    const ids = opened.map((result) => (result.ok ? result.value.snapshot.table.id : -1));
    expect(ids[0]).toBe(ids[1]);
    expect(opened.map((result) => (result.ok ? result.value.resumed : null)).sort()).toEqual([false, true]);
    const id = ids[0]!;
    expect((await a.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: ben, options: {} })).ok).toBe(true);
    expect((await b.reads.openTableInChannel('c1'))?.table.game).toBe('suspicion');
    expect(await a.reads.openTablesOfUser('g1', ana.userId)).toEqual([]);
    // Played to the end through the service (bot moves applied as the driver would).
    for (;;) {
      const snapshot = (await a.reads.snapshot(id))!;
      if (snapshot.table.status !== 'active') break;
      const def = a.reads.definition(snapshot.table);
      const script = a.reads.lessonScript(snapshot.table)!;
      const pending = snapshot.pending!;
      const toAct = pending.kind === 'over' ? [] : seatsToAct(pending);
      if (toAct.includes(script.learner)) {
        expect((await a.play.act(id, ana, pending.step, lessonTaught(def, script, snapshot.table.state)[0])).ok).toBe(true);
        continue;
      }
      const seat = toAct.find((candidate) => lessonBotMove(def, script, snapshot.table.state, candidate) !== null)!;
      expect((await b.play.botAct(id, seat, pending.step, lessonBotMove(def, script, snapshot.table.state, seat))).ok).toBe(true);
    }
    const done = (await a.reads.snapshot(id))!;
    expect(done.table).toMatchObject({ status: 'cancelled', endReason: LESSON_DONE_REASON });
    expect(await stores[0]!.results(id)).toEqual([]);
    expect(await stores[0]!.recentGames('g1', ana.userId)).toEqual([]);
    expect(await stores[0]!.stoppedGames('g1', ana.userId)).toEqual([]);
    expect((await stores[0]!.adminTables('g1', 1, 10)).tables.map((entry) => entry.table.id)).not.toContain(id);
  });
});
