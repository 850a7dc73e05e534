/**
 * Suspicion engine, classic rules (docs/rules/suspicion.md §1.2–§1.11, §1.15): one test per rule
 * and edge case, asserting the values the rules give.
 */
import { describe, expect, it } from 'vitest';
import { setup } from '../../../src/games/suspicion/setup.js';
import {
  BLOCK_COUNT,
  BURN_COUNT,
  COUNTERS_PER_COLOUR,
  EVIDENCE_PER_COLOUR,
  HAND_SIZE,
  ROUND_CAP,
  TAMPER_COUNT,
  WILD_COUNT,
  allSuspects,
  buildDeck,
  cardFace,
  optionsSchema,
} from '../../../src/games/suspicion/rules.js';
import { act, arrange, counterWindow, def, eventsOf, expectConserved, refuse, run } from './helpers.js';

const classic = optionsSchema.parse({});

describe('components and setup (§1.2, §1.3)', () => {
  it('deck: 6 colours × 8 evidence (2 with ⇄) + 3 Burn + 4 Tamper + 4 Block + 4 Wild = 63', () => {
    const deck = buildDeck('classic');
    expect(deck).toHaveLength(63);
    expect(new Set(deck).size).toBe(63);
    const faces = deck.map((c) => cardFace(c)!);
    expect(faces.filter((f) => f.kind === 'evidence')).toHaveLength(6 * EVIDENCE_PER_COLOUR);
    expect(faces.filter((f) => f.kind === 'evidence' && f.counter)).toHaveLength(6 * COUNTERS_PER_COLOUR);
    expect(faces.filter((f) => f.kind === 'burn')).toHaveLength(BURN_COUNT);
    expect(faces.filter((f) => f.kind === 'tamper')).toHaveLength(TAMPER_COUNT);
    expect(faces.filter((f) => f.kind === 'block')).toHaveLength(BLOCK_COUNT);
    expect(faces.filter((f) => f.kind === 'wild')).toHaveLength(WILD_COUNT);
    expect([EVIDENCE_PER_COLOUR, COUNTERS_PER_COLOUR, BURN_COUNT, TAMPER_COUNT, BLOCK_COUNT, WILD_COUNT]).toEqual([8, 2, 3, 4, 4, 4]);
  });

  it('20 suspect cards: every 3-colour combination', () => {
    const all = allSuspects();
    expect(all).toHaveLength(20);
    expect(new Set(all.map((x) => [...x].sort().join())).size).toBe(20);
  });

  it.each([2, 3, 4, 5, 6])('%i players: distinct suspects, 3 cards each, first player left of the dealer', (n) => {
    const s = setup(classic, n, 99);
    expect(s.players).toHaveLength(n);
    expect(new Set(s.players.map((p) => [...p.suspect].sort().join())).size).toBe(n);
    for (const p of s.players) {
      expect(p.hand).toHaveLength(HAND_SIZE);
      expect(new Set(p.suspect).size).toBe(3);
      expect(p.slots).toEqual([null, null, null]);
    }
    expect(s.draw).toHaveLength(63 - 3 * n);
    expect(s.discard).toEqual([]);
    expect(s.first).toBe((s.dealer + 1) % n);
    expect(s.turn).toBe(s.first);
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: s.first, timer: 'turn', timeoutMs: 120_000 });
    expectConserved(s);
  });

  it('setup is deterministic and rejects 1 or 7 players', () => {
    expect(setup(classic, 4, 5)).toEqual(setup(classic, 4, 5));
    expect(setup(classic, 4, 5)).not.toEqual(setup(classic, 4, 6));
    expect(() => setup(classic, 1, 1)).toThrow();
    expect(() => setup(classic, 7, 1)).toThrow();
  });

  it('options default to classic, 120 s turn, 10 s reaction, 60 s vote, tie to the left', () => {
    expect(classic).toEqual({ variant: 'classic', turnSeconds: 120, reactionSeconds: 10, voteSeconds: 60, tieRule: 'left-of-declarer' });
  });
});

