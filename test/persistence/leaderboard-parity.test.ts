/**
 * Leaderboards read the same on both backends: random boards (many ties, user ids that sort
 * differently under a locale than byte by byte) are written to a SQLite store and a
 * PostgreSQL store, and every page of every view must equal the order the interface
 * documents — ordinal desc then user id desc (bytes), competition ranks; games desc, wins
 * desc, user id desc — and each other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/db.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { Store } from '../../src/persistence/store/types.js';
import { describePostgres } from '../support/postgres.js';

const GUILD = '81384788765712384';
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Ids that a locale orders differently from bytes: case, digits of different lengths, accents, an emoji. */
const ids = ['a', 'B', 'b', 'A1', '10', '9', '_x', 'é', 'e', 'z🦊', 'Z', '175928847299117063', '81384788765712384', '1090368765400477767'];

const player = fc.record({
  ordinal: fc.constantFrom(-3, 0, 1.5, 7, 12.25, 1e-9),
  games: fc.integer({ min: 1, max: 3 }),
  wins: fc.integer({ min: 0, max: 3 }),
});
const board = fc.record({
  players: fc.uniqueArray(fc.tuple(fc.constantFrom(...ids), player), { minLength: 1, maxLength: ids.length, selector: ([id]) => id }),
  size: fc.integer({ min: 1, max: 6 }),
});

async function fill(store: Store, players: [string, { ordinal: number; games: number; wins: number }][]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const batch = players
      .filter(([, p]) => p.games > round)
      .map(([userId, p]) => ({ userId, name: `N-${userId}`, mu: p.ordinal + 9, sigma: 3, ordinal: p.ordinal, games: round + 1, wins: 0, streak: 0, won: round < p.wins }));
    if (batch.length > 0) await store.transaction((tx) => tx.saveRatings(GUILD, 'suspicion', 1, batch, 1_700_000_000_000 + round));
  }
}

async function allPages<R>(read: (page: number) => Promise<{ rows: R[]; pages: number }>): Promise<R[]> {
  const first = await read(0);
  const rows = [...first.rows];
  for (let page = 1; page < first.pages; page++) rows.push(...(await read(page)).rows);
  return rows;
}

describePostgres('leaderboards: SQLite and PostgreSQL agree', (server) => {
  it('pages, orders and ranks every random board the same way, as documented', async () => {
    const url = await server().createDatabase();
    const postgres = await openPostgres(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const dir = mkdtempSync(join(tmpdir(), 'rh-lb-parity-'));
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(board, async ({ players, size }) => {
          await admin.query('truncate ratings, player_totals');
          const sqlite = new SqliteStore(openDatabase(join(dir, `run-${++run}.db`)));
          try {
            await fill(sqlite, players);
            await fill(postgres, players);
            const expectedBoard = [...players].sort(([a, p], [b, q]) => q.ordinal - p.ordinal || byteOrder(b, a));
            const expectedRanks = expectedBoard.map(([, p]) => 1 + players.filter(([, q]) => q.ordinal > p.ordinal).length);
            const expectedTotals = [...players]
              .map(([id, p]) => ({ id, games: p.games, wins: Math.min(p.wins, p.games) }))
              .sort((a, b) => b.games - a.games || b.wins - a.wins || byteOrder(b.id, a.id));
            for (const store of [sqlite, postgres]) {
              const rows = await allPages((page) => store.leaderboard(GUILD, 'suspicion', 1, page, size));
              expect(rows.map((r) => r.userId)).toEqual(expectedBoard.map(([id]) => id));
              expect(rows.map((r) => r.rank)).toEqual(expectedRanks);
              const totals = await allPages((page) => store.allGames(GUILD, page, size));
              expect(totals.map((r) => [r.userId, r.games, r.wins])).toEqual(expectedTotals.map((t) => [t.id, t.games, t.wins]));
            }
            for (let page = -1; page <= Math.ceil(players.length / size); page++) {
              expect(await postgres.leaderboard(GUILD, 'suspicion', 1, page, size)).toEqual(await sqlite.leaderboard(GUILD, 'suspicion', 1, page, size));
              expect(await postgres.allGames(GUILD, page, size)).toEqual(await sqlite.allGames(GUILD, page, size));
            }
            for (const [id] of players) {
              expect(await postgres.playerGames(GUILD, id)).toEqual(await sqlite.playerGames(GUILD, id));
              expect(await postgres.playerTotals(GUILD, id)).toEqual(await sqlite.playerTotals(GUILD, id));
            }
          } finally {
            await sqlite.close();
          }
        }),
        { numRuns: 12, seed: 20240601 },
      );
    } finally {
      await admin.end();
      await postgres.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
