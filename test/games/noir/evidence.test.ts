/** Evidence: §2.5 Disguise and Exonerate, §2.6 canvassing, §2.7 citizen's arrest, §2.9 empty deck. */
import { describe, expect, it } from 'vitest';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { deathCount } from '../../../src/games/noir/state.js';
import { ALL, INSPECTOR, KILLER, act, evidenceCards, makeState, refuse } from './helpers.js';

describe('§2.5 disguise', () => {
  it('alive draw, Classic (default option): new identity, old card discarded face-up, old suspect dies', () => {
    const s = makeState({ options: { mode: 'classic' }, deck: [3, 1, 2] });
    const { state, events } = act(s, KILLER, { type: 'disguise' });
    expect(state.killerIdentity).toBe(3);
    expect(state.discards).toEqual([12]);
    expect(state.grid[2]![2]!.alive).toBe(false);
    expect(deathCount(state)).toBe(1);
    expect(state.deck).toEqual([1, 2]);
    expect(events.filter((e) => !e.to)).toEqual([{ type: 'disguise', by: KILLER, discarded: 12, effect: 'killed' }]);
    expect(events.find((e) => e.to)).toEqual({ type: 'disguiseDraw', to: [KILLER], suspect: 3, alive: true, identity: 3 });
  });
  it('Classic with disguiseKillsOldIdentity=false: the old suspect stays alive, unmarked', () => {
    const s = makeState({ options: { mode: 'classic', disguiseKillsOldIdentity: false }, deck: [3] });
    const { state, events } = act(s, KILLER, { type: 'disguise' });
    expect(state.grid[2]![2]).toEqual({ suspect: 12, alive: true, marker: false });
    expect(events[0]).toMatchObject({ effect: 'none' });
  });
  it.each(['standard', 'citizens-arrest'] as const)('%s: the old suspect gets an innocent marker and stays alive', (mode) => {
    const s = makeState({ options: { mode }, deck: [3] });
    const { state, events } = act(s, KILLER, { type: 'disguise' });
    expect(state.killerIdentity).toBe(3);
    expect(state.grid[2]![2]).toEqual({ suspect: 12, alive: true, marker: true });
    expect(deathCount(state)).toBe(0);
    expect(events[0]).toMatchObject({ effect: 'marked', discarded: 12 });
  });
  it('dead draw: the drawn card is discarded and the identity is kept', () => {
    const s = makeState({ dead: [3], deck: [3, 1] });
    const { state, events } = act(s, KILLER, { type: 'disguise' });
    expect(state.killerIdentity).toBe(12);
    expect(state.discards).toEqual([3]);
    expect(state.grid[2]![2]!.marker).toBe(false);
    expect(events.filter((e) => !e.to)).toEqual([{ type: 'disguise', by: KILLER, discarded: 3, effect: 'none' }]);
    expect(state.killerDraws).toEqual([{ suspect: 3, alive: false }]);
  });
  it('a collapsed-away draw counts as dead', () => {
    const s = makeState({ grid: [[0, 1, 2, 3, 4], [10, 11, 12, 13, 14]], removed: [5], deck: [5], hand: [20, 21, 22] });
    const { state } = act(s, KILLER, { type: 'disguise' });
    expect(state.killerIdentity).toBe(12);
    expect(state.discards).toEqual([5]);
  });
  it('a Classic disguise death can complete a row and reach the kill target', () => {
    // Row 3 = 10, 11, 12, 13, 14 with all but 12 (the Killer) dead; 15 deaths so far.
    const dead = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16];
    const s = makeState({ options: { mode: 'classic' }, dead, deck: [24] });
    expect(deathCount(s)).toBe(15);
    const { state, events } = act(s, KILLER, { type: 'disguise' });
    expect(events.map((e) => e.type)).toContain('collapse');
    expect(state.removed).toEqual(expect.arrayContaining([10, 11, 12, 13, 14]));
    expect(state.endReason).toBe('kill-target');
  });
  it('deck empty: Disguise is not offered and refused (§2.9)', () => {
    const s = makeState({ deck: [] });
    expect(d.legalActions(s, KILLER).map((a) => a.type)).not.toContain('disguise');
    expect(refuse(s, KILLER, { type: 'disguise' })).toBe('deck-empty');
    expect(d.legalActions(s, KILLER).some((a) => a.type === 'shift')).toBe(true);
    expect(d.legalActions(s, KILLER).some((a) => a.type === 'kill')).toBe(true);
  });
});

