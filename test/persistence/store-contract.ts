/**
 * The storage contract (src/persistence/store/types.ts), run against every backend: each
 * backend's test file calls `storeContract` with a harness that opens fresh, empty stores.
 * Expected values come from the interface's documented semantics (orders, paging, ties,
 * seasons, transactions), never from what one backend happens to return; the concurrency
 * cases use two handles on one database ("peers") as two bot processes would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, StoreBusyError, StoreClosedError, TransactionAbortedError, VersionConflictError } from '../../src/persistence/store/errors.js';
import { shardOfGuild } from '../../src/persistence/store/shared.js';
import { ANONYMOUS_USER_ID, BULK_READ_IDS, MAX_TABLE_CHANNELS, type NewTable, type RatingUpdate, type Store, type StoreTx, type TableRow, type TournamentRow } from '../../src/persistence/store/types.js';
import { parseTournament } from '../../src/tournaments/model.js';
import { standingsOf } from '../../src/tournaments/service.js';
import { LESSON_DONE_REASON, LESSON_IDLE_REASON } from '../../src/tables/lesson-rules.js';

/** How a backend's test file opens stores for the contract. */
export interface StoreHarness {
  /** A fresh, empty, migrated store whose lock timeout is about 500 ms. */
  open(): Promise<Store>;
  /** Another handle on `store`'s database, as a second process would have (its own connection(s) where the backend allows). */
  peer(store: Store): Promise<Store>;
  /** Release everything opened since the last call (run after each test). */
  cleanup(): Promise<void>;
}

