/** Engine rules of §3.3 (4 players), §3.5, §3.9: deal, order, clue colours, glasses, crimes, rounds, end. */
import { describe, expect, it } from 'vitest';
import { phantomModule } from '../../../src/games/phantom/index.js';
import { deckFor, type CardNumber, type PhantomAction } from '../../../src/games/phantom/rules.js';
import { act, allCards, crimeState, def, glass, opts, playCrime, report, turnSeat } from './helpers.js';
import { en } from '../../../src/i18n/en/index.js';

const P = 1 as const;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('setup and deal (§3.3 step 1, §3.8)', () => {
  it.each([
    [4, false, 2, 3, 11],
    [4, true, 2, 2, 10],
    [3, false, 3, 1, 11],
    [3, true, 3, 0, 10],
    [2, false, 4, 3, 11],
    [2, true, 4, 2, 10],
  ])('%i players, beginner %s: %i cards each, %i face-down', (seats, beginner, hand, faceDown, total) => {
    const s = def.setup(opts({ beginner }), seats, 7);
    expect(s.hands.map((h) => h.length)).toEqual(Array(seats).fill(hand));
    expect(s.faceDown).toHaveLength(faceDown);
    expect(s.fourthParty !== null).toBe(seats === 3);
    expect(allCards(s)).toEqual(sorted(deckFor(beginner)));
    expect(allCards(s)).toHaveLength(total);
    expect(allCards(s).filter((c) => c === P)).toHaveLength(beginner ? 1 : 2);
    expect(s.phase).toBe(seats === 3 ? 'discard' : 'report');
    expect(s.scores).toEqual(Array(seats).fill(0));
  });

  it('is deterministic and the first investigator is random over seeds', () => {
    expect(def.setup(opts(), 4, 99)).toEqual(def.setup(opts(), 4, 99));
    const firsts = new Set(Array.from({ length: 40 }, (_, seed) => def.setup(opts(), 4, seed).firstInvestigator));
    expect(firsts.size).toBe(4);
  });

  it('refuses a seat count outside 2–4 (programming error)', () => {
    expect(() => def.setup(opts(), 5, 1)).toThrow();
    expect(() => def.setup(opts(), 1, 1)).toThrow();
  });

  it('options default to target 10, 60 s, beginner off', () => {
    expect(opts()).toEqual({ turnSeconds: 60, targetScore: 10, beginner: false });
    expect(phantomModule.newOptions.map((o) => [o.name, o.optionKey, o.type])).toEqual([
      ['beginner', 'beginner', 'boolean'],
      ['target-score', 'targetScore', 'integer'],
      ['turn-timer', 'turnSeconds', 'integer'],
    ]);
    expect(phantomModule).toMatchObject({ id: 'phantom', command: 'phantom', emoji: '👻' });
    expect(phantomModule.title(en)).toBe('Tricks and the Phantom');
  });
});

describe('reporting (§3.3 step 3)', () => {
  const base = () => crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 2 });

  it('goes clockwise from the first investigator, one decision at a time on the turn timer', () => {
    let s = base();
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const p = def.pending(s);
      expect(p).toMatchObject({ kind: 'turn', timer: 'turn', timeoutMs: 60_000 });
      const seat = turnSeat(s);
      order.push(seat);
      const before = p.step;
      s = act(s, seat, def.legalActions(s, seat)[0]!).state;
      expect(def.pending(s).step).not.toBe(before);
    }
    expect(order).toEqual([2, 3, 0, 1]);
  });

  it('offers a suspect only with its true colour and a Phantom with any colour', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    expect(def.legalActions(s, 0)).toEqual([
      { type: 'report', card: 10, colour: 'blue' },
      { type: 'report', card: 1, colour: 'yellow' },
      { type: 'report', card: 1, colour: 'red' },
      { type: 'report', card: 1, colour: 'blue' },
    ]);
    expect(def.legalActions(s, 1)).toEqual([]);
  });

  it('refuses a wrong colour on a suspect card (engine-enforced truth)', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const r = def.apply(s, 0, { type: 'report', card: 10, colour: 'red' });
    expect(r).toEqual({ ok: false, error: { code: 'wrong-colour', params: { colour: 'blue' } } });
    for (const colour of ['yellow', 'red', 'blue'] as const) expect(def.apply(s, 0, report(P, colour)).ok).toBe(true);
  });

  it('refuses out-of-turn, absent cards, wrong phase and malformed actions without changing the state', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const frozen = structuredClone(s);
    const code = (seat: number, a: unknown) => {
      const r = def.apply(s, seat, a as PhantomAction);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(1, report(9))).toBe('not-your-turn');
    expect(code(0, report(9))).toBe('card-not-in-hand');
    expect(code(0, glass(0))).toBe('wrong-phase');
    expect(code(0, { type: 'discard', card: 10 })).toBe('wrong-phase');
    expect(code(0, { type: 'nope' })).toBe('malformed');
    // Values that do not fit the action schema never reach apply: the codec (or the table
    // service, for a raw action) checks every action once and refuses them as malformed.
    expect(def.actionSchema.safeParse({ type: 'report', card: 11, colour: 'blue' }).success).toBe(false);
    expect(def.actionSchema.safeParse({ type: 'report', card: 10, colour: 'green' }).success).toBe(false);
    expect(code(9, report(10))).toBe('not-your-turn');
    expect(s).toEqual(frozen);
  });

  it('keeps the played card secret and the clue colour public', () => {
    let s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const r = act(s, 0, report(P, 'blue'));
    s = r.state;
    expect(def.publicView(s).reports).toEqual([{ position: 0, seat: 0, colour: 'blue' }]);
    expect(JSON.stringify(def.publicView(s).reports)).not.toContain('card');
    expect(def.seatView(s, 0).myReports).toEqual([{ position: 0, card: P, colour: 'blue' }]);
    expect(def.seatView(s, 1).myReports).toEqual([]);
    expect(r.events).toEqual([
      { type: 'reported', seat: 0, position: 0, colour: 'blue' },
      { type: 'you-reported', to: [0], position: 0, card: P, colour: 'blue' },
    ]);
  });
});

