/**
 * The tournament service (docs/tournaments.md "Running a tournament"; src/tournaments/service.ts)
 * over the table service, on SQLite and on PostgreSQL: sign-up and its refusals, rounds paired
 * and opened as started tables in their own threads, each table's end recorded once, byes,
 * standings equal to the ones worked out by hand from the results, a late entry and a
 * withdrawal, a no-show's forfeit, the round deadline ending tables by the timer policy, an
 * unrated tournament, a restart between a table's end and its record, a round whose table never
 * opens (its deadline makes byes; on both stores), and a shard that takes the tournament over.
 * Tables are the toy game at 2 seats; a game's winner is decided by the loser leaving it
 * (`/table leave`: ranked last, 0 points).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/db.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { Store } from '../../src/persistence/store/types.js';
import { ratingsHook } from '../../src/ratings/store.js';
import { TableService } from '../../src/tables/service.js';
import { NOT_OPENED, pairRound, standingsOf, TournamentService, type TournamentActor, type TournamentChange } from '../../src/tournaments/service.js';
import type { StoredRound, Tournament } from '../../src/tournaments/model.js';
import { describePostgres } from '../support/postgres.js';
import { tallyModule } from '../support/toy-game.js';

const GUILD = String(2n << 22n); // shard 0 of 2
const OTHER_GUILD = String(3n << 22n); // shard 1 of 2
const CHANNEL = '700';
const organiser: TournamentActor = { userId: '900', displayName: 'Org', canManageGuild: true, canOrganise: true };
const entrant = (n: number): TournamentActor => ({ userId: `10${n}`, displayName: `E${n}`, canManageGuild: false, canOrganise: false });

/** One process: a table service and a tournament service over `store`. */
function processOn(store: Store, shard?: { shardCount: number; shardIds: number[] }, venueFails: (round: number, table: number) => boolean = () => false) {
  const tables = new TableService({ store, registry: new GameRegistry([tallyModule]), logger: silentLogger, resultHooks: [ratingsHook()], ...(shard ? { shard } : {}) });
  const changes: TournamentChange[] = [];
  const venues: string[] = [];
  const tournaments = new TournamentService({
    store,
    registry: new GameRegistry([tallyModule]),
    tables,
    logger: silentLogger,
    newSeed: () => 39,
    ...(shard ? { shard } : {}),
    venues: {
      tableChannel: async (t, round, table) => {
        if (venueFails(round, table)) throw new Error('Missing Permissions');
        const id = `${t.channelId}${round}${String(table).padStart(2, '0')}${venues.length}`;
        venues.push(id);
        return id;
      },
    },
  });
  tournaments.addListener({ tournamentChanged: (change) => changes.push(change) });
  return { tables, tournaments, changes, venues, stop: async () => (await tournaments.stop(), await tables.deadlines.stop()) };
}

type Proc = ReturnType<typeof processOn>;

/** The refusal of a tournament result (null when it succeeded). */
const refusal = <T>(result: { ok: true; value: T } | { ok: false; error: unknown }) => (result.ok ? null : result.error);

/** Let the background records (table listener → tournament) settle. */
async function settle(proc: Proc): Promise<void> {
  await proc.tournaments.idle();
}

/** Open a tournament with `n` entrants (E1…En) and these settings. */
async function openWith(proc: Proc, n: number, settings: Record<string, unknown> = {}, guildId = GUILD): Promise<Tournament> {
  const created = await proc.tournaments.create({ guildId, channelId: CHANNEL, game: 'suspicion', name: 'Spring cup', organiser, options: {}, settings: { seats: 2, rounds: 3, ...settings } });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  for (let i = 1; i <= n; i++) expect((await proc.tournaments.join(created.value.id, entrant(i))).ok).toBe(true);
  return created.value;
}

/** The current round's tables of tournament `id`. */
async function currentTables(proc: Proc, id: number) {
  const t = (await proc.tournaments.get(id))!;
  return t.rounds.find((round) => round.round === t.round)!.tables;
}

/** Decide every table of the current round: `loser(players)` leaves each (its opponent wins). */
async function playRound(proc: Proc, id: number, loser: (players: string[]) => string): Promise<void> {
  for (const table of await currentTables(proc, id)) {
    const who = loser(table.players);
    const left = await proc.tables.play.leaveGame(table.tableId!, { userId: who, displayName: who, canManageGuild: false });
    expect(left.ok, JSON.stringify(left)).toBe(true);
  }
  await settle(proc);
}

