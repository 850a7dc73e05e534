/** §3.8 player-count rules: 3 players (4th party, discard) and 2 players (double seats). */
import { describe, expect, it } from 'vitest';
import { seatsToAct } from '../../../src/games/engine.js';
import { allCards, act, crimeState, def, glass, opts, playCrime, report, turnSeat } from './helpers.js';
import { deckFor, type CardNumber } from '../../../src/games/phantom/rules.js';

const P = 1 as const;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('3 players: discard and 4th party', () => {
  it('starts with a simultaneous secret discard on the turn timer; the step holds while answers come in', () => {
    let s = def.setup(opts({ turnSeconds: 45 }), 3, 11);
    const p0 = def.pending(s);
    expect(p0).toMatchObject({ kind: 'simultaneous', seats: [0, 1, 2], waiting: [0, 1, 2], timer: 'turn', timeoutMs: 45_000 });
    expect(def.publicView(s).fourthParty).toBe(s.fourthParty);
    const card = s.hands[1]![0]!;
    const r = act(s, 1, { type: 'discard', card });
    s = r.state;
    expect(r.events).toEqual([
      { type: 'discarded', seat: 1 },
      { type: 'you-discarded', to: [1], card },
    ]);
    expect(def.pending(s)).toMatchObject({ kind: 'simultaneous', waiting: [0, 2], step: p0.step });
    expect(def.apply(s, 1, { type: 'discard', card: s.hands[1]![0]! })).toEqual({ ok: false, error: { code: 'already-discarded' } });
    expect(def.legalActions(s, 1)).toEqual([]);
    expect(def.seatView(s, 1).myDiscard).toBe(card);
    expect(def.seatView(s, 0).myDiscard).toBeNull();
    expect(JSON.stringify(def.publicView(s))).not.toContain('myDiscard');
    expect(def.publicView(s).discarded).toEqual([false, true, false]);
    // Reporting cannot start before everyone has discarded.
    expect(def.apply(s, 0, report(s.hands[0]![0]!)).ok).toBe(false);
    s = act(s, 0, { type: 'discard', card: s.hands[0]![0]! }).state;
    s = act(s, 2, { type: 'discard', card: s.hands[2]![0]! }).state;
    expect(def.pending(s)).toMatchObject({ kind: 'turn' });
    expect(def.pending(s).step).not.toBe(p0.step);
    expect(s.hands.map((h) => h.length)).toEqual([2, 2, 2]);
    expect(allCards(s)).toEqual(sorted(deckFor(false)));
  });

  it('timeouts, as the table service applies them, discard a random card of each waiting seat', () => {
    let s = def.setup(opts(), 3, 5);
    s = act(s, 2, { type: 'discard', card: s.hands[2]![1]! }).state;
    const step = def.pending(s).step;
    for (const seat of seatsToAct(def.pending(s))) {
      const now = def.pending(s);
      if (now.kind === 'over' || now.step !== step || !seatsToAct(now).includes(seat)) break;
      const a = def.defaultAction(s, seat);
      expect(a.type).toBe('discard');
      expect(s.hands[seat]).toContain((a as { card: CardNumber }).card);
      s = act(s, seat, a).state;
    }
    expect(s.phase).toBe('report');
  });

  it('the 4th-party card is a candidate and a glass target; its effect applies', () => {
    // 4th-party Forensicist: {10, 8, P} + 5 → strikes the 10 → the 8 is the criminal.
    const s = crimeState(3, { hands: [[10, 2], [8, 3], [P, 4]], firstInvestigator: 0, fourthParty: 5, faceDown: [9] });
    expect(def.publicView(s).fourthParty).toBe(5);
    let state = playCrime(s, [report(10), report(8), report(P, 'yellow')], []).state;
    expect(def.legalActions(state, 2).map((a) => (a as { on: unknown }).on)).toEqual([0, 1, 2, 'fourth']);
    state = playCrime(state, [], ['fourth', 1, 1]).state; // glass order 2, 1, 0
    expect(state.lastCrime).toMatchObject({ criminal: 8, criminalAt: 1, fourthParty: 5 });
    expect(state.lastCrime!.steps[0]).toEqual({ kind: 'strike', card: 5, struck: 10 });
    // Seat 2: glass on the Forensicist (no Phantom): 0; seats 1 and 0 correct: k = 2 → +1; seat 1 +1 played.
    expect(state.scores).toEqual([1, 2, 0]);
    // Crime 2: the second face-down card becomes the 4th-party card; the criminal's player starts.
    expect(state).toMatchObject({ crime: 2, fourthParty: 9, faceDown: [], firstInvestigator: 1 });
  });

  it('a 4th-party criminal: no "played" point, the Shopkeeper\'s player +1 and first investigator', () => {
    const s = crimeState(3, { hands: [[4, 2], [3, 6], [P, 8]], firstInvestigator: 2, fourthParty: 10, faceDown: [9] });
    // {4, 3, P} + 10 → 10. Report order 2, 0, 1; glass order 1, 0, 2.
    const { state } = playCrime(s, [report(P, 'red'), report(4), report(3)], ['fourth', 'fourth', 0]);
    expect(state.lastCrime).toMatchObject({ criminal: 10, criminalAt: 'fourth' });
    expect(state.scores).toEqual([2, 1, 0]);
    expect(state.firstInvestigator).toBe(0);
  });

  it('a 4th-party criminal with no Shopkeeper or Forensicist played keeps the first investigator', () => {
    const s = crimeState(3, { hands: [[8, 2], [7, 6], [P, 3]], firstInvestigator: 2, fourthParty: 10, faceDown: [9] });
    const { state } = playCrime(s, [report(P, 'red'), report(8), report(7)], ['fourth', 0, 0]);
    expect(state.lastCrime).toMatchObject({ criminal: 10, criminalAt: 'fourth' });
    expect(state.firstInvestigator).toBe(2);
  });

  it('a glass on a face-up 4th-party Phantom costs 1 and nobody gains', () => {
    const s = crimeState(3, { hands: [[8, 2], [7, 6], [9, 3]], firstInvestigator: 0, fourthParty: P, faceDown: [10], scores: [2, 2, 2] });
    // {8, 7, 9} + P → 9 (seat 2). Glass order 2, 1, 0.
    const { state } = playCrime(s, [report(8), report(7), report(9)], [2, 'fourth', 'fourth']);
    expect(state.scores).toEqual([1, 1, 2 + 1 + 2]);
  });

  it('beginner mode with 3 players: crime 2 has no 4th-party card', () => {
    let s = def.setup(opts({ beginner: true }), 3, 3);
    expect(s.faceDown).toEqual([]);
    for (let seat = 0; seat < 3; seat++) s = act(s, seat, { type: 'discard', card: s.hands[seat]![0]! }).state;
    for (let i = 0; i < 3; i++) s = act(s, turnSeat(s), def.legalActions(s, turnSeat(s))[0]!).state;
    for (let i = 0; i < 3; i++) s = act(s, turnSeat(s), glass(0)).state;
    expect(s.crime).toBe(2);
    expect(s.fourthParty).toBeNull();
    expect(def.legalActions(s, turnSeat(s)).length).toBeGreaterThan(0);
  });
});