describe('solving (§3.3 step 4)', () => {
  const reported = () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 1 });
    return playCrime(s, [report(9), report(8), report(7), report(10)], []).state; // order 1,2,3,0
  };

  it('glasses go counter-clockwise from the last reporter; own card and shared cards allowed; public at once', () => {
    let s = reported();
    expect(s.phase).toBe('solve');
    const order: number[] = [];
    for (const on of [0, 0, 3, 3]) {
      const seat = turnSeat(s);
      order.push(seat);
      const r = act(s, seat, glass(on));
      if (order.length < 4) expect(def.publicView(r.state).glasses.at(-1)).toEqual({ seat, on });
      s = r.state;
    }
    expect(order).toEqual([0, 3, 2, 1]);
    expect(s.lastCrime!.glasses).toEqual([
      { seat: 0, on: 0 },
      { seat: 3, on: 0 },
      { seat: 2, on: 3 },
      { seat: 1, on: 3 },
    ]);
  });

  it('offers every reported card and refuses other targets', () => {
    const s = reported();
    expect(def.legalActions(s, 0).map((a) => (a as { on: number }).on).sort()).toEqual([0, 1, 2, 3]);
    expect(def.apply(s, 0, glass('fourth'))).toEqual({ ok: false, error: { code: 'invalid-target' } });
    expect(def.apply(s, 1, glass(0))).toEqual({ ok: false, error: { code: 'not-your-turn' } });
    expect(def.apply(s, 0, report(P))).toEqual({ ok: false, error: { code: 'wrong-phase' } });
  });
});

describe('reveal, second crime and rounds (§3.3 steps 5–8)', () => {
  it('reveals, scores, and the criminal\'s player is first investigator of the second crime', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    // {P, 9, 8, 7} → 9 (seat 1). Glass order 3, 2, 1, 0.
    const { state, events } = playCrime(s, [report(P, 'blue'), report(9), report(8), report(7)], [1, 0, 1, 2]);
    const solved = events.find((e) => e.type === 'crime-solved')!;
    expect(solved.to).toBeUndefined();
    expect(state.lastCrime).toMatchObject({ round: 1, crime: 1, criminal: 9, criminalAt: 1, nextFirstInvestigator: 1 });
    // seat 3 +2, seat 2 −1 (seat 0's Phantom), seat 1 +1 +2, seat 0 +1 (Phantom).
    expect(state.scores).toEqual([1, 3, 0, 2]);
    expect(state).toMatchObject({ crime: 2, phase: 'report', firstInvestigator: 1, retired: [P, 9, 8, 7] });
    expect(turnSeat(state)).toBe(1);
    // Each player has exactly one card left: the second crime has no card choice.
    expect(def.legalActions(state, 1)).toEqual([report(2)]);
  });

  it('keeps the last crime\'s reveal on the board while the next crime\'s reports come in', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    let { state } = playCrime(s, [report(P, 'blue'), report(9), report(8), report(7)], [1, 0, 1, 2]);
    state = act(state, 1, report(2)).state;
    state = act(state, 2, report(3)).state;
    expect(def.publicView(state).lastCrime).toMatchObject({ crime: 1, criminal: 9 });
  });

  it('after the second crime a new round is dealt with the criminal\'s player first', () => {
    const s = crimeState(4, { hands: [[P], [2], [3], [4]], firstInvestigator: 0, crime: 2, scores: [1, 1, 1, 1] });
    // {P, 2, 3, 4}: 4 is the highest suspect (Shopkeeper has no 9 to clear) → seat 3.
    const { state, events } = playCrime(s, [report(P), report(2), report(3), report(4)], [0, 0, 0, 0]);
    expect(state.lastCrime).toMatchObject({ criminal: 4, crime: 2 });
    expect(state).toMatchObject({ round: 2, crime: 1, phase: 'report', firstInvestigator: 3, retired: [] });
    expect(state.hands.map((h) => h.length)).toEqual([2, 2, 2, 2]);
    expect(allCards(state)).toEqual(sorted(deckFor(false)));
    expect(events.slice(events.findLastIndex((e) => e.type === 'glass-placed')).map((e) => e.type)).toEqual(['glass-placed', 'crime-solved', 'round-started', 'dealt', 'dealt', 'dealt', 'dealt']);
    expect(events.filter((e) => e.type === 'dealt').map((e) => e.to)).toEqual([[0], [1], [2], [3]]);
  });
});