/** Lower id wins (a fixed, checkable rule for the hand-worked standings). */
const higherIdLoses = (players: string[]) => [...players].sort().at(-1)!;

function scenarios(makeStore: () => Promise<{ store: Store; again: () => Promise<Store>; close: () => Promise<void> }>) {
  let store: Store;
  let again: () => Promise<Store>;
  let close: () => Promise<void>;
  let proc: Proc;

  beforeEach(async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    ({ store, again, close } = await makeStore());
    proc = processOn(store);
  });
  afterEach(async () => {
    await proc.stop();
    await close();
    vi.useRealTimers();
  });

  it('runs 3 Swiss rounds of 5 entrants at 2 seats: byes rotate, no rematch, standings as worked out by hand', async () => {
    const t = await openWith(proc, 5);
    expect(refusal(await proc.tournaments.start(t.id, entrant(1)))).toEqual({ code: 'organiser-only' });
    const started = await proc.tournaments.start(t.id, organiser);
    expect(started.ok).toBe(true);
    const met = new Set<string>();
    const byes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const now = (await proc.tournaments.get(t.id))!;
      const stored = now.rounds.find((r) => r.round === round)!;
      // The stored pairing is the one the seed gives (re-checkable).
      const again = pairRound({ ...now, rounds: now.rounds.filter((r) => r.round < round) }, round);
      expect(stored.tables.map((table) => table.players)).toEqual(again.tables.map((table) => table.players));
      expect(stored.byes).toEqual(again.byes);
      expect(stored.tables).toHaveLength(2);
      expect(stored.byes).toHaveLength(1);
      byes.push(stored.byes[0]!);
      for (const table of stored.tables) {
        const pair = [...table.players].sort().join('|');
        expect(met.has(pair), `rematch ${pair} in round ${round}`).toBe(false);
        met.add(pair);
        // Each table is a started game in its own thread, its players seated.
        const snap = (await proc.tables.reads.snapshot(table.tableId!))!;
        expect(snap.table.status).toBe('active');
        expect(snap.table.channelId).toBe(table.channelId);
        expect(snap.seats.map((row) => row.userId).sort()).toEqual([...table.players].sort());
      }
      await playRound(proc, t.id, higherIdLoses);
    }
    expect(new Set(byes).size).toBe(3);
    const done = (await proc.tournaments.get(t.id))!;
    expect(done.status).toBe('finished');
    // By hand from the stored pairings: each table's lower id wins (1 point), a bye is ½.
    const points = new Map<string, number>();
    const add = (id: string, p: number) => points.set(id, (points.get(id) ?? 0) + p);
    for (const round of done.rounds) {
      for (const id of round.byes) add(id, 0.5);
      for (const table of round.tables) {
        const [winner, loser] = [...table.players].sort();
        add(winner!, 1);
        add(loser!, 0);
      }
    }
    const lines = standingsOf(done);
    for (const line of lines) expect(line.points, line.id).toBe(points.get(line.id) ?? 0);
    // Ordered by points; E1 (101) beats everyone it meets.
    expect(lines[0]!.id).toBe('101');
    for (let i = 1; i < lines.length; i++) expect(lines[i - 1]!.points).toBeGreaterThanOrEqual(lines[i]!.points);
    const kinds = (await proc.tournaments.logOf(t.id)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'round-ended')).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'table-ended')).toHaveLength(6);
    expect(kinds.at(-1)).toBe('finished');
    expect(proc.changes.filter((change) => change.kind === 'round-ended').map((change) => change.round)).toEqual([1, 2]);
    expect(proc.changes.at(-1)).toMatchObject({ kind: 'finished', standings: lines });
    // Rated by default: the tables moved ratings.
    expect((await store.playerGames(GUILD, '101')).length).toBe(1);
  });

  it('refuses what the rules refuse and changes nothing', async () => {
    expect(refusal(await proc.tournaments.create({ guildId: GUILD, channelId: CHANNEL, game: 'suspicion', name: 'x', organiser: entrant(1), options: {}, settings: {} }))).toEqual({ code: 'organiser-only' });
    const bad = await proc.tournaments.create({ guildId: GUILD, channelId: CHANNEL, game: 'suspicion', name: 'x', organiser, options: {}, settings: { seats: 9, rounds: 0 } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code === 'bad-settings' && bad.error.problems.length).toBeGreaterThanOrEqual(2);
    const t = await openWith(proc, 3, { maxEntrants: 4 });
    expect(refusal(await proc.tournaments.create({ guildId: GUILD, channelId: CHANNEL, game: 'suspicion', name: 'y', organiser, options: {}, settings: {} }))).toEqual({ code: 'channel-busy', tournamentId: t.id });
    expect(refusal(await proc.tournaments.join(t.id, entrant(1)))).toEqual({ code: 'already-entered' });
    expect(refusal(await proc.tournaments.start(t.id, organiser))).toEqual({ code: 'too-few', min: 4, have: 3 });
    expect((await proc.tournaments.join(t.id, entrant(4))).ok).toBe(true);
    expect(refusal(await proc.tournaments.join(t.id, entrant(5)))).toEqual({ code: 'full', max: 4 });
    expect(refusal(await proc.tournaments.leave(t.id, entrant(5)))).toEqual({ code: 'not-entered' });
    // A tournament of another server is unknown.
    expect(refusal(await proc.tournaments.join(t.id, { ...entrant(6), from: { guildId: OTHER_GUILD, channelId: '1' } }))).toEqual({ code: 'no-tournament' });
    expect((await proc.tournaments.leave(t.id, entrant(4))).ok).toBe(true);
    expect((await proc.tournaments.get(t.id))!.entrants.map((e) => e.userId)).toEqual(['101', '102', '103']);
  });

  it('late entry until its round, withdrawal, a no-show forfeits, the round deadline ends tables by the timer policy; unrated', async () => {
    const t = await openWith(proc, 4, { rated: false, lateJoinUntil: 2, rounds: 3, pace: 'turn-based', moveHours: 24, roundHours: 72 });
    await proc.tournaments.start(t.id, organiser);
    // Round 1 runs: E5 joins late (paired from round 2), E4 withdraws (not paired from round 2).
    expect((await proc.tournaments.join(t.id, entrant(5))).ok).toBe(true);
    expect((await proc.tournaments.leave(t.id, entrant(4))).ok).toBe(true);
    expect(refusal(await proc.tournaments.leave(t.id, entrant(4)))).toEqual({ code: 'already-withdrawn' });
    // Round 1: E1 never shows up at its table; after two missed 24 h turns it forfeits.
    const r1 = await currentTables(proc, t.id);
    const noShowTable = r1.find((table) => table.players.includes('101'))!;
    const other = r1.find((table) => table !== noShowTable)!;
    const opponent = noShowTable.players.find((id) => id !== '101')!;
    for (let guard = 0; guard < 8; guard++) {
      const snap = (await proc.tables.reads.snapshot(noShowTable.tableId!))!;
      if (snap.table.status !== 'active') break;
      const pending = snap.pending!;
      const toAct = pending.kind === 'turn' ? [pending.seat] : pending.kind === 'over' ? [] : 'waiting' in pending ? pending.waiting : pending.seats;
      const oppSeat = snap.seats.find((row) => row.userId === opponent)!.seat!;
      if (toAct.includes(oppSeat)) {
        const legal = proc.tables.reads.definition(snap.table).legalActions(snap.table.state, oppSeat);
        expect((await proc.tables.play.act(noShowTable.tableId!, { userId: opponent, displayName: 'o', canManageGuild: false }, pending.step, legal[0])).ok).toBe(true);
      } else {
        vi.setSystemTime(snap.table.deadlineAt! + 1);
        await proc.tables.deadlines.fireDeadline(noShowTable.tableId!);
      }
    }
    await settle(proc);
    const forfeited = (await proc.tables.reads.snapshot(noShowTable.tableId!))!;
    expect(forfeited.table.status).toBe('finished');
    expect(forfeited.results.find((r) => r.userId === '101')).toMatchObject({ left: true });
    expect(forfeited.results.find((r) => r.userId === opponent)).toMatchObject({ placement: 1, winner: true });
    // The other table never moves: at the round's deadline (72 h) it ends by the timer policy.
    vi.setSystemTime((await proc.tournaments.get(t.id))!.roundDeadlineAt! + 1);
    await proc.tournaments.fireRoundDeadline(t.id);
    await settle(proc);
    const timed = (await proc.tables.reads.snapshot(other.tableId!))!;
    expect(timed.table.status).toBe('finished');
    expect((await store.actions(other.tableId!)).every((row) => row.kind === 'timeout')).toBe(true);
    const after1 = (await proc.tournaments.get(t.id))!;
    expect(after1.round).toBe(2);
    const r1stored = after1.rounds[0]!;
    expect(r1stored.tables.every((table) => table.outcome !== null)).toBe(true);
    expect(standingsOf(after1).find((line) => line.id === '101')!.points).toBe(0);
    // Round 2: E5 in, E4 out; late entry closes after round 2 is paired.
    const r2players = after1.rounds[1]!.tables.flatMap((table) => table.players).concat(after1.rounds[1]!.byes).sort();
    expect(r2players).toEqual(['101', '102', '103', '105']);
    expect(refusal(await proc.tournaments.join(t.id, entrant(6)))).toEqual({ code: 'late-join-closed', until: 2 });
    const lines = standingsOf(after1);
    expect(lines.find((line) => line.id === '105')!.rounds).toEqual([null, null, null].slice(0, after1.rounds.length));
    // Unrated: nobody has a rating.
    expect(await store.playerGames(GUILD, opponent)).toEqual([]);
    const kinds = (await proc.tournaments.logOf(t.id)).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['late-joined', 'withdrew', 'round-deadline', 'table-ended', 'round-ended']));
  });

  it('a table that ended while the bot was down is recorded at restart, and the next round opens', async () => {
    const t = await openWith(proc, 4);
    await proc.tournaments.start(t.id, organiser);
    await playRound(proc, t.id, higherIdLoses);
    expect((await proc.tournaments.get(t.id))!.round).toBe(2);
    // Round 2: one table ends after the tournament service stopped listening (the process went down).
    await proc.tournaments.stop();
    const [a, b] = await currentTables(proc, t.id);
    await proc.tables.play.leaveGame(a!.tableId!, { userId: higherIdLoses(a!.players), displayName: 'x', canManageGuild: false });
    await proc.tables.play.leaveGame(b!.tableId!, { userId: higherIdLoses(b!.players), displayName: 'x', canManageGuild: false });
    await proc.tables.deadlines.stop();
    expect((await proc.tournaments.get(t.id))!.rounds[1]!.tables.every((table) => table.outcome === null)).toBe(true);
    // A new process on the same database.
    store = await again();
    proc = processOn(store);
    expect(await proc.tournaments.recover()).toEqual([t.id]);
    await settle(proc);
    const back = (await proc.tournaments.get(t.id))!;
    expect(back.rounds[1]!.tables.every((table) => table.outcome !== null)).toBe(true);
    expect(back.round).toBe(3);
    expect(proc.tournaments.armedDeadlines).toBe(1);
  });
}

