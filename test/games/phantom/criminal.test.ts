/** §3.4 Determining the criminal: worked checks, seed examples, each effect. */
import { describe, expect, it } from 'vitest';
import { CRIME_EFFECTS, determineCriminal } from '../../../src/games/phantom/crime.js';
import type { CardNumber } from '../../../src/games/phantom/rules.js';

const P = 1 as const;

describe('criminal determination (§3.4)', () => {
  const cases: [string, CardNumber[], CardNumber | null][] = [
    // Worked checks of §3.4.
    ['{8,6,3,P} → 8 (Courier blocked by the Phantom)', [8, 6, 3, P], 8],
    ['{10,6,5,2} → 6 (Forensicist strikes 10, cancels the Barkeeper)', [10, 6, 5, 2], 6],
    ['{9,6,4,5} → 6 (Forensicist strikes 9)', [9, 6, 4, 5], 6],
    ['{9,6,4,3} → 6 (Shopkeeper clears the Yakuza; Courier blocked)', [9, 6, 4, 3], 6],
    ['{9,6,4,2} → 6 (Shopkeeper clears the Yakuza)', [9, 6, 4, 2], 6],
    ['{9,6,4,P} → 6 (Shopkeeper clears the Yakuza)', [9, 6, 4, P], 6],
    ['{10,9,4,2} → 2 (Barkeeper)', [10, 9, 4, 2], 2],
    ['{10,9,5,4} → 9 (Forensicist strikes 10, cancels the Shopkeeper)', [10, 9, 5, 4], 9],
    ['{10,8,7,3} → 3 (Courier)', [10, 8, 7, 3], 3],
    // Seed examples (§3.1: the first used "Shopkeeper (3)", the card is the Courier).
    ['seed example 1: {8,6,3,P} → 8', [8, 6, 3, P], 8],
    ['seed example 2: {10,6,5,2} → 6', [10, 6, 5, 2], 6],
    // Seed scoring example (§3.4 (c)): the Forensicist strikes the 9, the Detective is the criminal.
    ['seed scoring example {9,6,5,P} → 6', [9, 6, 5, P], 6],
    // Edge cases (§3.10).
    ['Forensicist strikes itself when highest: {5,4,3,2} → 4', [5, 4, 3, 2], 4],
    ['Forensicist as highest with Phantoms: {5,P,P,2} → 2', [5, P, P, 2], 2],
    ['Phantom never the criminal: {P,P,2,7} → 7', [P, P, 2, 7], 7],
    ['Courier with only 5+ others incl. Forensicist → Forensicist cancels: {10,8,5,3} → 8', [10, 8, 5, 3], 8],
    ['Barkeeper before Courier: {10,9,3,2} → 2 (the 2 also blocks the Courier)', [10, 9, 3, 2], 2],
    ['Shopkeeper without the Yakuza has no effect: {8,4,3,2} → 8', [8, 4, 3, 2], 8],
    ['3 players with a 4th-party Forensicist: {10,9,7,5} → 9', [10, 9, 7, 5], 9],
    ['Courier blocked by a 4: {10,8,4,3} → 10', [10, 8, 4, 3], 10],
    ['no suspect at all → no criminal', [P, P], null],
  ];
  it.each(cases)('%s', (_name, cards, expected) => {
    expect(determineCriminal(cards).criminal).toBe(expected);
  });

  it('every x ≤ 5 for {9,6,4,x} gives the 6', () => {
    for (const x of [1, 2, 3, 5] as CardNumber[]) expect(determineCriminal([9, 6, 4, x]).criminal).toBe(6);
  });

  it('explains the steps: Forensicist strike and cancel, then highest', () => {
    expect(determineCriminal([10, 6, 5, 2]).steps).toEqual([
      { kind: 'strike', card: 5, struck: 10 },
      { kind: 'cancel', card: 5, cancelled: [2] },
      { kind: 'highest', card: 6 },
    ]);
  });

  it('explains the Barkeeper and a blocked Courier', () => {
    expect(determineCriminal([10, 9, 4, 2]).steps).toEqual([{ kind: 'becomes-criminal', card: 2 }]);
    expect(determineCriminal([8, 6, 3, P]).steps).toEqual([
      { kind: 'no-trigger', card: 3 },
      { kind: 'highest', card: 8 },
    ]);
  });

  it('effects are data: a corrected effect is a one-entry change', () => {
    // Alternative reading of §3.12: the Shopkeeper strikes the highest card instead of the 9.
    const alt = CRIME_EFFECTS.map((e) =>
      e.card === 4 && e.kind === 'strike' ? { ...e, strikes: (inPlay: readonly CardNumber[]) => Math.max(...inPlay) as CardNumber } : e,
    );
    expect(determineCriminal([10, 8, 4, P], alt).criminal).toBe(8);
    expect(determineCriminal([10, 8, 4, P]).criminal).toBe(10);
  });
});