describe('§2.5 exonerate: draw, then discard', () => {
  const base = (mode: 'classic' | 'standard' | 'citizens-arrest', extra = {}) =>
    makeState({ options: { mode }, turn: 'inspector', deck: [7, 1, 2], ...extra });
  it('the draw is private, the discard decision is a new step', () => {
    const s = base('standard');
    const { state, events } = act(s, INSPECTOR, { type: 'exonerate' });
    expect(state.phase).toBe('discard');
    expect(state.hand).toEqual([20, 21, 22, 7]);
    expect(state.deck).toEqual([1, 2]);
    expect(d.pending(state)).toMatchObject({ kind: 'turn', seat: INSPECTOR });
    expect(d.pending(state).step).not.toBe(d.pending(s).step);
    expect(events.filter((e) => !e.to)).toEqual([{ type: 'exonerateDraw', by: INSPECTOR, deck: 2 }]);
    expect(events.find((e) => e.to)).toEqual({ type: 'drew', to: [INSPECTOR], suspect: 7 });
    expect(d.legalActions(state, INSPECTOR)).toEqual([20, 21, 22, 7].map((suspect) => ({ type: 'discard', suspect })));
    expect(refuse(state, INSPECTOR, { type: 'arrest', suspect: 0 })).toBe('discard-first');
    expect(refuse(state, INSPECTOR, { type: 'discard', suspect: 12 })).toBe('not-in-hand');
    expect(JSON.stringify(d.publicView(state))).not.toContain('"drawn"');
  });
  it('Standard: discarding a living suspect marks it; the Killer canvasses (adjacent: yes)', () => {
    const { state: s1 } = act(base('standard'), INSPECTOR, { type: 'exonerate' });
    const { state, events } = act(s1, INSPECTOR, { type: 'discard', suspect: 7 });
    expect(state.hand).toEqual([20, 21, 22]);
    expect(state.discards).toEqual([7]);
    expect(state.grid[1]![2]!.marker).toBe(true);
    expect(events).toEqual([
      { type: 'exonerate', by: INSPECTOR, suspect: 7, marker: true },
      { type: 'canvas', suspect: 7, answeredBy: 'killer', adjacent: true },
    ]);
    expect(d.pending(state)).toMatchObject({ seat: KILLER });
  });
  it('canvas answer "no" for a far suspect; any hand card may be discarded', () => {
    const { state: s1 } = act(base('standard'), INSPECTOR, { type: 'exonerate' });
    const { state, events } = act(s1, INSPECTOR, { type: 'discard', suspect: 20 });
    expect(state.hand).toEqual([21, 22, 7]);
    expect(events[1]).toEqual({ type: 'canvas', suspect: 20, answeredBy: 'killer', adjacent: false });
  });
  it('canvas also for a dead suspect still on the grid (no marker)', () => {
    const { state: s1 } = act(base('standard', { dead: [7] }), INSPECTOR, { type: 'exonerate' });
    const { state, events } = act(s1, INSPECTOR, { type: 'discard', suspect: 7 });
    expect(state.grid[1]![2]!.marker).toBe(false);
    expect(events).toEqual([
      { type: 'exonerate', by: INSPECTOR, suspect: 7, marker: false },
      { type: 'canvas', suspect: 7, answeredBy: 'killer', adjacent: true },
    ]);
  });
  it('canvas for a collapsed-away suspect answers "not adjacent" (§2.14)', () => {
    const s = makeState({ grid: [[0, 1, 2, 3, 4], [10, 11, 12, 13, 14]], removed: [7], turn: 'inspector', hand: [7], deck: [1, 2] });
    const { state: s1 } = act(s, INSPECTOR, { type: 'exonerate' });
    const { events } = act(s1, INSPECTOR, { type: 'discard', suspect: 7 });
    expect(events[1]).toEqual({ type: 'canvas', suspect: 7, answeredBy: 'killer', adjacent: false });
  });
  it('Classic: no marker, no canvas', () => {
    const { state: s1 } = act(base('classic'), INSPECTOR, { type: 'exonerate' });
    const { state, events } = act(s1, INSPECTOR, { type: 'discard', suspect: 7 });
    expect(state.grid[1]![2]!.marker).toBe(false);
    expect(events).toEqual([{ type: 'exonerate', by: INSPECTOR, suspect: 7, marker: false }]);
    expect(state.canvasses).toEqual([]);
  });
  it('a timeout while discarding discards the card just drawn', () => {
    const { state: s1 } = act(base('standard'), INSPECTOR, { type: 'exonerate' });
    expect(d.defaultAction(s1, INSPECTOR)).toEqual({ type: 'discard', suspect: 7 });
    expect(d.autoAction!(s1, INSPECTOR)).toEqual({ type: 'discard', suspect: 7 });
  });
  it('with an empty hand, a normal exonerate draws one card and discards it (§2.7)', () => {
    const s = base('citizens-arrest', { hand: [] });
    const { state: s1 } = act(s, INSPECTOR, { type: 'exonerate' });
    expect(d.legalActions(s1, INSPECTOR)).toEqual([{ type: 'discard', suspect: 7 }]);
    const { state } = act(s1, INSPECTOR, { type: 'discard', suspect: 7 });
    expect(state.hand).toEqual([]);
  });
  it('deck empty: Exonerate is not offered and refused (§2.9)', () => {
    const s = makeState({ turn: 'inspector', deck: [], options: { mode: 'citizens-arrest' } });
    const types = d.legalActions(s, INSPECTOR).map((a) => a.type);
    expect(types).not.toContain('exonerate');
    expect(types).not.toContain('citizen');
    expect(types).toContain('arrest');
    expect(types).toContain('shift');
    expect(refuse(s, INSPECTOR, { type: 'exonerate' })).toBe('deck-empty');
    expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 20, target: 15 })).toBe('deck-empty');
  });
});

