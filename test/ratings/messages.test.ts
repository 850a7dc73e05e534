/**
 * Leaderboard and stats rendering, and the `rh1:l` / `rh1:a` custom ids: provisional
 * marks, paging buttons, limits, round trips and malformed ids.
 */
import { describe, expect, it } from 'vitest';
import { adminActionId, CUSTOM_ID_MAX, decodeCustomId, leaderboardPageId } from '../../src/discord/custom-id.js';
import { defaultRegistry } from '../../src/games/index.js';
import { en } from '../../src/i18n/en/index.js';
import type { LeaderRow } from '../../src/persistence/store/types.js';
import { leaderboardMessage } from '../../src/discord/render/leaderboard.js';
import { statsMessage } from '../../src/discord/render/stats.js';

const reg = defaultRegistry();
const row = (rank: number, name: string, games: number, wins: number, ordinal: number): LeaderRow => ({
  rank,
  userId: String(100 + rank),
  name,
  mu: ordinal + 10,
  sigma: 10 / 3,
  ordinal,
  games,
  wins,
  streak: 0,
});

describe('leaderboard message', () => {
  it('shows rank, name, rating, games and win rate, with ✱ while provisional', () => {
    const msg = leaderboardMessage(
      { kind: 'game', game: 'suspicion', season: 1, currentSeason: 1, page: { rows: [row(1, 'Ana', 12, 9, 14.26), row(2, 'B*en', 3, 1, 2.04)], page: 0, pages: 1, total: 2 } },
      reg,
      en,
    );
    const e = msg.embeds![0]!;
    expect(e.title).toContain('Suspicion leaderboard · season 1');
    expect(e.description).toContain('🥇 Ana — **14.3** · 12 games · 75% wins');
    expect(e.description).toContain('🥈 B\\*en — **2.0** ✱ · 3 games · 33% wins');
    expect(e.footer!.text).toContain('Page 1 of 1 · 2 players');
    expect(msg.components).toEqual([]);
    expect(msg.allowed_mentions).toEqual({ parse: [] });
  });

  it('pages: previous disabled on the first page, next disabled on the last, ids within limits', () => {
    const page = (p: number) =>
      leaderboardMessage({ kind: 'game', game: 'jaccuse', season: 3, currentSeason: 3, page: { rows: [row(p * 10 + 1, 'X', 5, 1, 1)], page: p, pages: 3, total: 25 } }, reg, en);
    const buttons = (p: number) => (page(p).components![0] as { components: unknown[] }).components as { custom_id: string; disabled: boolean; label: string }[];
    expect(buttons(0).map((b) => [b.label, b.disabled, decodeCustomId(b.custom_id)])).toEqual([
      [en.ratings.board.previous, true, { kind: 'leaderboard', view: 'jaccuse', season: 3, page: 0 }],
      [en.ratings.board.next, false, { kind: 'leaderboard', view: 'jaccuse', season: 3, page: 1 }],
    ]);
    expect(buttons(1).map((b) => b.disabled)).toEqual([false, false]);
    expect(buttons(2).map((b) => b.disabled)).toEqual([false, true]);
    expect(new Set(buttons(2).map((b) => b.custom_id)).size).toBe(2);
  });

  it('an empty board and a past season say so', () => {
    const empty = leaderboardMessage({ kind: 'game', game: 'noir', season: 2, currentSeason: 2, page: { rows: [], page: 0, pages: 1, total: 0 } }, reg, en);
    expect(empty.embeds![0]!.description).toContain('Nobody has finished a rated game');
    const past = leaderboardMessage({ kind: 'game', game: 'noir', season: 1, currentSeason: 2, page: { rows: [], page: 0, pages: 1, total: 0 } }, reg, en);
    expect(past.embeds![0]!.description).toContain('Season 1 is over');
    const all = leaderboardMessage({ kind: 'all', page: { rows: [{ rank: 1, userId: '1', name: 'Ana', games: 4, wins: 1 }], page: 0, pages: 1, total: 1 } }, reg, en);
    expect(all.embeds![0]!.description).toBe('🥇 Ana — **4 games** · 1 win (25%)');
  });
});

describe('stats message', () => {
  it('per game rating with provisional mark, streak, totals and recent games', () => {
    const msg = statsMessage(
      {
        name: 'Ana',
        games: [
          { game: 'noir', season: 1, name: 'Ana', mu: 27.6, sigma: 8.1, ordinal: 3.4, games: 1, wins: 1, streak: 1, rank: 1, of: 2 },
          { game: 'suspicion', season: 2, name: 'Ana', mu: 30, sigma: 4, ordinal: 18, games: 7, wins: 5, streak: 3, rank: 1, of: 9 },
        ],
        totals: { games: 8, wins: 6 },
        recent: [{ tableId: 12, game: 'noir', placement: 1, winner: true, left: false, score: null, players: 2, endedAt: 1_700_000_000_000 }],
      },
      reg,
      en,
    );
    const d = msg.embeds![0]!.description!;
    expect(d.indexOf('Suspicion')).toBeLessThan(d.indexOf('NOIR'));
    expect(d).toContain('Rating **18.0** (skill 30.0 ± 4.0) · #1 of 9');
    expect(d).toContain('🔥 3 wins in a row');
    expect(d).toContain('✱ provisional (1 of 5 games)');
    expect(d).toContain('**All games:** 8 games · 6 wins (75%)');
    expect(d).toContain('#12 — 🏆 won 1st of 2 · <t:1700000000:R>');
  });

  it('a player without games', () => {
    const msg = statsMessage({ name: 'Zed', games: [], totals: undefined, recent: [] }, reg, en);
    expect(msg.embeds![0]!.description).toBe(en.ratings.stats.nothing('Zed'));
  });
});

describe('custom ids rh1:l and rh1:a', () => {
  it('round-trip within 100 characters', () => {
    const ids = [
      leaderboardPageId('all', 0, 0),
      leaderboardPageId('suspicion', 99, 1234),
      adminActionId({ verb: 'end', tableId: 987654 }),
      adminActionId({ verb: 'reset', game: 'phantom', season: 42 }),
      adminActionId({ verb: 'keep' }),
    ];
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
    expect(ids.map(decodeCustomId)).toEqual([
      { kind: 'leaderboard', view: 'all', season: 0, page: 0 },
      { kind: 'leaderboard', view: 'suspicion', season: 99, page: 1234 },
      { kind: 'admin', verb: 'end', tableId: 987654 },
      { kind: 'admin', verb: 'reset', game: 'phantom', season: 42 },
      { kind: 'admin', verb: 'keep' },
    ]);
  });

  it.each(['rh1:l:Suspicion:1:0', 'rh1:l:all:1', 'rh1:l:all:1:0:9', 'rh1:l:all:-1:0', 'rh1:a:end', 'rh1:a:end:x!', 'rh1:a:reset:noir', 'rh1:a:drop:1', 'rh1:a:keep:1'])(
    '%s is malformed',
    (id) => expect(decodeCustomId(id)).toBeNull(),
  );

  it('leaves the existing kinds untouched', () => {
    expect(decodeCustomId('rh1:t:c:join')).toEqual({ kind: 'table', tableId: 12, verb: 'join' });
    expect(decodeCustomId('rh1:g:c:3:draw')).toEqual({ kind: 'game', tableId: 12, step: 3, code: 'draw' });
  });
});
