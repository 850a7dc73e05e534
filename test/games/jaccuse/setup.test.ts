/** Setup (docs/rules/jaccuse.md §4.2), options and geometry / tally (§4.3 step 4, §4.4). */
import { describe, expect, it } from 'vitest';
import { acrossTargets, leftOf, rightOf, tally } from '../../../src/games/jaccuse/round.js';
import {
  CHARACTERS,
  DEFAULT_ACROSS_CHOOSER,
  DEFAULT_CHARACTER_MODE,
  DEFAULT_TURN_SECONDS,
  DEFAULT_VOTE_SECONDS,
  EVIDENCE_CARDS,
  EVIDENCE_TOTAL,
  EXONERATIONS,
  INVESTIGATION_CARDS,
  evidenceType,
  jaccuseOptionsSchema,
  type SuspicionCard,
} from '../../../src/games/jaccuse/rules.js';
import { ALL_INV, def, evidenceCount, fresh, investigationCount } from './helpers.js';

describe('components (§4.1)', () => {
  it('has 25 evidence cards: 8 Motive, 8 Opportunity, 9 Weapon', () => {
    expect(EVIDENCE_CARDS.motive).toHaveLength(8);
    expect(EVIDENCE_CARDS.opportunity).toHaveLength(8);
    expect(EVIDENCE_CARDS.weapon).toHaveLength(9);
    expect(new Set([...EVIDENCE_CARDS.motive, ...EVIDENCE_CARDS.opportunity, ...EVIDENCE_CARDS.weapon]).size).toBe(EVIDENCE_TOTAL);
  });

  it('has 18 Investigation cards: 9 single, 6 double, 3 triple, with the default icon mix', () => {
    const cards = Object.values(INVESTIGATION_CARDS);
    expect(cards).toHaveLength(18);
    expect(cards.filter((c) => c.length === 1)).toHaveLength(9);
    expect(cards.filter((c) => c.length === 2)).toHaveLength(6);
    expect(cards.filter((c) => c.length === 3)).toHaveLength(3);
    const key = (c: readonly string[]) => c.map((x) => x[0]).join('');
    const mix: Record<string, number> = {};
    for (const c of cards) mix[key(c)] = (mix[key(c)] ?? 0) + 1;
    expect(mix).toEqual({ m: 3, o: 3, w: 3, mo: 2, mw: 2, ow: 2, mow: 3 });
  });

  it('every character is exonerated against one card of each type, and no two share a card', () => {
    const all = CHARACTERS.flatMap((c) => Object.entries(EXONERATIONS[c]).map(([type, card]) => {
      expect(evidenceType(card)).toBe(type);
      return card;
    }));
    expect(new Set(all).size).toBe(18);
    expect(EXONERATIONS.affair).toEqual({ motive: 'money', opportunity: 'woods', weapon: 'knife' });
    expect(EXONERATIONS.spouse.opportunity).toBe('dark');
  });
});

describe('options', () => {
  it('defaults: holder picks Across, random characters, 60 s turn, 60 s vote', () => {
    const o = jaccuseOptionsSchema.parse({});
    expect(o).toEqual({ turnSeconds: DEFAULT_TURN_SECONDS, voteSeconds: DEFAULT_VOTE_SECONDS, acrossChooser: DEFAULT_ACROSS_CHOOSER, characters: DEFAULT_CHARACTER_MODE });
    expect(o).toEqual({ turnSeconds: 60, voteSeconds: 60, acrossChooser: 'holder', characters: 'random' });
  });

  it('timers drive the pending timeouts', () => {
    const s = fresh(4, { turnSeconds: 45, voteSeconds: 90 });
    expect(def.pending(s)).toMatchObject({ kind: 'turn', timer: 'turn', timeoutMs: 45_000 });
    const card = s.investigationHands[s.inspector]![0]!;
    const r = def.apply(s, s.inspector, { type: 'investigate', card });
    expect(r.ok && def.pending(r.state)).toMatchObject({ kind: 'simultaneous', timer: 'vote', timeoutMs: 90_000 });
  });

  it('rejects bad option values', () => {
    expect(jaccuseOptionsSchema.safeParse({ acrossChooser: 'nobody' }).success).toBe(false);
    expect(jaccuseOptionsSchema.safeParse({ turnSeconds: 1 }).success).toBe(false);
  });
});

