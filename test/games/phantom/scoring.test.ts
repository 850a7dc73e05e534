/** §3.7 / §3.8 scoring: tables for 2, 3 and 4 players, floor, Detective, Phantoms, 4th party. */
import { describe, expect, it } from 'vitest';
import { applyGains, nextFirstInvestigator, scoreCrime, type CrimeScoringInput } from '../../../src/games/phantom/scoring.js';
import { determineCriminal } from '../../../src/games/phantom/crime.js';
import type { CardNumber, Glass } from '../../../src/games/phantom/rules.js';
import { crimeState, playCrime, report } from './helpers.js';

const P = 1 as const;

/** 3/4 players: position = seat. */
function input(players: number, cards: CardNumber[], glasses: (number | 'fourth')[], fourthParty: CardNumber | null = null): CrimeScoringInput {
  const all = [...cards, ...(fourthParty !== null ? [fourthParty] : [])];
  return {
    players,
    cards: cards.map((card, position) => ({ position, seat: position % players, card })),
    fourthParty,
    glasses: glasses.map((on, seat): Glass => ({ seat, on })),
    criminal: determineCriminal(all).criminal,
  };
}
const gains = (i: CrimeScoringInput) => scoreCrime(i).map((p) => p.gain);

describe('4-player scoring (§3.7)', () => {
  it('reproduces the seed scoring example exactly: +4, +6, −1, +1', () => {
    // Seed example {9, 6, 5, P} (§3.1, §3.4 (c), §3.7): the Forensicist strikes the 9, the
    // Detective (player 2) is the criminal; players 1 and 2 picked it (k = 2), player 3 put
    // the glass on player 4's Phantom, player 4 put it on the 9.
    const i = input(4, [9, 6, 5, P], [1, 1, 3, 0]);
    expect(i.criminal).toBe(6);
    expect(gains(i)).toEqual([4, 6, -1, 1]);
    const lines = scoreCrime(i);
    expect(lines[1]!.lines).toEqual([
      { reason: 'played-criminal', amount: 2, doubled: true },
      { reason: 'glass-criminal', amount: 4, doubled: true },
    ]);
  });

  it('the seed example through the engine, from scores of 3 each and from 0 (floor)', () => {
    for (const [start, after] of [
      [[3, 3, 3, 3], [7, 9, 2, 4]],
      [[0, 0, 0, 0], [4, 6, 0, 1]],
    ] as const) {
      const s = crimeState(4, { hands: [[9], [6], [5], [P]], firstInvestigator: 0, scores: [...start] });
      // Report order 0,1,2,3; glass order 3,2,1,0.
      const { state } = playCrime(s, [report(9), report(6), report(5), report(P, 'blue')], [0, 3, 1, 1]);
      expect(state.scores).toEqual(after);
      expect(state.lastCrime!.points.map((p) => p.gain)).toEqual([4, 6, -1, 1]);
    }
  });

  it('plain criminal: +1 to its player, N − k to each correct glass', () => {
    // {10, 8, 7, 3}: Courier (seat 3) is the criminal. Glasses: 3, 3, 0, 3 → k = 3, +1 each.
    expect(gains(input(4, [10, 8, 7, 3], [3, 3, 0, 3]))).toEqual([1, 1, 0, 2]);
    // One correct glass: +3.
    expect(gains(input(4, [10, 8, 7, 3], [3, 0, 0, 0]))).toEqual([3, 0, 0, 1]);
    // Everybody correct: +0 each, the player of the criminal still +1.
    expect(gains(input(4, [10, 8, 7, 3], [3, 3, 3, 3]))).toEqual([0, 0, 0, 1]);
  });

  it('Detective doubling: +2 for its player, ×2 for each correct glass', () => {
    // {9, 6, 4, P}: Shopkeeper clears the 9, the Detective (seat 1) is the criminal.
    expect(gains(input(4, [9, 6, 4, P], [1, 0, 0, 0]))).toEqual([6, 2, 0, 0]);
  });

  it('glass on your own Phantom scores 0; two glasses by others on a Phantom give +2', () => {
    // {10, 8, P, 7}: criminal 10 (seat 0). Seat 2 looks at its own Phantom: 0; k = 3 → +1 each.
    expect(gains(input(4, [10, 8, P, 7], [0, 0, 2, 0]))).toEqual([2, 1, 0, 1]);
    expect(scoreCrime(input(4, [10, 8, P, 7], [0, 0, 2, 0]))[2]!.lines).toEqual([{ reason: 'own-phantom', amount: 0 }]);
    // Seats 0 and 1 fall for seat 2's Phantom (−1 each, +2 for seat 2); seats 2 and 3 find the 10 (k = 2 → +2).
    expect(gains(input(4, [10, 8, P, 7], [2, 2, 0, 0]))).toEqual([1 - 1, -1, 2 + 2, 2]);
  });

  it('floor at 0 is applied after all of the crime\'s changes', () => {
    expect(applyGains([0, 1, 5, 0], [-1, -1, 2, 1])).toEqual([0, 0, 7, 1]);
    // {8, 10, P, 7}: seat 0 falls for seat 2's Phantom at 0 points: stays 0, seat 2 still gains 1.
    const g = gains(input(4, [8, 10, P, 7], [2, 1, 0, 0]));
    expect(g).toEqual([-1, 1 + 3, 1, 0]);
    expect(applyGains([0, 0, 0, 0], g)).toEqual([0, 4, 1, 0]);
  });

});

