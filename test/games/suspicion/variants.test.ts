/**
 * Suspicion house variants (docs/rules/suspicion.md §1.12): No-Bluff, Criminal Edition, Arrest Race.
 */
import { describe, expect, it } from 'vitest';
import { setup } from '../../../src/games/suspicion/setup.js';
import { buildDeck, cardFace, optionsSchema } from '../../../src/games/suspicion/rules.js';
import { suspicionUi } from '../../../src/games/suspicion/ui.js';
import { en } from '../../../src/i18n/en/index.js';
import { fakeRenderContext } from '../../support/render-context.js';
import { act, arrange, def, eventsOf, refuse, run } from './helpers.js';

describe('No-Bluff (house rules)', () => {
  const base = { variant: 'no-bluff' as const, hands: { 0: ['pink1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } };

  it('has no declaration; the third colour is placed face-up and opens a counter window', () => {
    const s = arrange(3, base);
    expect(def.legalActions(s, 0).some((a) => a.type === 'declare')).toBe(false);
    expect(refuse(s, 0, { type: 'declare', card: 'pink1', suspect: 0 })).toBe('not-in-variant');
    const s1 = act(s, 0, { type: 'place', card: 'pink1', suspect: 0 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1, 2] });
    expect(def.result(s1)).toBeNull();
  });

  it('all three face-up when the window closes without a counter → the owner wins', () => {
    const s = run(arrange(3, base), [
      [0, { type: 'place', card: 'pink1', suspect: 0 }],
      [1, { type: 'pass' }],
    ]);
    const { state, events } = act(s, 2, { type: 'pass' });
    expect(eventsOf(events, 'won')[0]).toMatchObject({ seat: 0, reason: 'three-face-up' });
    expect(def.result(state)).toEqual({ placements: [1, 2, 2], winners: [0], reason: 'three-face-up' });
  });

  it('a countered third card does not win', () => {
    const s = arrange(2, { ...base, hands: { 0: ['pink1', 'green1', 'green2'], 1: ['pinkx1', 'orange1', 'orange2'] } });
    const s1 = run(s, [
      [0, { type: 'place', card: 'pink1', suspect: 0 }],
      [1, { type: 'counter' }],
      [0, { type: 'accept' }],
    ]);
    expect(def.result(s1)).toBeNull();
    expect(s1.players[0]!.slots[2]).toBeNull();
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 1 });
  });

  it('a third card that survives by a counter-counter wins (the counter failed)', () => {
    const s = arrange(2, { ...base, hands: { 0: ['pink1', 'pinkx2', 'green2'], 1: ['pinkx1', 'orange1', 'orange2'] } });
    const s1 = run(s, [
      [0, { type: 'place', card: 'pink1', suspect: 0 }],
      [1, { type: 'counter' }],
      [0, { type: 'counterBack' }],
    ]);
    expect(def.result(s1)).toMatchObject({ winners: [0], reason: 'three-face-up' });
  });

  it('options summary says the vote timer and the tie rule are ignored', () => {
    const o = optionsSchema.parse({ variant: 'no-bluff' });
    expect(suspicionUi.optionsSummary(o, en)).toMatch(/house rules/);
    expect(suspicionUi.optionsSummary(o, en)).toMatch(/vote timer and tie rule are ignored/);
  });
});