describe('placing evidence and the counter race (§1.6 A, §1.7)', () => {
  it('place opens a race over ALL rivals on the reaction timer; the placer refills only after it closes', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'] } });
    const { state: s1, events } = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 });
    expect(eventsOf(events, 'placed')).toHaveLength(1);
    expect(s1.players[0]!.slots[0]).toMatchObject({ card: 'red1', colour: 'red', protected: false });
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1, 2], timer: 'reaction', timeoutMs: 10_000 });
    expect(s1.players[0]!.hand).toHaveLength(2);
    // Nobody in the race holds a red ⇄, yet both may pass.
    expect(def.legalActions(s1, 1)).toEqual([{ type: 'pass' }]);
    const s2 = act(s1, 1, { type: 'pass' }).state;
    expect(def.pending(s2).step).toBe(def.pending(s1).step);
    expect(def.pending(s2)).toMatchObject({ kind: 'race', seats: [2] });
    const { state: s3, events: ev3 } = act(s2, 2, { type: 'pass' });
    expect(eventsOf(ev3, 'uncountered')).toHaveLength(1);
    expect(s3.players[0]!.hand).toHaveLength(3);
    expect(def.pending(s3)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
    expect(def.pending(s3).step).not.toBe(def.pending(s2).step);
  });

  it('timeout of the race passes for everyone still in it', () => {
    let s = act(arrange(4, { hands: { 0: ['red1', 'blue1', 'pink1'] } }), 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const step = def.pending(s).step;
    for (const seat of [1, 2, 3]) {
      expect(def.defaultAction(s, seat)).toEqual({ type: 'pass' });
      s = act(s, seat, def.defaultAction(s, seat)).state;
    }
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 1 });
    expect(def.pending(s).step).not.toBe(step);
    expect(s.players[0]!.slots[0]?.card).toBe('red1');
  });

  it('only a matching empty slot of your own suspect, at most 2 face-up (the third slot is for the bluff)', () => {
    const s = arrange(2, { hands: { 0: ['orange1', 'red1', 'pink1'] }, slots: { 0: ['redx1', 'blue1', null] } });
    expect(refuse(s, 0, { type: 'place', card: 'orange1', suspect: 0 })).toBe('colour-not-on-suspect');
    expect(refuse(s, 0, { type: 'place', card: 'red1', suspect: 0 })).toBe('slot-taken');
    expect(refuse(s, 0, { type: 'place', card: 'pink1', suspect: 0 })).toBe('face-up-limit');
    expect(refuse(s, 0, { type: 'place', card: 'pink1', suspect: 1 })).toBe('not-your-suspect');
    expect(def.legalActions(s, 0).filter((a) => a.type === 'place')).toEqual([]);
  });

  it('counter, then counter-counter: both ⇄ discarded, the card returns 🛡 protected; play passes left of the placer', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'redx1', 'blue1'], 2: ['redx2', 'green1', 'green2'] } });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    expect(def.legalActions(s1, 2)).toEqual([{ type: 'counter' }, { type: 'pass' }]);
    const { state: s2, events: e2 } = act(s1, 2, { type: 'counter' });
    expect(eventsOf(e2, 'countered')[0]).toMatchObject({ seat: 2, placer: 0, colour: 'red' });
    expect(s2.players[0]!.slots[0]).toBeNull();
    expect(s2.players[2]!.hand).toHaveLength(3); // the counterer refills at once
    expect(s2.players[2]!.hand).not.toContain('redx2');
    expect(def.pending(s2)).toMatchObject({ kind: 'turn', seat: 0, timer: 'reaction', timeoutMs: 10_000 });
    expect(s2.players[0]!.hand).toEqual(['redx1', 'blue1']); // not refilled yet
    expect(def.legalActions(s2, 0)).toEqual([{ type: 'counterBack' }, { type: 'accept' }]);
    const discardBefore = s2.discard.length;
    const { state: s3, events: e3 } = act(s2, 0, { type: 'counterBack' });
    expect(eventsOf(e3, 'counteredBack')).toHaveLength(1);
    expect(s3.players[0]!.slots[0]).toMatchObject({ card: 'red1', protected: true });
    expect(s3.discard.slice(discardBefore)).toEqual(['redx2', 'redx1']);
    expect(s3.players[0]!.hand).toHaveLength(3);
    // No further reaction: the next player (left of the placer, not of the counterer) plays.
    expect(def.pending(s3)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
  });

  it('a counter that stands: placed card and counter card discarded, the slot is empty and can be refilled', () => {
    const s0 = arrange(2, { hands: { 0: ['red1', 'red2', 'blue1'], 1: ['redx1', 'green1', 'green2'] } });
    let s = run(s0, [
      [0, { type: 'place', card: 'red1', suspect: 0 }],
      [1, { type: 'counter' }],
    ]);
    expect(def.legalActions(s, 0)).toEqual([{ type: 'accept' }]); // no red ⇄ to counter back
    expect(refuse(s, 0, { type: 'counterBack' })).toBe('no-counter-card');
    expect(def.defaultAction(s, 0)).toEqual({ type: 'accept' });
    const { state, events } = act(s, 0, { type: 'accept' });
    expect(eventsOf(events, 'counterStood')).toHaveLength(1);
    expect(state.discard.slice(-2)).toEqual(['red1', 'redx1']);
    expect(state.players[0]!.slots[0]).toBeNull();
    expect(state.players[0]!.hand).toHaveLength(3);
    s = run(state, [
      [1, { type: 'discard', card: 'green1' }],
      [0, { type: 'place', card: 'red2', suspect: 0 }],
    ]);
    expect(s.players[0]!.slots[0]?.card).toBe('red2');
  });

  it('the first valid counter wins; a later counter is refused and the card stays in hand', () => {
    const s0 = arrange(3, { hands: { 0: ['blue1', 'red1', 'pink1'], 1: ['bluex1', 'green1', 'green2'], 2: ['bluex2', 'green3', 'green4'] } });
    const s1 = act(s0, 0, { type: 'place', card: 'blue1', suspect: 0 }).state;
    const s2 = act(s1, 2, { type: 'counter' }).state;
    expect(refuse(s2, 1, { type: 'counter' })).toBe('window-closed');
    expect(s2.players[1]!.hand).toContain('bluex1');
    expect(def.pending(s2).step).not.toBe(def.pending(s1).step); // the late click is a stale click
  });

  it('a rival without a matching ⇄ who clicks Counter! gets a plain refusal; nothing changes', () => {
    const s0 = arrange(3, { hands: { 0: ['blue1', 'red1', 'pink1'], 1: ['redx1', 'blue2', 'wild1'] } });
    const s1 = act(s0, 0, { type: 'place', card: 'blue1', suspect: 0 }).state;
    expect(refuse(s1, 1, { type: 'counter' })).toBe('no-counter-card');
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1, 2] });
  });

  it('a Wild can never counter, not even a Wild', () => {
    const s0 = arrange(2, { hands: { 0: ['wild1', 'red1', 'pink1'], 1: ['wild2', 'wild3', 'blue1'] } });
    const s1 = act(s0, 0, { type: 'wild', card: 'wild1', suspect: 0, slot: 1 }).state;
    expect(s1.players[0]!.slots[1]).toMatchObject({ card: 'wild1', colour: 'blue' });
    expect(refuse(s1, 1, { type: 'counter' })).toBe('no-counter-card');
    expect(def.legalActions(s1, 1)).toEqual([{ type: 'pass' }]);
  });

  it("a Wild is countered by a ⇄ of its declared colour", () => {
    const s0 = arrange(2, { hands: { 0: ['wild1', 'red1', 'pink1'], 1: ['bluex1', 'redx1', 'green1'] } });
    const s1 = act(s0, 0, { type: 'wild', card: 'wild1', suspect: 0, slot: 1 }).state;
    const s2 = act(s1, 1, { type: 'counter' }).state;
    expect(s2.players[1]!.hand).toContain('redx1');
    expect(s2.players[1]!.hand).not.toContain('bluex1');
  });

  it('the placer cannot counter their own evidence; a rival who passed cannot come back', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'redx1', 'pink1'], 1: ['redx2', 'green1', 'green2'] } });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    expect(refuse(s1, 0, { type: 'counter' })).toBe('own-placement');
    const s2 = act(s1, 1, { type: 'pass' }).state;
    expect(refuse(s2, 1, { type: 'counter' })).toBe('already-passed');
  });

  it('a blocked player cannot counter: the race is run by the other rivals only (§1.7, §1.8)', () => {
    const s0 = arrange(4, {
      hands: { 0: ['red1', 'blue1', 'pink1'], 1: ['green1', 'green2', 'green3'], 2: ['redx1', 'yellow1', 'yellow2'] },
      blocked: { 2: 'block1' },
    });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1, 3] });
    expect(def.legalActions(s1, 2)).toEqual([]);
    expect(refuse(s1, 2, { type: 'counter' })).toBe('blocked');
    expect(refuse(s1, 2, { type: 'pass' })).toBe('blocked');
    // Once every rival who may react has passed, the placement stands.
    const s2 = act(s1, 1, { type: 'pass' }).state;
    const { state: s3, events } = act(s2, 3, { type: 'pass' });
    expect(eventsOf(events, 'uncountered')).toHaveLength(1);
    expect(s3.players[0]!.slots[0]).toMatchObject({ card: 'red1' });
    expect(s3.players[2]!.hand).toContain('redx1');
  });

  it('a blocked placer cannot counter back; letting the counter stand is still open (§1.7, §1.8)', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'redx2', 'pink1'], 1: ['redx1', 'green1', 'green2'] } });
    const s1 = act(act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state, 1, { type: 'counter' }).state;
    // A placer is never blocked on their own turn; a forged (or future) state must still be refused.
    const blocked = structuredClone(s1);
    const [block] = blocked.draw.splice(blocked.draw.indexOf('block1'), 1);
    blocked.players[0]!.blockCard = block!;
    expect(def.legalActions(blocked, 0)).toEqual([{ type: 'accept' }]);
    expect(refuse(blocked, 0, { type: 'counterBack' })).toBe('blocked');
  });

  it('a race opened before the blocked rule keeps a blocked rival who has not answered: pass only', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'], 2: ['redx1', 'green1', 'green2'] }, blocked: { 2: 'block1' } });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const stored = structuredClone(s1);
    if (stored.phase.kind !== 'counter') throw new Error('no race');
    stored.phase.passed = [];
    expect(def.pending(stored)).toMatchObject({ kind: 'race', seats: [1, 2] });
    expect(def.legalActions(stored, 2)).toEqual([{ type: 'pass' }]);
    expect(refuse(stored, 2, { type: 'counter' })).toBe('blocked');
    expect(act(stored, 2, { type: 'pass' }).state.phase).toMatchObject({ kind: 'counter', passed: [2] });
  });

  it('protected evidence: no second counter window; Burn still removes it', () => {
    const s0 = arrange(2, {
      hands: { 0: ['pink1', 'green1', 'green2'], 1: ['burn1', 'pinkx1', 'orange1'] },
      slots: { 0: [{ card: 'red1', protected: true }, null, null] },
      turn: 1,
    });
    const s1 = act(s0, 1, { type: 'burn', card: 'burn1', target: 0 }).state;
    const s2 = act(s1, 0, { type: 'allow' }).state;
    expect(s2.players[0]!.slots[0]).toBeNull();
    expect(s2.discard).toContain('red1');
  });
});

