/** Action encoding for custom_ids: round trip of every action type, malformed input → null. */
import { describe, expect, it } from 'vitest';
import { ALL_EVIDENCE, ALL_INVESTIGATIONS, CHARACTERS, SUSPICION_CARDS, type JaccuseAction } from '../../../src/games/jaccuse/rules.js';
import { def } from './helpers.js';

const every: JaccuseAction[] = [
  ...CHARACTERS.map((character) => ({ type: 'character' as const, character })),
  ...ALL_INVESTIGATIONS.map((card) => ({ type: 'investigate' as const, card })),
  ...SUSPICION_CARDS.map((card) => ({ type: 'vote' as const, card })),
  ...ALL_EVIDENCE.flatMap((card) => [0, 1, 2, 3, 4, 5].map((to) => ({ type: 'send' as const, card, to }))),
];

describe('encodeAction / decodeAction', () => {
  it.each(['character', 'investigate', 'vote', 'send'])('round-trips every %s action, short and custom_id-safe', (type) => {
    const actions = every.filter((a) => a.type === type);
    expect(actions.length).toBeGreaterThan(0);
    for (const a of actions) {
      const code = def.encodeAction(a);
      expect(code.length).toBeLessThanOrEqual(70);
      expect(code).toMatch(/^[A-Za-z0-9._:,-]+$/);
      expect(def.decodeAction(code)).toEqual(a);
    }
  });

  it('codes are unique', () => {
    expect(new Set(every.map((a) => def.encodeAction(a))).size).toBe(every.length);
  });

  it.each(['', 'x', 'v', 'v:', 'v:z', 'v:l:x', 'i:zz', 'i:m4', 'c:nobody', 'c:', 's:rope', 's:rope:9', 's:rope:-1', 's:rope:1:2', 's:nothing:1', 's:rope:01', 'i:__proto__', 'v:constructor'])(
    'rejects %j',
    (code) => {
      expect(def.decodeAction(code)).toBeNull();
    },
  );

  it('apply refuses a forged action whatever it decodes to', () => {
    const s = def.setup(def.optionsSchema.parse({}), 4, 1);
    const forged = { type: 'send', card: 'rope', to: 7 } as unknown as JaccuseAction;
    const r = def.apply(s, s.inspector, forged);
    expect(r.ok).toBe(false);
    const junk = { type: 'steal' } as unknown as JaccuseAction;
    expect(def.apply(s, s.inspector, junk).ok).toBe(false);
  });
});
