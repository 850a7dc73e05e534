/**
 * What the bot stores about a user and its erasure (README "Privacy"), over real games in a
 * real SQLite file: the counts, the erasure (their seats in past games anonymous, other
 * players' results and ratings untouched, their own ratings and totals gone), the refusal
 * while they sit at an open table, and all-or-nothing on a failure half-way.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateGuildDefaults } from '../../src/admin/settings.js';
import { actions, gameTables, playerTotals, ratings, results, seasons, seats } from '../../src/persistence/schema.js';
import { anonymousSeatId, eraseUserData, isAnonymousUserId, nothingStored, openSeatsOf, storedData } from '../../src/ratings/privacy.js';
import { ffa, GUILD, player, startTable, world, type World } from './helpers.js';

const OTHER_GUILD = '900000000000000002';
const [ana, ben, cleo] = [player(1), player(2), player(3)] as const;

let w: World;
beforeEach(() => {
  w = world();
});
afterEach(() => w.close());

/** Every row of the tables an erasure touches, for before/after comparisons. */
function everything() {
  return {
    tables: w.db.select().from(gameTables).orderBy(gameTables.id).all(),
    seats: w.db.select().from(seats).orderBy(seats.tableId, seats.userId).all(),
    actions: w.db.select().from(actions).orderBy(actions.tableId, actions.seq).all(),
    results: w.db.select().from(results).orderBy(results.tableId, results.seat).all(),
    ratings: w.db.select().from(ratings).orderBy(ratings.guildId, ratings.userId).all(),
    totals: w.db.select().from(playerTotals).orderBy(playerTotals.guildId, playerTotals.userId).all(),
  };
}

describe('what is stored', () => {
  it('counts seats, results, ratings and totals across servers', async () => {
    expect(nothingStored(await storedData(w.store, ana.userId))).toBe(true);
    await ffa(w, [ana, ben]);
    await ffa(w, [ben, ana, cleo]);
    await ffa(w, [ana, cleo], OTHER_GUILD);
    // Three tables = three seats and three results; ratings: one per server, game and season
    // (suspicion, season 1, in two servers); totals: one per server.
    expect(await storedData(w.store, ana.userId)).toEqual({ seats: 3, results: 3, ratings: 2, totals: 2, settings: 0, tournaments: 0 });
    expect(await storedData(w.store, ben.userId)).toEqual({ seats: 2, results: 2, ratings: 1, totals: 1, settings: 0, tournaments: 0 });
    // A lobby seat is a seat, not (yet) a result.
    await startTable(w, [ben, cleo]);
    expect(await storedData(w.store, ben.userId)).toEqual({ seats: 3, results: 2, ratings: 1, totals: 1, settings: 0, tournaments: 0 });
    expect((await openSeatsOf(w.store, ben.userId)).map((open) => open.status)).toEqual(['active']);
  });
});