describe('end of game (§3.9)', () => {
  const lastCrime = (scores: number[], target = 10) =>
    crimeState(4, { hands: [[10], [9], [8], [7]], firstInvestigator: 0, crime: 2, scores, targetScore: target });

  it('ends after the round when a single player has reached the target', () => {
    // {10, 9, 8, 7} → 10 (seat 0): seat 0 +1, nobody guesses it (glasses on 9).
    const { state, events } = playCrime(lastCrime([9, 3, 3, 3]), [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    expect(state.scores).toEqual([10, 3, 3, 3]);
    expect(state.phase).toBe('over');
    expect(def.pending(state).kind).toBe('over');
    expect(def.result(state)).toEqual({ placements: [1, 2, 2, 2], winners: [0], scores: [10, 3, 3, 3], reason: 'target' });
    expect(events.at(-1)).toEqual({ type: 'game-over', winners: [0], scores: [10, 3, 3, 3] });
    expect(def.legalActions(state, 0)).toEqual([]);
    expect(def.apply(state, 0, glass(0))).toEqual({ ok: false, error: { code: 'game-over' } });
  });

  it('a tie at the top plays on with another full round', () => {
    const { state, events } = playCrime(lastCrime([9, 10, 3, 3]), [report(10), report(9), report(8), report(7)], [1, 2, 1, 2]);
    expect(state.scores).toEqual([10, 10, 3, 3]);
    expect(state.phase).toBe('report');
    expect(state.round).toBe(2);
    expect(def.result(state)).toBeNull();
    expect(events.some((e) => e.type === 'tie-play-on')).toBe(true);
  });

  it('does not end after the first crime of a round even above the target', () => {
    const s = crimeState(4, { hands: [[10, 2], [9, 3], [8, 4], [7, 5]], firstInvestigator: 0, scores: [12, 0, 0, 0] });
    const { state } = playCrime(s, [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    expect(state.phase).toBe('report');
    expect(state.crime).toBe(2);
  });

  it('honours the target-score option', () => {
    const { state } = playCrime(lastCrime([3, 0, 0, 0], 4), [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    expect(state.phase).toBe('over');
  });

  it('result: tied seats share a placement', () => {
    const { state } = playCrime(lastCrime([9, 5, 5, 0]), [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    expect(def.result(state)!.placements).toEqual([1, 2, 2, 4]);
  });
});

describe('action codec', () => {
  const all: PhantomAction[] = [
    ...([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as CardNumber[]).map((card) => ({ type: 'discard' as const, card })),
    ...([1, 10] as CardNumber[]).flatMap((card) => (['yellow', 'red', 'blue'] as const).map((colour) => ({ type: 'report' as const, card, colour }))),
    ...[0, 1, 2, 3, 'fourth' as const].map((on) => ({ type: 'glass' as const, on })),
  ];
  it.each(all.map((a) => [def.encodeAction(a), a] as const))('%s round-trips', (code, a) => {
    expect(code.length).toBeLessThanOrEqual(70);
    expect(code).toMatch(/^[A-Za-z0-9._:,-]+$/);
    expect(def.decodeAction(code)).toEqual(a);
  });
  it('rejects malformed codes', () => {
    for (const bad of ['', 'x', 'r:11:y', 'r:10:g', 'g:4', 'g:-1', 'd:0', 'd:', 'g:ff', 'r:10:y:1', 'g:1 ']) {
      expect(def.decodeAction(bad)).toBeNull();
    }
  });
});

describe('clue tokens (§3.3 step 6 [DEFAULT]: returned after each crime)', () => {
  it('a player may use the same colour again in the second crime', () => {
    const s = crimeState(4, { hands: [[P, 10], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const { state } = playCrime(s, [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    expect(state.crime).toBe(2);
    expect(turnSeat(state)).toBe(0);
    expect(def.legalActions(state, 0)).toContainEqual(report(P, 'blue'));
    expect(def.apply(state, 0, report(P, 'blue')).ok).toBe(true);
  });
});
