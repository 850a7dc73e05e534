/**
 * The table service against a real SQLite database, with the "Tally" fixture game: lobby
 * rules, dispatch, stale and raced clicks, deadlines and away players, leaving, results,
 * restart recovery and replay from the action log (docs/architecture.md §4; README "Commands"; docs/tables.md "Deadlines").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { SeatRow } from '../../src/persistence/store/types.js';
import { ABANDON_AFTER_MS, ABANDON_AFTER_TIMEOUTS, isAbandoned } from '../../src/tables/policy.js';
import { AWAY_AFTER_MISSED, LOBBY_IDLE_MS, RESTART_GRACE_MS, TableService } from '../../src/tables/service.js';
import type { Actor, TableChange } from '../../src/tables/types.js';
import { replayGame } from '../support/random-play.js';
import { TALLY_TARGET, tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';

const actor = (n: number, canManageGuild = false): Actor => ({ userId: `10000000000000000${n}`, displayName: `P${n}`, canManageGuild });
const [ana, ben, cleo, dev] = [actor(1), actor(2), actor(3), actor(4)];

let dir: string;
let db: Db;
let store: SqliteStore;
let service: TableService;
let changes: TableChange[];
let hookCalls: unknown[];

function makeService(): TableService {
  const s = new TableService({
    store,
    registry: new GameRegistry([tallyModule]),
    logger: silentLogger,
    newSeed: () => 12345,
    resultHooks: [async (_tx, { table, results }) => void hookCalls.push({ table: table.id, status: table.status, rows: results })],
  });
  s.addListener({ tableChanged: (c) => changes.push(c) });
  return s;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  dir = mkdtempSync(join(tmpdir(), 'rh-svc-'));
  db = openDatabase(join(dir, 'test.db'));
  store = new SqliteStore(db);
  changes = [];
  hookCalls = [];
  service = makeService();
});

afterEach(async () => {
  await service.deadlines.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

async function lobby(players: Actor[] = [ana, ben], options: Record<string, unknown> = {}) {
  const r = (await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: players[0]!, options }));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  for (const p of players.slice(1)) expect((await service.lobby.join(r.value.table.id, p)).ok).toBe(true);
  return r.value.table.id;
}

async function started(players: Actor[] = [ana, ben], options: Record<string, unknown> = {}) {
  const id = (await lobby(players, options));
  const r = (await service.lobby.start(id, players[0]!));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  // Everyone opens their hand once, so reaction windows have the table's length (docs/tables.md
  // "Suspicion notes": until then they last at least UNSEEN_HAND_WINDOW_MS).
  for (const player of players) if (!(await service.play.markPresent(id, player)).ok) throw new Error('markPresent refused');
  return id;
}

const state = async (id: number) => (await store.table(id))!.state as TallyState;
const pending = async (id: number) => tallyDefinition.pending((await state(id)));
const userOfSeat = async (id: number, seat: number) => {
  const s = (await store.seats(id)).find((x) => x.seat === seat)!;
  return [ana, ben, cleo, dev].find((a) => a.userId === s.userId)!;
};

describe('lobby', () => {
  it('allows one open table per channel and points at the existing one', async () => {
    const id = (await lobby());
    const r = (await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: cleo, options: {} }));
    expect(r).toMatchObject({ ok: false, error: { code: 'channel-busy', tableId: id } });
    expect((await service.lobby.createTable({ guildId: 'g1', channelId: 'c2', game: 'suspicion', host: cleo, options: {} })).ok).toBe(true);
  });

  it('refuses invalid options with one line per problem and stores nothing', async () => {
    const r = (await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: ana, options: { turnSeconds: 0, voteSeconds: 'x' } }));
    expect(r.ok).toBe(false);
    if (!r.ok && r.error.code === 'bad-options') expect(r.error.problems).toHaveLength(2);
    expect((await store.openTables())).toHaveLength(0);
  });

  it('a Join asked for while the lobby message is being posted commits after its id is stored: the change carries it', async () => {
    const r = await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: ana, options: {} });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const id = r.value.table.id;
    let answerBack!: () => void;
    // The command's answer that posts the lobby is still on its way back when Ben clicks Join on it.
    const posting = service.lobby.whilePosting(id, async () => {
      await new Promise<void>((resolve) => (answerBack = resolve));
      await store.setMessageIds(id, { boardMessageId: '900000000000000001' });
    });
    const join = service.lobby.join(id, ben);
    await vi.advanceTimersByTimeAsync(50);
    expect(changes).toEqual([]);
    answerBack();
    await posting;
    const joined = await join;
    expect(joined.ok && joined.value.table.boardMessageId).toBe('900000000000000001');
    expect(changes.map((c) => c.snapshot.table.boardMessageId)).toEqual(['900000000000000001']);
  });

  it('refuses a double join and a full table', async () => {
    const id = (await lobby([ana, ben, cleo, dev]));
    expect((await service.lobby.join(id, ben))).toMatchObject({ ok: false, error: { code: 'already-seated' } });
    expect((await service.lobby.join(id, actor(5)))).toMatchObject({ ok: false, error: { code: 'table-full', max: 4 } });
  });

  it('clamps the seat limit to the game range', async () => {
    const r = (await service.lobby.createTable({ guildId: 'g', channelId: 'c9', game: 'suspicion', host: ana, options: {}, maxSeats: 3 }));
    expect(r.ok && r.value.table.maxSeats).toBe(3);
    const r2 = (await service.lobby.createTable({ guildId: 'g', channelId: 'c8', game: 'suspicion', host: ana, options: {}, maxSeats: 99 }));
    expect(r2.ok && r2.value.table.maxSeats).toBe(4);
  });

  it('passes the host role when the host leaves, and closes when the last player leaves', async () => {
    const id = (await lobby([ana, ben, cleo]));
    expect((await service.lobby.leaveLobby(id, ana)).ok).toBe(true);
    expect((await store.table(id))!.hostUserId).toBe(ben.userId);
    (await service.lobby.leaveLobby(id, ben));
    (await service.lobby.leaveLobby(id, cleo));
    expect((await store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'empty' });
  });

  it('only the host starts, and only with enough players', async () => {
    const id = (await lobby([ana]));
    expect((await service.lobby.start(id, ana))).toMatchObject({ ok: false, error: { code: 'too-few-players', min: 2, have: 1 } });
    (await service.lobby.join(id, ben));
    expect((await service.lobby.start(id, ben))).toMatchObject({ ok: false, error: { code: 'host-only' } });
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    expect((await service.lobby.start(id, ana))).toMatchObject({ ok: false, error: { code: 'not-lobby' } });
    expect((await service.lobby.join(id, cleo))).toMatchObject({ ok: false, error: { code: 'not-lobby' } });
  });

  it('closes a lobby after 30 minutes without activity', async () => {
    const id = (await lobby([ana]));
    await vi.advanceTimersByTimeAsync(LOBBY_IDLE_MS - 1000);
    (await service.lobby.join(id, ben)); // activity resets the idle deadline
    await vi.advanceTimersByTimeAsync(LOBBY_IDLE_MS - 1000);
    expect((await store.table(id))!.status).toBe('lobby');
    await vi.advanceTimersByTimeAsync(2000);
    expect((await store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'expired' });
    expect(changes.at(-1)).toMatchObject({ tableId: id, ended: true });
  });

  it('cancel: host or Manage Server only', async () => {
    const id = (await lobby());
    expect((await service.lobby.cancel(id, ben))).toMatchObject({ ok: false, error: { code: 'host-or-manager-only' } });
    expect((await service.lobby.cancel(id, actor(9, true))).ok).toBe(true);
    expect((await store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'cancelled', endedBy: actor(9).userId });
    expect((await service.lobby.cancel(id, ana))).toMatchObject({ ok: false, error: { code: 'table-closed' } });
  });
});

describe('start', () => {
  it('shuffles seats with the seed, sets the game up and arms the first deadline', async () => {
    const id = (await started([ana, ben, cleo]));
    const t = (await store.table(id))!;
    expect(t.status).toBe('active');
    expect(t.seed).toBe(12345);
    expect((await store.seats(id)).map((s) => s.seat).sort()).toEqual([0, 1, 2]);
    expect(t.deadlineAt).toBe(Date.now() + 60_000);
    expect(t.deadlineStep).toBe((await pending(id)).step);
    const turnUser = (await userOfSeat(id, ((await pending(id)) as { seat: number }).seat));
    expect(changes.at(-1)).toMatchObject({ tableId: id, ping: [turnUser.userId] });
  });
});

describe('act', () => {
  it('applies a legal action in one transaction: state, version, log, deadline', async () => {
    const id = (await started());
    const before = (await store.table(id))!;
    const p = (await pending(id)) as { seat: number; step: number };
    const r = (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 2 }));
    expect(r.ok).toBe(true);
    const after = (await store.table(id))!;
    expect(after.version).toBe(before.version + 1);
    expect((await state(id)).totals[p.seat]).toBe(2);
    expect((await store.actions(id))).toMatchObject([{ seq: 1, seat: p.seat, kind: 'player', action: { type: 'add', n: 2 } }]);
    expect(after.deadlineAt).toBe(Date.now() + 10_000); // the race window (reaction timer)
  });

  it('refuses non-players, stale steps, illegal and malformed actions without changing anything', async () => {
    const id = (await started());
    const p = (await pending(id)) as { seat: number; step: number };
    const mover = (await userOfSeat(id, p.seat));
    const other = (await userOfSeat(id, 1 - p.seat));
    const v = (await store.table(id))!.version;
    expect((await service.play.act(id, cleo, p.step, { type: 'add', n: 1 }))).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect((await service.play.act(id, mover, p.step - 1, { type: 'add', n: 1 }))).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect((await service.play.act(id, other, p.step, { type: 'add', n: 1 }))).toMatchObject({ ok: false, error: { code: 'rule', error: { code: 'not_your_turn' } } });
    expect((await service.play.act(id, mover, p.step, { type: 'add', n: 3 }))).toMatchObject({ ok: false, error: { code: 'malformed' } });
    expect((await service.play.act(id, mover, p.step, { type: 'drop table' }))).toMatchObject({ ok: false, error: { code: 'malformed' } });
    expect((await service.play.act(999, mover, p.step, { type: 'add', n: 1 }))).toMatchObject({ ok: false, error: { code: 'no-table' } });
    expect((await store.table(id))!.version).toBe(v);
    expect((await store.actions(id))).toHaveLength(0);
  });

  it('tells listeners when a new decision opens (so an old ping can go) and whom to ping', async () => {
    const id = (await started([ana, ben, cleo]));
    const p = (await pending(id)) as { seat: number; step: number };
    changes = [];
    (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 1 }));
    // A race opened: a new decision, but reaction windows ping nobody.
    expect(changes.at(-1)).toMatchObject({ newDecision: true, ping: [] });
    const race = (await pending(id)) as { seats: number[]; step: number };
    (await service.play.act(id, (await userOfSeat(id, race.seats[0]!)), race.step, { type: 'pass' }));
    // One of two passed: same decision, nothing new.
    expect(changes.at(-1)).toMatchObject({ newDecision: false, ping: [] });
  });

  it('a double click applies once; the second is stale', async () => {
    const id = (await started());
    const p = (await pending(id)) as { seat: number; step: number };
    const mover = (await userOfSeat(id, p.seat));
    expect((await service.play.act(id, mover, p.step, { type: 'add', n: 1 })).ok).toBe(true);
    expect((await service.play.act(id, mover, p.step, { type: 'add', n: 1 }))).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect((await state(id)).totals[p.seat]).toBe(1);
  });

  it('a race: the first valid claim wins, the second is stale and changes nothing', async () => {
    const id = (await started([ana, ben, cleo]));
    const p = (await pending(id)) as { seat: number; step: number };
    (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 2 }));
    const race = (await pending(id));
    expect(race.kind).toBe('race');
    const [a, b] = (race as { seats: number[] }).seats;
    expect((await service.play.act(id, (await userOfSeat(id, a!)), race.step, { type: 'steal' })).ok).toBe(true);
    expect((await service.play.act(id, (await userOfSeat(id, b!)), race.step, { type: 'steal' }))).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect((await state(id)).totals[a!]).toBe(1);
    expect((await state(id)).totals[b!]).toBe(0);
  });

  it('a simultaneous vote keeps its step, so votes cast on the same drawing all count', async () => {
    const id = (await started([ana, ben]));
    for (let i = 0; i < 2; i++) {
      const p = (await pending(id)) as { seat: number; step: number };
      (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 1 }));
      const race = (await pending(id));
      (await service.play.act(id, (await userOfSeat(id, (race as { seats: number[] }).seats[0]!)), race.step, { type: 'pass' }));
    }
    const vote = (await pending(id));
    expect(vote.kind).toBe('simultaneous');
    expect((await service.play.act(id, ana, vote.step, { type: 'vote', value: 1 })).ok).toBe(true);
    const r = (await service.play.act(id, ben, vote.step, { type: 'vote', value: 2 }));
    expect(r.ok).toBe(true);
    // Ben sees his own private event, not Ana's.
    if (r.ok) expect(r.value.events.filter((e) => e.type === 'myvote')).toEqual([{ type: 'myvote', seat: expect.any(Number), value: 2, to: [r.value.seat] }]);
    expect((await pending(id)).kind).toBe('turn');
  });
});

describe('deadlines and away players', () => {
  it('a passed turn deadline plays the default action, logs it as a timeout and announces it', async () => {
    const id = (await started());
    const p = (await pending(id)) as { seat: number; step: number };
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await state(id)).totals[p.seat]).toBe(1);
    expect((await store.actions(id))[0]).toMatchObject({ kind: 'timeout', seat: p.seat, action: { type: 'add', n: 1 } });
    expect(((await store.table(id))!.recentEvents as { event: { type: string } }[]).map((e) => e.event.type)).toContain('$timeout');
    expect((await store.seats(id)).find((s) => s.seat === p.seat)).toMatchObject({ missed: 1, away: false });
  });

  it('a race that times out closes without marking anyone away', async () => {
    const id = (await started([ana, ben, cleo]));
    const p = (await pending(id)) as { seat: number; step: number };
    (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 1 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await pending(id)).kind).toBe('turn');
    expect((await store.seats(id)).every((s) => s.missed === 0)).toBe(true);
  });

  it(`a seat that misses ${AWAY_AFTER_MISSED} turn deadlines in a row is away and auto-played until it clicks`, async () => {
    const id = (await started([ana, ben]));
    const first = ((await pending(id)) as { seat: number }).seat;
    const sleeper = (await userOfSeat(id, first));
    const awake = (await userOfSeat(id, 1 - first));
    // Turn 1 of the sleeper times out; the race and the other turn are played.
    await vi.advanceTimersByTimeAsync(60_000);
    let p = (await pending(id));
    (await service.play.act(id, awake, p.step, { type: 'pass' }));
    p = (await pending(id));
    (await service.play.act(id, awake, p.step, { type: 'add', n: 1 }));
    await vi.advanceTimersByTimeAsync(10_000); // the sleeper lets the race window lapse (does not count)
    // Vote: the sleeper's missed vote counts as its second miss.
    p = (await pending(id));
    (await service.play.act(id, awake, p.step, { type: 'vote', value: 1 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await store.seats(id)).find((s) => s.userId === sleeper.userId)).toMatchObject({ away: true, missed: 2 });
    // Now it is the sleeper's turn: it is played at once (a safe move), without waiting.
    p = (await pending(id));
    expect(p.kind === 'race' && p.seats).toEqual([1 - first]);
    expect((await store.actions(id)).filter((a) => a.kind === 'auto')).toHaveLength(1);
    (await service.play.act(id, awake, p.step, { type: 'pass' }));
    p = (await pending(id));
    (await service.play.act(id, awake, p.step, { type: 'add', n: 1 }));
    // The away sleeper passes the race and casts its vote automatically; only the awake player is waited for.
    p = (await pending(id));
    expect(p.kind === 'simultaneous' && p.waiting).toEqual([1 - first]);
    // Clicking again brings the player back.
    expect((await service.play.markPresent(id, sleeper))).toMatchObject({ ok: true, value: { cameBack: true } });
    expect((await store.seats(id)).find((s) => s.userId === sleeper.userId)).toMatchObject({ away: false, missed: 0 });
  });

  it('a deadline for an older step does nothing but re-arm', async () => {
    const id = (await started());
    const p = (await pending(id)) as { seat: number; step: number };
    (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 1 }));
    const t = (await store.table(id))!;
    // Forge an old deadline step directly and fire.
    db.$client.prepare('update game_tables set deadline_step = ?, deadline_at = ? where id = ?').run(p.step, Date.now() - 1, id);
    (await service.deadlines.fireDeadline(id));
    expect((await store.actions(id))).toHaveLength(1);
    expect((await store.table(id))!.deadlineStep).toBe((await pending(id)).step);
    expect(t.id).toBe(id);
  });
});

describe('games nobody plays', () => {
  /** Let deadlines pass one at a time until `until()` or the table closes; returns the elapsed ms. */
  async function idle(id: number, until: () => boolean | Promise<boolean> = () => false): Promise<number> {
    const start = Date.now();
    for (let guard = 0; guard < 500 && (await store.table(id))!.status === 'active' && !(await until()); guard++) {
      await vi.advanceTimersByTimeAsync(Math.max(0, (await store.table(id))!.deadlineAt! - Date.now()));
    }
    return Date.now() - start;
  }
  const missed = async (id: number) => (await store.seats(id)).map((s) => s.missed);

  it(`end as abandoned after ${ABANDON_AFTER_MS / 60_000} minutes when every player is away and missed ${ABANDON_AFTER_TIMEOUTS} deadlines — not rated, channel free`, async () => {
    // Short timers: each player misses 3 deadlines in about 5 minutes; the 10 minutes decide.
    const id = (await started([ana, ben]));
    const startedAt = Date.now();
    (await idle(id, async () => (await missed(id)).every((m) => m >= ABANDON_AFTER_TIMEOUTS)));
    expect(Date.now() - startedAt).toBeLessThan(ABANDON_AFTER_MS);
    expect((await store.table(id))!.status).toBe('active');
    expect((await store.seats(id)).every((s) => s.away)).toBe(true);
    // Still running just before the 10 minutes are up …
    (await idle(id, async () => (await store.table(id))!.deadlineAt! - startedAt >= ABANDON_AFTER_MS));
    expect((await store.table(id))!.status).toBe('active');
    // … and ended at the first deadline after them.
    (await idle(id));
    const table = (await store.table(id))!;
    expect(table).toMatchObject({ status: 'cancelled', endReason: 'abandoned', deadlineAt: null });
    expect(table.endedAt! - startedAt).toBeGreaterThanOrEqual(ABANDON_AFTER_MS);
    expect(table.endedAt! - startedAt).toBeLessThan(ABANDON_AFTER_MS + 60_000);
    expect((await store.results(id))).toEqual([]);
    expect(hookCalls).toEqual([]);
    expect(changes.at(-1)).toMatchObject({ tableId: id, ended: true });
    // The channel is free for a new table.
    expect((await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: cleo, options: {} })).ok).toBe(true);
  });

  it(`with long timers, waits for ${ABANDON_AFTER_TIMEOUTS} timed-out decisions per player, however long that takes`, async () => {
    const id = (await started([ana, ben], { turnSeconds: 400, voteSeconds: 400 }));
    const startedAt = Date.now();
    // Past 10 minutes, but nobody has missed 3 deadlines yet.
    (await idle(id, async () => Date.now() - startedAt > ABANDON_AFTER_MS && (await missed(id)).every((m) => m >= 1)));
    expect((await store.table(id))!.status).toBe('active');
    // The first player to reach 3 does not end it while the other has fewer.
    (await idle(id, async () => (await missed(id)).some((m) => m >= ABANDON_AFTER_TIMEOUTS)));
    expect((await store.table(id))!.status).toBe('active');
    expect((await missed(id)).some((m) => m < ABANDON_AFTER_TIMEOUTS)).toBe(true);
    (await idle(id));
    expect((await store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'abandoned' });
    expect((await missed(id)).every((m) => m >= ABANDON_AFTER_TIMEOUTS)).toBe(true);
  });

  it('a player who comes back (opens their hand) starts the count again', async () => {
    const id = (await started([ana, ben]));
    (await idle(id, async () => (await missed(id)).every((m) => m >= ABANDON_AFTER_TIMEOUTS)));
    expect((await service.play.markPresent(id, ana))).toMatchObject({ ok: true, value: { cameBack: true } });
    const anaMissed = async () => (await store.seats(id)).find((s) => s.userId === ana.userId)!.missed;
    // Ana is back: the game goes on until she has missed 3 deadlines in a row again.
    for (let guard = 0; guard < 500 && (await anaMissed()) < ABANDON_AFTER_TIMEOUTS; guard++) {
      expect((await store.table(id))!.status).toBe('active');
      await vi.advanceTimersByTimeAsync(Math.max(0, (await store.table(id))!.deadlineAt! - Date.now()));
    }
    (await idle(id));
    expect((await store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'abandoned' });
  });

  it('bot seats never count as someone present', async () => {
    const now = 1_700_000_000_000;
    const row = (seat: number, patch: Partial<SeatRow>): SeatRow =>
      ({ tableId: 1, userId: `u${seat}`, displayName: `P${seat}`, joinedAt: 0, seat, away: false, missed: 0, left: false, ...patch }) as SeatRow;
    const sleeper = row(0, { away: true, missed: ABANDON_AFTER_TIMEOUTS });
    const bot = row(1, { botLevel: 'normal' });
    expect(isAbandoned([sleeper, bot], now - ABANDON_AFTER_MS, now)).toBe(true);
    expect(isAbandoned([sleeper, row(1, {})], now - ABANDON_AFTER_MS, now)).toBe(false); // a present human
    expect(isAbandoned([sleeper, bot], now - ABANDON_AFTER_MS + 1, now)).toBe(false); // not 10 minutes yet
    expect(isAbandoned([{ ...sleeper, missed: ABANDON_AFTER_TIMEOUTS - 1 }, bot], now - ABANDON_AFTER_MS, now)).toBe(false);
    expect(isAbandoned([row(0, { left: true, away: true }), bot], now - ABANDON_AFTER_MS, now)).toBe(false); // everyone left: handled at once
  });
});

