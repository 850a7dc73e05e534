/** "Across" (docs/rules/jaccuse.md §4.4, §4.9): geometry per table size, who picks, order, timeouts. */
import { describe, expect, it } from 'vitest';
import { act, def, refused, round, suspect, table } from './helpers.js';

const across = (n: number) => Array(n).fill('across');

describe('Across without a choice (4 players: exactly one player across)', () => {
  it('moves straight to the player opposite, no decision opens', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'debts', 0);
    suspect(s, 'study', 1);
    suspect(s, 'shears', 3);
    const { state } = round(s, 'mow1', across(4));
    expect(state.suspected.motive!.holder).toBe(2);
    expect(state.suspected.opportunity!.holder).toBe(3);
    expect(state.suspected.weapon!.holder).toBe(1);
    expect(state.phase).toBe('investigate');
    expect(state.inspector).toBe(1);
  });
});

describe.each([3, 5, 6])('Across with a choice, %i players', (n) => {
  it('the holder picks among the eligible players (default option)', () => {
    const s = table(n, { inspector: 0 });
    suspect(s, 'debts', 1);
    const { state } = round(s, 'm1', across(n));
    expect(state.phase).toBe('across');
    const expected = n === 3 ? [0, 2] : n === 5 ? [3, 4] : [3, 4, 5];
    expect(def.pending(state)).toMatchObject({ kind: 'turn', seat: 1, timer: 'turn' });
    expect(def.legalActions(state, 1)).toEqual(expected.map((to) => ({ type: 'send', card: 'debts', to })));
    expect(def.legalActions(state, 0)).toEqual([]);
    // The card has not moved yet; the reveal shows it pending.
    expect(def.publicView(state).lastReveal!.outcomes).toEqual([{ kind: 'move', card: 'debts', from: 1, to: null, direction: 'across' }]);
    const to = expected.at(-1)!;
    const r = act(state, 1, { type: 'send', card: 'debts', to });
    expect(r.state.suspected.motive).toEqual({ card: 'debts', holder: to });
    expect(r.state.phase).toBe('investigate');
    expect(def.publicView(r.state).lastReveal!.outcomes[0]).toMatchObject({ to });
  });

  it('refuses a neighbour, the holder, another card, another chooser', () => {
    const s = table(n, { inspector: 0 });
    suspect(s, 'debts', 1);
    const { state } = round(s, 'm1', across(n));
    if (n > 3) refused(state, 1, { type: 'send', card: 'debts', to: 2 }, 'not-eligible');
    refused(state, 1, { type: 'send', card: 'debts', to: 1 }, 'not-eligible');
    refused(state, 1, { type: 'send', card: 'money', to: 0 }, 'wrong-card');
    refused(state, 0, { type: 'send', card: 'debts', to: n - 1 }, 'not-your-turn');
    refused(state, 1, { type: 'vote', card: 'left' }, 'wrong-phase');
  });

  it('option acrossChooser = inspector: the Inspector picks', () => {
    const s = table(n, { inspector: 2, options: { acrossChooser: 'inspector' } });
    suspect(s, 'debts', 1);
    const { state } = round(s, 'm1', across(n));
    expect(def.pending(state)).toMatchObject({ kind: 'turn', seat: 2 });
    expect(def.legalActions(state, 1)).toEqual([]);
    expect(def.legalActions(state, 2).length).toBeGreaterThan(1);
  });

  it('timeout: a random eligible player', () => {
    const s = table(n, { inspector: 0 });
    suspect(s, 'debts', 1);
    const { state } = round(s, 'm1', across(n));
    const a = def.defaultAction(state, 1);
    expect(def.legalActions(state, 1)).toContainEqual(a);
    expect(def.defaultAction(state, 1)).toEqual(a); // derived without moving the generator
    expect(def.autoAction!(state, 1)).toEqual(a);
  });
});

describe('several Across choices', () => {
  it('are made one after another, in seat order from the Inspector’s left; moves happen together', () => {
    const s = table(6, { inspector: 3 });
    suspect(s, 'debts', 1); // order position 3 from the Inspector's left (4,5,0,1)
    suspect(s, 'study', 5); // position 1
    suspect(s, 'shears', 5); // position 1, after the Opportunity (icon order)
    let { state } = round(s, 'mow2', across(6));
    const steps = [def.pending(state).step];
    expect(state.acrossQueue.map((q) => [q.card, q.chooser])).toEqual([
      ['study', 5],
      ['shears', 5],
      ['debts', 1],
    ]);
    state = act(state, 5, { type: 'send', card: 'study', to: 1 }).state;
    steps.push(def.pending(state).step);
    // Nothing has moved yet: Study is still with seat 5 until all choices are made.
    expect(state.suspected.opportunity!.holder).toBe(5);
    // Seat 1 is still the holder of the Motive: the eligible players come from the original position.
    state = act(state, 5, { type: 'send', card: 'shears', to: 2 }).state;
    steps.push(def.pending(state).step);
    expect(def.pending(state)).toMatchObject({ kind: 'turn', seat: 1 });
    state = act(state, 1, { type: 'send', card: 'debts', to: 4 }).state;
    expect(new Set(steps).size).toBe(3);
    expect(state.suspected).toEqual({
      motive: { card: 'debts', holder: 4 },
      opportunity: { card: 'study', holder: 1 },
      weapon: { card: 'shears', holder: 2 },
    });
    expect(state.phase).toBe('investigate');
  });

  it('mixes automatic and chosen moves (5 players) and timeouts resolve them all', () => {
    const s = table(5, { inspector: 0 });
    suspect(s, 'debts', 1);
    suspect(s, 'shears', 3);
    let { state } = round(s, 'mw1', across(5));
    let guard = 0;
    while (state.phase === 'across' && guard++ < 5) {
      const p = def.pending(state);
      if (p.kind !== 'turn') throw new Error('turn expected');
      state = act(state, p.seat, def.defaultAction(state, p.seat)).state;
    }
    expect([3, 4]).toContain(state.suspected.motive!.holder);
    expect([0, 1]).toContain(state.suspected.weapon!.holder);
    expect(state.phase).toBe('investigate');
  });
});