describe('erasing', () => {
  it('makes their past seats anonymous, deletes their ratings and totals, and leaves everyone else as it was', async () => {
    const first = (await ffa(w, [ana, ben]));
    const second = (await ffa(w, [ben, ana, cleo]));
    const elsewhere = (await ffa(w, [ana, cleo], OTHER_GUILD));
    const before = everything();
    const benBefore = (await w.store.playerGames(GUILD, ben.userId));
    const cleoTotals = (await w.store.playerTotals(OTHER_GUILD, cleo.userId));
    const anaSeats = before.seats.filter((row) => row.userId === ana.userId);

    const outcome = (await eraseUserData(w.store, ana.userId));
    expect(outcome).toEqual({ ok: true, erased: { seats: 3, results: 3, ratings: 2, totals: 2, settings: 0, tournaments: 0 }, anonymisedTables: [] });
    expect(nothingStored(await storedData(w.store, ana.userId))).toBe(true);

    const after = everything();
    // Ana's seats stay, anonymous, with the same seat number; seat and result rows agree.
    for (const old of anaSeats) {
      const seat = after.seats.find((row) => row.tableId === old.tableId && row.seat === old.seat)!;
      expect(seat).toEqual({ ...old, userId: anonymousSeatId(old.seat!), displayName: '' });
      expect(isAnonymousUserId(seat.userId)).toBe(true);
      const result = after.results.find((row) => row.tableId === old.tableId && row.seat === old.seat)!;
      const oldResult = before.results.find((row) => row.tableId === old.tableId && row.seat === old.seat)!;
      expect(result).toEqual({ ...oldResult, userId: anonymousSeatId(old.seat!) });
    }
    // Every table keeps all its result rows (2, 3 and 2 players).
    expect([first, second, elsewhere].map((id) => after.results.filter((row) => row.tableId === id).length)).toEqual([2, 3, 2]);
    // Her moves stay in the log (the games replay), without her id; nobody else's changed.
    expect(after.actions).toHaveLength(before.actions.length);
    after.actions.forEach((row, index) => {
      const old = before.actions[index]!;
      expect(row).toEqual(old.userId === ana.userId ? { ...old, userId: null } : old);
    });
    // Her ratings and totals are gone; everyone else's rows are unchanged.
    expect(after.ratings).toEqual(before.ratings.filter((row) => row.userId !== ana.userId));
    expect(after.totals).toEqual(before.totals.filter((row) => row.userId !== ana.userId));
    // Ben's rating is as it was; only his position moves up, since Ana is off the board.
    const benAfter = (await w.store.playerGames(GUILD, ben.userId));
    expect(benAfter.map(({ rank, of, ...rating }) => rating)).toEqual(benBefore.map(({ rank, of, ...rating }) => rating));
    expect(benBefore.map((row) => [row.rank, row.of])).toEqual([[2, 3]]);
    expect(benAfter.map((row) => [row.rank, row.of])).toEqual([[1, 2]]);
    expect(await w.store.playerTotals(OTHER_GUILD, cleo.userId)).toEqual(cleoTotals);
    // No leaderboard shows her; Ben's record still lists both games.
    expect((await w.store.leaderboard(GUILD, 'suspicion', 1, 0)).rows.map((row) => row.userId).sort()).toEqual([ben.userId, cleo.userId]);
    expect(await w.store.recentGames(GUILD, ben.userId)).toHaveLength(2);
    // She hosted two of the tables: the host is no longer her id.
    expect(after.tables.filter((row) => row.hostUserId === ana.userId)).toEqual([]);

    // Again: nothing left to erase, nothing changes.
    expect(await eraseUserData(w.store, ana.userId)).toEqual({ ok: true, erased: { seats: 0, results: 0, ratings: 0, totals: 0, settings: 0, tournaments: 0 }, anonymisedTables: [] });
    expect(everything()).toEqual(after);
  });

  it('a later game starts her afresh: a new rating with one game', async () => {
    await ffa(w, [ana, ben]);
    await ffa(w, [ana, ben]);
    await eraseUserData(w.store, ana.userId);
    await ffa(w, [ana, ben]);
    const games = (await w.store.playerGames(GUILD, ana.userId));
    expect(games.map((row) => [row.game, row.games, row.wins])).toEqual([['suspicion', 1, 1]]);
    expect(await w.store.playerTotals(GUILD, ana.userId)).toMatchObject({ games: 1, wins: 1 });
  });

  it('clears her id where she ended a table, started a season or changed settings', async () => {
    await ffa(w, [ben, cleo]);
    const cancelled = (await startTable(w, [ben, ana]));
    await w.service.lobby.cancel(cancelled, { ...ana, canManageGuild: true }, 'admin');
    expect((await w.store.table(cancelled))!.endedBy).toBe(ana.userId);
    expect((await w.store.resetSeason(GUILD, 'suspicion', 1, ana.userId, w.clock.now)).ok).toBe(true);
    await updateGuildDefaults(w.store, GUILD, { turnSeconds: 90 }, ana.userId, w.clock.now);

    expect((await eraseUserData(w.store, ana.userId)).ok).toBe(true);
    expect((await w.store.table(cancelled))!.endedBy).toBeNull();
    expect(w.db.select().from(seasons).where(eq(seasons.guildId, GUILD)).get()!.startedBy).toBeNull();
    const raw = w.db.$client.prepare('select updated_by from guild_settings where guild_id = ?').get(GUILD) as { updated_by: string | null };
    expect(raw.updated_by).toBeNull();
    const anyLeft = w.db.$client
      .prepare(
        `select (select count(*) from seats where user_id = @u) + (select count(*) from results where user_id = @u)
           + (select count(*) from actions where user_id = @u) + (select count(*) from game_tables where host_user_id = @u or ended_by = @u)
           + (select count(*) from seasons where started_by = @u) + (select count(*) from guild_settings where updated_by = @u) as n`,
      )
      .get({ u: ana.userId }) as { n: number };
    expect(anyLeft.n).toBe(0);
  });

  it('is refused, changing nothing, while she sits at an open table (lobby, game, or a game she left)', async () => {
    await ffa(w, [ana, ben]);
    const running = (await startTable(w, [ana, ben, cleo]));
    const before = everything();
    const refused = (await eraseUserData(w.store, ana.userId));
    expect(refused).toMatchObject({ ok: false, openSeats: [{ tableId: running, status: 'active', left: false }] });
    expect(everything()).toEqual(before);

    expect((await w.service.play.leaveGame(running, ana)).ok).toBe(true);
    const left = (await eraseUserData(w.store, ana.userId));
    expect(left).toMatchObject({ ok: false, openSeats: [{ tableId: running, status: 'active', left: true }] });
  });

  it('is one transaction: a failure half-way leaves everything as it was', async () => {
    await ffa(w, [ana, ben]);
    await updateGuildDefaults(w.store, GUILD, { turnSeconds: 90 }, ana.userId, w.clock.now);
    const before = everything();
    // The last write of the erasure fails.
    w.db.$client.exec(`create trigger privacy_fail before update on guild_settings begin select raise(abort, 'disk on fire'); end`);
    await expect(eraseUserData(w.store, ana.userId)).rejects.toThrow(/disk on fire/);
    expect(everything()).toEqual(before);
    expect(await storedData(w.store, ana.userId)).toEqual({ seats: 1, results: 1, ratings: 1, totals: 1, settings: 0, tournaments: 0 });
  });
});