describe('re-colouring a Wild (§1.6 D)', () => {
  it('moves the Wild, declares the new colour, loses protection, opens a new counter window, no refill', () => {
    const s0 = arrange(2, {
      hands: { 0: ['green1', 'green2', 'orange1'], 1: ['pinkx1', 'yellow1', 'yellow2'] },
      slots: { 0: [{ card: 'wild1', protected: true }, null, null] },
    });
    expect(def.legalActions(s0, 0)).toContainEqual({ type: 'recolour', suspect: 0, from: 0, to: 2 });
    const s1 = act(s0, 0, { type: 'recolour', suspect: 0, from: 0, to: 2 }).state;
    expect(s1.players[0]!.slots[0]).toBeNull();
    expect(s1.players[0]!.slots[2]).toMatchObject({ card: 'wild1', colour: 'pink', protected: false });
    expect(s1.players[0]!.hand).toHaveLength(3);
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1] });
    const s2 = act(s1, 1, { type: 'counter' }).state; // pink ⇄ counters the re-coloured Wild
    const s3 = act(s2, 0, { type: 'accept' }).state;
    expect(s3.players[0]!.slots).toEqual([null, null, null]);
    expect(s3.players[0]!.hand).toHaveLength(3);
    expect(s3.discard.slice(-2)).toEqual(['wild1', 'pinkx1']);
  });

  it('a plain evidence card cannot be moved', () => {
    const s0 = arrange(2, { slots: { 0: ['red1', null, null] } });
    expect(refuse(s0, 0, { type: 'recolour', suspect: 0, from: 0, to: 1 })).toBe('no-wild-there');
  });
});