describe('tournament service on SQLite', () => {
  scenarios(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-tour-'));
    const path = join(dir, 'test.db');
    let current: SqliteStore = new SqliteStore(openDatabase(path));
    return {
      store: current,
      again: async () => {
        await current.close();
        current = new SqliteStore(openDatabase(path));
        return current;
      },
      close: async () => {
        await current.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

/**
 * A round whose second table never gets a thread (docs/tournaments.md "Running a tournament", its paragraph "The round's deadline"):
 * the round's deadline ends it, its tables are byes for their players, who have not met. Run on
 * each store (`open` gives a fresh store and how to close it).
 */
function notOpenedScenario(open: () => Promise<{ store: Store; close: () => Promise<void> }>) {
  it('the round deadline still ends a round that could not open: its tables are byes for their players, who have not met', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { store, close } = await open();
    // Round 1's second table never gets a thread (a permission taken away), so the round waits; later ones do.
    const proc = processOn(store, undefined, (round, table) => round === 1 && table === 2);
    try {
      const t = await openWith(proc, 4, { rounds: 2, pace: 'live', roundHours: 2 });
      expect((await proc.tournaments.start(t.id, organiser)).ok).toBe(true);
      await settle(proc);
      let now = (await proc.tournaments.get(t.id))!;
      const round1Tables = now.rounds[0]!.tables;
      expect(round1Tables.map((table) => table.tableId)).toEqual([null, null]);
      expect(round1Tables[1]!.channelId).toBeNull();
      expect(TournamentService.waiting(now)).toBe(true);
      // The round's deadline is armed although the round stalled.
      expect(proc.tournaments.armedDeadlines).toBe(1);
      // Two hours later: the deadline ends the round.
      vi.setSystemTime(now.roundDeadlineAt! + 1);
      await proc.tournaments.fireRoundDeadline(t.id);
      await settle(proc);
      now = (await proc.tournaments.get(t.id))!;
      const round1 = now.rounds[0]!;
      expect(round1.endedAt).not.toBeNull();
      expect(round1.tables.map((table) => table.outcome)).toEqual([{ seats: [], reason: NOT_OPENED }, { seats: [], reason: NOT_OPENED }]);
      expect(round1.byes).toEqual(round1Tables.flatMap((table) => table.players));
      // Points (docs/tournaments.md "Points"): a bye at 2 seats is ½ each; Buchholz counts one's own points.
      expect(standingsOf(now).map((line) => [line.points, line.buchholz])).toEqual([[0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5]]);
      // Round 2 opened, paired as the seed gives it from what is stored, with no meeting counted at the tables that never opened.
      expect(now.round).toBe(2);
      expect(now.rounds[1]!.tables.every((table) => table.tableId !== null)).toBe(true);
      const again = pairRound({ ...now, rounds: [round1] }, 2);
      expect(now.rounds[1]!.tables.map((table) => table.players)).toEqual(again.tables.map((table) => table.players));
      expect(again.repeats).toBe(0);
      // Tables that never opened are no meetings: had round 1 seated round 2's pairs at tables that
      // never opened, round 2 would pair them the same; at tables that were played, it would not.
      const round1As = (reason: string) => [{ ...round1, tables: now.rounds[1]!.tables.map((table, i) => ({ ...round1.tables[i]!, players: table.players, outcome: { seats: [], reason } })) }];
      const pairs = (rounds: StoredRound[]) => pairRound({ ...now, rounds }, 2).tables.map((table) => table.players);
      expect(pairs(round1As(NOT_OPENED))).toEqual(again.tables.map((table) => table.players));
      expect(pairs(round1As('abandoned'))).not.toEqual(again.tables.map((table) => table.players));
      expect((await proc.tournaments.logOf(t.id)).map((row) => row.kind)).toEqual(expect.arrayContaining(['venue-failed', 'round-deadline', 'table-unopened', 'round-ended']));
    } finally {
      await proc.stop();
      await close();
      vi.useRealTimers();
    }
  });
}

describe('tournament service: a table whose thread never opens (SQLite)', () => {
  notOpenedScenario(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-tour-'));
    const store = new SqliteStore(openDatabase(join(dir, 'test.db')));
    return { store, close: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
  });
});

describePostgres('tournament service on PostgreSQL', (server) => {
  scenarios(async () => {
    const url = await server().createDatabase();
    const stores: Store[] = [await openPostgres(url, { poolSize: 4 })];
    return {
      store: stores[0]!,
      again: async () => {
        const next = await openPostgres(url, { poolSize: 4 });
        stores.push(next);
        return next;
      },
      close: async () => {
        for (const s of stores) await s.close().catch(() => undefined);
      },
    };
  });

  describe('a table whose thread never opens', () => {
    notOpenedScenario(async () => {
      const store = await openPostgres(await server().createDatabase(), { poolSize: 4 });
      return { store, close: () => store.close() };
    });
  });

  it('a shard recovers only its own guilds\' tournaments', async () => {
    const url = await server().createDatabase();
    const store = await openPostgres(url, { poolSize: 4 });
    const shard0 = processOn(store, { shardCount: 2, shardIds: [0] });
    const shard1 = processOn(store, { shardCount: 2, shardIds: [1] });
    try {
      const t = await openWith(shard0, 4, {}, GUILD);
      await shard0.tournaments.start(t.id, organiser);
      expect(await shard1.tournaments.recover()).toEqual([]);
      expect(await shard0.tournaments.recover()).toEqual([t.id]);
    } finally {
      await shard0.stop();
      await shard1.stop();
      await store.close();
    }
  });
});