describe('3-player scoring and the 4th party (§3.8)', () => {
  it('played criminal +1, correct glass N − k with N = 3', () => {
    // {8, 6, 2} + 4th party 7: criminal 8 (seat 0). Glasses: seat0 → 0, seat1 → 0, seat2 → fourth.
    expect(gains(input(3, [8, 6, 2], [0, 0, 'fourth'], 7))).toEqual([2, 1, 0]);
  });

  it('4th-party criminal: the Shopkeeper\'s player +1, no "played the criminal" point', () => {
    // {4, 3, P} + 4th-party 10 → the 10 is the criminal.
    const i = input(3, [4, 3, P], ['fourth', 'fourth', 0], 10);
    expect(i.criminal).toBe(10);
    // k = 2 → +1 each for the correct glasses; the Shopkeeper's player (seat 0) +1.
    expect(gains(i)).toEqual([2, 1, 0]);
    expect(nextFirstInvestigator(i, 2)).toBe(0);
  });

  it('4th-party criminal with both Shopkeeper and Forensicist played: both +1, the Shopkeeper\'s player investigates first', () => {
    // {5, 4, 10} + 4th-party 6: the Forensicist strikes the 10 → the 4th-party Detective is the criminal.
    const i = input(3, [5, 4, 10], [0, 'fourth', 'fourth'], 6);
    expect(i.criminal).toBe(6);
    // Detective: correct glasses ×2 → (3 − 2) × 2 = 2; the support points stay +1.
    expect(gains(i)).toEqual([1, 1 + 2, 2]);
    expect(nextFirstInvestigator(i, 2)).toBe(1);
  });

  it('4th-party criminal with neither card played: the first investigator does not change', () => {
    const i = input(3, [8, 7, P], ['fourth', 0, 0], 10);
    expect(i.criminal).toBe(10);
    expect(gains(i)).toEqual([2, 0, 0]);
    expect(nextFirstInvestigator(i, 1)).toBe(1);
  });

  it('a glass on a face-up 4th-party Phantom costs 1 and nobody gains', () => {
    const i = input(3, [8, 7, 2], ['fourth', 0, 'fourth'], P);
    expect(gains(i)).toEqual([-1 + 1, 2, -1]);
    expect(scoreCrime(i)[2]!.lines).toEqual([{ reason: 'fourth-party-phantom', amount: -1 }]);
  });

  it('the criminal\'s player becomes first investigator', () => {
    expect(nextFirstInvestigator(input(3, [8, 9, 2], [0, 0, 0], 7), 0)).toBe(1);
  });
});

describe('2-player scoring (§3.8)', () => {
  /** 2 players: positions 0..3, owners 0,1,0,1. */
  function two(cards: CardNumber[], glasses: [number, number]): CrimeScoringInput {
    return {
      players: 2,
      cards: cards.map((card, position) => ({ position, seat: position % 2, card })),
      fourthParty: null,
      glasses: glasses.map((on, seat) => ({ seat, on })),
      criminal: determineCriminal(cards).criminal,
    };
  }

  it('correct glass on the opponent\'s card +2, on one\'s own +1, criminal\'s player +1', () => {
    // {10, 8, 7, 3}: Courier at position 3 (player 1). Player 0 guesses it (+2), player 1 too (own, +1).
    expect(gains(two([10, 8, 7, 3], [3, 3]))).toEqual([2, 1 + 1]);
    expect(gains(two([10, 8, 7, 3], [3, 0]))).toEqual([2, 1]);
  });

  it('the Detective doubles: +4 / +2, and +2 for its player', () => {
    // {9, 6, 4, P}: Detective at position 1 (player 1).
    expect(gains(two([9, 6, 4, P], [1, 1]))).toEqual([4, 2 + 2]);
  });

  it('Phantoms: glass on the opponent\'s Phantom −1 / +1; on one\'s own (either seat) 0', () => {
    // Phantom at position 3 (player 1), criminal 10 at position 0 (player 0).
    expect(gains(two([10, 8, 7, P], [3, 0]))).toEqual([1 - 1, 1 + 2]);
    expect(gains(two([10, 8, P, 7], [2, 1]))).toEqual([1, 0]);
  });
});