describe('leaving, results and restart', () => {
  async function playToEnd(id: number, leaver?: string) {
    for (let guard = 0; guard < 200 && (await store.table(id))!.status === 'active'; guard++) {
      const p = (await pending(id));
      if (p.kind === 'over') break;
      if (p.kind === 'turn') {
        const u = (await userOfSeat(id, p.seat));
        if (u.userId === leaver) throw new Error('a leaver was asked to act');
        (await service.play.act(id, u, p.step, { type: 'add', n: 2 }));
      } else if (p.kind === 'race') (await service.play.act(id, (await userOfSeat(id, p.seats[0]!)), p.step, { type: 'pass' }));
      else for (const s of p.waiting) (await service.play.act(id, (await userOfSeat(id, s)), p.step, { type: 'vote', value: 0 }));
    }
  }

  it('a finished game stores placements and runs the result hook in the same transaction', async () => {
    const id = (await started([ana, ben]));
    (await playToEnd(id));
    const t = (await store.table(id))!;
    expect(t).toMatchObject({ status: 'finished', endReason: 'target', deadlineAt: null });
    const rows = (await store.results(id));
    expect(rows).toHaveLength(2);
    const winner = (await state(id)).winner!;
    expect((await state(id)).totals[winner]).toBeGreaterThanOrEqual(TALLY_TARGET);
    expect(rows.find((r) => r.seat === winner)).toMatchObject({ placement: 1, winner: true });
    expect(hookCalls).toHaveLength(1);
    expect(changes.at(-1)).toMatchObject({ ended: true });
  });

  it('a leaver is auto-played to the end and ranked last, even if their seat "won"', async () => {
    const id = (await started([ana, ben, cleo]));
    expect((await service.play.leaveGame(id, ben)).ok).toBe(true);
    expect((await service.play.leaveGame(id, ben))).toMatchObject({ ok: false, error: { code: 'seat-left' } });
    const benSeat = (await store.seats(id)).find((s) => s.userId === ben.userId)!.seat!;
    (await playToEnd(id, ben.userId));
    const rows = (await store.results(id));
    const benRow = rows.find((r) => r.seat === benSeat)!;
    expect(benRow).toMatchObject({ left: true, winner: false });
    expect(benRow.placement).toBe(Math.max(...rows.map((r) => r.placement)));
    expect(benRow.placement).toBeGreaterThan(Math.max(...rows.filter((r) => r.seat !== benSeat).map((r) => r.placement)));
    expect((await service.play.act(id, ben, 0, { type: 'pass' }))).toMatchObject({ ok: false, error: { code: 'table-closed' } });
  });

  it('when all but one player left, the last one wins at once and the leavers share last place', async () => {
    const id = (await started([ana, ben, cleo]));
    (await service.play.leaveGame(id, ana));
    expect((await store.table(id))!.status).toBe('active'); // two players still play
    (await service.play.leaveGame(id, ben));
    expect((await store.table(id))).toMatchObject({ status: 'finished', endReason: 'forfeit', deadlineAt: null });
    const rows = (await store.results(id));
    expect(rows.find((r) => r.userId === cleo.userId)).toMatchObject({ placement: 1, winner: true, left: false });
    for (const u of [ana, ben]) expect(rows.find((r) => r.userId === u.userId)).toMatchObject({ placement: 2, winner: false, left: true });
    expect(hookCalls).toHaveLength(1);
    expect((await service.play.act(id, cleo, 0, { type: 'pass' }))).toMatchObject({ ok: false, error: { code: 'table-closed' } });
  });

  it('a leaver whose auto-played seat came first hands the win to the best player who stayed', async () => {
    const { resultRows } = await import('../../src/tables/policy.js');
    const seat = (n: number, left = false) => ({ seat: n, userId: `u${n}`, left }) as never;
    // The engine says seat 0 won, seat 1 second, seats 2 and 3 tied third; seat 0 had left.
    const rows = resultRows({ placements: [1, 2, 3, 3], winners: [0], reason: 'x' }, [seat(0, true), seat(1), seat(2), seat(3)]);
    expect(rows.map((r) => [r.placement, r.winner])).toEqual([
      [4, false],
      [1, true],
      [2, false],
      [2, false],
    ]);
    // A draw stays a draw: nobody is promoted to winner.
    const draw = resultRows({ placements: [1, 1], winners: [], reason: 'cap' }, [seat(0, true), seat(1)]);
    expect(draw.map((r) => [r.placement, r.winner])).toEqual([
      [2, false],
      [1, false],
    ]);
  });

  it(`a deadline that passed while the bot was down gets min(its timeout, ${RESTART_GRACE_MS / 1000} s) from the ready time, and counts against no one`, async () => {
    const id = (await started([ana, ben], { turnSeconds: 600 }));
    const p = (await pending(id)) as { seat: number; step: number };
    (await service.deadlines.stop());
    await vi.advanceTimersByTimeAsync(900_000); // the bot is down past the 600 s turn deadline
    service = makeService();
    const readyAt = Date.now();
    changes = [];
    expect((await service.restart.recover(readyAt))).toEqual([id]);
    await vi.advanceTimersByTimeAsync(0);
    // Nothing fired: the turn got a new deadline of ready + 60 s (its own timeout is longer).
    expect((await store.actions(id))).toEqual([]);
    expect((await store.table(id))).toMatchObject({ deadlineAt: readyAt + RESTART_GRACE_MS, deadlineStep: p.step });
    expect((await store.seats(id)).every((s) => s.missed === 0 && !s.away)).toBe(true);
    // The board learns why (an event of this change), and the board gets redrawn at start-up.
    const t = (await store.table(id))!;
    expect((t.recentEvents as { event: { type: string }; change: number }[]).filter((e) => e.change === t.version).map((e) => e.event.type)).toEqual(['$restarted']);
    expect((await service.restart.staleBoards()).map((c) => c.tableId)).toEqual([id]);
    // Play continues: the new deadline passes like any other.
    await vi.advanceTimersByTimeAsync(RESTART_GRACE_MS - 1);
    expect((await store.actions(id))).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await store.actions(id))).toMatchObject([{ kind: 'timeout', seat: p.seat }]);
    expect((await pending(id)).kind).toBe('race');
  });

  it('after a restart a short decision keeps its own timeout, and a deadline still ahead is left as it was', async () => {
    const id = (await started([ana, ben, cleo]));
    const p = (await pending(id)) as { seat: number; step: number };
    (await service.play.act(id, (await userOfSeat(id, p.seat)), p.step, { type: 'add', n: 1 })); // a 10 s race opens
    db.$client.prepare("update game_tables set channel_id = 'c2' where id = ?").run(id); // frees c1
    const other = (await started([dev, actor(5)]));
    const aheadAt = (await store.table(other))!.deadlineAt!;
    (await service.deadlines.stop());
    await vi.advanceTimersByTimeAsync(30_000); // past the race window, not past the other table's turn
    service = makeService();
    const readyAt = Date.now();
    (await service.restart.recover(readyAt));
    expect((await store.table(id))!.deadlineAt).toBe(readyAt + 10_000);
    expect((await store.table(other))!.deadlineAt).toBe(aheadAt);
    expect((await store.table(other))!.recentEvents as unknown[]).not.toContainEqual(expect.objectContaining({ event: expect.objectContaining({ type: '$restarted' }) }));
  });

  it('the action log replays from the seed to the stored state', async () => {
    const id = (await started([ana, ben, cleo]));
    await vi.advanceTimersByTimeAsync(60_000); // one timeout in the log
    (await playToEnd(id));
    const t = (await store.table(id))!;
    const log = (await store.actions(id)).map((a) => ({ seat: a.seat, action: a.action, kind: 'player' as const }));
    expect(replayGame(tallyDefinition, 3, t.seed!, log, t.options)).toEqual(t.state);
  });
});
