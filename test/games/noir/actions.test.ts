/** Turn actions: §2.5 Shift (no-undo), Kill, Arrest, Disguise, Exonerate; §2.6 canvassing; §2.9; §2.10; §2.11. */
import { describe, expect, it } from 'vitest';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { deathCount } from '../../../src/games/noir/state.js';
import type { NoirAction } from '../../../src/games/noir/rules.js';
import { INSPECTOR, KILLER, act, ids, makeState, refuse } from './helpers.js';

const shift = (axis: 'row' | 'col', index: number, dir: 1 | -1): NoirAction => ({ type: 'shift', axis, index, dir });
const shifts = (s: ReturnType<typeof makeState>, seat: number) => d.legalActions(s, seat).filter((a) => a.type === 'shift');

describe('§2.5 shift', () => {
  it('any line, both directions: 20 shifts on a 5×5 grid', () => {
    expect(shifts(makeState(), KILLER)).toHaveLength(20);
  });
  it('moves both identities when they share the line (§2.12)', () => {
    const s = makeState({ killer: 1, inspector: 3 });
    const { state } = act(s, KILLER, shift('row', 0, 1));
    expect(ids(state)[0]).toEqual([4, 0, 1, 2, 3]);
  });
  it('passes the turn to the opponent', () => {
    const { state } = act(makeState(), KILLER, shift('col', 2, -1));
    expect(d.pending(state)).toMatchObject({ kind: 'turn', seat: INSPECTOR });
  });
  it('a line of length 1 cannot be shifted; a line of length 2 offers one direction', () => {
    const s = makeState({ grid: [[0, 12], [1, 2], [3, 4]], killer: 12, inspector: 0, hand: [1, 2, 3] });
    const legal = shifts(s, KILLER);
    expect(legal).toEqual([shift('row', 0, 1), shift('row', 1, 1), shift('row', 2, 1), shift('col', 0, 1), shift('col', 0, -1), shift('col', 1, 1), shift('col', 1, -1)]);
    expect(refuse(s, KILLER, shift('row', 0, -1))).toBe('bad-shift');
    expect(refuse(s, KILLER, shift('row', 3, 1))).toBe('bad-shift');
  });
});

describe('§2.5 no-undo rule', () => {
  it('the exact reverse of the opponent’s immediately preceding shift is not offered or accepted', () => {
    const { state: s1 } = act(makeState(), KILLER, shift('row', 2, 1));
    expect(shifts(s1, INSPECTOR)).not.toContainEqual(shift('row', 2, -1));
    expect(shifts(s1, INSPECTOR)).toContainEqual(shift('row', 2, 1));
    expect(shifts(s1, INSPECTOR)).toHaveLength(19);
    expect(refuse(s1, INSPECTOR, shift('row', 2, -1))).toBe('no-undo');
    expect(d.publicView(s1).blockedShift).toEqual(shift('row', 2, -1));
  });
  it('only the immediately previous action is protected', () => {
    const { state: s1 } = act(makeState(), KILLER, shift('row', 2, 1));
    const { state: s2 } = act(s1, INSPECTOR, shift('col', 0, 1));
    // The Killer may now reverse their own earlier shift... but not the Inspector's.
    expect(shifts(s2, KILLER)).toContainEqual(shift('row', 2, -1));
    expect(shifts(s2, KILLER)).not.toContainEqual(shift('col', 0, -1));
    const { state: s3 } = act(s2, KILLER, shift('row', 1, 1));
    // The Inspector may now reverse row 3 (two actions ago).
    expect(shifts(s3, INSPECTOR)).toContainEqual(shift('row', 2, -1));
    expect(shifts(s3, INSPECTOR)).toContainEqual(shift('col', 0, -1));
  });
  it('an intervening non-shift action lifts the restriction', () => {
    const { state: s1 } = act(makeState(), KILLER, shift('row', 2, 1));
    const { state: s2 } = act(s1, INSPECTOR, { type: 'arrest', suspect: 0 });
    const { state: s3 } = act(s2, KILLER, { type: 'kill', suspect: 7 });
    expect(shifts(s3, INSPECTOR)).toHaveLength(20);
  });
  it('lapses when the shift made the grid collapse (§2.14)', () => {
    // Column E: 4, 9, 14, 19 dead, 24 alive; row 5 → brings dead 23 to E5, so column E collapses.
    const s = makeState({ dead: [4, 9, 14, 19, 23] });
    const { state, events } = act(s, KILLER, shift('row', 4, 1));
    expect(events.map((e) => e.type)).toEqual(['shift', 'collapse']);
    expect(state.grid[0]).toHaveLength(4);
    expect(state.lastShift).toMatchObject({ collapsed: true });
    expect(d.publicView(state).blockedShift).toBeNull();
    expect(shifts(state, INSPECTOR)).toContainEqual(shift('row', 4, -1));
  });
  it('on a line of length 2 the same direction is the reverse too', () => {
    const s = makeState({ grid: [[0, 12], [1, 2], [3, 4]], killer: 12, inspector: 0, hand: [1, 2, 3] });
    const { state } = act(s, KILLER, shift('row', 1, 1));
    expect(shifts(state, INSPECTOR)).not.toContainEqual(shift('row', 1, 1));
    expect(refuse(state, INSPECTOR, shift('row', 1, 1))).toBe('no-undo');
  });
});