describe('§2.6 the Inspector canvasses when a marked suspect is killed', () => {
  it('answer computed before the collapse', () => {
    // Inspector 0 at A1; 6 (B2) carries a marker; row 2 (5..9) has all others dead.
    const s = makeState({ killer: 12, inspector: 0, markers: [6], dead: [5, 7, 8, 9] });
    const { state, events } = act(s, KILLER, { type: 'kill', suspect: 6 });
    expect(events.map((e) => e.type)).toEqual(['kill', 'canvas', 'collapse']);
    expect(events[1]).toEqual({ type: 'canvas', suspect: 6, answeredBy: 'inspector', adjacent: true });
    expect(state.canvasses).toEqual([{ suspect: 6, answeredBy: 'inspector', adjacent: true }]);
  });
  it('answer "no" when the Inspector is far', () => {
    const { events } = act(makeState({ inspector: 24, hand: [20, 21, 22], markers: [6] }), KILLER, { type: 'kill', suspect: 6 });
    expect(events[1]).toEqual({ type: 'canvas', suspect: 6, answeredBy: 'inspector', adjacent: false });
  });
  it('no canvas for an unmarked victim, nor in Classic', () => {
    expect(act(makeState(), KILLER, { type: 'kill', suspect: 6 }).events.map((e) => e.type)).toEqual(['kill']);
    const classic = makeState({ options: { mode: 'classic' }, markers: [6] });
    expect(act(classic, KILLER, { type: 'kill', suspect: 6 }).events.map((e) => e.type)).toEqual(['kill']);
  });
});

