/**
 * Tournament points and standings (docs/tournaments.md "Points", "Standings";
 * src/tournaments/standings.ts), with values worked out by hand from the rules there.
 */
import { describe, expect, it } from 'vitest';
import { byePoints, placePoints, standings, tablePoints, type RoundOutcome } from '../../src/tournaments/standings.js';

/** A 2-seat table: `first` beat `second` (or a draw). */
const duel = (first: string, second: string, draw = false) => ({ seats: [{ id: first, placement: 1 }, { id: second, placement: draw ? 1 : 2 }] });

describe('points by finishing place', () => {
  it('2 seats: 1 / 0, a tie ½ each; n seats: n−1 … 0, ties split', () => {
    expect([placePoints(1, 1, 2), placePoints(2, 1, 2), placePoints(1, 2, 2)]).toEqual([1, 0, 0.5]);
    expect([1, 2, 3, 4].map((place) => placePoints(place, 1, 4))).toEqual([3, 2, 1, 0]);
    // Two tied second at 4 seats share places 2 and 3: (2 + 1) / 2.
    expect(placePoints(2, 2, 4)).toBe(1.5);
    // Three tied first at 6 seats: (5 + 4 + 3) / 3.
    expect(placePoints(1, 3, 6)).toBe(4);
    expect(() => placePoints(4, 2, 4)).toThrow(RangeError);
    expect([byePoints(2), byePoints(4), byePoints(5)]).toEqual([0.5, 1.5, 2]);
  });

  it('an AI seat takes its place but scores for no one; a leaver scores 0; no result scores 0', () => {
    const scored = tablePoints({
      seats: [
        { id: 'a', placement: 1 },
        { id: null, placement: 2 },
        { id: 'b', placement: 3 },
        { id: 'c', placement: 4, left: true },
      ],
    });
    expect([...scored]).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 0],
    ]);
    expect([...tablePoints({ seats: [{ id: 'a', placement: null }, { id: 'b', placement: null }] })]).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });
});

describe('standings', () => {
  it('5 entrants at 2 seats with byes: points, then Buchholz', () => {
    const rounds: RoundOutcome[] = [
      { round: 1, tables: [duel('A', 'B'), duel('D', 'C')], byes: ['E'] },
      { round: 2, tables: [duel('D', 'A'), duel('E', 'B')], byes: ['C'] },
    ];
    const got = standings(['A', 'B', 'C', 'D', 'E'].map((id) => ({ id })), rounds, 2);
    // Points: A 1, B 0, C 0.5, D 2, E 1.5. Buchholz (mean of the table's other entrants' points,
    // a bye counting one's own): A 0 + 2 = 2, B 1 + 1.5 = 2.5, C 2 + 0.5 = 2.5, D 0.5 + 1 = 1.5, E 1.5 + 0 = 1.5.
    expect(got.map((line) => [line.id, line.place, line.points, line.buchholz])).toEqual([
      ['D', 1, 2, 1.5],
      ['E', 2, 1.5, 1.5],
      ['A', 3, 1, 2],
      ['C', 4, 0.5, 2.5],
      ['B', 5, 0, 2.5],
    ]);
    expect(got.find((line) => line.id === 'E')!.rounds).toEqual([0.5, 1]);
    expect(got.find((line) => line.id === 'C')!).toMatchObject({ played: 1, byes: 1 });
  });

  it('equal on points and Buchholz: head-to-head, else a shared place', () => {
    const rounds: RoundOutcome[] = [
      { round: 1, tables: [duel('A', 'B'), duel('C', 'D')], byes: [] },
      { round: 2, tables: [duel('A', 'C'), duel('B', 'D')], byes: [] },
      { round: 3, tables: [duel('D', 'A'), duel('B', 'C')], byes: [] },
    ];
    // A 2, B 2, C 1, D 1; Buchholz A 2+1+1 = 4 = B 2+1+1; C 1+2+2 = 5 = D 1+2+2; A beat B, C beat D.
    const got = standings(['D', 'C', 'B', 'A'].map((id) => ({ id })), rounds, 2);
    expect(got.map((line) => [line.id, line.place, line.points, line.buchholz, line.headToHead])).toEqual([
      ['A', 1, 2, 4, 1],
      ['B', 2, 2, 4, -1],
      ['C', 3, 1, 5, 1],
      ['D', 4, 1, 5, -1],
    ]);
    // Equal everywhere and never met: a shared place.
    const shared = standings(
      ['A', 'B', 'C', 'D'].map((id) => ({ id })),
      [
        { round: 1, tables: [duel('A', 'B'), duel('C', 'D', true)], byes: [] },
        { round: 2, tables: [duel('A', 'C', true), duel('B', 'D')], byes: [] },
      ],
      2,
    );
    // A 1.5, B 1, C 1, D 0.5; Buchholz A 1 + 1 = 2, B 1.5 + 0.5 = 2, C 0.5 + 1.5 = 2, D 1 + 1 = 2.
    expect(shared.map((line) => [line.id, line.place, line.points, line.buchholz, line.headToHead])).toEqual([
      ['A', 1, 1.5, 2, 0],
      ['B', 2, 1, 2, 0],
      ['C', 2, 1, 2, 0],
      ['D', 4, 0.5, 2, 0],
    ]);
  });

  it('late joiners and withdrawn entrants: rounds not played are empty; AI seats are nobody\'s opponent', () => {
    const rounds: RoundOutcome[] = [
      {
        round: 1,
        tables: [
          {
            seats: [
              { id: 'a', placement: 2 },
              { id: 'b', placement: 1 },
              { id: 'c', placement: 3 },
              { id: null, placement: 4 },
            ],
          },
        ],
        byes: [],
      },
      {
        round: 2,
        tables: [
          {
            seats: [
              { id: 'a', placement: 1 },
              { id: 'b', placement: 4, left: true },
              { id: 'd', placement: 2 },
              { id: null, placement: 3 },
            ],
          },
        ],
        byes: [],
      },
    ];
    const got = standings([{ id: 'a' }, { id: 'b', withdrawn: true }, { id: 'c' }, { id: 'd' }], rounds, 4);
    // a 2 + 3 = 5; b 3 + 0 = 3; c 1; d (joined in round 2) 2.
    // Buchholz: a (3 + 1) / 2 + (3 + 2) / 2 = 4.5; b (5 + 1) / 2 + (5 + 2) / 2 = 6.5; c (5 + 3) / 2 = 4; d (5 + 3) / 2 = 4.
    expect(got.map((line) => [line.id, line.place, line.points, line.buchholz, line.rounds])).toEqual([
      ['a', 1, 5, 4.5, [2, 3]],
      ['b', 2, 3, 6.5, [3, 0]],
      ['d', 3, 2, 4, [null, 2]],
      ['c', 4, 1, 4, [1, null]],
    ]);
    expect(got.find((line) => line.id === 'b')!.withdrawn).toBe(true);
  });
});