describe('setup (§4.2)', () => {
  it.each([3, 4, 5, 6])('%i players: piles, characters, Investigation hands', (n) => {
    const s = fresh(n);
    expect(evidenceCount(s).sort()).toEqual([...EVIDENCE_CARDS.motive, ...EVIDENCE_CARDS.opportunity, ...EVIDENCE_CARDS.weapon].sort());
    expect(s.piles.motive).toHaveLength(7);
    expect(s.piles.opportunity).toHaveLength(7);
    expect(s.piles.weapon).toHaveLength(8);
    expect(new Set(s.characters).size).toBe(n);
    expect(s.characters.every((c) => c !== null)).toBe(true);
    expect(s.investigationHands.every((h) => h.length === 3)).toBe(true);
    expect(s.investigationPile).toHaveLength(18 - 3 * n);
    expect(investigationCount(s).sort()).toEqual([...ALL_INV].sort());
    expect(s.used.every((u) => u.length === 0)).toBe(true);
    expect(s.phase).toBe('investigate');
    expect(s.round).toBe(1);
  });

  it.each([3, 4, 5, 6])('%i players: Motive, Opportunity, Weapon go clockwise from the Inspector’s left', (n) => {
    for (let seed = 0; seed < 12; seed++) {
      const s = fresh(n, {}, seed);
      expect(s.suspected.motive!.holder).toBe((s.inspector + 1) % n);
      expect(s.suspected.opportunity!.holder).toBe((s.inspector + 2) % n);
      expect(s.suspected.weapon!.holder).toBe((s.inspector + 3) % n);
      expect(evidenceType(s.suspected.motive!.card)).toBe('motive');
      expect(evidenceType(s.suspected.opportunity!.card)).toBe('opportunity');
      expect(evidenceType(s.suspected.weapon!.card)).toBe('weapon');
    }
  });

  it('3 players: the Inspector receives the Weapon', () => {
    const s = fresh(3, {}, 5);
    expect(s.suspected.weapon!.holder).toBe(s.inspector);
  });

  it('3 players: 9 Investigation cards dealt, 9 undealt', () => {
    const s = fresh(3);
    expect(s.investigationHands.flat()).toHaveLength(9);
    expect(s.investigationPile).toHaveLength(9);
  });

  it('the first Inspector is random (varies with the seed)', () => {
    const seen = new Set<number>();
    for (let seed = 0; seed < 40; seed++) seen.add(fresh(5, {}, seed).inspector);
    expect(seen.size).toBe(5);
  });

  it('is deterministic for a seed', () => {
    expect(fresh(5, {}, 42)).toEqual(fresh(5, {}, 42));
    expect(fresh(5, {}, 42)).not.toEqual(fresh(5, {}, 43));
  });

  it('characters = choice: nobody has a sheet, the player left of the Inspector picks first', () => {
    const s = fresh(4, { characters: 'choice' });
    expect(s.characters).toEqual([null, null, null, null]);
    expect(s.phase).toBe('characters');
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: (s.inspector + 1) % 4, timer: 'turn' });
  });

  it('refuses 2 or 7 seats (programming error)', () => {
    expect(() => fresh(2)).toThrow();
    expect(() => fresh(7)).toThrow();
  });
});

describe('geometry (§4.3 6A, §4.4)', () => {
  it('left is the next seat, right the previous one', () => {
    expect(leftOf(0, 4)).toBe(1);
    expect(leftOf(3, 4)).toBe(0);
    expect(rightOf(0, 4)).toBe(3);
    expect(rightOf(2, 4)).toBe(1);
  });

  it.each([
    [3, 0, [1, 2]],
    [3, 2, [0, 1]],
    [4, 0, [2]],
    [4, 1, [3]],
    [4, 3, [1]],
    [5, 0, [2, 3]],
    [5, 4, [1, 2]],
    [6, 0, [2, 3, 4]],
    [6, 5, [1, 2, 3]],
    [6, 2, [0, 4, 5]],
  ])('%i players, holder %i: across = %j', (n, holder, expected) => {
    expect(acrossTargets(holder, n)).toEqual(expected);
  });

  it('number of across players: 3 → 2, 4 → 1, 5 → 2, 6 → 3', () => {
    expect([3, 4, 5, 6].map((n) => acrossTargets(0, n).length)).toEqual([2, 1, 2, 3]);
  });
});

describe('tally (§4.3 step 4): strict majority of a type, any tie for the top is J’Accuse!', () => {
  const L = 'left', R = 'right', A = 'across', J = 'jaccuse';
  it.each<[string, SuspicionCard[], SuspicionCard, boolean]>([
    ['3: two Left', [L, L, R], L, false],
    ['3: three different (three-way tie)', [L, R, A], J, true],
    ['3: three different incl. J', [L, R, J], J, true],
    ['3: unanimous Across', [A, A, A], A, false],
    ['3: two J’Accuse!', [J, J, R], J, false],
    ['4: 2–2 Left/Right', [L, L, R, R], J, true],
    ['4: 2–2 Across/J’Accuse!', [A, A, J, J], J, true],
    ['4: 2–1–1', [R, R, L, A], R, false],
    ['4: four-way tie', [L, R, A, J], J, true],
    ['4: 3–1', [L, L, L, J], L, false],
    ['5: 2–2–1', [L, L, R, R, A], J, true],
    ['5: 2–1–1–1', [A, A, L, R, J], A, false],
    ['5: 2–2–1 with J in the tie', [J, J, L, L, R], J, true],
    ['5: 3–2', [R, R, R, J, J], R, false],
    ['6: 2–2–2', [L, L, R, R, A, A], J, true],
    ['6: 3–3', [L, L, L, R, R, R], J, true],
    ['6: 3–3 with J', [J, J, J, A, A, A], J, true],
    ['6: 3–1–1–1', [A, A, A, L, R, J], A, false],
    ['6: 2–2–1–1', [L, L, R, R, A, J], J, true],
    ['6: 2–2–2 incl. J', [L, L, J, J, A, A], J, true],
  ])('%s', (_name, votes, outcome, tie) => {
    const r = tally(votes);
    expect(r.outcome).toBe(outcome);
    expect(r.tie).toBe(tie);
    expect(Object.values(r.counts).reduce((a, b) => a + b, 0)).toBe(votes.length);
  });
});