describe('special cards and cancels (§1.8)', () => {
  it('Burn: the target gets a cancel window (reaction timer); allowed → every face-up card incl. Wilds goes', () => {
    const s0 = arrange(3, {
      hands: { 0: ['burn1', 'red1', 'red2'] },
      slots: { 1: ['wild1', { card: 'yellow1', protected: true }, null] },
    });
    const s1 = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 1, timer: 'reaction', timeoutMs: 10_000 });
    expect(def.legalActions(s1, 1)).toEqual([{ type: 'allow' }]);
    expect(def.defaultAction(s1, 1)).toEqual({ type: 'allow' });
    expect(refuse(s1, 2, { type: 'allow' })).toBe('not-your-window');
    const { state: s2, events } = act(s1, 1, { type: 'allow' });
    expect(eventsOf(events, 'burned')[0]).toMatchObject({ target: 1 });
    expect(s2.players[1]!.slots).toEqual([null, null, null]);
    expect(s2.discard.slice(-3).sort()).toEqual(['burn1', 'wild1', 'yellow1']);
    expect(s2.players[0]!.hand).toHaveLength(3);
    expect(def.pending(s2)).toMatchObject({ kind: 'turn', seat: 1 });
  });

  it('Burn cancelled by Burn: both discarded, nothing else happens, both refill', () => {
    const s0 = arrange(2, {
      hands: { 0: ['burn1', 'red1', 'red2'], 1: ['burn2', 'green1', 'green2'] },
      slots: { 1: ['orange1', null, null] },
    });
    const s1 = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    expect(def.legalActions(s1, 1)).toEqual([{ type: 'cancel' }, { type: 'allow' }]);
    const { state: s2, events } = act(s1, 1, { type: 'cancel' });
    expect(eventsOf(events, 'cancelled')).toHaveLength(1);
    expect(s2.discard.slice(-2)).toEqual(['burn1', 'burn2']);
    expect(s2.players[1]!.slots[0]?.card).toBe('orange1');
    expect(s2.players[0]!.hand).toHaveLength(3);
    expect(s2.players[1]!.hand).toHaveLength(3);
    expect(def.pending(s2)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
  });

  it('a cancel needs the same card: a Tamper does not cancel a Burn', () => {
    const s0 = arrange(2, { hands: { 0: ['burn1', 'red1', 'red2'], 1: ['tamper1', 'green1', 'green2'] }, slots: { 1: ['orange1', null, null] } });
    const s1 = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    expect(refuse(s1, 1, { type: 'cancel' })).toBe('no-cancel-card');
  });

  it('Burn on an empty suspect is allowed and simply wasted (no window)', () => {
    const s0 = arrange(2, { hands: { 0: ['burn1', 'red1', 'red2'] } });
    const s1 = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    expect(s1.discard).toEqual(['burn1']);
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
  });

  it("Tamper: the attacker chooses which face-up card; only that one goes", () => {
    const s0 = arrange(2, {
      hands: { 0: ['tamper1', 'red1', 'red2'] },
      slots: { 1: ['orange1', 'wild1', null] },
    });
    const tampers = def.legalActions(s0, 0).filter((a) => a.type === 'tamper');
    expect(tampers).toEqual([
      { type: 'tamper', card: 'tamper1', target: 1, slot: 0 },
      { type: 'tamper', card: 'tamper1', target: 1, slot: 1 },
    ]);
    expect(refuse(s0, 0, { type: 'tamper', card: 'tamper1', target: 1, slot: 2 })).toBe('slot-empty');
    expect(refuse(s0, 0, { type: 'tamper', card: 'tamper1', target: 1 })).toBe('choose-evidence');
    const s1 = act(s0, 0, { type: 'tamper', card: 'tamper1', target: 1, slot: 1 }).state;
    const s2 = act(s1, 1, { type: 'allow' }).state;
    expect(s2.players[1]!.slots[0]?.card).toBe('orange1');
    expect(s2.players[1]!.slots[1]).toBeNull();
    expect(s2.discard.slice(-2).sort()).toEqual(['tamper1', 'wild1']);
  });

  it('Tamper cancelled by Tamper', () => {
    const s0 = arrange(2, { hands: { 0: ['tamper1', 'red1', 'red2'], 1: ['tamper2', 'green1', 'green2'] }, slots: { 1: ['orange1', null, null] } });
    const s = run(s0, [
      [0, { type: 'tamper', card: 'tamper1', target: 1, slot: 0 }],
      [1, { type: 'cancel' }],
    ]);
    expect(s.players[1]!.slots[0]?.card).toBe('orange1');
    expect(s.discard.slice(-2)).toEqual(['tamper1', 'tamper2']);
  });

  it('a blocked target cannot cancel: Burn and Tamper on a blocked player happen at once (§1.8)', () => {
    const s0 = arrange(3, {
      hands: { 0: ['burn1', 'tamper1', 'red1'], 1: ['burn2', 'tamper2', 'green1'] },
      slots: { 1: ['orange1', 'yellow1', null] },
      blocked: { 1: 'block1' },
    });
    const { state: s1, events } = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 });
    expect(eventsOf(events, 'burned')[0]).toMatchObject({ target: 1 });
    expect(s1.players[1]!.slots).toEqual([null, null, null]);
    expect(s1.players[1]!.hand).toContain('burn2');
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 2, timer: 'turn' });

    const s2 = arrange(3, { hands: { 0: ['tamper1', 'red1', 'red2'], 1: ['tamper2', 'green1', 'green2'] }, slots: { 1: ['orange1', null, null] }, blocked: { 1: 'block1' } });
    const { state: s3 } = act(s2, 0, { type: 'tamper', card: 'tamper1', target: 1, slot: 0 });
    expect(s3.players[1]!.slots[0]).toBeNull();
    expect(s3.phase).toEqual({ kind: 'turn' });
  });

  it('a cancel window opened for a blocked target (stored before the blocked rule) allows only letting it happen', () => {
    const s0 = arrange(3, { hands: { 0: ['burn1', 'red1', 'red2'], 1: ['burn2', 'green1', 'green2'] }, slots: { 1: ['orange1', null, null] } });
    const s1 = act(s0, 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    const stored = structuredClone(s1);
    const [block] = stored.draw.splice(stored.draw.indexOf('block1'), 1);
    stored.players[1]!.blockCard = block!;
    expect(def.legalActions(stored, 1)).toEqual([{ type: 'allow' }]);
    expect(refuse(stored, 1, { type: 'cancel' })).toBe('blocked');
  });

  it('a blocked player still votes on a bluff (§1.8, §1.9)', () => {
    const s0 = arrange(3, { hands: { 0: ['pink1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] }, blocked: { 2: 'block1' } });
    const s1 = act(s0, 0, { type: 'declare', card: 'pink1', suspect: 0 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'simultaneous', waiting: [1, 2] });
    expect(def.legalActions(s1, 2)).toEqual([{ type: 'vote', verdict: 'believe' }, { type: 'vote', verdict: 'bluff' }, { type: 'abstain' }]);
    expect(act(s1, 2, { type: 'vote', verdict: 'bluff' }).state.phase).toMatchObject({ kind: 'vote' });
  });

  it('Block: the next turn of the target is lost and the Block discarded; blocks do not stack', () => {
    const s0 = arrange(3, { hands: { 0: ['block1', 'block2', 'red1'] } });
    const s1 = act(s0, 0, { type: 'block', card: 'block1', target: 1 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 1, timer: 'reaction' });
    const { state: s2, events } = act(s1, 1, { type: 'allow' });
    expect(eventsOf(events, 'blocked')).toHaveLength(1);
    expect(eventsOf(events, 'turnLost')[0]).toMatchObject({ seat: 1, blocked: true });
    expect(s2.players[1]!.blockCard).toBeNull();
    expect(s2.discard).toEqual(['block1']);
    expect(def.pending(s2)).toMatchObject({ kind: 'turn', seat: 2 });
  });

  it('a blocked rival cannot be blocked again', () => {
    const s0 = arrange(3, { hands: { 0: ['block2', 'red1', 'red2'] }, blocked: { 1: 'block1' } });
    expect(refuse(s0, 0, { type: 'block', card: 'block2', target: 1 })).toBe('already-blocked');
    expect(def.legalActions(s0, 0).filter((a) => a.type === 'block')).toEqual([{ type: 'block', card: 'block2', target: 2 }]);
  });

  it('Block cancelled by Block', () => {
    const s0 = arrange(2, { hands: { 0: ['block1', 'red1', 'red2'], 1: ['block2', 'green1', 'green2'] } });
    const s = run(s0, [
      [0, { type: 'block', card: 'block1', target: 1 }],
      [1, { type: 'cancel' }],
    ]);
    expect(s.players[1]!.blockCard).toBeNull();
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 1 });
  });

  it('block while skipping: one consumed turn clears both', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'red2', 'red3'] }, blocked: { 1: 'block1' }, skip: [1] });
    const { state, events } = act(s0, 0, { type: 'discard', card: 'red1' });
    expect(eventsOf(events, 'turnLost')).toEqual([{ type: 'turnLost', seat: 1, skipped: true, blocked: true }]);
    expect(state.players[1]).toMatchObject({ blockCard: null, skipNext: false });
    expect(def.pending(state)).toMatchObject({ kind: 'turn', seat: 2 });
    // The following round seat 1 plays normally.
    const s2 = run(state, [
      [2, { type: 'discard', card: state.players[2]!.hand[0]! }],
    ]);
    const s3 = act(s2, 0, { type: 'discard', card: s2.players[0]!.hand[0]! }).state;
    expect(def.pending(s3)).toMatchObject({ kind: 'turn', seat: 1 });
  });
});

