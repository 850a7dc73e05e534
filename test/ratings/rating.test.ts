/**
 * Results → ratings (README "Leaderboards and ratings") through the real table service and a real SQLite file:
 * 2-, 4- and 6-player tables, ties, leavers ranked last, away seats still counted,
 * cancelled tables not rated, the provisional mark, streaks, and the update living in the
 * transaction that stores the result.
 */
import { and, eq } from 'drizzle-orm';
import { ordinal, rate, rating } from 'openskill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playerTotals, ratings, results } from '../../src/persistence/schema.js';
import { isProvisional, nextStreak, PROVISIONAL_GAMES, rateTable } from '../../src/ratings/rating.js';
import { declare, ffa, GUILD, play, player, startTable, world, type World } from './helpers.js';

let w: World;
beforeEach(() => {
  w = world();
});
afterEach(() => w.close());

const [ana, ben, cleo, dev, eve, fay] = [player(1), player(2), player(3), player(4), player(5), player(6)] as const;

/** The stored rating row of a player (season 1 unless given). */
function row(userId: string, season = 1) {
  return w.db
    .select()
    .from(ratings)
    .where(and(eq(ratings.guildId, GUILD), eq(ratings.game, 'suspicion'), eq(ratings.season, season), eq(ratings.userId, userId)))
    .get();
}

const fresh = () => rating();