describe('Criminal Edition (house rules)', () => {
  it('evidence goes only on rivals’ suspects with a matching empty slot', () => {
    const s = arrange(3, { variant: 'criminal', hands: { 0: ['red1', 'orange1', 'wild1'] } });
    expect(refuse(s, 0, { type: 'place', card: 'red1', suspect: 0 })).toBe('own-suspect');
    expect(refuse(s, 0, { type: 'wild', card: 'wild1', suspect: 0, slot: 0 })).toBe('own-suspect');
    expect(refuse(s, 0, { type: 'place', card: 'red1', suspect: 1 })).toBe('colour-not-on-suspect');
    const places = def.legalActions(s, 0).filter((a) => a.type === 'place');
    expect(places).toEqual([
      { type: 'place', card: 'red1', suspect: 2 },
      { type: 'place', card: 'orange1', suspect: 1 },
    ]);
    const s1 = act(s, 0, { type: 'place', card: 'red1', suspect: 2 }).state;
    expect(s1.players[2]!.slots[0]).toMatchObject({ card: 'red1', by: 0 });
  });

  it('at most 2 face-up per suspect', () => {
    const s = arrange(2, { variant: 'criminal', hands: { 0: ['green1', 'red1', 'red2'] }, slots: { 1: ['orange1', 'yellow1', null] } });
    expect(refuse(s, 0, { type: 'place', card: 'green1', suspect: 1 })).toBe('face-up-limit');
  });

  it('anyone but the placer may counter — the suspect’s owner included; the placer counters back', () => {
    const s = arrange(3, { variant: 'criminal', hands: { 0: ['green1', 'greenx1', 'red1'], 1: ['greenx2', 'red2', 'red3'] } });
    const s1 = act(s, 0, { type: 'place', card: 'green1', suspect: 1 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'race', seats: [1, 2] });
    const s2 = act(s1, 1, { type: 'counter' }).state;
    expect(def.pending(s2)).toMatchObject({ kind: 'turn', seat: 0, timer: 'reaction' });
    const s3 = act(s2, 0, { type: 'counterBack' }).state;
    expect(s3.players[1]!.slots[2]).toMatchObject({ card: 'green1', protected: true, by: 0 });
  });

  it('any player may declare on a rival suspect with two face-up cards; every other player votes, the owner included', () => {
    const s = arrange(4, {
      variant: 'criminal',
      hands: { 0: ['yellow1', 'red1', 'red2'] },
      slots: { 1: [{ card: 'orange1', by: 2 }, null, { card: 'green1', by: 3 }], 0: ['red3', 'blue1', null] },
    });
    expect(def.legalActions(s, 0).filter((a) => a.type === 'declare' && a.card === 'yellow1')).toEqual([
      { type: 'declare', card: 'yellow1', suspect: 1 },
    ]);
    expect(refuse(s, 0, { type: 'declare', card: 'yellow1', suspect: 0 })).toBe('own-suspect');
    const s1 = act(s, 0, { type: 'declare', card: 'yellow1', suspect: 1 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'simultaneous', seats: [1, 2, 3], timer: 'vote' });
    const s2 = run(s1, [
      [1, { type: 'vote', verdict: 'bluff' }],
      [2, { type: 'vote', verdict: 'bluff' }],
    ]);
    const { state, events } = act(s2, 3, { type: 'vote', verdict: 'believe' });
    expect(eventsOf(events, 'revealed')[0]).toMatchObject({ declarer: 0, suspect: 1, colour: 'yellow', correct: true, verdict: 'bluff', won: true });
    expect(def.result(state)).toEqual({ placements: [1, 2, 2, 2], winners: [0], reason: 'declaration' });
  });

  it('a failed criminal declaration: card discarded, the declarer misses a turn, the suspect keeps its cards', () => {
    const s = arrange(2, { variant: 'criminal', hands: { 0: ['yellow1', 'red1', 'red2'] }, slots: { 1: ['orange1', null, 'green1'] } });
    const s1 = run(s, [
      [0, { type: 'declare', card: 'yellow1', suspect: 1 }],
      [1, { type: 'vote', verdict: 'believe' }],
    ]);
    expect(def.result(s1)).toBeNull();
    expect(s1.players[0]!.skipNext).toBe(true);
    expect(s1.players[1]!.slots.map((x) => x?.card ?? null)).toEqual(['orange1', null, 'green1']);
  });

  it('Burn and Tamper may target any suspect, your own too (no cancel window on yourself); Block only rivals', () => {
    const s = arrange(3, {
      variant: 'criminal',
      hands: { 0: ['burn1', 'tamper1', 'block1'] },
      slots: { 0: [{ card: 'red1', by: 1 }, null, null] },
    });
    const legal = def.legalActions(s, 0);
    expect(legal).toContainEqual({ type: 'burn', card: 'burn1', target: 0 });
    expect(legal).toContainEqual({ type: 'tamper', card: 'tamper1', target: 0, slot: 0 });
    expect(legal.filter((a) => a.type === 'block').map((a) => (a as { target: number }).target)).toEqual([1, 2]);
    expect(refuse(s, 0, { type: 'block', card: 'block1', target: 0 })).toBe('not-a-rival');
    const s1 = act(s, 0, { type: 'burn', card: 'burn1', target: 0 }).state;
    expect(s1.players[0]!.slots[0]).toBeNull();
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
  });

  it('the owner of a burned suspect may cancel', () => {
    const s = arrange(3, { variant: 'criminal', hands: { 0: ['burn1', 'red1', 'red2'], 2: ['burn2', 'red3', 'red4'] }, slots: { 2: [{ card: 'redx1', by: 1 }, null, null] } });
    const s1 = act(s, 0, { type: 'burn', card: 'burn1', target: 2 }).state;
    expect(def.pending(s1)).toMatchObject({ kind: 'turn', seat: 2, timer: 'reaction' });
    const s2 = act(s1, 2, { type: 'cancel' }).state;
    expect(s2.players[2]!.slots[0]?.card).toBe('redx1');
  });

  it('a Wild you placed on a rival may be moved on that suspect', () => {
    const s = arrange(2, { variant: 'criminal', slots: { 1: [{ card: 'wild1', by: 0 }, null, null] } });
    expect(def.legalActions(s, 0).filter((a) => a.type === 'recolour')).toEqual([
      { type: 'recolour', suspect: 1, from: 0, to: 1 },
      { type: 'recolour', suspect: 1, from: 0, to: 2 },
    ]);
  });

  it('the board shows who placed each evidence', () => {
    const s = arrange(3, { variant: 'criminal', slots: { 1: [{ card: 'orange1', by: 2 }, null, null] } });
    const board = suspicionUi.board(def.publicView(s), fakeRenderContext(3));
    expect(board.body).toContain('by Cleo');
    expect(board.body).toContain('House rules');
  });
});