/** Guilds on known shards (snowflakes; the shard is `(id >> 22) % count`). */
export const GUILDS = ['81384788765712384', '175928847299117063', '222078108977594368', '1090368765400477767', '302050872383242240'];
export const T0 = 1_700_000_000_000;
export const userId = (n: number) => `2000000000000000${String(n).padStart(2, '0')}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let channelCounter = 0;

/** Values of a lobby table (unique channel unless given). */
export function lobby(over: Partial<NewTable> = {}): NewTable {
  return {
    guildId: GUILDS[0]!,
    channelId: String(3_000_000_000_000_000n + BigInt(++channelCounter)),
    game: 'suspicion',
    status: 'lobby',
    hostUserId: userId(1),
    options: { seats: 4 },
    maxSeats: 6,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

/** Insert one table in its own transaction. */
export async function insert(store: Store, over: Partial<NewTable> = {}): Promise<TableRow> {
  return store.transaction((tx) => tx.insertTable(lobby(over)));
}

const rating = (n: number, ordinal: number, over: Partial<RatingUpdate> = {}): RatingUpdate => ({
  userId: userId(n),
  name: `P${n}`,
  mu: ordinal + 9,
  sigma: 3,
  ordinal,
  games: 1,
  wins: 0,
  streak: -1,
  won: false,
  ...over,
});

/** Define the contract tests for one backend. */
export function storeContract(backend: string, harness: StoreHarness): void {
  afterEach(async () => {
    await harness.cleanup();
  });

  describe(`${backend} store: turn-based notices and settings`, () => {
    it('stores the notify setting, the notices of a table, the due reminders of open tables only, and erases them with the user', async () => {
      const store = await harness.open();
      expect(await store.turnNotifyOf(userId(1))).toBe('ping');
      await store.setTurnNotify(userId(1), 'dm', T0);
      expect(await store.turnNotifyOf(userId(1))).toBe('dm');
      await store.setTurnNotify(userId(1), 'ping', T0 + 1);
      expect(await store.turnNotifyOf(userId(1))).toBe('ping');
      const open = await insert(store, { status: 'active' });
      const closed = await insert(store, { status: 'finished', channelId: '555555555555555555' });
      const notice = (tableId: number, n: number, remindAt: number | null) => ({ tableId, userId: userId(n), step: 3, channelId: '999', messageId: `77${n}`, dm: n === 2, deadlineAt: T0 + 86_400_000, remindAt });
      await store.putTurnNotice(notice(open.id, 1, T0 + 64_800_000));
      await store.putTurnNotice(notice(open.id, 2, null));
      await store.putTurnNotice(notice(closed.id, 3, T0));
      expect(await store.turnNotices(open.id)).toEqual([notice(open.id, 1, T0 + 64_800_000), notice(open.id, 2, null)]);
      // Only reminders still due, of open tables.
      expect(await store.pendingReminders()).toEqual([{ tableId: open.id, userId: userId(1), remindAt: T0 + 64_800_000 }]);
      // Replacing a notice (same table and user) keeps one row.
      await store.putTurnNotice({ ...notice(open.id, 1, null), step: 4 });
      expect((await store.turnNotices(open.id))[0]).toMatchObject({ step: 4, remindAt: null });
      expect(await store.pendingReminders()).toEqual([]);
      await store.deleteTurnNotices(open.id, [userId(2)]);
      expect((await store.turnNotices(open.id)).map((row) => row.userId)).toEqual([userId(1)]);
      await store.setTurnNotify(userId(3), 'dm', T0);
      expect((await store.eraseUserData(userId(3))).ok).toBe(true);
      expect(await store.turnNotifyOf(userId(3))).toBe('ping');
      expect(await store.turnNotices(closed.id)).toEqual([]);
      await store.deleteTurnNotices(open.id);
      expect(await store.turnNotices(open.id)).toEqual([]);
    });
  });

  describe(`${backend} store: panels saved across a restart`, () => {
    it('saves panel tokens (one row per table and user, replaced), and takes those of the given tables issued after a moment once, deleting expired ones of any table', async () => {
      const store = await harness.open();
      const a = await insert(store, { status: 'active' });
      const b = await insert(store, { status: 'active' });
      const c = await insert(store, { status: 'active' });
      const panel = (tableId: number, n: number, since: number) => ({ tableId, userId: userId(n), messageId: `88${n}${tableId}`, applicationId: '123', token: `tok-${n}-${tableId}`, issuedAt: since, locale: n === 2 ? 'es-ES' : 'en-US', messageRef: n === 3 ? `99${n}` : '@original' });
      await store.savePanelTokens([panel(a.id, 2, T0 + 5), panel(a.id, 1, T0 + 1), panel(b.id, 3, T0 + 9), panel(c.id, 1, T0 - 1)]);
      // The newest panel of a player replaces the one saved before.
      await store.savePanelTokens([panel(a.id, 1, T0 + 7)]);
      await store.savePanelTokens([]);
      // Table a's, issued after T0: user id order. Table c's row is expired (issued before): gone with them.
      expect(await store.takePanelTokens([a.id], T0)).toEqual([panel(a.id, 1, T0 + 7), panel(a.id, 2, T0 + 5)]);
      expect(await store.takePanelTokens([a.id, c.id], T0 - 10)).toEqual([]);
      // Taken once: b's row is still there for whoever owns table b, then gone.
      expect(await store.takePanelTokens([b.id, a.id], T0)).toEqual([panel(b.id, 3, T0 + 9)]);
      expect(await store.takePanelTokens([b.id], T0)).toEqual([]);
      expect(await store.takePanelTokens([], T0)).toEqual([]);
    });
  });

  describe(`${backend} store: tables`, () => {
    it('inserts a table with the schema defaults and reads it back exactly', async () => {
      const store = await harness.open();
      const options = { zeta: 1, alpha: [1, 2.5, { nested: 'ünïcödé ✓ "quoted" \\ \u0000' }], big: 2 ** 53 - 1, neg: -0.125 };
      const row = await insert(store, { options, seed: 4_294_967_295, createdAt: 8_640_000_000_000, updatedAt: T0 });
      expect(row.id).toBeGreaterThan(0);
      expect(row).toMatchObject({
        version: 0,
        boardVersion: 0,
        lastSeq: 0,
        recentEvents: [],
        state: null,
        deadlineAt: null,
        deadlineStep: null,
        boardMessageId: null,
        pingMessageId: null,
        startedAt: null,
        endedAt: null,
        endReason: null,
        endedBy: null,
        seed: 4_294_967_295,
        createdAt: 8_640_000_000_000,
      });
      const read = await store.table(row.id);
      expect(read).toEqual(row);
      // JSON comes back parsed, with the key order it was written in.
      expect(Object.keys(read!.options as object)).toEqual(['zeta', 'alpha', 'big', 'neg']);
      expect(read!.options).toEqual(options);
      expect(typeof read!.createdAt).toBe('number');
      expect(await store.table(row.id + 1000)).toBeUndefined();
    });

    it('updates only at the expected version, bumping it; a stale version throws VersionConflictError and changes nothing', async () => {
      const store = await harness.open();
      const row = await insert(store);
      const state = { board: [[1, 2], [3]], turn: 'p1', note: null };
      const updated = await store.transaction((tx) =>
        tx.updateTable(row.id, 0, { status: 'active', state, deadlineAt: T0 + 30_000, deadlineStep: 3, lastSeq: 2, recentEvents: [{ seq: 1, event: { type: 'x' } }] }),
      );
      expect(updated).toMatchObject({ version: 1, status: 'active', state, deadlineAt: T0 + 30_000, deadlineStep: 3, lastSeq: 2 });
      expect(await store.table(row.id)).toEqual(updated);
      await expect(store.transaction((tx) => tx.updateTable(row.id, 0, { status: 'cancelled' }))).rejects.toBeInstanceOf(VersionConflictError);
      await expect(store.transaction((tx) => tx.updateTable(row.id + 99, 0, { status: 'cancelled' }))).rejects.toBeInstanceOf(VersionConflictError);
      expect(await store.table(row.id)).toEqual(updated);
    });

    it('allows one open table per channel: a second is a DuplicateKeyError, a closed one frees the channel', async () => {
      const store = await harness.open();
      const first = await insert(store, { channelId: '400000000000000001' });
      expect((await store.openTableInChannel('400000000000000001'))?.id).toBe(first.id);
      await expect(insert(store, { channelId: '400000000000000001' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await store.transaction((tx) => tx.updateTable(first.id, 0, { status: 'finished', endedAt: T0 }));
      expect(await store.openTableInChannel('400000000000000001')).toBeUndefined();
      const second = await insert(store, { channelId: '400000000000000001', status: 'active' });
      expect((await store.openTableInChannel('400000000000000001'))?.id).toBe(second.id);
      expect(await store.openTableInChannel('400000000000000999')).toBeUndefined();
    });

    it('leaves lessons out of the channel: any number beside its table, one open per learner and game (docs/lessons.md)', async () => {
      const store = await harness.open();
      const channelId = '400000000000000002';
      const lesson = await insert(store, { channelId, status: 'active', lesson: 'noir@1', game: 'noir', hostUserId: userId(1) });
      expect(await store.openTableInChannel(channelId)).toBeUndefined();
      const game = await insert(store, { channelId });
      expect((await store.openTableInChannel(channelId))?.id).toBe(game.id);
      await insert(store, { channelId, status: 'active', lesson: 'noir@1', game: 'noir', hostUserId: userId(2) });
      await expect(insert(store, { channelId: '400000000000000003', status: 'active', lesson: 'noir@1', game: 'noir', hostUserId: userId(1) })).rejects.toBeInstanceOf(DuplicateKeyError);
      await store.transaction((tx) => tx.updateTable(lesson.id, 0, { status: 'cancelled', endedAt: T0 }));
      await insert(store, { channelId, status: 'active', lesson: 'noir@2', game: 'noir', hostUserId: userId(1) });
      expect(await store.newerTableInChannel(channelId, game.id)).toBeUndefined();
    });

    it('lists open tables by id, per guild, and per shard (non-numeric guild ids belong to no shard)', async () => {
      const store = await harness.open();
      const made: TableRow[] = [];
      for (const guildId of [...GUILDS, ...GUILDS]) made.push(await insert(store, { guildId }));
      const closed = await insert(store, { guildId: GUILDS[1] });
      await store.transaction((tx) => tx.updateTable(closed.id, 0, { status: 'cancelled' }));
      const odd = await insert(store, { guildId: 'not-a-snowflake' });
      const all = await store.openTables();
      expect(all.map((t) => t.id)).toEqual([...made.map((t) => t.id), odd.id]);
      expect((await store.openTables({ guildId: GUILDS[1] })).map((t) => t.id)).toEqual([made[1]!.id, made[6]!.id]);
      for (const shardCount of [1, 2, 3, 7]) {
        for (let shard = 0; shard < shardCount; shard++) {
          const want = made.filter((t) => shardOfGuild(t.guildId, shardCount) === shard).map((t) => t.id);
          const got = await store.openTables({ shard: { shardCount, shardIds: [shard] } });
          expect(got.map((t) => t.id)).toEqual(want);
        }
      }
      const both = await store.openTables({ shard: { shardCount: 3, shardIds: [2, 0] } });
      expect(both.map((t) => t.id)).toEqual(made.filter((t) => shardOfGuild(t.guildId, 3) !== 1).map((t) => t.id));
      const combined = await store.openTables({ guildId: GUILDS[0], shard: { shardCount: 2, shardIds: [shardOfGuild(GUILDS[0]!, 2)] } });
      expect(combined.map((t) => t.id)).toEqual([made[0]!.id, made[5]!.id]);
      await expect(store.openTables({ shard: { shardCount: 2, shardIds: [2] } })).rejects.toBeInstanceOf(RangeError);
      await expect(store.openTables({ shard: { shardCount: 0, shardIds: [0] } })).rejects.toBeInstanceOf(RangeError);
      await expect(store.openTables({ shard: { shardCount: 2, shardIds: [] } })).rejects.toBeInstanceOf(RangeError);
    });

    it('lists open table heads like openTables (same tables, same filters), without JSON columns, flagging tables with a bot seat', async () => {
      const store = await harness.open();
      const idle = await insert(store, { guildId: GUILDS[0], deadlineAt: T0 + 60_000 });
      const playing = await insert(store, { guildId: GUILDS[1], status: 'active', state: { big: 'x'.repeat(1000) } });
      const withBot = await insert(store, { guildId: GUILDS[2], status: 'active' });
      const botLeft = await insert(store, { guildId: GUILDS[3], status: 'active' });
      const closed = await insert(store, { guildId: GUILDS[1] });
      await store.transaction(async (tx) => {
        await tx.updateTable(playing.id, 0, { deadlineAt: T0 + 5_000, lastSeq: 3 });
        await tx.updateTable(closed.id, 0, { status: 'finished', endedAt: T0 });
        await tx.insertSeat({ tableId: playing.id, userId: userId(1), displayName: 'P1', joinedAt: T0, seat: 0 });
        await tx.insertSeat({ tableId: withBot.id, userId: userId(1), displayName: 'P1', joinedAt: T0, seat: 0 });
        await tx.insertSeat({ tableId: withBot.id, userId: 'bot:1', displayName: 'Marple', joinedAt: T0, seat: 1, botLevel: 'hard' });
        // A bot level stays on a seat that left: the table still counts as having a bot seat.
        await tx.insertSeat({ tableId: botLeft.id, userId: userId(2), displayName: 'P2', joinedAt: T0, seat: 0, left: true, botLevel: 'easy' });
      });
      await store.setMessageIds(playing.id, { boardVersion: 1 });
      const heads = await store.openTableHeads();
      const at = (row: TableRow) => ({ guildId: row.guildId, channelId: row.channelId });
      expect(heads).toEqual([
        { id: idle.id, ...at(idle), status: 'lobby', deadlineAt: T0 + 60_000, version: 0, boardVersion: 0, lesson: null, hasBotSeat: false },
        { id: playing.id, ...at(playing), status: 'active', deadlineAt: T0 + 5_000, version: 1, boardVersion: 1, lesson: null, hasBotSeat: false },
        { id: withBot.id, ...at(withBot), status: 'active', deadlineAt: null, version: 0, boardVersion: 0, lesson: null, hasBotSeat: true },
        { id: botLeft.id, ...at(botLeft), status: 'active', deadlineAt: null, version: 0, boardVersion: 0, lesson: null, hasBotSeat: true },
      ]);
      expect(new Set(heads.map((head) => head.guildId))).toEqual(new Set([GUILDS[0], GUILDS[1], GUILDS[2], GUILDS[3]]));
      expect(heads.map((h) => h.id)).toEqual((await store.openTables()).map((t) => t.id));
      expect((await store.openTableHeads({ guildId: GUILDS[1] })).map((h) => h.id)).toEqual([playing.id]);
      for (const shardCount of [2, 3]) {
        for (let shard = 0; shard < shardCount; shard++) {
          const filter = { shard: { shardCount, shardIds: [shard] } };
          expect((await store.openTableHeads(filter)).map((h) => h.id)).toEqual((await store.openTables(filter)).map((t) => t.id));
        }
      }
      await expect(store.openTableHeads({ shard: { shardCount: 2, shardIds: [2] } })).rejects.toBeInstanceOf(RangeError);
    });

    it('reads tables with their seats in bulk: by id ascending, each with its seats in seat order, unknown ids left out, across statements', async () => {
      const store = await harness.open();
      // More tables than one statement takes, so the read spans two chunks.
      const made = await store.transaction(async (tx) => {
        const rows: TableRow[] = [];
        for (let i = 0; i < BULK_READ_IDS + 3; i++) rows.push(await tx.insertTable(lobby({ status: i % 2 ? 'active' : 'lobby' })));
        const [first, last] = [rows[0]!, rows[rows.length - 1]!];
        await tx.insertSeat({ tableId: first.id, userId: 'b', displayName: 'b', joinedAt: T0 + 5 });
        await tx.insertSeat({ tableId: first.id, userId: 'a', displayName: 'a', joinedAt: T0 + 5 });
        await tx.insertSeat({ tableId: first.id, userId: 'z', displayName: 'z', joinedAt: T0 + 1 });
        await tx.insertSeat({ tableId: last.id, userId: 'y', displayName: 'y', joinedAt: T0, seat: 1 });
        await tx.insertSeat({ tableId: last.id, userId: 'x', displayName: 'x', joinedAt: T0 + 9, seat: 0, botLevel: 'normal' });
        return rows;
      });
      await store.transaction((tx) => tx.updateTable(made[1]!.id, 0, { status: 'cancelled' }));
      const first = made[0]!;
      const last = made[made.length - 1]!;
      const unknown = last.id + 1000;
      // Asked in any order, with a duplicate and an unknown id; closed tables are read like open ones.
      const asked = [last.id, unknown, ...made.map((t) => t.id).reverse(), first.id];
      const got = await store.tablesWithSeats(asked);
      expect(got.map((r) => r.table.id)).toEqual(made.map((t) => t.id));
      expect(got[0]!.table).toEqual(await store.table(first.id));
      expect(got[1]!.table.status).toBe('cancelled');
      expect(got[0]!.seats.map((s) => s.userId)).toEqual(['z', 'a', 'b']);
      expect(got[got.length - 1]!.seats.map((s) => [s.userId, s.seat, s.botLevel])).toEqual([
        ['x', 0, 'normal'],
        ['y', 1, null],
      ]);
      expect(got[got.length - 1]!.seats).toEqual(await store.seats(last.id));
      expect(got.slice(1, -1).every((r) => r.seats.length === 0)).toBe(true);
      expect(await store.tablesWithSeats([])).toEqual([]);
      expect(await store.tablesWithSeats([unknown])).toEqual([]);
    });

    it("lists a user's open tables in a guild, most recently updated first, without seats they left", async () => {
      const store = await harness.open();
      const me = userId(5);
      const a = await insert(store, { updatedAt: T0 + 1 });
      const b = await insert(store, { updatedAt: T0 + 3 });
      const c = await insert(store, { updatedAt: T0 + 2, status: 'active' });
      const left = await insert(store, { updatedAt: T0 + 9, status: 'active' });
      const closed = await insert(store, { updatedAt: T0 + 9 });
      const elsewhere = await insert(store, { guildId: GUILDS[1], updatedAt: T0 + 9 });
      const notMine = await insert(store, { updatedAt: T0 + 9 });
      await store.transaction(async (tx) => {
        for (const t of [a, b, c, left, closed, elsewhere]) await tx.insertSeat({ tableId: t.id, userId: me, displayName: 'Me', joinedAt: T0 });
        await tx.insertSeat({ tableId: notMine.id, userId: userId(6), displayName: 'Other', joinedAt: T0 });
        await tx.updateSeat(left.id, me, { left: true, away: true });
        await tx.updateTable(closed.id, 0, { status: 'finished' });
      });
      expect((await store.openTablesOfUser(GUILDS[0]!, me)).map((t) => t.id)).toEqual([b.id, c.id, a.id]);
      expect(await store.openTablesOfUser(GUILDS[0]!, userId(7))).toEqual([]);
    });

    it('sets message ids and the board version without a version bump', async () => {
      const store = await harness.open();
      const row = await insert(store);
      await store.setMessageIds(row.id, { boardMessageId: '500000000000000001' });
      await store.setMessageIds(row.id, { pingMessageId: '500000000000000002', boardVersion: 4 });
      expect(await store.table(row.id)).toMatchObject({ version: 0, boardMessageId: '500000000000000001', pingMessageId: '500000000000000002', boardVersion: 4 });
      await store.transaction((tx) => tx.setMessageIds(row.id, { pingMessageId: null }));
      await store.setMessageIds(row.id, {});
      await store.setMessageIds(row.id + 50, { boardVersion: 1 });
      expect(await store.table(row.id)).toMatchObject({ version: 0, boardMessageId: '500000000000000001', pingMessageId: null, boardVersion: 4 });
    });
  });

  describe(`${backend} store: seats, actions, results`, () => {
    it('orders seats by seat number once seated, and by join time then user id (byte order) in the lobby', async () => {
      const store = await harness.open();
      const t = await insert(store);
      await store.transaction(async (tx) => {
        // Same join time: user ids compare byte by byte ('B' < 'a' < 'b'), as SQLite does.
        await tx.insertSeat({ tableId: t.id, userId: 'b', displayName: 'b', joinedAt: T0 + 5 });
        await tx.insertSeat({ tableId: t.id, userId: 'a', displayName: 'a', joinedAt: T0 + 5 });
        await tx.insertSeat({ tableId: t.id, userId: 'B', displayName: 'B', joinedAt: T0 + 5 });
        await tx.insertSeat({ tableId: t.id, userId: 'z', displayName: 'Zed 🦊', joinedAt: T0 + 1 });
      });
      expect((await store.seats(t.id)).map((s) => s.userId)).toEqual(['z', 'B', 'a', 'b']);
      const first = (await store.seats(t.id))[0]!;
      expect(first).toEqual({ tableId: t.id, userId: 'z', displayName: 'Zed 🦊', joinedAt: T0 + 1, seat: null, away: false, missed: 0, left: false, botLevel: null, looked: false, textPanels: false });
      await store.transaction(async (tx) => {
        await tx.updateSeat(t.id, 'a', { seat: 0 });
        await tx.updateSeat(t.id, 'z', { seat: 1, away: true, missed: 2 });
        await tx.updateSeat(t.id, 'b', {});
      });
      const seated = await store.seats(t.id);
      expect(seated.map((s) => [s.userId, s.seat])).toEqual([
        ['a', 0],
        ['z', 1],
        ['B', null],
        ['b', null],
      ]);
      expect(seated[1]).toMatchObject({ away: true, missed: 2, left: false });
      await expect(store.transaction((tx) => tx.insertSeat({ tableId: t.id, userId: 'a', displayName: 'again', joinedAt: T0 }))).rejects.toBeInstanceOf(DuplicateKeyError);
      await store.transaction((tx) => tx.deleteSeat(t.id, 'B'));
      expect((await store.seats(t.id)).map((s) => s.userId)).toEqual(['a', 'z', 'b']);
    });

    it('appends to the action log in seq order, refuses a seq twice, and returns the newest entry', async () => {
      const store = await harness.open();
      const t = await insert(store);
      expect(await store.lastAction(t.id)).toBeUndefined();
      await store.transaction(async (tx) => {
        await tx.appendAction({ tableId: t.id, seq: 2, seat: 1, userId: null, kind: 'timeout', action: { type: 'pass' }, at: T0 + 20 });
        await tx.appendAction({ tableId: t.id, seq: 1, seat: 0, userId: userId(1), kind: 'player', action: { type: 'move', to: [3, 4], z: 1, a: 2 }, at: T0 + 10 });
      });
      const log = await store.actions(t.id);
      expect(log).toEqual([
        { tableId: t.id, seq: 1, seat: 0, userId: userId(1), kind: 'player', action: { type: 'move', to: [3, 4], z: 1, a: 2 }, at: T0 + 10 },
        { tableId: t.id, seq: 2, seat: 1, userId: null, kind: 'timeout', action: { type: 'pass' }, at: T0 + 20 },
      ]);
      expect(Object.keys(log[0]!.action as object)).toEqual(['type', 'to', 'z', 'a']);
      expect(await store.lastAction(t.id)).toEqual(log[1]);
      // Only a player's own move counts as their last move (not the timeout logged after it).
      expect(await store.lastPlayerActionAt(t.id)).toBe(T0 + 10);
      expect(await store.lastPlayerActionAt(t.id + 1)).toBeUndefined();
      await expect(
        store.transaction((tx) => tx.appendAction({ tableId: t.id, seq: 2, seat: 0, userId: null, kind: 'auto', action: {}, at: T0 })),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await store.actions(t.id)).toHaveLength(2);
    });

    it('stores result rows by seat', async () => {
      const store = await harness.open();
      const t = await insert(store);
      await store.transaction(async (tx) => {
        await tx.insertResults([]);
        await tx.insertResults([
          { tableId: t.id, seat: 1, guildId: GUILDS[0]!, game: 'noir', userId: userId(2), placement: 2, winner: false, score: null, left: true, endedAt: T0 },
          { tableId: t.id, seat: 0, guildId: GUILDS[0]!, game: 'noir', userId: userId(1), placement: 1, winner: true, score: 12.75, endedAt: T0 },
        ]);
      });
      expect(await store.results(t.id)).toEqual([
        { tableId: t.id, seat: 0, guildId: GUILDS[0], game: 'noir', userId: userId(1), placement: 1, winner: true, score: 12.75, left: false, endedAt: T0, botLevel: null, ratingChange: null },
        { tableId: t.id, seat: 1, guildId: GUILDS[0], game: 'noir', userId: userId(2), placement: 2, winner: false, score: null, left: true, endedAt: T0, botLevel: null, ratingChange: null },
      ]);
      expect(await store.results(t.id + 1)).toEqual([]);
    });
  });

  describe(`${backend} store: transactions`, () => {
    it('commits everything the callback wrote, and returns its value', async () => {
      const store = await harness.open();
      const id = await store.transaction(async (tx) => {
        const t = await tx.insertTable(lobby());
        await tx.insertSeat({ tableId: t.id, userId: userId(1), displayName: 'P1', joinedAt: T0 });
        await tx.appendAction({ tableId: t.id, seq: 1, seat: 0, userId: userId(1), kind: 'player', action: { a: 1 }, at: T0 });
        await tx.updateTable(t.id, 0, { lastSeq: 1 });
        // Reads inside see the transaction's own writes.
        expect((await tx.seats(t.id)).map((s) => s.userId)).toEqual([userId(1)]);
        expect((await tx.table(t.id))?.version).toBe(1);
        return t.id;
      });
      expect((await store.table(id))?.lastSeq).toBe(1);
      expect(await store.seats(id)).toHaveLength(1);
      expect(await store.actions(id)).toHaveLength(1);
    });

    it('rolls everything back when the callback throws, and passes the error on', async () => {
      const store = await harness.open();
      const existing = await insert(store);
      const boom = new Error('engine exploded');
      let newId = 0;
      await expect(
        store.transaction(async (tx) => {
          newId = (await tx.insertTable(lobby())).id;
          await tx.insertSeat({ tableId: existing.id, userId: userId(1), displayName: 'P1', joinedAt: T0 });
          await tx.updateTable(existing.id, 0, { status: 'active' });
          await tx.saveRatings(GUILDS[0]!, 'noir', 1, [rating(1, 5)], T0);
          await tx.updateGuildDefaults(GUILDS[0]!, { turnSeconds: 60 }, userId(1), T0);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(newId).toBeGreaterThan(0);
      expect(await store.table(newId)).toBeUndefined();
      expect(await store.table(existing.id)).toEqual(existing);
      expect(await store.seats(existing.id)).toEqual([]);
      expect(await store.playerTotals(GUILDS[0]!, userId(1))).toBeUndefined();
      expect(await store.guildDefaults(GUILDS[0]!)).toEqual({});
    });

    it('rolls back when a call failed inside, even if the callback caught it (TransactionAbortedError)', async () => {
      const store = await harness.open();
      const t = await insert(store);
      const attempt = store.transaction(async (tx) => {
        await tx.updateTable(t.id, 0, { endReason: 'first write' });
        await tx.updateTable(t.id, 0, { endReason: 'stale write' }).catch(() => 'swallowed');
        return 'done';
      });
      await expect(attempt).rejects.toBeInstanceOf(TransactionAbortedError);
      await expect(attempt).rejects.toMatchObject({ cause: expect.any(VersionConflictError) });
      expect(await store.table(t.id)).toEqual(t);
    });

    it('refuses a transaction handle used after its transaction ended', async () => {
      const store = await harness.open();
      let kept: StoreTx | undefined;
      await store.transaction(async (tx) => {
        kept = tx;
      });
      await expect(kept!.table(1)).rejects.toBeInstanceOf(StoreClosedError);
    });

    it('runs concurrent read-modify-write transactions on one table one after another (lockTable)', async () => {
      const store = await harness.open();
      const t = await insert(store);
      const bump = () =>
        store.transaction(async (tx) => {
          const row = (await tx.lockTable(t.id))!;
          await sleep(1);
          await tx.updateTable(t.id, row.version, { lastSeq: row.lastSeq + 1 });
        });
      await Promise.all(Array.from({ length: 12 }, bump));
      expect(await store.table(t.id)).toMatchObject({ version: 12, lastSeq: 12 });
      expect(await store.transaction((tx) => tx.lockTable(t.id + 77))).toBeUndefined();
    });

    it('never shows a transaction\'s uncommitted writes to outside reads', async () => {
      const store = await harness.open();
      const t = await insert(store);
      for (const outcome of ['rollback', 'commit'] as const) {
        const before = (await store.table(t.id))!;
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        let wrote!: () => void;
        const written = new Promise<void>((r) => (wrote = r));
        const tx = store.transaction(async (inner) => {
          await inner.updateTable(t.id, before.version, { endReason: `during ${outcome}` });
          wrote();
          await gate;
          if (outcome === 'rollback') throw new Error('rolled back');
        });
        await written;
        let seen: TableRow | undefined;
        let seenWhileOpen = false;
        let released = false;
        const read = store.table(t.id).then((row) => {
          seen = row;
          seenWhileOpen = !released;
        });
        await sleep(30);
        released = true;
        release();
        await tx.catch(() => {});
        await read;
        if (seenWhileOpen || outcome === 'rollback') expect(seen).toEqual(before);
        else expect([before.version, before.version + 1]).toContain(seen!.version);
      }
    });

    it('rejects with StoreBusyError when an outer-store call inside a transaction waits on it', async () => {
      const store = await harness.open();
      const t = await insert(store);
      const started = Date.now();
      await expect(
        store.transaction(async (tx) => {
          await tx.lockTable(t.id);
          // Wrong: the outer store, not `tx` — it must wait for this very transaction.
          await store.setMessageIds(t.id, { boardVersion: 9 });
        }),
      ).rejects.toBeInstanceOf(StoreBusyError);
      expect(Date.now() - started).toBeLessThan(8000);
      expect((await store.table(t.id))?.boardVersion).toBe(0);
    });
  });

  describe(`${backend} store: two processes on one database`, () => {
    it('applies exactly one move per step when two processes race on one table (lock + version read)', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      const t = await insert(a, { status: 'active' });
      const steps = 15;
      const appliedBy: string[] = [];
      for (let step = 0; step < steps; step++) {
        // Each process drew its buttons from the state it read before the click.
        const seenA = (await a.table(t.id))!;
        const seenB = (await b.table(t.id))!;
        const move = (store: Store, name: string, seen: TableRow) =>
          store.transaction(async (tx) => {
            const row = (await tx.lockTable(t.id))!;
            if (row.version !== seen.version) return 'stale';
            await sleep(3);
            const seq = row.lastSeq + 1;
            await tx.appendAction({ tableId: t.id, seq, seat: 0, userId: name, kind: 'player', action: { step }, at: T0 + seq });
            await tx.updateTable(t.id, row.version, { lastSeq: seq });
            return 'applied';
          });
        const outcomes = await Promise.all([move(a, 'A', seenA), move(b, 'B', seenB)]);
        expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
        appliedBy.push(outcomes[0] === 'applied' ? 'A' : 'B');
      }
      const log = await a.actions(t.id);
      expect(log.map((r) => r.seq)).toEqual(Array.from({ length: steps }, (_, i) => i + 1));
      expect(log.map((r) => (r.action as { step: number }).step)).toEqual(Array.from({ length: steps }, (_, i) => i));
      expect(log.map((r) => r.userId)).toEqual(appliedBy);
      expect(await b.table(t.id)).toMatchObject({ version: steps, lastSeq: steps });
    });

    it('lets only one of two racing writers commit even without lockTable (the version guard)', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      const t = await insert(a, { status: 'active' });
      for (let step = 0; step < 8; step++) {
        const seen = (await a.table(t.id))!;
        const write = (store: Store, name: string) =>
          store.transaction(async (tx) => {
            await tx.appendAction({ tableId: t.id, seq: seen.lastSeq + 1, seat: 0, userId: name, kind: 'player', action: {}, at: T0 });
            await sleep(3);
            await tx.updateTable(t.id, seen.version, { lastSeq: seen.lastSeq + 1 });
          });
        const settled = await Promise.allSettled([write(a, 'A'), write(b, 'B')]);
        expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
        const failed = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
        expect(failed.reason instanceof VersionConflictError || failed.reason instanceof DuplicateKeyError).toBe(true);
      }
      expect((await a.actions(t.id)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(await a.table(t.id)).toMatchObject({ version: 8, lastSeq: 8 });
    });

    it('hands each due deadline to exactly one claimer, however many claim at once', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      const due: number[] = [];
      for (let i = 0; i < 24; i++) {
        due.push((await insert(a, { status: i % 3 === 0 ? 'lobby' : 'active', deadlineAt: T0 - 1000 + i, guildId: GUILDS[i % GUILDS.length] })).id);
      }
      const future = await insert(a, { status: 'active', deadlineAt: T0 + 60_000 });
      const none = await insert(a, { status: 'active' });
      const closed = await insert(a, { status: 'lobby', deadlineAt: T0 - 5000 });
      await a.transaction((tx) => tx.updateTable(closed.id, 0, { status: 'cancelled' }));
      const fired: number[] = [];
      const sweeper = async (store: Store) => {
        for (;;) {
          const got = await store.transaction(async (tx) => {
            const claimed = await tx.claimDueDeadlines(T0, { limit: 3 });
            await sleep(2);
            for (const row of claimed) await tx.updateTable(row.id, row.version, { deadlineAt: null });
            return claimed.map((r) => r.id);
          });
          fired.push(...got);
          if (got.length === 0) return;
        }
      };
      await Promise.all([sweeper(a), sweeper(b), sweeper(a), sweeper(b)]);
      expect([...fired].sort((x, y) => x - y)).toEqual(due);
      expect(fired).not.toContain(future.id);
      expect(fired).not.toContain(none.id);
      expect(fired).not.toContain(closed.id);
    });

    it('claims due deadlines earliest first, per shard, up to the limit', async () => {
      const store = await harness.open();
      const rows: TableRow[] = [];
      for (let i = 0; i < 10; i++) rows.push(await insert(store, { status: 'active', deadlineAt: T0 - i * 10, guildId: GUILDS[i % GUILDS.length] }));
      const byDeadline = [...rows].sort((x, y) => x.deadlineAt! - y.deadlineAt! || x.id - y.id);
      await store.transaction(async (tx) => {
        expect((await tx.claimDueDeadlines(T0, { limit: 4 })).map((r) => r.id)).toEqual(byDeadline.slice(0, 4).map((r) => r.id));
        const shard = shardOfGuild(GUILDS[0]!, 2);
        expect((await tx.claimDueDeadlines(T0, { shard: { shardCount: 2, shardIds: [shard] } })).map((r) => r.id)).toEqual(
          byDeadline.filter((r) => shardOfGuild(r.guildId, 2) === shard).map((r) => r.id),
        );
        expect(await tx.claimDueDeadlines(T0 - 1000)).toEqual([]);
      });
      await expect(store.transaction((tx) => tx.claimDueDeadlines(T0, { limit: 0 }))).rejects.toBeInstanceOf(RangeError);
    });

    it('keeps the season counting up by one when two admins reset at once', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      for (const expected of [1, 2, 3]) {
        const outcomes = await Promise.all([a.resetSeason(GUILDS[0]!, 'noir', expected, 'A', T0 + expected), b.resetSeason(GUILDS[0]!, 'noir', expected, 'B', T0 + expected)]);
        expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, previous: expected, season: expected + 1 }]);
        expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, current: expected + 1 }]);
      }
      expect(await b.currentSeason(GUILDS[0]!, 'noir')).toEqual({ season: 4, startedAt: T0 + 3 });
    });

    it('keeps both of two admins\' settings changes made at the same moment', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      await Promise.all([a.updateGuildDefaults(GUILDS[0]!, { turnSeconds: 90 }, 'A', T0), b.updateGuildDefaults(GUILDS[0]!, { voteSeconds: 45 }, 'B', T0)]);
      expect(await a.guildDefaults(GUILDS[0]!)).toEqual({ turnSeconds: 90, voteSeconds: 45 });
    });
  });

  describe(`${backend} store: ratings and leaderboards`, () => {
    it('starts at season 1 and moves one season per confirmed reset', async () => {
      const store = await harness.open();
      expect(await store.currentSeason(GUILDS[0]!, 'noir')).toEqual({ season: 1, startedAt: null });
      expect(await store.resetSeason(GUILDS[0]!, 'noir', 1, userId(1), T0)).toEqual({ ok: true, previous: 1, season: 2 });
      expect(await store.resetSeason(GUILDS[0]!, 'noir', 1, userId(1), T0 + 1)).toEqual({ ok: false, current: 2 });
      expect(await store.resetSeason(GUILDS[0]!, 'noir', 5, userId(1), T0 + 1)).toEqual({ ok: false, current: 2 });
      expect(await store.currentSeason(GUILDS[0]!, 'noir')).toEqual({ season: 2, startedAt: T0 });
      expect(await store.transaction((tx) => tx.resetSeason(GUILDS[0]!, 'noir', 2, userId(2), T0 + 2))).toEqual({ ok: true, previous: 2, season: 3 });
      expect(await store.currentSeason(GUILDS[0]!, 'suspicion')).toEqual({ season: 1, startedAt: null });
      expect(await store.currentSeason(GUILDS[1]!, 'noir')).toEqual({ season: 1, startedAt: null });
      expect(await store.resetSeason(GUILDS[1]!, 'noir', 2, userId(1), T0)).toEqual({ ok: false, current: 1 });
    });

    it('saves ratings (insert, then replace) and adds each game to lifetime totals', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      await store.transaction((tx) => tx.saveRatings(g, 'noir', 1, [rating(1, 10.5, { won: true, wins: 1, streak: 1 }), rating(2, -2.25)], T0));
      await store.transaction((tx) => tx.saveRatings(g, 'noir', 1, [rating(1, 12, { name: 'Renamed', games: 2, wins: 2, streak: 2, won: true })], T0 + 5));
      await store.transaction((tx) => tx.saveRatings(g, 'suspicion', 1, [rating(1, 1, { won: false })], T0 + 6));
      const rows = await store.seasonRatings(g, 'noir', 1, [userId(1), userId(2), userId(3)]);
      expect(rows.sort((x, y) => x.userId.localeCompare(y.userId))).toEqual([
        { guildId: g, game: 'noir', season: 1, userId: userId(1), mu: 21, sigma: 3, ordinal: 12, games: 2, wins: 2, streak: 2, name: 'Renamed', updatedAt: T0 + 5 },
        { guildId: g, game: 'noir', season: 1, userId: userId(2), mu: 6.75, sigma: 3, ordinal: -2.25, games: 1, wins: 0, streak: -1, name: 'P2', updatedAt: T0 },
      ]);
      expect(await store.seasonRatings(g, 'noir', 2, [userId(1)])).toEqual([]);
      expect(await store.seasonRatings(g, 'noir', 1, [])).toEqual([]);
      expect(await store.playerTotals(g, userId(1))).toEqual({ games: 3, wins: 2, name: 'P1' });
      expect(await store.playerTotals(g, userId(2))).toEqual({ games: 1, wins: 0, name: 'P2' });
      expect(await store.playerTotals(GUILDS[1]!, userId(1))).toBeUndefined();
      await expect(store.transaction((tx) => tx.saveRatings(g, 'noir', 1, [rating(4, 1), rating(4, 2)], T0))).rejects.toBeInstanceOf(RangeError);
    });

    it('pages a board by ordinal then user id, with shared ranks across pages, clamping the page', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      // 23 players; ties at 7 (users 3, 4, 5, 6 around the first page break) and at 1.5.
      const ordinals = [30, 20, 7, 7, 7, 7, 6, 5, 4, 3, 2, 1.5, 1.5, 1.5, 1, 0, -1, -2, -3, -4, -5, -6, -7.125];
      await store.transaction((tx) => tx.saveRatings(g, 'phantom', 1, ordinals.map((o, i) => rating(i + 1, o)), T0));
      await store.transaction((tx) => tx.saveRatings(g, 'phantom', 2, [rating(1, 99)], T0));
      await store.transaction((tx) => tx.saveRatings(GUILDS[1]!, 'phantom', 1, [rating(1, 99)], T0));
      const sorted = ordinals
        .map((o, i) => ({ ordinal: o, userId: userId(i + 1) }))
        .sort((x, y) => y.ordinal - x.ordinal || (x.userId < y.userId ? 1 : -1));
      const ranks = sorted.map((r) => 1 + sorted.filter((s) => s.ordinal > r.ordinal).length);
      const size = 4;
      const all = [];
      for (let page = 0; page < 6; page++) {
        const p = await store.leaderboard(g, 'phantom', 1, page, size);
        expect(p).toMatchObject({ page, pages: 6, total: 23 });
        all.push(...p.rows);
      }
      expect(all.map((r) => r.userId)).toEqual(sorted.map((r) => r.userId));
      expect(all.map((r) => r.rank)).toEqual(ranks);
      expect(all[0]).toEqual({ rank: 1, userId: userId(1), name: 'P1', mu: 39, sigma: 3, ordinal: 30, games: 1, wins: 0, streak: -1 });
      // Page 1 starts inside the tie at 7: its first row keeps the shared rank 3.
      expect((await store.leaderboard(g, 'phantom', 1, 1, size)).rows[0]).toMatchObject({ rank: 3, ordinal: 7 });
      expect(await store.leaderboard(g, 'phantom', 1, 99, size)).toMatchObject({ page: 5, pages: 6 });
      expect(await store.leaderboard(g, 'phantom', 1, -3, size)).toMatchObject({ page: 0 });
      expect(await store.leaderboard(g, 'phantom', 1, Number.NaN, size)).toMatchObject({ page: 0 });
      expect((await store.leaderboard(g, 'phantom', 1, 0)).rows).toHaveLength(10);
      expect(await store.leaderboard(g, 'phantom', 3, 0)).toEqual({ rows: [], page: 0, pages: 1, total: 0 });
      await expect(store.leaderboard(g, 'phantom', 1, 0, 0)).rejects.toBeInstanceOf(RangeError);
    });

    it('ranks the all-games view by lifetime games, then wins, then user id', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      // Games played: u1 3 (1 win), u2 3 (2 wins), u3 1, u4 3 (1 win), u5 1.
      const plays: [number, boolean][][] = [
        [[1, true], [2, false], [3, false], [4, false], [5, false]],
        [[1, false], [2, true], [4, true]],
        [[1, false], [2, true], [4, false]],
      ];
      let season = 1;
      for (const game of plays) {
        await store.transaction((tx) => tx.saveRatings(g, 'noir', season++, game.map(([n, won]) => rating(n, 1, { won })), T0));
      }
      const page0 = await store.allGames(g, 0, 3);
      expect(page0).toMatchObject({ page: 0, pages: 2, total: 5 });
      expect(page0.rows).toEqual([
        { rank: 1, userId: userId(2), name: 'P2', games: 3, wins: 2 },
        { rank: 2, userId: userId(4), name: 'P4', games: 3, wins: 1 },
        { rank: 3, userId: userId(1), name: 'P1', games: 3, wins: 1 },
      ]);
      expect((await store.allGames(g, 7, 3)).rows.map((r) => [r.rank, r.userId])).toEqual([
        [4, userId(5)],
        [5, userId(3)],
      ]);
      expect(await store.allGames(GUILDS[2]!, 0)).toEqual({ rows: [], page: 0, pages: 1, total: 0 });
    });

    it("shows a player's current-season record per game with their rank, and their recent games", async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const me = 3;
      await store.transaction((tx) => tx.saveRatings(g, 'suspicion', 1, [rating(1, 9), rating(2, 5), rating(me, 5), rating(4, 1)], T0));
      await store.transaction((tx) => tx.saveRatings(g, 'noir', 1, [rating(1, 2), rating(me, 8)], T0));
      await store.resetSeason(g, 'noir', 1, userId(1), T0);
      await store.transaction((tx) => tx.saveRatings(g, 'noir', 2, [rating(1, 4), rating(me, 3), rating(5, 3.5)], T0));
      await store.transaction((tx) => tx.saveRatings(g, 'phantom', 1, [rating(1, 4)], T0));
      const records = await store.playerGames(g, userId(me));
      expect(records.map((r) => [r.game, r.season, r.ordinal, r.rank, r.of])).toEqual([
        ['noir', 2, 3, 3, 3],
        ['suspicion', 1, 5, 2, 4],
      ]);
      expect(await store.playerGames(g, userId(42))).toEqual([]);

      const tables: TableRow[] = [];
      for (let i = 0; i < 7; i++) tables.push(await insert(store));
      const ends = [T0 + 10, T0 + 30, T0 + 30, T0 + 20, T0 + 40, T0 + 5, T0 + 50];
      await store.transaction(async (tx) => {
        // Stored newest table first, so insertion order cannot stand in for the table-id tie-break.
        for (const [i, t] of [...tables.entries()].reverse()) {
          const seatsAt = 2 + (i % 3);
          const rows = Array.from({ length: seatsAt }, (_, seat) => ({
            tableId: t.id,
            seat,
            guildId: i === 6 ? GUILDS[1]! : g,
            game: 'noir',
            userId: seat === 0 ? userId(me) : userId(10 + seat),
            placement: seat + 1,
            winner: seat === 0,
            score: seat === 0 ? i * 1.5 : null,
            left: false,
            endedAt: ends[i]!,
          }));
          await tx.insertResults(rows);
        }
      });
      // A rated game's change is kept on the player's own row only (/history's rating column).
      await store.transaction((tx) => tx.setRatingChanges(tables[4]!.id, [{ userId: userId(me), change: -1.25 }]));
      await store.transaction((tx) => tx.setRatingChanges(tables[2]!.id, [{ userId: userId(me), change: 2.5 }, { userId: userId(12), change: -2.5 }]));
      const recent = await store.recentGames(g, userId(me), 4);
      // Newest first; the two games ending at T0+30 by higher table id first; the other guild's game is not listed.
      expect(recent).toEqual([
        { tableId: tables[4]!.id, game: 'noir', placement: 1, winner: true, left: false, score: 6, players: 3, endedAt: T0 + 40, ratingChange: -1.25 },
        { tableId: tables[2]!.id, game: 'noir', placement: 1, winner: true, left: false, score: 3, players: 4, endedAt: T0 + 30, ratingChange: 2.5 },
        { tableId: tables[1]!.id, game: 'noir', placement: 1, winner: true, left: false, score: 1.5, players: 3, endedAt: T0 + 30, ratingChange: null },
        { tableId: tables[3]!.id, game: 'noir', placement: 1, winner: true, left: false, score: 4.5, players: 2, endedAt: T0 + 20, ratingChange: null },
      ]);
      expect((await store.recentGames(g, userId(12), 10)).find((row) => row.tableId === tables[2]!.id)!.ratingChange).toBe(-2.5);
      expect(await store.recentGames(g, userId(me))).toHaveLength(5);
    });

    it("lists a player's games that started and were stopped (cancelled, abandoned), newest first, for /history", async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const me = 3;
      const stopped = async (over: Partial<NewTable>, mine: { seat: number | null; left?: boolean } | null, others = 1) => {
        const table = await insert(store, { status: 'cancelled', seed: 99, state: {}, startedAt: T0, ...over });
        await store.transaction(async (tx) => {
          if (mine) await tx.insertSeat({ tableId: table.id, userId: userId(me), displayName: 'Me', joinedAt: T0, seat: mine.seat, left: mine.left ?? false });
          for (let i = 0; i < others; i++) await tx.insertSeat({ tableId: table.id, userId: userId(20 + i), displayName: `O${i}`, joinedAt: T0, seat: i + 1 });
        });
        return table.id;
      };
      const cancelled = await stopped({ endedAt: T0 + 10, endReason: 'cancelled' }, { seat: 0 }, 2);
      const abandoned = await stopped({ endedAt: T0 + 30, endReason: 'abandoned' }, { seat: 0, left: true });
      const byAdmin = await stopped({ endedAt: T0 + 30, endReason: 'admin' }, { seat: 0 });
      // Not listed: a lobby that never started, a finished game, a running one, another server's, a table without me.
      await stopped({ seed: null, state: null, startedAt: null, endedAt: T0 + 40, endReason: 'expired' }, { seat: null });
      await stopped({ status: 'finished', endedAt: T0 + 40, endReason: 'win' }, { seat: 0 });
      await stopped({ status: 'active', endedAt: null }, { seat: 0 });
      await stopped({ guildId: GUILDS[1]!, endedAt: T0 + 40, endReason: 'cancelled' }, { seat: 0 });
      await stopped({ endedAt: T0 + 40, endReason: 'cancelled' }, null);
      expect(await store.stoppedGames(g, userId(me), 10)).toEqual([
        { tableId: byAdmin, game: 'suspicion', endReason: 'admin', left: false, players: 2, endedAt: T0 + 30 },
        { tableId: abandoned, game: 'suspicion', endReason: 'abandoned', left: true, players: 2, endedAt: T0 + 30 },
        { tableId: cancelled, game: 'suspicion', endReason: 'cancelled', left: false, players: 3, endedAt: T0 + 10 },
      ]);
      expect((await store.stoppedGames(g, userId(me), 1)).map((row) => row.tableId)).toEqual([byAdmin]);
      expect(await store.stoppedGames(g, userId(42))).toEqual([]);
    });
  });

  describe(`${backend} store: server settings and the admin table list`, () => {
    it('merges settings patches: numbers set, null clears, missing keys stay', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      expect(await store.guildDefaults(g)).toEqual({});
      expect(await store.updateGuildDefaults(g, { turnSeconds: 120, voteSeconds: 30 }, userId(1), T0)).toEqual({ turnSeconds: 120, voteSeconds: 30 });
      expect(await store.updateGuildDefaults(g, { reactionSeconds: 8, voteSeconds: null }, userId(1), T0 + 1)).toEqual({ turnSeconds: 120, reactionSeconds: 8 });
      expect(await store.updateGuildDefaults(g, {}, userId(1), T0 + 2)).toEqual({ turnSeconds: 120, reactionSeconds: 8 });
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 120, reactionSeconds: 8 });
      expect(await store.guildDefaults(GUILDS[1]!)).toEqual({});
      await expect(store.updateGuildDefaults(g, { turnSeconds: 1.5 }, userId(1), T0)).rejects.toBeInstanceOf(RangeError);
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 120, reactionSeconds: 8 });
    });

    it('stores the server language apart from the timer defaults and hosting rules; null clears it', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      expect(await store.guildLanguage(g)).toBeNull();
      await store.updateGuildDefaults(g, { turnSeconds: 90 }, userId(1), T0);
      await store.setGuildLanguage(g, 'es', userId(1), T0 + 1);
      expect(await store.guildLanguage(g)).toBe('es');
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 90 });
      await store.updateHostingRules(g, { allowChannel: '800000000000000001' }, userId(1), T0 + 2);
      expect(await store.guildLanguage(g)).toBe('es');
      await store.setGuildLanguage(g, null, userId(1), T0 + 3);
      expect(await store.guildLanguage(g)).toBeNull();
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 90 });
      expect((await store.hostingRules(g)).channelIds).toEqual(['800000000000000001']);
      expect(await store.guildLanguage(GUILDS[1]!)).toBeNull();
    });

    it('stores the text-boards settings (README "Pictures"): per user, per server, false until set; erasing a user forgets theirs', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      expect(await store.userTextBoards(userId(1))).toBe(false);
      await store.setUserTextBoards(userId(1), true, T0);
      expect(await store.userTextBoards(userId(1))).toBe(true);
      expect(await store.userTextBoards(userId(2))).toBe(false);
      await store.setUserTextBoards(userId(1), false, T0 + 1);
      expect(await store.userTextBoards(userId(1))).toBe(false);
      await store.setUserTextBoards(userId(1), true, T0 + 2);
      expect(await store.guildTextBoards(g)).toBe(false);
      await store.setGuildLanguage(g, 'es', userId(2), T0);
      await store.setGuildTextBoards(g, true, userId(2), T0 + 1);
      expect(await store.guildTextBoards(g)).toBe(true);
      expect(await store.guildLanguage(g)).toBe('es');
      expect(await store.guildTextBoards(GUILDS[1]!)).toBe(false);
      expect((await store.eraseUserData(userId(1))).ok).toBe(true);
      expect(await store.userTextBoards(userId(1))).toBe(false);
    });

    it('reads the text-boards settings with the table: a table takes its server\'s when opened, the setting\'s write updates the open tables only; each seat carries its user\'s text-panels setting', async () => {
      const store = await harness.open();
      const [g, other] = [GUILDS[0]!, GUILDS[1]!];
      const before = await insert(store);
      expect(before.textBoards).toBe(false);
      await store.setGuildTextBoards(g, true, userId(2), T0);
      // Opened after the setting: takes it in the insert itself (no read of the settings).
      const after = await insert(store);
      expect(after.textBoards).toBe(true);
      expect((await insert(store, { guildId: other })).textBoards).toBe(false);
      expect((await insert(store, { textBoards: false })).textBoards).toBe(false);
      // The setting's write reaches the server's open tables, not its closed ones nor another server's.
      const closed = await insert(store);
      await store.transaction((tx) => tx.updateTable(closed.id, 0, { status: 'finished' }));
      await store.setGuildTextBoards(g, false, userId(2), T0 + 1);
      expect((await store.table(before.id))!.textBoards).toBe(false);
      expect((await store.table(after.id))!.textBoards).toBe(false);
      expect((await store.table(closed.id))!.textBoards).toBe(true);
      await store.transaction((tx) => tx.setGuildTextBoards(g, true, userId(2), T0 + 2));
      expect((await store.table(before.id))!.textBoards).toBe(true);
      expect((await store.table(closed.id))!.textBoards).toBe(true);
      // Seats: the user's panel setting comes with every read of seats (one statement).
      await store.transaction(async (tx) => {
        await tx.insertSeat({ tableId: before.id, userId: userId(1), displayName: 'One', joinedAt: T0 + 1 });
        await tx.insertSeat({ tableId: before.id, userId: userId(2), displayName: 'Two', joinedAt: T0 + 2 });
      });
      await store.setUserTextBoards(userId(2), true, T0);
      const seatsOf = (rows: { userId: string; textPanels?: boolean }[]) => rows.map((row) => [row.userId, row.textPanels]);
      expect(seatsOf(await store.seats(before.id))).toEqual([
        [userId(1), false],
        [userId(2), true],
      ]);
      expect(seatsOf(await store.transaction((tx) => tx.seats(before.id)))).toEqual([
        [userId(1), false],
        [userId(2), true],
      ]);
      expect(seatsOf((await store.tablesWithSeats([before.id]))[0]!.seats)).toEqual([
        [userId(1), false],
        [userId(2), true],
      ]);
    });

    it('stores the watching defaults and the tournament role (docs/watching.md): nulls until set, patches keep the other keys, null clears', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const none = { spectators: null, spectatorDelay: null, watchersSeeHands: null, tournamentRoleId: null };
      expect(await store.guildWatchSettings(g)).toEqual(none);
      await store.setGuildTextBoards(g, true, userId(2), T0);
      expect(await store.setGuildWatchSettings(g, { spectators: 'delayed', spectatorDelay: 4 }, userId(2), T0 + 1)).toEqual({ ...none, spectators: 'delayed', spectatorDelay: 4 });
      await store.transaction((tx) => tx.setGuildWatchSettings(g, { watchersSeeHands: 'after-the-end', tournamentRoleId: '900000000000000001' }, userId(2), T0 + 2));
      expect(await store.guildWatchSettings(g)).toEqual({ spectators: 'delayed', spectatorDelay: 4, watchersSeeHands: 'after-the-end', tournamentRoleId: '900000000000000001' });
      await store.setGuildWatchSettings(g, { spectatorDelay: null, tournamentRoleId: null }, userId(2), T0 + 3);
      expect(await store.guildWatchSettings(g)).toEqual({ ...none, spectators: 'delayed', watchersSeeHands: 'after-the-end' });
      expect(await store.guildTextBoards(g)).toBe(true);
      expect(await store.guildWatchSettings(GUILDS[1]!)).toEqual(none);
    });

    it('pages a server\'s open tables oldest first with their seats and last move', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const open: TableRow[] = [];
      for (let i = 0; i < 5; i++) open.push(await insert(store, { status: i % 2 ? 'active' : 'lobby' }));
      const closed = await insert(store);
      await insert(store, { guildId: GUILDS[1] });
      await store.transaction(async (tx) => {
        await tx.updateTable(closed.id, 0, { status: 'finished' });
        await tx.insertSeat({ tableId: open[1]!.id, userId: userId(2), displayName: 'Two', joinedAt: T0 + 2 });
        await tx.insertSeat({ tableId: open[1]!.id, userId: userId(1), displayName: 'One', joinedAt: T0 + 1 });
        await tx.appendAction({ tableId: open[1]!.id, seq: 1, seat: 0, userId: userId(1), kind: 'player', action: {}, at: T0 + 100 });
        await tx.appendAction({ tableId: open[1]!.id, seq: 2, seat: 1, userId: userId(2), kind: 'player', action: {}, at: T0 + 200 });
      });
      const first = await store.adminTables(g, 1, 2);
      expect(first).toMatchObject({ page: 1, pages: 3, total: 5 });
      expect(first.tables.map((e) => e.table.id)).toEqual([open[0]!.id, open[1]!.id]);
      expect(first.tables[0]).toEqual({ table: open[0], seats: [], lastMoveAt: null });
      expect(first.tables[1]!.seats.map((s) => s.displayName)).toEqual(['One', 'Two']);
      expect(first.tables[1]!.lastMoveAt).toBe(T0 + 200);
      expect((await store.adminTables(g, 3, 2)).tables.map((e) => e.table.id)).toEqual([open[4]!.id]);
      expect(await store.adminTables(g, 99, 2)).toMatchObject({ page: 3 });
      expect(await store.adminTables(g, 0, 2)).toMatchObject({ page: 1 });
      expect(await store.adminTables(GUILDS[3]!, 1, 2)).toEqual({ tables: [], page: 1, pages: 1, total: 0 });
    });
  });

  describe(`${backend} store: Play again, hosting rules, bots and privacy`, () => {
    it('finds the first table opened in a channel after a given one, of any status', async () => {
      const store = await harness.open();
      const channelId = '3999999999999999999';
      const old = await insert(store, { channelId });
      await store.transaction((tx) => tx.updateTable(old.id, 0, { status: 'finished' }));
      const elsewhere = await insert(store);
      expect(elsewhere.id).toBeGreaterThan(old.id);
      expect(await store.newerTableInChannel(channelId, old.id)).toBeUndefined();
      const next = await insert(store, { channelId });
      await store.transaction((tx) => tx.updateTable(next.id, 0, { status: 'cancelled' }));
      const third = await insert(store, { channelId });
      expect((await store.newerTableInChannel(channelId, old.id))?.id).toBe(next.id);
      expect((await store.newerTableInChannel(channelId, next.id))?.id).toBe(third.id);
      expect(await store.newerTableInChannel(channelId, third.id)).toBeUndefined();
      expect((await store.transaction((tx) => tx.newerTableInChannel(channelId, old.id)))?.id).toBe(next.id);
    });

    it('stores hosting rules patch by patch; refused patches change nothing; timer defaults stay apart', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const [c1, c2, c3] = ['800000000000000001', '800000000000000002', '800000000000000003'];
      const role = '700000000000000001';
      expect(await store.hostingRules(g)).toEqual({ channelIds: null, hostRoleId: null });
      expect(await store.updateHostingRules(g, { removeChannel: c1 }, userId(1), T0)).toEqual({ ok: false, problem: { code: 'no-list', channelId: c1 } });
      expect(await store.updateGuildDefaults(g, { turnSeconds: 90 }, userId(1), T0)).toEqual({ turnSeconds: 90 });
      expect(await store.updateHostingRules(g, { allowChannel: c1, hostRoleId: role }, userId(1), T0 + 1)).toEqual({ ok: true, emptied: false, rules: { channelIds: [c1], hostRoleId: role } });
      expect(await store.updateHostingRules(g, { allowChannel: c2 }, userId(1), T0 + 2)).toEqual({ ok: true, emptied: false, rules: { channelIds: [c1, c2], hostRoleId: role } });
      expect(await store.updateHostingRules(g, { allowChannel: c1 }, userId(1), T0 + 3)).toEqual({ ok: false, problem: { code: 'already-listed', channelId: c1 } });
      expect(await store.updateHostingRules(g, { removeChannel: c3, hostRoleId: null }, userId(1), T0 + 4)).toEqual({ ok: false, problem: { code: 'not-listed', channelId: c3 } });
      expect(await store.hostingRules(g)).toEqual({ channelIds: [c1, c2], hostRoleId: role });
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 90 });
      expect(await store.updateHostingRules(g, { removeChannel: c1 }, userId(1), T0 + 5)).toMatchObject({ ok: true, emptied: false, rules: { channelIds: [c2] } });
      expect(await store.updateHostingRules(g, { removeChannel: c2 }, userId(1), T0 + 6)).toEqual({ ok: true, emptied: true, rules: { channelIds: null, hostRoleId: role } });
      for (let n = 0; n < MAX_TABLE_CHANNELS; n++) expect((await store.updateHostingRules(g, { allowChannel: `9${String(n).padStart(17, '0')}` }, userId(1), T0 + 7)).ok).toBe(true);
      expect(await store.updateHostingRules(g, { allowChannel: c3 }, userId(1), T0 + 8)).toEqual({ ok: false, problem: { code: 'too-many', max: MAX_TABLE_CHANNELS } });
      expect((await store.hostingRules(g)).channelIds).toHaveLength(MAX_TABLE_CHANNELS);
      expect(await store.updateHostingRules(g, { anyChannel: true, hostRoleId: null }, userId(1), T0 + 9)).toEqual({ ok: true, emptied: false, rules: { channelIds: null, hostRoleId: null } });
      expect(await store.guildDefaults(g)).toEqual({ turnSeconds: 90 });
      expect(await store.hostingRules(GUILDS[1]!)).toEqual({ channelIds: null, hostRoleId: null });
    });

    it('rolls a hosting patch back with the transaction it ran in', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      await expect(
        store.transaction(async (tx) => {
          expect(await tx.updateHostingRules(g, { allowChannel: '800000000000000001' }, userId(1), T0)).toMatchObject({ ok: true });
          await tx.updateGuildDefaults(g, { voteSeconds: 30 }, userId(1), T0);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await store.hostingRules(g)).toEqual({ channelIds: null, hostRoleId: null });
      expect(await store.guildDefaults(g)).toEqual({});
    });

    it('keeps both of two admins\' channels allowed at the same moment', async () => {
      const a = await harness.open();
      const b = await harness.peer(a);
      const g = GUILDS[0]!;
      for (let round = 0; round < 3; round++) {
        const outcomes = await Promise.all([
          a.updateHostingRules(g, { allowChannel: `81000000000000000${round}` }, 'A', T0),
          b.updateHostingRules(g, { allowChannel: `82000000000000000${round}` }, 'B', T0),
        ]);
        expect(outcomes.every((o) => o.ok)).toBe(true);
      }
      expect([...((await a.hostingRules(g)).channelIds ?? [])].sort()).toEqual(
        ['810000000000000000', '810000000000000001', '810000000000000002', '820000000000000000', '820000000000000001', '820000000000000002'],
      );
    });

    it('counts a player\'s finished games and wins against each bot level, weakest first', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const me = userId(1);
      const result = (tableId: number, seat: number, user: string, placement: number, botLevel: string | null = null) => ({
        tableId, seat, guildId: g, game: 'noir', userId: user, placement, winner: placement === 1, score: null, endedAt: T0, botLevel,
      });
      const tables: TableRow[] = [];
      for (let i = 0; i < 4; i++) tables.push(await insert(store));
      await store.transaction(async (tx) => {
        // Two hard bots at one table count it once; I won there.
        await tx.insertResults([result(tables[0]!.id, 0, me, 1), result(tables[0]!.id, 1, 'bot:1', 2, 'hard'), result(tables[0]!.id, 2, 'bot:2', 3, 'hard')]);
        // An easy and a hard bot: one game against each level; I lost.
        await tx.insertResults([result(tables[1]!.id, 0, 'bot:1', 1, 'easy'), result(tables[1]!.id, 1, me, 2), result(tables[1]!.id, 2, 'bot:2', 3, 'hard')]);
        // Humans only: not a game against bots.
        await tx.insertResults([result(tables[2]!.id, 0, me, 1), result(tables[2]!.id, 1, userId(2), 2)]);
        // Another player's game against a bot.
        await tx.insertResults([result(tables[3]!.id, 0, userId(2), 1), result(tables[3]!.id, 1, 'bot:1', 2, 'normal')]);
      });
      expect(await store.recordAgainstBots(g, me)).toEqual([
        { level: 'easy', games: 1, wins: 0 },
        { level: 'hard', games: 2, wins: 1 },
      ]);
      expect(await store.recordAgainstBots(g, userId(2))).toEqual([{ level: 'normal', games: 1, wins: 1 }]);
      expect(await store.recordAgainstBots(GUILDS[1]!, me)).toEqual([]);
    });

    it('lists what players finished of a game: per user, the distinct options and player counts, human seats only (docs/lessons.md "First table of a game")', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const [me, you] = [userId(1), userId(2)];
      const result = (tableId: number, seat: number, user: string, game = 'phantom', botLevel: string | null = null) => ({
        tableId, seat, guildId: g, game, userId: user, placement: seat + 1, winner: seat === 0, score: null, endedAt: T0, botLevel,
      });
      const beginner = await insert(store, { game: 'phantom', options: { beginner: true } });
      const again = await insert(store, { game: 'phantom', options: { beginner: true } });
      const noir = await insert(store, { game: 'noir', options: {} });
      await store.transaction(async (tx) => {
        await tx.insertResults([result(beginner.id, 0, me), result(beginner.id, 1, you), result(beginner.id, 2, 'bot-1', 'phantom', 'easy')]);
        // The same kind of game again: one row.
        await tx.insertResults([result(again.id, 0, me), result(again.id, 1, you), result(again.id, 2, 'bot-1', 'phantom', 'easy')]);
        await tx.insertResults([result(noir.id, 0, userId(3), 'noir'), result(noir.id, 1, me, 'noir')]);
      });
      const rows = await store.finishedGamesOf(g, 'phantom', [me, userId(3), 'bot-1']);
      expect(rows).toEqual([{ userId: me, options: { beginner: true }, players: 3 }]);
      expect(await store.finishedGamesOf(g, 'noir', [me, you])).toEqual([{ userId: me, options: {}, players: 2 }]);
      expect(await store.finishedGamesOf(GUILDS[1]!, 'phantom', [me])).toEqual([]);
      expect(await store.finishedGamesOf(g, 'phantom', [])).toEqual([]);
    });

    it('lists who played a game\'s lesson to its end: lesson tables closed lesson-done, per learner, any script version (docs/lessons.md "First table of a game")', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const [me, you, them] = [userId(1), userId(2), userId(3)];
      const lesson = (host: string, over: Partial<NewTable>) => insert(store, { game: 'noir', hostUserId: host, status: 'cancelled', lesson: 'noir@1', endReason: LESSON_DONE_REASON, ...over });
      await lesson(me, {});
      await lesson(me, { lesson: 'noir@2' });
      // Left, idle, still open: not finished.
      await lesson(you, { endReason: 'cancelled' });
      await lesson(you, { endReason: LESSON_IDLE_REASON });
      await lesson(them, { status: 'active', endReason: null });
      // A real game ended with that reason's name is no lesson; another game's lesson is not this one.
      await insert(store, { game: 'noir', hostUserId: you, status: 'cancelled', endReason: LESSON_DONE_REASON });
      await lesson(them, { game: 'phantom', lesson: 'phantom@1' });
      expect(await store.finishedLessonsOf(g, 'noir', [me, you, them])).toEqual([me]);
      expect(await store.finishedLessonsOf(g, 'phantom', [me, them])).toEqual([them]);
      expect(await store.finishedLessonsOf(GUILDS[1]!, 'noir', [me])).toEqual([]);
      expect(await store.finishedLessonsOf(g, 'noir', [])).toEqual([]);
    });

    it('counts what it stores about a user, lists their open seats, and erases it in one transaction', async () => {
      const store = await harness.open();
      const g = GUILDS[0]!;
      const me = userId(1);
      const other = userId(2);
      const past = await insert(store, { hostUserId: me });
      const lobbyTable = await insert(store, { hostUserId: other });
      await store.transaction(async (tx) => {
        await tx.insertSeat({ tableId: past.id, userId: me, displayName: 'Me', joinedAt: T0, seat: 0 });
        await tx.insertSeat({ tableId: past.id, userId: other, displayName: 'Other', joinedAt: T0, seat: 1 });
        await tx.appendAction({ tableId: past.id, seq: 1, seat: 0, userId: me, kind: 'player', action: { a: 1 }, at: T0 });
        await tx.appendAction({ tableId: past.id, seq: 2, seat: 1, userId: other, kind: 'player', action: { a: 2 }, at: T0 });
        await tx.updateTable(past.id, 0, { status: 'finished', endedBy: me });
        await tx.setMessageIds(past.id, { boardMessageId: '900000000000000001' });
        await tx.insertResults([
          { tableId: past.id, seat: 0, guildId: g, game: 'noir', userId: me, placement: 1, winner: true, score: null, endedAt: T0 },
          { tableId: past.id, seat: 1, guildId: g, game: 'noir', userId: other, placement: 2, winner: false, score: null, endedAt: T0 },
        ]);
        await tx.saveRatings(g, 'noir', 1, [rating(1, 5, { won: true }), rating(2, 1)], T0);
        await tx.insertSeat({ tableId: lobbyTable.id, userId: me, displayName: 'Me', joinedAt: T0 });
      });
      await store.resetSeason(g, 'noir', 1, me, T0);
      await store.updateGuildDefaults(g, { turnSeconds: 60 }, me, T0);
      await store.setUserTextBoards(me, true, T0);
      await store.setTurnNotify(me, 'dm', T0);
      await store.setTurnNotify(other, 'dm', T0);
      expect(await store.storedData(me)).toEqual({ seats: 2, results: 1, ratings: 1, totals: 1, settings: 1, tournaments: 0 });
      expect(await store.openSeatsOf(me)).toEqual([{ tableId: lobbyTable.id, guildId: g, channelId: lobbyTable.channelId, game: 'suspicion', status: 'lobby', left: false }]);
      // A seat at an open table refuses the erasure, changing nothing.
      const refused = await store.eraseUserData(me);
      expect(refused).toEqual({ ok: false, openSeats: await store.openSeatsOf(me), openTournaments: [] });
      expect(await store.storedData(me)).toEqual({ seats: 2, results: 1, ratings: 1, totals: 1, settings: 1, tournaments: 0 });
      await store.transaction((tx) => tx.updateTable(lobbyTable.id, 0, { status: 'cancelled' }));
      const erased = await store.eraseUserData(me);
      expect(erased).toEqual({ ok: true, erased: { seats: 2, results: 1, ratings: 1, totals: 1, settings: 1, tournaments: 0 }, anonymisedTables: [past.id] });
      expect(await store.storedData(me)).toEqual({ seats: 0, results: 0, ratings: 0, totals: 0, settings: 0, tournaments: 0 });
      // The preferences went with the rest; the other player's stayed.
      expect(await store.storedData(other)).toMatchObject({ settings: 1, tournaments: 0 });
      // The past game stays whole, anonymous; the other player's rows are untouched.
      expect((await store.seats(past.id)).map((s) => [s.seat, s.userId, s.displayName])).toEqual([[0, `${ANONYMOUS_USER_ID}:0`, ''], [1, other, 'Other']]);
      expect((await store.results(past.id)).map((r) => [r.userId, r.placement])).toEqual([[`${ANONYMOUS_USER_ID}:0`, 1], [other, 2]]);
      expect((await store.actions(past.id)).map((a) => [a.userId, a.action])).toEqual([[null, { a: 1 }], [other, { a: 2 }]]);
      expect(await store.table(past.id)).toMatchObject({ hostUserId: ANONYMOUS_USER_ID, endedBy: null });
      expect(await store.seats(lobbyTable.id)).toEqual([]);
      expect(await store.playerTotals(g, other)).toMatchObject({ games: 1, wins: 0 });
      expect((await store.seasonRatings(g, 'noir', 1, [me, other])).map((r) => r.userId)).toEqual([other]);
      // Running it again finds nothing left.
      expect(await store.eraseUserData(me)).toEqual({ ok: true, erased: { seats: 0, results: 0, ratings: 0, totals: 0, settings: 0, tournaments: 0 }, anonymisedTables: [] });
    });

    it('refuses an erasure while they are in or organise an open tournament, and makes their entry in closed ones anonymous with the standings unchanged', async () => {
      const store = await harness.open();
      const [me, other, third] = [userId(1), userId(2), userId(3)];
      const settings = { seats: 2, rounds: 1, pace: 'live', moveHours: 24, roundHours: 2, emptySeats: 'bye', botLevel: 'normal', rated: true, lateJoinUntil: 1, maxEntrants: 64 };
      const entrant = (id: string, name: string, withdrawnFrom: number | null = null) => ({ userId: id, name, joinedAt: T0, fromRound: 1, withdrawnFrom });
      // Round 1 of 3 entrants: me and other at table 1 (me wins), third has the bye.
      const round = {
        round: 1, startedAt: T0, deadlineAt: T0 + 1, endedAt: T0 + 1, byes: [third], repeats: 0, spread: 0, exhaustive: true, ranking: [other, me, third],
        tables: [{ no: 1, players: [other, me], bots: 0, channelId: '42', tableId: 7, outcome: { seats: [{ id: other, placement: 2 }, { id: me, placement: 1 }], reason: null } }],
      };
      const tournament = (status: 'signup' | 'running' | 'finished', organiser: string, entrants: unknown[], rounds: unknown[]) => ({
        guildId: GUILDS[0]!, channelId: String(3_100_000_000_000_000n + BigInt(++channelCounter)), game: 'noir', status, organiserUserId: organiser, name: 'Cup',
        options: {}, settings, seed: 39, entrants, rounds, createdAt: T0, updatedAt: T0,
      });
      const [past, open, organised] = await store.transaction(async (tx) => [
        await tx.insertTournament(tournament('finished', me, [entrant(other, 'Other'), entrant(me, 'Me'), entrant(third, 'Third')], [round])),
        await tx.insertTournament(tournament('running', other, [entrant(me, 'Me', 2), entrant(other, 'Other')], [])),
        await tx.insertTournament(tournament('signup', me, [entrant(other, 'Other')], [])),
      ]);
      await store.transaction(async (tx) => {
        await tx.appendTournamentLog({ tournamentId: past.id, seq: 1, at: T0, byUserId: me, kind: 'opened', data: { game: 'noir' } });
        await tx.appendTournamentLog({ tournamentId: past.id, seq: 2, at: T0, byUserId: other, kind: 'joined', data: { fromRound: 1 } });
        await tx.appendTournamentLog({ tournamentId: past.id, seq: 3, at: T0, byUserId: null, kind: 'round-paired', data: { round: 1, tables: [{ no: 1, players: [other, me], bots: 0 }], byes: [third] } });
        await tx.appendTournamentLog({ tournamentId: past.id, seq: 4, at: T0, byUserId: null, kind: 'finished', data: { winner: me } });
      });
      expect(await store.storedData(me)).toMatchObject({ tournaments: 3 });
      expect(await store.storedData(userId(9))).toMatchObject({ tournaments: 0 });
      // Entered (withdrawn, yet their results count until it ends) and organising: refused, nothing changes.
      const openEntries = [
        { tournamentId: open.id, guildId: GUILDS[0], channelId: open.channelId, name: 'Cup', game: 'noir', organiser: false, withdrawn: true },
        { tournamentId: organised.id, guildId: GUILDS[0], channelId: organised.channelId, name: 'Cup', game: 'noir', organiser: true, withdrawn: false },
      ];
      expect(await store.openTournamentsOf(me)).toEqual(openEntries);
      expect(await store.eraseUserData(me)).toEqual({ ok: false, openSeats: [], openTournaments: openEntries });
      expect(await store.tournament(past.id)).toEqual(past);
      await store.transaction(async (tx) => {
        await tx.updateTournament(open.id, open.version, { status: 'finished' });
        await tx.updateTournament(organised.id, organised.version, { status: 'cancelled' });
      });
      const erased = await store.eraseUserData(me);
      expect(erased).toMatchObject({ ok: true, erased: { tournaments: 3 } });
      expect(await store.storedData(me)).toMatchObject({ tournaments: 0 });
      // Their entry (second, index 1) is anonymous:1 wherever it appeared; the others' are untouched.
      const anon = `${ANONYMOUS_USER_ID}:1`;
      const after = (await store.tournament(past.id))!;
      expect(after).toMatchObject({ organiserUserId: ANONYMOUS_USER_ID, version: past.version + 1 });
      expect(after.entrants).toEqual([entrant(other, 'Other'), { ...entrant(anon, ''), userId: anon }, entrant(third, 'Third')]);
      expect(after.rounds).toEqual([{ ...round, ranking: [other, anon, third], tables: [{ ...round.tables[0], players: [other, anon], outcome: { seats: [{ id: other, placement: 2 }, { id: anon, placement: 1 }], reason: null } }] }]);
      const standing = (row: TournamentRow) => standingsOf(parseTournament(row)).map((line) => [line.id, line.place, line.points, line.buchholz]);
      expect(standing(after)).toEqual(standing(past).map(([id, ...rest]) => [id === me ? anon : id, ...rest]));
      expect(standing(after)[0]).toEqual([anon, 1, 1, 0]);
      expect((await store.tournamentLog(past.id)).map((row) => [row.byUserId, row.data])).toEqual([
        [ANONYMOUS_USER_ID, { game: 'noir' }],
        [other, { fromRound: 1 }],
        [null, { round: 1, tables: [{ no: 1, players: [other, anon], bots: 0 }], byes: [third] }],
        [null, { winner: anon }],
      ]);
      expect((await store.tournament(open.id))!.entrants).toEqual([{ ...entrant(`${ANONYMOUS_USER_ID}:0`, '', 2) }, entrant(other, 'Other')]);
      expect(await store.tournament(organised.id)).toMatchObject({ organiserUserId: ANONYMOUS_USER_ID, entrants: [entrant(other, 'Other')] });
      expect(JSON.stringify([await store.tournament(past.id), await store.tournamentLog(past.id), await store.tournament(open.id), await store.tournament(organised.id)])).not.toContain(me);
      // Running it again finds nothing left.
      expect(await store.eraseUserData(me)).toMatchObject({ ok: true, erased: { tournaments: 0 } });
    });
  });

  describe(`${backend} store: closing`, () => {
    it('refuses calls after close()', async () => {
      const store = await harness.open();
      await store.close();
      await expect(store.table(1)).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.transaction(async () => 1)).rejects.toBeInstanceOf(StoreClosedError);
      await store.close();
    });
  });
}
