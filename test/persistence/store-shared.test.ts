/**
 * The pure pieces both stores share (src/persistence/store/shared.ts): Discord's shard
 * formula, shard filters, paging, competition ranks and the settings merge.
 */
import { describe, expect, it } from 'vitest';
import { checkShardFilter, clampAdminPage, clampPage, claimLimit, rankPage, settingsUpsert, shardOfGuild } from '../../src/persistence/store/shared.js';

describe('store helpers', () => {
  it("puts a guild on shard (guild_id >> 22) % shard_count (Discord's formula)", () => {
    // Discord's docs: snowflake 175928847299117063 >> 22 = 41944705796 (its timestamp part).
    expect(shardOfGuild('175928847299117063', 1)).toBe(0);
    expect(shardOfGuild('175928847299117063', 2)).toBe(41944705796 % 2);
    expect(shardOfGuild('175928847299117063', 3)).toBe(2);
    expect(shardOfGuild('175928847299117063', 10)).toBe(6);
    // The low 22 bits (worker, process, increment) never matter.
    const k = 1234567n;
    for (const low of [0n, 1n, (1n << 22n) - 1n]) expect(shardOfGuild(String((k << 22n) | low), 16)).toBe(Number(k % 16n));
  });

  it('checks shard filters and returns their distinct ids in order', () => {
    expect(checkShardFilter({ shardCount: 4, shardIds: [3, 1, 3] })).toEqual([1, 3]);
    expect(() => checkShardFilter({ shardCount: 0, shardIds: [0] })).toThrow(RangeError);
    expect(() => checkShardFilter({ shardCount: 2.5, shardIds: [0] })).toThrow(RangeError);
    expect(() => checkShardFilter({ shardCount: 2, shardIds: [] })).toThrow(/at least one/);
    expect(() => checkShardFilter({ shardCount: 2, shardIds: [-1] })).toThrow(/not in \[0, 2\)/);
    expect(() => checkShardFilter({ shardCount: 2, shardIds: [1.5] })).toThrow(RangeError);
  });

  it('clamps pages into range (0-based boards, 1-based admin list), at least one page', () => {
    expect(clampPage(0, 0, 10)).toEqual({ page: 0, pages: 1 });
    expect(clampPage(5, 21, 10)).toEqual({ page: 2, pages: 3 });
    expect(clampPage(-2, 21, 10)).toEqual({ page: 0, pages: 3 });
    expect(clampPage(1.9, 21, 10)).toEqual({ page: 1, pages: 3 });
    expect(clampPage(Number.NaN, 21, 10)).toEqual({ page: 0, pages: 3 });
    expect(clampAdminPage(0, 25, 12)).toEqual({ page: 1, pages: 3 });
    expect(clampAdminPage(9, 25, 12)).toEqual({ page: 3, pages: 3 });
    expect(clampAdminPage(2, 0, 12)).toEqual({ page: 1, pages: 1 });
  });

  it('ranks ties by competition ranking, also when a page starts inside a tie', () => {
    const row = (ordinal: number) => ({ userId: String(ordinal), name: '', mu: 0, sigma: 0, ordinal, games: 0, wins: 0, streak: 0 });
    expect(rankPage([row(9), row(5), row(5), row(2)], 0, 4, 0).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
    // Page 1 of size 3 over ordinals 9, 5, 5 | 5, 2, 2: one player above the tie at 5.
    expect(rankPage([row(5), row(2), row(2)], 1, 3, 1).map((r) => r.rank)).toEqual([2, 5, 5]);
  });

  it('splits a settings patch into a new row and the columns to overwrite', () => {
    expect(settingsUpsert({ turnSeconds: 60, voteSeconds: null })).toEqual({
      insert: { turnSeconds: 60, reactionSeconds: null, voteSeconds: null },
      update: { turnSeconds: 60, voteSeconds: null },
    });
    expect(settingsUpsert({})).toEqual({ insert: { turnSeconds: null, reactionSeconds: null, voteSeconds: null }, update: {} });
    expect(() => settingsUpsert({ reactionSeconds: -1 })).toThrow(RangeError);
    expect(() => settingsUpsert({ reactionSeconds: Number.NaN })).toThrow(RangeError);
  });

  it('defaults the claim limit to 100 and refuses limits outside [1, 1000]', () => {
    expect(claimLimit(undefined)).toBe(100);
    expect(claimLimit({ limit: 1000 })).toBe(1000);
    for (const limit of [0, 1001, 2.5]) expect(() => claimLimit({ limit })).toThrow(RangeError);
  });
});
