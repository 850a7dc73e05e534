/** §3.6 timeouts and away play: random card with its true colour, glass not on your own card. */
import { describe, expect, it } from 'vitest';
import { positionsOf } from '../../../src/games/phantom/seating.js';
import { trueColour, type CardNumber, type PhantomState } from '../../../src/games/phantom/rules.js';
import { act, crimeState, def, opts, playCrime, report, turnSeat } from './helpers.js';

const P = 1 as const;

describe('default and away actions', () => {
  it('a timed-out report plays a card from hand with its true colour (a Phantom: any colour)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
      s.rng = def.setup(opts(), 4, seed).rng;
      const a = def.defaultAction(s, 0);
      expect(a.type).toBe('report');
      const { card, colour } = a as { card: CardNumber; colour: string };
      expect([10, P]).toContain(card);
      if (card !== P) expect(colour).toBe(trueColour(card));
      seen.add(`${card}:${colour}`);
      expect(def.apply(s, 0, a).ok).toBe(true);
      expect(def.autoAction!(s, 0)).toEqual(a);
    }
    expect(seen.has('10:blue')).toBe(true);
    expect([...seen].some((x) => x.startsWith('1:'))).toBe(true);
  });

  it('a timed-out glass goes on a random card that is not the player\'s own', () => {
    const targets = new Set<unknown>();
    for (let seed = 0; seed < 40; seed++) {
      let s = crimeState(4, { hands: [[10], [9], [8], [7]], firstInvestigator: 0 });
      s.rng = def.setup(opts(), 4, seed).rng;
      s = playCrime(s, [report(10), report(9), report(8), report(7)], []).state;
      const seat = turnSeat(s);
      const a = def.defaultAction(s, seat) as { type: string; on: number };
      expect(a.type).toBe('glass');
      expect(a.on).not.toBe(seat);
      targets.add(a.on);
      expect(def.autoAction!(s, seat)).toEqual(a);
    }
    expect(targets.size).toBe(3);
  });

  it('2 players: never on either of one\'s own seats; 3 players: the 4th-party card is a fair target', () => {
    for (let seed = 0; seed < 30; seed++) {
      let s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 0 });
      s.rng = def.setup(opts(), 2, seed).rng;
      s = playCrime(s, [report(10), report(7), report(9), report(6)], []).state;
      const seat = turnSeat(s);
      const a = def.defaultAction(s, seat) as { on: number };
      expect(positionsOf(seat, 2)).not.toContain(a.on);
    }
    const picks = new Set<unknown>();
    for (let seed = 0; seed < 40; seed++) {
      let s = crimeState(3, { hands: [[10], [9], [8]], firstInvestigator: 0, fourthParty: 7 });
      s.rng = def.setup(opts(), 3, seed).rng;
      s = playCrime(s, [report(10), report(9), report(8)], []).state;
      picks.add((def.defaultAction(s, turnSeat(s)) as { on: unknown }).on);
    }
    expect(picks.has('fourth')).toBe(true);
  });

  it('falls back to any card when every reported card is the player\'s own', () => {
    const s: PhantomState = crimeState(2, { hands: [[10, 9], [7, 6]], firstInvestigator: 0 });
    s.phase = 'solve';
    s.reports = [
      { position: 0, card: 8, colour: 'red' },
      { position: 2, card: P, colour: 'red' },
    ];
    const a = def.defaultAction(s, 0) as { on: number };
    expect([0, 2]).toContain(a.on);
  });

  it('is deterministic: the same state gives the same default', () => {
    const s = def.setup(opts(), 3, 21);
    for (const seat of [0, 1, 2]) expect(def.defaultAction(s, seat)).toEqual(def.defaultAction(structuredClone(s), seat));
    const after = act(s, 0, def.defaultAction(s, 0)).state;
    expect(after.rng).toEqual(s.rng);
  });
});