describe('Arrest Race (house rules)', () => {
  it('deck = the 48 evidence cards only; no hands; the only action is Draw', () => {
    const deck = buildDeck('arrest-race');
    expect(deck).toHaveLength(48);
    expect(deck.every((c) => cardFace(c)!.kind === 'evidence')).toBe(true);
    const s = setup(optionsSchema.parse({ variant: 'arrest-race' }), 4, 3);
    expect(s.players.every((p) => p.hand.length === 0)).toBe(true);
    expect(s.draw).toHaveLength(48);
    expect(def.legalActions(s, s.turn)).toEqual([{ type: 'draw' }]);
    expect(def.pending(s)).toMatchObject({ kind: 'turn', timer: 'turn' });
    expect(def.defaultAction(s, s.turn)).toEqual({ type: 'draw' });
    expect(refuse(s, s.turn, { type: 'pass' })).toBe('not-in-variant');
  });

  it('a drawn card matching an empty slot is placed; a non-matching one is discarded', () => {
    const s = arrange(2, { variant: 'arrest-race', drawTop: ['blue1', 'orange1', 'blue2'] });
    const { state: s1, events: e1 } = act(s, 0, { type: 'draw' });
    expect(eventsOf(e1, 'arrestDraw')[0]).toMatchObject({ seat: 0, slot: 1 });
    expect(s1.players[0]!.slots[1]?.card).toBe('blue1');
    const s2 = act(s1, 1, { type: 'draw' }).state; // orange for seat 1 (orange, yellow, green): placed
    expect(s2.players[1]!.slots[0]?.card).toBe('orange1');
    const { state: s3, events: e3 } = act(s2, 0, { type: 'draw' }); // blue again: slot full → discarded
    expect(eventsOf(e3, 'arrestDraw')[0]).toMatchObject({ slot: null });
    expect(s3.discard).toEqual(['blue2']);
    expect(s3.players[0]!.slots[1]?.card).toBe('blue1');
  });

  it('a full suspect wins at once', () => {
    const s = arrange(3, { variant: 'arrest-race', slots: { 0: ['red1', 'blue1', null] }, drawTop: ['pink1'] });
    const { state, events } = act(s, 0, { type: 'draw' });
    expect(eventsOf(events, 'won')[0]).toMatchObject({ seat: 0, reason: 'arrest' });
    expect(def.result(state)).toEqual({ placements: [1, 2, 2], winners: [0], reason: 'arrest' });
  });

  it('an empty draw pile is refilled from the discards', () => {
    const s = arrange(2, { variant: 'arrest-race', drawTop: [], drawOnly: true });
    const { events } = act(s, 0, { type: 'draw' });
    expect(eventsOf(events, 'reshuffled')).toHaveLength(1);
  });

  it('options summary says counter window, vote timer and tie rule are ignored; rules help explains the deck', () => {
    const o = optionsSchema.parse({ variant: 'arrest-race' });
    expect(suspicionUi.optionsSummary(o, en)).toMatch(/ignored in Arrest Race/);
    expect(suspicionUi.rulesHelp(o, en)).toMatch(/48 evidence cards/);
  });
});