describe("§2.7 citizen's arrest", () => {
  const mk = (extra = {}) => makeState({ options: { mode: 'citizens-arrest' }, turn: 'inspector', killer: 12, inspector: 0, hand: [6, 20, 24], ...extra });
  it('offers every (hand card, living neighbour of that card) pair', () => {
    const c = d.legalActions(mk(), INSPECTOR).filter((a) => a.type === 'citizen');
    const pairs = c.map((a) => (a.type === 'citizen' ? [a.discard, a.target] : []));
    expect(pairs).toEqual([
      ...[0, 1, 2, 5, 7, 10, 11, 12].map((t) => [6, t]),
      ...[15, 16, 21].map((t) => [20, t]),
      ...[18, 19, 23].map((t) => [24, t]),
    ]);
  });
  it('is not offered in Standard or Classic', () => {
    for (const mode of ['standard', 'classic'] as const) {
      const s = makeState({ options: { mode }, turn: 'inspector', hand: [6] });
      expect(d.legalActions(s, INSPECTOR).some((a) => a.type === 'citizen')).toBe(false);
      expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 6, target: 12 })).toBe('mode');
    }
  });
  it('no draw: discard (marker), then arrest next to the discarded suspect; a hit wins', () => {
    const s = mk();
    const { state, events } = act(s, INSPECTOR, { type: 'citizen', discard: 6, target: 12 });
    expect(state.deck).toEqual(s.deck);
    expect(state.hand).toEqual([20, 24]);
    expect(state.discards).toEqual([6]);
    expect(state.grid[1]![1]!.marker).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['citizen', 'arrest', 'gameOver']);
    expect(events[1]).toEqual({ type: 'arrest', by: INSPECTOR, suspect: 12, hit: true, citizen: true });
    expect(d.result(state)?.winners).toEqual([INSPECTOR]);
    expect(evidenceCards(state)).toEqual(ALL);
  });
  it('a miss passes the turn, no canvas', () => {
    const { state, events } = act(mk(), INSPECTOR, { type: 'citizen', discard: 20, target: 15 });
    expect(events.map((e) => e.type)).toEqual(['citizen', 'arrest']);
    expect(state.arrests).toEqual([{ suspect: 15, hit: false, citizen: true }]);
    expect(state.canvasses).toEqual([]);
    expect(d.pending(state)).toMatchObject({ seat: KILLER });
  });
  it('the target must be a living neighbour of the discarded suspect, not of the Inspector', () => {
    const s = mk({ dead: [7] });
    expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 6, target: 7 })).toBe('not-alive');
    expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 20, target: 1 })).toBe('not-adjacent');
    expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 3, target: 2 })).toBe('not-in-hand');
  });
  it('works from a dead suspect still on the grid (no marker)', () => {
    const { state } = act(mk({ dead: [6] }), INSPECTOR, { type: 'citizen', discard: 6, target: 7 });
    expect(state.grid[1]![1]!.marker).toBe(false);
  });
  it('not from a collapsed-away suspect (§2.14)', () => {
    const s = mk({ grid: [[0, 1, 2, 3, 4], [10, 11, 12, 13, 14]], removed: [6] });
    expect(d.legalActions(s, INSPECTOR).some((a) => a.type === 'citizen' && a.discard === 6)).toBe(false);
    expect(refuse(s, INSPECTOR, { type: 'citizen', discard: 6, target: 1 })).toBe('not-on-grid');
  });
  it('the hand shrinks for good: at most three times, then only normal exonerations', () => {
    let s = mk();
    for (const [discard, target] of [[6, 5], [20, 15], [24, 18]] as const) {
      s = act(s, INSPECTOR, { type: 'citizen', discard, target }).state;
      s = act(s, KILLER, { type: 'shift', axis: 'row', index: 4, dir: 1 }).state;
      // undo the shift so coordinates stay put for the next pair
      s = { ...s, grid: s.grid.map((r, i) => (i === 4 ? [...r.slice(1), r[0]!] : r)) };
    }
    expect(s.hand).toEqual([]);
    expect(s.citizensArrests).toBe(3);
    const types = d.legalActions(s, INSPECTOR).map((a) => a.type);
    expect(types).not.toContain('citizen');
    expect(types).toContain('exonerate');
  });
});