describe('final declaration and vote (§1.6 E, §1.9)', () => {
  const declState = (n: number, faceDown: string, opts: Record<string, unknown> = {}) =>
    arrange(n, { hands: { 0: [faceDown, 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] }, options: opts });

  it('needs exactly two face-up cards', () => {
    const s = arrange(2, { hands: { 0: ['pink1', 'green1', 'green2'] }, slots: { 0: ['red1', null, null] } });
    expect(refuse(s, 0, { type: 'declare', card: 'pink1', suspect: 0 })).toBe('declare-needs-two');
  });

  it('opens a secret simultaneous vote of every rival on the vote timer; cannot be countered', () => {
    const s0 = declState(4, 'pink1');
    const { state: s1, events } = act(s0, 0, { type: 'declare', card: 'pink1', suspect: 0 });
    expect(def.pending(s1)).toMatchObject({ kind: 'simultaneous', seats: [1, 2, 3], waiting: [1, 2, 3], timer: 'vote', timeoutMs: 60_000 });
    const pub = eventsOf(events, 'declared')[0]!;
    expect(pub.to).toBeUndefined();
    expect(JSON.stringify(pub)).not.toContain('pink1');
    expect(eventsOf(events, 'declaredCard')[0]!.to).toEqual([0]);
    expect(refuse(s1, 1, { type: 'counter' })).toBe('window-closed');
    expect(refuse(s1, 0, { type: 'vote', verdict: 'bluff' })).toBe('not-a-voter');
  });

  // [face-down card, votes of seats 1..3, expected verdict, declarer wins]
  const cases: [string, string, ('believe' | 'bluff' | 'abstain')[], 'believe' | 'bluff', boolean][] = [
    ['honest card, believed → the rivals are right', 'pink1', ['believe', 'believe', 'bluff'], 'believe', false],
    ['honest card, called a bluff → the declarer wins', 'pink1', ['bluff', 'bluff', 'believe'], 'bluff', true],
    ['bluff, believed → the declarer wins', 'orange1', ['believe', 'believe', 'believe'], 'believe', true],
    ['bluff, called → the rivals are right', 'orange1', ['bluff', 'bluff', 'bluff'], 'bluff', false],
    ['a Wild counts as the right colour (called a bluff → win)', 'wild1', ['bluff', 'bluff', 'abstain'], 'bluff', true],
    ['a Wild believed → the rivals are right', 'wild1', ['believe', 'abstain', 'abstain'], 'believe', false],
    ['a ⇄ card of the colour is correct', 'pinkx1', ['bluff', 'believe', 'bluff'], 'bluff', true],
    ['a special card is incorrect', 'burn1', ['believe', 'bluff', 'believe'], 'believe', true],
    ['nobody voted → believed', 'burn1', ['abstain', 'abstain', 'abstain'], 'believe', true],
  ];
  it.each(cases)('%s', (_name, card, votes, verdict, won) => {
    let s = act(declState(4, card), 0, { type: 'declare', card, suspect: 0 }).state;
    const step = def.pending(s).step;
    let last: ReturnType<typeof act> | undefined;
    votes.forEach((v, i) => {
      last = act(s, i + 1, v === 'abstain' ? { type: 'abstain' } : { type: 'vote', verdict: v });
      s = last.state;
      if (i < votes.length - 1) expect(def.pending(s).step).toBe(step);
    });
    const reveal = eventsOf(last!.events, 'revealed')[0]!;
    expect(reveal).toMatchObject({ verdict, won });
    expect(s.lastReveal).toMatchObject({ card, verdict, won });
    if (won) {
      expect(def.pending(s).kind).toBe('over');
      expect(def.result(s)).toEqual({ placements: [1, 2, 2, 2], winners: [0], reason: 'declaration' });
    } else {
      expect(def.result(s)).toBeNull();
      expect(s.discard[s.discard.length - 1]).toBe(card);
      expect(s.players[0]!.slots.map((x) => x?.card ?? null)).toEqual(['red1', 'blue1', null]);
      expect(s.players[0]!.skipNext).toBe(true);
      expect(s.players[0]!.hand).toHaveLength(3);
      expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 1 });
    }
  });

  it('a voter may change their vote until everyone has voted', () => {
    let s = act(declState(3, 'pink1'), 0, { type: 'declare', card: 'pink1', suspect: 0 }).state;
    s = act(s, 1, { type: 'vote', verdict: 'believe' }).state;
    expect(def.legalActions(s, 1)).toHaveLength(3);
    s = act(s, 1, { type: 'vote', verdict: 'bluff' }).state;
    expect(def.pending(s)).toMatchObject({ kind: 'simultaneous', waiting: [2] });
    const { events } = act(s, 2, { type: 'vote', verdict: 'bluff' });
    expect(eventsOf(events, 'revealed')[0]).toMatchObject({ verdict: 'bluff', won: true });
  });

  it('tie → the vote of the seat to the declarer’s left decides', () => {
    for (const [left, other, verdict] of [['bluff', 'believe', 'bluff'], ['believe', 'bluff', 'believe']] as const) {
      // Declarer is seat 2 of 3: left = seat 0.
      const s0 = arrange(3, { turn: 2, hands: { 2: ['blue1', 'green1', 'green2'] }, slots: { 2: ['red1', 'green3', null] } });
      const s1 = run(s0, [
        [2, { type: 'declare', card: 'blue1', suspect: 2 }],
        [1, { type: 'vote', verdict: other }],
      ]);
      const { events } = act(s1, 0, { type: 'vote', verdict: left });
      expect(eventsOf(events, 'revealed')[0]).toMatchObject({ verdict, tieBreak: 'left' });
    }
  });

  it('tie whose left voter abstained → the next voter clockwise who voted decides', () => {
    const s0 = declState(5, 'pink1');
    const s = run(s0, [
      [0, { type: 'declare', card: 'pink1', suspect: 0 }],
      [1, { type: 'abstain' }],
      [2, { type: 'vote', verdict: 'bluff' }],
      [3, { type: 'vote', verdict: 'believe' }],
    ]);
    const { events } = act(s, 4, { type: 'abstain' });
    expect(eventsOf(events, 'revealed')[0]).toMatchObject({ verdict: 'bluff', tieBreak: 'left', won: true });
  });

  it('tie with the coin-flip option: decided by the seeded RNG (deterministic)', () => {
    const s0 = declState(3, 'pink1', { tieRule: 'coin-flip' });
    const s1 = run(s0, [
      [0, { type: 'declare', card: 'pink1', suspect: 0 }],
      [1, { type: 'vote', verdict: 'bluff' }],
    ]);
    const a = act(s1, 2, { type: 'vote', verdict: 'believe' });
    const b = act(s1, 2, { type: 'vote', verdict: 'believe' });
    expect(a).toEqual(b);
    expect(eventsOf(a.events, 'revealed')[0]).toMatchObject({ tieBreak: 'coin' });
    expect(a.state.rng).not.toEqual(s1.rng);
  });

  it('vote timeout: missing votes are ignored (default = abstain)', () => {
    let s = act(declState(4, 'orange1'), 0, { type: 'declare', card: 'orange1', suspect: 0 }).state;
    s = act(s, 1, { type: 'vote', verdict: 'bluff' }).state;
    expect(def.defaultAction(s, 2)).toEqual({ type: 'abstain' });
    s = act(s, 2, def.defaultAction(s, 2)).state;
    const { events } = act(s, 3, def.defaultAction(s, 3));
    expect(eventsOf(events, 'revealed')[0]).toMatchObject({ verdict: 'bluff', won: false, votes: [null, 'bluff', null, null] });
  });

  it('2 players: a single voter', () => {
    const s = act(declState(2, 'pink1'), 0, { type: 'declare', card: 'pink1', suspect: 0 }).state;
    expect(def.pending(s)).toMatchObject({ kind: 'simultaneous', seats: [1] });
    const { state } = act(s, 1, { type: 'vote', verdict: 'believe' });
    expect(state.lastReveal).toMatchObject({ verdict: 'believe', won: false, tieBreak: null });
  });

  it('the failed declarer misses the next turn and may declare again later', () => {
    let s = run(declState(2, 'pink1'), [
      [0, { type: 'declare', card: 'pink1', suspect: 0 }],
      [1, { type: 'vote', verdict: 'believe' }],
    ]);
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 1 });
    const { state, events } = act(s, 1, { type: 'discard', card: s.players[1]!.hand[0]! });
    expect(eventsOf(events, 'turnLost')[0]).toMatchObject({ seat: 0, skipped: true, blocked: false });
    s = state;
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 1 });
    s = act(s, 1, { type: 'discard', card: s.players[1]!.hand[0]! }).state;
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: 0 });
    expect(def.legalActions(s, 0).some((a) => a.type === 'declare')).toBe(true);
  });
});