describe('2 players: two seats each, one glass per crime', () => {
  it('alternates seats A, B, A, B and lets each player choose freely from their hand', () => {
    const s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 1 });
    // Positions 1 (Ben A), 2 (Ana B), 3 (Ben B), 0 (Ana A).
    const order: number[] = [];
    let state = s;
    for (const card of [7, 10, 6, P] as CardNumber[]) {
      const seat = turnSeat(state);
      order.push(seat);
      state = act(state, seat, report(card)).state;
    }
    expect(order).toEqual([1, 0, 1, 0]);
    expect(def.publicView(state).reports.map((r) => [r.position, r.seat])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
      [0, 0],
    ]);
    expect(state.hands).toEqual([[9, 8], [5, 4]]);
    // One glass each, starting with the owner of the last-played seat (position 0 → Ana).
    expect(def.publicView(state).glassOrder).toEqual([0, 1]);
    expect(def.legalActions(state, 0)).toHaveLength(4);
  });

  it('scores +2 / +1 for correct glasses and hands the first investigator to the criminal\'s seat', () => {
    const s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 1 });
    // Reports {7 @1, 10 @2, 6 @3, P @0}: criminal 10 at position 2 (Ana's B seat).
    const { state } = playCrime(s, [report(7), report(10), report(6), report(P, 'blue')], [2, 2]);
    expect(state.lastCrime).toMatchObject({ criminal: 10, criminalAt: 2 });
    // Ana: +1 played, +1 own card; Ben: +2 on the opponent's card.
    expect(state.scores).toEqual([2, 2]);
    expect(state).toMatchObject({ crime: 2, firstInvestigator: 2 });
    expect(turnSeat(state)).toBe(0);
    // Second crime: each plays both remaining cards.
    expect(state.hands.map((h) => h.length)).toEqual([2, 2]);
  });

  it('a glass on the opponent\'s Phantom: −1 for you, +1 for them; on your own Phantom in either seat: 0', () => {
    const s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 0, scores: [3, 3] });
    // Positions 0 Ana 10, 1 Ben 7, 2 Ana P, 3 Ben 6: criminal 10. Glass order: Ben (owner of 3), Ana.
    const { state } = playCrime(s, [report(10), report(7), report(P, 'red'), report(6)], [2, 2]);
    // Ben −1 on Ana's Phantom, Ana +1 for it; Ana on her own Phantom 0; Ana +1 for playing the 10.
    expect(state.scores).toEqual([5, 2]);
  });

  it('a whole 2-player round: 4 cards each, all played over the two crimes, then a new deal', () => {
    let s = def.setup(opts(), 2, 8);
    let crimes = 0;
    while (s.round === 1) {
      const seat = turnSeat(s);
      s = act(s, seat, def.legalActions(s, seat)[0]!).state;
      if (s.lastCrime && s.lastCrime.crime > crimes) crimes = s.lastCrime.crime;
    }
    expect(crimes).toBe(2);
    expect(s.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(s.lastCrime!.cards).toHaveLength(4);
  });
});