describe('rating updates', () => {
  it('2 players: a duel, winner up and loser down by the same amount, as openskill computes it', async () => {
    (await play(w, [ana, ben], [
      [1, true],
      [2, false],
    ]));
    const [[a], [b]] = rate([[fresh()], [fresh()]], { rank: [1, 2] });
    const ra = row(ana.userId)!;
    const rb = row(ben.userId)!;
    expect(ra.mu).toBeCloseTo(a!.mu, 10);
    expect(ra.sigma).toBeCloseTo(a!.sigma, 10);
    expect(rb.mu).toBeCloseTo(b!.mu, 10);
    expect(ra.mu - 25).toBeCloseTo(25 - rb.mu, 10);
    expect(ra.ordinal).toBeCloseTo(ra.mu - 3 * ra.sigma, 10);
    expect(ra.ordinal).toBeCloseTo(ordinal(a!), 10);
    expect(ra.sigma).toBeLessThan(25 / 3);
    expect({ games: ra.games, wins: ra.wins, streak: ra.streak, name: ra.name }).toEqual({ games: 1, wins: 1, streak: 1, name: 'Player 1' });
    expect({ games: rb.games, wins: rb.wins, streak: rb.streak }).toEqual({ games: 1, wins: 0, streak: -1 });
  });

  it('4 players free-for-all: ratings follow the placements exactly', async () => {
    (await play(w, [ana, ben, cleo, dev], [
      [3, false],
      [1, true],
      [4, false],
      [2, false],
    ]));
    const expected = rate([[fresh()], [fresh()], [fresh()], [fresh()]], { rank: [3, 1, 4, 2] });
    [ana, ben, cleo, dev].forEach((p, i) => expect(row(p.userId)!.mu).toBeCloseTo(expected[i]![0]!.mu, 10));
    const mus = [ben, dev, ana, cleo].map((p) => row(p.userId)!.mu);
    expect(mus).toEqual([...mus].sort((x, y) => y - x));
    expect(new Set(mus).size).toBe(4);
  });

  it("6 players, J'Accuse! style: the arrested player last, everyone else tied first with equal gains", async () => {
    const six = [ana, ben, cleo, dev, eve, fay];
    (await play(
      w,
      six,
      six.map((_, i) => (i === 4 ? [2, false] : [1, true])),
    ));
    const tied = six.filter((_, i) => i !== 4).map((p) => row(p.userId)!);
    for (const r of tied) {
      expect(r.mu).toBeCloseTo(tied[0]!.mu, 10);
      expect(r.mu).toBeGreaterThan(25);
      expect(r.wins).toBe(1);
    }
    const arrested = row(eve.userId)!;
    expect(arrested.mu).toBeLessThan(25);
    expect(arrested.wins).toBe(0);
    const expected = rate(six.map(() => [fresh()]), { rank: [1, 1, 1, 1, 2, 1] });
    expect(arrested.mu).toBeCloseTo(expected[4]![0]!.mu, 10);
  });

  it('a tie between two new players leaves mu unchanged, shrinks sigma and resets the streak', async () => {
    (await ffa(w, [ana, ben])); // Ana wins first: streak +1
    (await play(w, [ana, ben], [
      [1, false],
      [1, false],
    ]));
    const ra = row(ana.userId)!;
    const rb = row(ben.userId)!;
    expect(ra.games).toBe(2);
    expect(ra.streak).toBe(0);
    expect(rb.streak).toBe(0);
    expect(ra.wins).toBe(1);
    // The stronger player loses a little in a draw, the weaker gains the same.
    expect(ra.mu - 27.635).toBeLessThan(0);
    const [[x], [y]] = rate([[fresh()], [fresh()]], { rank: [1, 1] });
    expect(x!.mu).toBeCloseTo(25, 10);
    expect(y!.sigma).toBeLessThan(25 / 3);
  });

  it('a player who leaves with /table leave is ranked last, whatever their seat declared', async () => {
    const id = (await startTable(w, [ana, ben, cleo]));
    // The leaver's seat is auto-played with the best possible declaration (1st, a win)...
    expect((await w.service.play.leaveGame(id, cleo)).ok).toBe(true);
    (await declare(w, id, ana, 1, true));
    (await declare(w, id, ben, 2, false));
    const res = (await w.store.results(id));
    const left = res.find((r) => r.userId === cleo.userId)!;
    // ...but the service places them after everyone who stayed, and not as a winner.
    expect(left).toMatchObject({ placement: 3, left: true, winner: false });
    const rc = row(cleo.userId)!;
    expect(rc.games).toBe(1);
    expect(rc.wins).toBe(0);
    expect(rc.mu).toBeLessThan(row(ben.userId)!.mu);
    expect(rc.mu).toBeLessThan(25);
    const expected = rate([[fresh()], [fresh()], [fresh()]], { rank: [1, 2, 3] });
    expect(rc.mu).toBeCloseTo(expected[2]![0]!.mu, 10);
  });

  it('a seat auto-played because its player was away still counts for that player', async () => {
    const id = (await startTable(w, [ana, ben, cleo]));
    await (await w.store.transaction((tx) => tx.updateSeat(id, ben.userId, { away: true, missed: 2 })));
    (await declare(w, id, ana, 2, false)); // Ben's seat is auto-played once Ana acts (she is present).
    (await declare(w, id, cleo, 3, false));
    expect((await w.store.table(id))!.status).toBe('finished');
    const rb = row(ben.userId)!;
    expect(rb.games).toBe(1);
    expect(rb.wins).toBe(1); // the auto-play declared 1st and a win; it counts as his
  });

  it('cancelled tables are not rated (host cancel, admin end, lobby)', async () => {
    const a = (await startTable(w, [ana, ben]));
    (await declare(w, a, ana, 1, true));
    expect((await w.service.lobby.cancel(a, ana)).ok).toBe(true);
    const b = (await startTable(w, [ana, ben]));
    expect((await w.service.lobby.cancel(b, player(9, true), 'admin')).ok).toBe(true);
    const d = (await w.service.lobby.createTable({ guildId: GUILD, channelId: '800000000000009999', game: 'suspicion', host: ana, options: {} }));
    if (d.ok) (await w.service.lobby.cancel(d.value.table.id, ana));
    expect(w.db.select().from(ratings).all()).toEqual([]);
    expect(w.db.select().from(playerTotals).all()).toEqual([]);
  });

  it(`marks a player provisional until ${PROVISIONAL_GAMES} rated games`, async () => {
    const q = w.store;
    for (let g = 1; g <= PROVISIONAL_GAMES; g++) {
      (await ffa(w, [ana, ben]));
      const r = (await q.leaderboard(GUILD, 'suspicion', 1, 0)).rows.find((x) => x.userId === ana.userId)!;
      expect(r.games).toBe(g);
      expect(isProvisional(r.games)).toBe(g < PROVISIONAL_GAMES);
    }
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(4)).toBe(true);
    expect(isProvisional(5)).toBe(false);
    expect(row(ana.userId)!.streak).toBe(PROVISIONAL_GAMES);
    expect(row(ben.userId)!.streak).toBe(-PROVISIONAL_GAMES);
  });

  it('keeps lifetime totals and the latest display name', async () => {
    (await ffa(w, [ana, ben]));
    (await ffa(w, [{ ...ben, displayName: 'Benedict' }, ana, cleo]));
    const totals = w.db.select().from(playerTotals).all();
    const byUser = Object.fromEntries(totals.map((t) => [t.userId, t]));
    expect(byUser[ana.userId]).toMatchObject({ games: 2, wins: 1 });
    expect(byUser[ben.userId]).toMatchObject({ games: 2, wins: 1, name: 'Benedict' });
    expect(byUser[cleo.userId]).toMatchObject({ games: 1, wins: 0 });
    expect(row(ben.userId)!.name).toBe('Benedict');
  });

  it('rates inside the transaction that stores the result: a failing later hook rolls both back', async () => {
    await w.close();
    w = world([
      async () => {
        throw new Error('boom');
      },
    ]);
    const id = (await startTable(w, [ana, ben]));
    (await declare(w, id, ana, 1, true));
    const step = 1;
    await expect(w.service.play.act(id, ben, step, { type: 'place', placement: 2, win: false })).rejects.toThrow('boom');
    expect((await w.store.table(id))!.status).toBe('active');
    expect(w.db.select().from(results).all()).toEqual([]);
    expect(w.db.select().from(ratings).all()).toEqual([]);
    expect(w.db.select().from(playerTotals).all()).toEqual([]);
  });

  it('ratings are per server', async () => {
    (await ffa(w, [ana, ben]));
    (await ffa(w, [ben, ana], '900000000000000002'));
    const q = w.store;
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 0)).rows[0]!.userId).toBe(ana.userId);
    expect((await q.leaderboard('900000000000000002', 'suspicion', 1, 0)).rows[0]!.userId).toBe(ben.userId);
    expect(row(ana.userId)!.games).toBe(1);
  });
});

describe('rateTable and streaks (pure)', () => {
  it('needs at least two players', async () => {
    expect(rateTable([{ userId: 'a', placement: 1, winner: true, prior: null }])).toEqual([]);
  });

  it('continues from a prior rating', async () => {
    const prior = { mu: 30, sigma: 4, games: 7, wins: 5, streak: 2 };
    const [a] = rateTable([
      { userId: 'a', placement: 1, winner: true, prior },
      { userId: 'b', placement: 2, winner: false, prior: null },
    ]);
    const [[x]] = rate([[rating({ mu: 30, sigma: 4 })], [rating()]], { rank: [1, 2] });
    expect(a).toMatchObject({ games: 8, wins: 6, streak: 3 });
    expect(a!.mu).toBeCloseTo(x!.mu, 10);
  });

  it('streaks: wins and non-wins in a row, reset by a game nobody won', async () => {
    expect(nextStreak(0, true, false)).toBe(1);
    expect(nextStreak(3, true, false)).toBe(4);
    expect(nextStreak(3, false, false)).toBe(-1);
    expect(nextStreak(-2, false, false)).toBe(-3);
    expect(nextStreak(-2, true, false)).toBe(1);
    expect(nextStreak(5, false, true)).toBe(0);
  });
});