describe('draw pile exhaustion and the round cap (§1.10)', () => {
  it('an empty draw pile is replaced by the shuffled discard pile', () => {
    const s0 = arrange(2, { hands: { 0: ['red1', 'red2', 'red3'] }, drawTop: [], drawOnly: true });
    expect(s0.draw).toEqual([]);
    const before = s0.discard.length;
    const { state, events } = act(s0, 0, { type: 'discard', card: 'red1' });
    expect(eventsOf(events, 'reshuffled')[0]).toMatchObject({ count: before + 1 });
    expect(state.discard).toEqual([]);
    expect(state.draw).toHaveLength(before);
    expect(state.players[0]!.hand).toHaveLength(3);
  });

  it('both piles empty: the player simply draws fewer cards', () => {
    const s0 = arrange(2, { hands: { 0: ['red1', 'red2', 'red3'] }, drawOnly: true });
    // Move every pile card into slots/hands is impossible; instead empty the piles by hand.
    const s = structuredClone(s0);
    const spare = [...s.discard];
    s.discard = [];
    s.players[1]!.hand.push(...spare); // park the rest with seat 1 (test-only)
    const s1 = act(s, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const s2 = act(s1, 1, { type: 'pass' }).state;
    expect(s2.players[0]!.hand).toHaveLength(2);
  });

  it(`after ${ROUND_CAP} full rounds without a winner the game ends with no winner`, () => {
    let s = arrange(3);
    let guard = 0;
    while (def.pending(s).kind !== 'over' && guard++ < 10_000) {
      const p = def.pending(s);
      const seat = p.kind === 'turn' ? p.seat : p.kind === 'race' ? p.seats[0]! : p.kind === 'simultaneous' ? p.waiting[0]! : 0;
      s = act(s, seat, def.autoAction!(s, seat)).state;
    }
    expect(s.round).toBe(ROUND_CAP + 1);
    expect(def.result(s)).toEqual({ placements: [1, 1, 1], winners: [], reason: 'cap' });
    expect(def.publicView(s).round).toBe(ROUND_CAP);
    expect(guard).toBe(ROUND_CAP * 3);
  });
});

describe('timeouts, auto-play and forged input', () => {
  it('turn timeout / away: discard a random hand card — never place, declare or attack', () => {
    const s = arrange(2, { hands: { 0: ['burn1', 'wild1', 'pinkx1'] }, slots: { 0: ['red1', 'blue1', null] } });
    for (let salt = 0; salt < 5; salt++) {
      const st = { ...s, rng: [salt, salt + 1, salt + 2, salt + 3] };
      const a = def.autoAction!(st, 0);
      expect(a.type).toBe('discard');
      expect(def.legalActions(st, 0)).toContainEqual(a);
      expect(def.defaultAction(st, 0)).toEqual(a);
    }
  });

  it('window defaults: race → pass, counter-back → accept, cancel → allow, vote → abstain', () => {
    const s0 = arrange(2, { hands: { 0: ['red1', 'blue1', 'pink1'], 1: ['redx1', 'burn1', 'green1'] } });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    expect(def.autoAction!(s1, 1)).toEqual({ type: 'pass' });
    const s2 = act(s1, 1, { type: 'counter' }).state;
    expect(def.autoAction!(s2, 0)).toEqual({ type: 'accept' });
  });

  it('refuses out-of-turn, foreign cards, malformed actions and a finished game without throwing', () => {
    const s = arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'], 1: ['red2', 'green1', 'green2'] } });
    expect(refuse(s, 1, { type: 'discard', card: 'red2' })).toBe('not-your-turn');
    expect(refuse(s, 0, { type: 'discard', card: 'red2' })).toBe('card-not-in-hand');
    expect(refuse(s, 0, { type: 'discard', card: 'zzz1' })).toBe('card-not-in-hand');
    expect(refuse(s, 0, { type: 'explode' })).toBe('malformed');
    // Values that do not fit the action schema never reach apply: the codec (or the table
    // service, for a raw action) checks every action once, where it enters, and refuses it as
    // malformed (test/tables/service.test.ts).
    expect(def.actionSchema.safeParse(null).success).toBe(false);
    expect(def.actionSchema.safeParse({ type: 'discard', card: 'red1', extra: 1 }).success).toBe(false);
    expect(refuse(s, 9, { type: 'discard', card: 'red1' })).toBe('not-seated');
    expect(refuse(s, 0, { type: 'vote', verdict: 'bluff' })).toBe('no-vote');
    expect(refuse(s, 0, { type: 'counter' })).toBe('window-closed');
    expect(refuse(s, 0, { type: 'draw' })).toBe('not-in-variant');
    expect(refuse(s, 0, { type: 'pass' })).toBe('must-act');
    const over = { ...s, phase: { kind: 'over' as const, winner: 0, reason: 'declaration' as const } };
    expect(refuse(over, 0, { type: 'discard', card: 'red1' })).toBe('game-over');
  });

  it('the actions of identical copies are offered once; any copy is accepted', () => {
    const s = arrange(2, { hands: { 0: ['red1', 'red2', 'wild1'] } });
    const legal = def.legalActions(s, 0);
    expect(legal.filter((a) => a.type === 'discard')).toEqual([
      { type: 'discard', card: 'red1' },
      { type: 'discard', card: 'wild1' },
    ]);
    const { state } = act(s, 0, { type: 'place', card: 'red2', suspect: 0 });
    expect(state.players[0]!.slots[0]?.card).toBe('red2');
  });
});

describe('decision steps (Pending.step)', () => {
  it("a counter window keeps its step while rivals pass: one decision for the seats still racing (what a 💡 Hint is logged once per: src/tables/play.ts)", () => {
    const { state } = counterWindow();
    const window = def.pending(state);
    expect(window.kind).toBe('race');
    expect(window.kind === 'race' && window.seats).toEqual([1, 2]);
    const passed = act(state, 2, { type: 'pass' }).state;
    const still = def.pending(passed);
    expect(still.kind === 'race' && still.seats).toEqual([1]);
    expect(still.step).toBe(window.step);
  });
});
