/**
 * Leaderboard, all-games and stats queries over real games, season reset, and the query
 * plans (every hot query walks one of our indexes; no full scan, no temp sort).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clampPage } from '../../src/persistence/store/shared.js';
import type { SqliteHotQuery } from '../../src/persistence/store/sqlite.js';
import { PAGE_SIZE } from '../../src/persistence/store/types.js';
import { ffa, GUILD, play, player, world, type World } from './helpers.js';

let w: World;
beforeEach(() => {
  w = world();
});
afterEach(() => w.close());

const [ana, ben, cleo, dev] = [player(1), player(2), player(3), player(4)] as const;

describe('leaderboard pages', () => {
  it('orders by ordinal, numbers ranks across pages and clamps the page', async () => {
    const many = Array.from({ length: 23 }, (_, i) => player(i + 1));
    // Player 1 beats everyone once; the rest play in pairs.
    for (let i = 1; i < many.length; i++) (await ffa(w, [many[0]!, many[i]!]));
    const q = w.store;
    const p0 = (await q.leaderboard(GUILD, 'suspicion', 1, 0));
    expect(p0).toMatchObject({ page: 0, pages: 3, total: 23 });
    expect(p0.rows).toHaveLength(PAGE_SIZE);
    expect(p0.rows[0]!.userId).toBe(many[0]!.userId);
    expect(p0.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const all = (await Promise.all([0, 1, 2].map((pg) => q.leaderboard(GUILD, 'suspicion', 1, pg)))).flatMap((page) => page.rows);
    expect(all.map((r) => r.rank)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    const ords = all.map((r) => r.ordinal);
    expect(ords).toEqual([...ords].sort((a, b) => b - a));
    expect(new Set(all.map((r) => r.userId)).size).toBe(23);
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 99)).page).toBe(2);
    expect((await q.leaderboard(GUILD, 'suspicion', 1, -5)).page).toBe(0);
    expect((await q.leaderboard(GUILD, 'noir', 1, 0))).toEqual({ rows: [], page: 0, pages: 1, total: 0 });
  });

  it('equal ratings share a rank (standard competition ranking), also across pages', async () => {
    // Two independent first games between fresh players: winners and losers end up equal.
    (await ffa(w, [ana, ben]));
    (await ffa(w, [cleo, dev]));
    const q = w.store;
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 0)).rows.map((r) => r.rank)).toEqual([1, 1, 3, 3]);
    // Page 2 of size 2 starts with a tie continued from page 1.
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 0, 3)).rows.map((r) => r.rank)).toEqual([1, 1, 3]);
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 1, 3)).rows.map((r) => r.rank)).toEqual([3]);
  });

  it('all-games view: lifetime games played, most first', async () => {
    (await ffa(w, [ana, ben]));
    (await ffa(w, [ben, cleo]));
    (await ffa(w, [ben, ana, dev]));
    const q = w.store;
    const v = (await q.allGames(GUILD, 0));
    expect(v.rows.map((r) => [r.name, r.games, r.wins])).toEqual([
      ['Player 2', 3, 2],
      ['Player 1', 2, 1],
      ['Player 4', 1, 0],
      ['Player 3', 1, 0],
    ]);
    expect(v.total).toBe(4);
  });

  it('stats: current-season record with position, totals and the last 5 games, newest first', async () => {
    const tables = [(await ffa(w, [ana, ben])), (await ffa(w, [ben, ana])), (await ffa(w, [ana, ben, cleo])), (await ffa(w, [cleo, ana, ben, dev])), (await ffa(w, [ana, dev])), (await ffa(w, [ana, ben]))];
    const q = w.store;
    const [rec] = (await q.playerGames(GUILD, ana.userId));
    expect(rec).toMatchObject({ game: 'suspicion', season: 1, games: 6, wins: 4, streak: 2, of: 4 });
    expect(rec!.rank).toBe((await q.leaderboard(GUILD, 'suspicion', 1, 0)).rows.find((r) => r.userId === ana.userId)!.rank);
    expect((await q.playerTotals(GUILD, ana.userId))).toMatchObject({ games: 6, wins: 4 });
    const recent = (await q.recentGames(GUILD, ana.userId));
    expect(recent.map((r) => r.tableId)).toEqual(tables.slice(1).reverse());
    expect(recent[1]).toMatchObject({ placement: 1, winner: true, players: 2 });
    expect(recent[2]).toMatchObject({ placement: 2, winner: false, players: 4 });
    expect((await q.playerGames(GUILD, '123'))).toEqual([]);
    expect((await q.playerTotals(GUILD, '123'))).toBeUndefined();
  });

  it('clampPage', async () => {
    expect(clampPage(0, 0, 10)).toEqual({ page: 0, pages: 1 });
    expect(clampPage(3, 31, 10)).toEqual({ page: 3, pages: 4 });
    expect(clampPage(4, 31, 10)).toEqual({ page: 3, pages: 4 });
    expect(clampPage(Number.NaN, 31, 10)).toEqual({ page: 0, pages: 4 });
  });
});

describe('seasons', () => {
  it('a reset keeps the old season queryable and starts the new one empty', async () => {
    (await ffa(w, [ana, ben]));
    (await ffa(w, [ana, cleo]));
    const q = w.store;
    expect((await w.store.currentSeason(GUILD, 'suspicion'))).toEqual({ season: 1, startedAt: null });
    const r = (await w.store.resetSeason(GUILD, 'suspicion', 1, dev.userId, 1_800_000_000_000));
    expect(r).toEqual({ ok: true, previous: 1, season: 2 });
    expect((await w.store.currentSeason(GUILD, 'suspicion'))).toEqual({ season: 2, startedAt: 1_800_000_000_000 });
    expect((await q.leaderboard(GUILD, 'suspicion', 2, 0)).total).toBe(0);
    expect((await q.playerGames(GUILD, ana.userId))).toEqual([]);
    const old = (await q.leaderboard(GUILD, 'suspicion', 1, 0));
    expect(old.total).toBe(3);
    expect(old.rows[0]).toMatchObject({ userId: ana.userId, games: 2, wins: 2 });
    // The first game of the new season starts from a fresh rating; season 1 is untouched.
    (await play(w, [ben, ana], [
      [1, true],
      [2, false],
    ]));
    const s2 = (await q.leaderboard(GUILD, 'suspicion', 2, 0));
    expect(s2.rows.map((x) => [x.userId, x.games])).toEqual([
      [ben.userId, 1],
      [ana.userId, 1],
    ]);
    expect(s2.rows[0]!.mu).toBeCloseTo(27.635, 2);
    expect((await q.leaderboard(GUILD, 'suspicion', 1, 0)).rows[0]).toMatchObject({ userId: ana.userId, games: 2 });
    expect((await q.playerGames(GUILD, ana.userId))).toMatchObject([{ season: 2, games: 1, wins: 0, rank: 2, of: 2 }]);
    // Lifetime totals are not reset.
    expect((await q.playerTotals(GUILD, ana.userId))).toMatchObject({ games: 3, wins: 2 });
  });

  it('a second confirm for the same season changes nothing', async () => {
    expect((await w.store.resetSeason(GUILD, 'suspicion', 1, ana.userId, 1)).ok).toBe(true);
    expect((await w.store.resetSeason(GUILD, 'suspicion', 1, ana.userId, 2))).toEqual({ ok: false, current: 2 });
    expect((await w.store.currentSeason(GUILD, 'suspicion')).season).toBe(2);
    expect((await w.store.currentSeason(GUILD, 'noir')).season).toBe(1);
    expect((await w.store.currentSeason('900000000000000002', 'suspicion')).season).toBe(1);
  });
});

describe('query plans', () => {
  const params = { guild: GUILD, game: 'suspicion', season: 1, limit: 10, offset: 0, user: ana.userId, ordinal: 0, channel: '900000000000000010' };
  const expectations: [SqliteHotQuery, RegExp][] = [
    ['boardPage', /USING INDEX ratings_top/],
    ['boardCount', /USING COVERING INDEX ratings_top/],
    ['above', /USING COVERING INDEX ratings_top \(.*ordinal>\?\)/],
    ['totalsPage', /USING INDEX player_totals_by_games/],
    ['totalsCount', /USING COVERING INDEX player_totals_by_games/],
    ['playerRows', /USING INDEX ratings_user/],
    ['recent', /USING INDEX results_user_ended/],
    // The partial unique index of open tables per channel, not every open table (game_tables_status).
    ['openInChannel', /USING INDEX game_tables_one_open_per_channel/],
  ];
  it.each(expectations)('%s uses its index, without a full scan or a temp sort', (name, re) => {
    const plan = w.store.explain(name, params);
    expect(plan.join('\n')).toMatch(re);
    for (const line of plan) {
      expect(line).not.toMatch(/^SCAN /);
      expect(line).not.toMatch(/TEMP B-TREE/);
    }
  });
});