describe('§2.5 kill', () => {
  it('kills a living neighbour of the Killer’s identity and passes the turn', () => {
    const { state, events } = act(makeState(), KILLER, { type: 'kill', suspect: 18 });
    expect(state.grid[3]![3]!.alive).toBe(false);
    expect(deathCount(state)).toBe(1);
    expect(events[0]).toMatchObject({ type: 'kill', suspect: 18 });
    expect(d.pending(state)).toMatchObject({ seat: INSPECTOR });
  });
  it('refuses non-neighbours, the dead, and the Killer’s own identity (§2.12)', () => {
    const s = makeState({ dead: [7] });
    expect(refuse(s, KILLER, { type: 'kill', suspect: 0 })).toBe('not-adjacent');
    expect(refuse(s, KILLER, { type: 'kill', suspect: 7 })).toBe('not-alive');
    expect(refuse(s, KILLER, { type: 'kill', suspect: 12 })).toBe('not-adjacent');
    expect(refuse(s, INSPECTOR, { type: 'kill', suspect: 7 })).toBe('not-your-turn');
  });
  it('no living neighbour: Kill is not offered (§2.12)', () => {
    const s = makeState({ dead: [6, 7, 8, 11, 13, 16, 17, 18] });
    expect(d.legalActions(s, KILLER).some((a) => a.type === 'kill')).toBe(false);
  });
  it('killing the Inspector’s identity wins for the Killer', () => {
    const s = makeState({ inspector: 13 });
    const { state, events } = act(s, KILLER, { type: 'kill', suspect: 13 });
    expect(state.phase).toBe('over');
    expect(d.result(state)).toEqual({ placements: [1, 2], winners: [KILLER], reason: 'inspector-killed' });
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', killerIdentity: 12, inspectorIdentity: 13 });
  });
  it('a kill completing a row collapses it; removed suspects still count (§2.10, §2.11)', () => {
    const s = makeState({ dead: [5, 6, 8, 9] });
    const { state, events } = act(s, KILLER, { type: 'kill', suspect: 7 });
    expect(events.map((e) => e.type)).toEqual(['kill', 'collapse']);
    expect(state.removed).toEqual([5, 6, 7, 8, 9]);
    expect(state.grid).toHaveLength(4);
    expect(deathCount(state)).toBe(5);
  });
  it('kill target reached by counting collapsed-away suspects', () => {
    // 10 collapsed away earlier + 4 dead on the grid = 14; two more kills reach 16.
    const grid = [
      [0, 1, 2, 3, 4],
      [10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19],
    ];
    const s = makeState({ grid, removed: [5, 6, 7, 8, 9, 20, 21, 22, 23, 24], dead: [15, 16, 17, 18], killer: 12, inspector: 0, hand: [1, 2, 3] });
    expect(deathCount(s)).toBe(14);
    const { state } = act(s, KILLER, { type: 'kill', suspect: 11 });
    expect(deathCount(state)).toBe(15);
    expect(state.phase).toBe('play');
    const { state: s2 } = act(state, INSPECTOR, { type: 'arrest', suspect: 0 });
    const { state: s3, events } = act(s2, KILLER, { type: 'kill', suspect: 13 });
    expect(deathCount(s3)).toBe(16);
    expect(s3.phase).toBe('over');
    expect(d.result(s3)?.reason).toBe('kill-target');
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', reason: 'kill-target' });
  });
  it('kill target 14 (Black Box) ends earlier', () => {
    const s = makeState({ options: { killTarget: 14 }, removed: [], dead: [1, 2, 3, 4, 5, 9, 10, 14, 15, 19, 20, 24, 23] });
    expect(deathCount(s)).toBe(13);
    const { state } = act(s, KILLER, { type: 'kill', suspect: 6 });
    expect(state.phase).toBe('over');
    expect(state.endReason).toBe('kill-target');
  });
});

describe('§2.5 arrest', () => {
  const s = makeState({ killer: 6, inspector: 0, turn: 'inspector' });
  it('targets living neighbours of the Inspector and the Inspector’s own identity', () => {
    const arrests = d.legalActions(s, INSPECTOR).filter((a) => a.type === 'arrest');
    expect(arrests).toEqual([1, 5, 6, 0].map((suspect) => ({ type: 'arrest', suspect })));
    expect(refuse(s, INSPECTOR, { type: 'arrest', suspect: 2 })).toBe('not-adjacent');
    expect(refuse(makeState({ killer: 6, inspector: 0, turn: 'inspector', dead: [1] }), INSPECTOR, { type: 'arrest', suspect: 1 })).toBe('not-alive');
  });
  it('a miss is public and changes nothing else', () => {
    const { state, events } = act(s, INSPECTOR, { type: 'arrest', suspect: 5 });
    expect(events).toEqual([{ type: 'arrest', by: INSPECTOR, suspect: 5, hit: false, citizen: false }]);
    expect(state.arrests).toEqual([{ suspect: 5, hit: false, citizen: false }]);
    expect(state.grid).toEqual(s.grid);
    expect(d.pending(state)).toMatchObject({ seat: KILLER });
  });
  it('arresting yourself is always "no" (§2.12)', () => {
    const { state } = act(s, INSPECTOR, { type: 'arrest', suspect: 0 });
    expect(state.arrests[0]).toEqual({ suspect: 0, hit: false, citizen: false });
  });
  it('a hit on the Killer’s current identity wins for the Inspector', () => {
    const { state } = act(s, INSPECTOR, { type: 'arrest', suspect: 6 });
    expect(d.result(state)).toEqual({ placements: [2, 1], winners: [INSPECTOR], reason: 'arrest' });
  });
  it('the Killer cannot arrest, the Inspector cannot kill or disguise', () => {
    expect(refuse(makeState(), KILLER, { type: 'arrest', suspect: 1 })).toBe('wrong-phase');
    expect(refuse(s, INSPECTOR, { type: 'kill', suspect: 1 })).toBe('wrong-phase');
    expect(refuse(s, INSPECTOR, { type: 'disguise' })).toBe('wrong-phase');
  });
});
