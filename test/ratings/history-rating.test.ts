/**
 * `/history` shows each game's rating change (README "Review a game"): the ratings hook stores
 * how much a finished, rated table moved each human's ordinal (mu − 3·sigma) on their result row,
 * the value `rateTable` gives from their rating before the game (a first game starts from a new
 * player's 0); `/history` prints it signed with one decimal, "—" for a game that was not rated,
 * in English and Spanish.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyMessage } from '../../src/commands/history.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { rateTable } from '../../src/ratings/rating.js';
import { ffa, GUILD, player, world, type World } from './helpers.js';

let w: World;
beforeEach(() => {
  w = world();
});
afterEach(() => w.close());

const [ana, ben, cleo] = [player(1), player(2), player(3)] as const;

describe('/history rating change', () => {
  it('is the move of the ordinal the game gave, per player, from their rating before it', async () => {
    const first = await ffa(w, [ana, ben]);
    const second = await ffa(w, [cleo, ben, ana]);
    // Independently: the first game from new ratings, the second from the first's outcome.
    const [a1, b1] = rateTable([
      { userId: ana.userId, placement: 1, winner: true, prior: null },
      { userId: ben.userId, placement: 2, winner: false, prior: null },
    ]);
    const [, b2, a2] = rateTable([
      { userId: cleo.userId, placement: 1, winner: true, prior: null },
      { userId: ben.userId, placement: 2, winner: false, prior: b1! },
      { userId: ana.userId, placement: 3, winner: false, prior: a1! },
    ]);
    const anas = await w.store.recentGames(GUILD, ana.userId, 10);
    expect(anas.map((row) => row.tableId)).toEqual([second, first]);
    expect(anas[1]!.ratingChange).toBeCloseTo(a1!.ordinal - 0, 9);
    expect(anas[0]!.ratingChange).toBeCloseTo(a2!.ordinal - a1!.ordinal, 9);
    expect(anas[0]!.ratingChange!).toBeLessThan(0);
    const bens = await w.store.recentGames(GUILD, ben.userId, 10);
    expect(bens[0]!.ratingChange).toBeCloseTo(b2!.ordinal - b1!.ordinal, 9);

    const app = { store: w.store, registry: w.registry } as never;
    const page = (await historyMessage(app, GUILD, { id: ana.userId, name: null }, 0, en)).content!;
    expect(page).toContain(`#${second}**`);
    expect(page).toContain(en.review.history.rating(anas[0]!.ratingChange!));
    expect(page).toContain(en.review.history.rating(anas[1]!.ratingChange!));
    expect(en.review.history.rating(anas[0]!.ratingChange!)).toMatch(/^rating −\d+\.\d$/);
    expect(es.review.history.rating(anas[1]!.ratingChange!)).toMatch(/^puntuación \+\d+,\d$/);
  });

  it('a game that was not rated reads "—"', async () => {
    const games = [
      { tableId: 7, game: 'suspicion', placement: 1, winner: true, left: false, score: null, players: 2, endedAt: 1_700_000_000_000, ratingChange: null },
      { tableId: 6, game: 'suspicion', placement: 2, winner: false, left: false, score: null, players: 2, endedAt: 1_699_000_000_000, ratingChange: 1.26 },
    ];
    const app = { store: { recentGames: async () => games, stoppedGames: async () => [] }, registry: w.registry } as never;
    const english = (await historyMessage(app, GUILD, { id: ana.userId, name: null }, 0, en)).content!;
    expect(english).toContain('· rating —');
    expect(english).toContain('· rating +1.3');
    const spanish = (await historyMessage(app, GUILD, { id: ana.userId, name: null }, 0, es)).content!;
    expect(spanish).toContain('· puntuación —');
    expect(spanish).toContain('· puntuación +1,3');
  });
});
