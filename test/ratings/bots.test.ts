/**
 * Ratings and AI players (README "AI players"): only humans are rated, by their placement
 * among the humans (renumbered, bots removed); a table with fewer than two humans is not
 * rated; no bot gets a rating; `/stats` counts a player's games and wins against each level.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { TableRow } from '../../src/persistence/store/types.js';
import { ratings as ratingsTable } from '../../src/persistence/schema.js';
import { humanResults, rateFinishedTable, type HookResult } from '../../src/ratings/store.js';
import { recordAgainstBots } from '../../src/ratings/vs-bots.js';

const row = (seat: number, userId: string, placement: number, winner: boolean, botLevel: string | null = null): HookResult => ({
  seat,
  userId,
  placement,
  winner,
  left: false,
  score: null,
  botLevel,
});

describe('placements among humans', () => {
  it('drop the bots and renumber competition style, ties kept', () => {
    const results = [row(0, 'bot-1', 1, true, 'hard'), row(1, 'h1', 2, false), row(2, 'bot-2', 3, false, 'easy'), row(3, 'h2', 4, false), row(4, 'h3', 4, false)];
    expect(humanResults(results).map((r) => [r.userId, r.placement, r.winner])).toEqual([
      ['h1', 1, false],
      ['h2', 2, false],
      ['h3', 2, false],
    ]);
  });

  it('fewer than two humans: nothing to rate', () => {
    expect(humanResults([row(0, 'h1', 1, true), row(1, 'bot-1', 2, false, 'normal')])).toEqual([]);
  });
});

let dir: string;
let db: Db;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-rate-bots-'));
  db = openDatabase(join(dir, 'test.db'));
  store = new SqliteStore(db);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function finishedTable(results: HookResult[], endedAt: number): Promise<TableRow> {
  return store.transaction(async (tx) => {
    const table = await tx.insertTable({
      guildId: 'g', channelId: `c${endedAt}`, game: 'noir', status: 'finished', hostUserId: 'h1', options: {}, maxSeats: 6,
      createdAt: endedAt, updatedAt: endedAt, endedAt, recentEvents: [],
    });
    await tx.insertResults(results.map((r) => ({ ...r, tableId: table.id, guildId: 'g', game: 'noir', endedAt })));
    return table;
  });
}

/** Rate `results` at a new finished table, in one transaction (as the result hook runs). */
async function rate(results: HookResult[], endedAt: number): Promise<void> {
  const table = await finishedTable(results, endedAt);
  await store.transaction((tx) => rateFinishedTable(tx, { table, results, seats: [] }));
}

describe('rating a table with bots', () => {
  it('rates the two humans only, as a two-player game; a solo game against bots rates nobody', async () => {
    const mixed = [row(0, 'bot-1', 1, true, 'hard'), row(1, 'h1', 2, false), row(2, 'h2', 3, false)];
    await rate(mixed, 1);
    const rated = db.select().from(ratingsTable).all();
    expect(rated.map((r) => r.userId).sort()).toEqual(['h1', 'h2']);
    const h1 = rated.find((r) => r.userId === 'h1')!;
    const h2 = rated.find((r) => r.userId === 'h2')!;
    expect(h1.mu).toBeGreaterThan(h2.mu); // h1 finished ahead of h2
    expect(h1.wins + h2.wins).toBe(0); // the bot's win is nobody's win
    const solo = [row(0, 'h3', 1, true), row(1, 'bot-1', 2, false, 'easy')];
    await rate(solo, 2);
    expect(db.select().from(ratingsTable).all().some((r) => r.userId === 'h3' || r.userId.startsWith('bot-'))).toBe(false);
  });

  it('/stats record: games and wins against each level, a table counted once per level', async () => {
    await finishedTable([row(0, 'h1', 1, true), row(1, 'bot-1', 2, false, 'easy'), row(2, 'bot-2', 2, false, 'easy')], 1);
    await finishedTable([row(0, 'h1', 2, false), row(1, 'bot-1', 1, true, 'hard')], 2);
    await finishedTable([row(0, 'h1', 1, true), row(1, 'bot-1', 2, false, 'hard'), row(2, 'bot-2', 3, false, 'easy')], 3);
    await finishedTable([row(0, 'h1', 1, true), row(1, 'h2', 2, false)], 4);
    expect(await recordAgainstBots(store, 'g', 'h1')).toEqual([
      { level: 'easy', games: 2, wins: 2 },
      { level: 'hard', games: 2, wins: 1 },
    ]);
    expect(await recordAgainstBots(store, 'g', 'h2')).toEqual([]);
  });
});
