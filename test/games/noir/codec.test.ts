/** Action codes (custom_id payloads) and the timeout / away policy (§2.14). */
import { describe, expect, it } from 'vitest';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { noirActionSchema, type NoirAction } from '../../../src/games/noir/rules.js';
import { INSPECTOR, KILLER, act, makeState } from './helpers.js';

const samples: NoirAction[] = [
  { type: 'kill', suspect: 0 },
  { type: 'kill', suspect: 24 },
  { type: 'shift', axis: 'row', index: 0, dir: 1 },
  { type: 'shift', axis: 'row', index: 4, dir: -1 },
  { type: 'shift', axis: 'col', index: 2, dir: 1 },
  { type: 'shift', axis: 'col', index: 3, dir: -1 },
  { type: 'disguise' },
  { type: 'choose', suspect: 13 },
  { type: 'arrest', suspect: 7 },
  { type: 'exonerate' },
  { type: 'discard', suspect: 19 },
  { type: 'citizen', discard: 21, target: 16 },
];

describe('encodeAction / decodeAction', () => {
  it.each(samples.map((a) => [d.encodeAction(a), a] as const))('%s round-trips', (code, a) => {
    expect(code.length).toBeLessThanOrEqual(70);
    expect(code).toMatch(/^[A-Za-z0-9._:,-]+$/);
    expect(d.decodeAction(code)).toEqual(a);
  });
  it('every action type is covered', () => {
    expect(new Set(samples.map((a) => a.type)).size).toBe(noirActionSchema.options.length);
  });
  it.each(['', 'k', 'k:', 'k:25', 'k:-1', 'k:01', 'k:1.5', 'k:1:2', 's:x:0:1', 's:r:0:2', 's:r:0:0', 's:r:5:1', 's:r:0', 'c:1', 'c:1:x', 'd:1', 'e:0', 'zz', 'x:abc', 'a:1e1', 'i: 3', 'K:1'])(
    '%j is malformed',
    (code) => {
      expect(d.decodeAction(code)).toBeNull();
    },
  );
});

describe('§2.14 timeouts and away play', () => {
  it('a timed-out turn shifts a random legal line (both roles)', () => {
    const s = makeState();
    const a = d.defaultAction(s, KILLER);
    expect(a.type).toBe('shift');
    expect(d.legalActions(s, KILLER)).toContainEqual(a);
    const { state } = act(s, KILLER, { type: 'kill', suspect: 6 });
    const b = d.defaultAction(state, INSPECTOR);
    expect(b.type).toBe('shift');
    expect(d.legalActions(state, INSPECTOR)).toContainEqual(b);
  });
  it('the away policy is a random legal shift as well', () => {
    const s = makeState();
    expect(d.autoAction!(s, KILLER)).toEqual(d.defaultAction(s, KILLER));
    expect(d.autoAction!(s, KILLER).type).toBe('shift');
  });
  it('does not advance the RNG and varies with it', () => {
    const s = makeState();
    const before = [...s.rng];
    d.defaultAction(s, KILLER);
    expect(s.rng).toEqual(before);
    const picks = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(d.defaultAction({ ...s, rng: [i, i * 7 + 1, 3, i + 11] }, KILLER))));
    expect(picks.size).toBeGreaterThan(1);
  });
  it('never the blocked reverse shift', () => {
    const { state } = act(makeState(), KILLER, { type: 'shift', axis: 'row', index: 2, dir: 1 });
    for (let i = 0; i < 30; i++) {
      const a = d.defaultAction({ ...state, rng: [i, 5, i * 3 + 1, 9] }, INSPECTOR);
      expect(a).not.toEqual({ type: 'shift', axis: 'row', index: 2, dir: -1 });
    }
  });
});
