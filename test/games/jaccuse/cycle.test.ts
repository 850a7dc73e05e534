/**
 * Cycles and the end (docs/rules/jaccuse.md §4.2 step 2, §4.5–4.7): Suspicion cycle, Investigation
 * cycle and reshuffle, Inspector rotation, arrests, empty piles, no-loser end, safety cap,
 * result, timeouts, the character-picking phase.
 */
import { describe, expect, it } from 'vitest';
import { ROUND_CAP, type JaccuseState } from '../../../src/games/jaccuse/rules.js';
import { ALL_INV, act, def, evidenceCount, fresh, giveInvestigation, investigationCount, refused, round, suspect, table } from './helpers.js';

describe('Suspicion-card cycle (§4.5)', () => {
  it('3 rounds, 3 different cards, then all 4 come back', () => {
    let s = table(3, { inspector: 0 });
    suspect(s, 'debts', 0);
    const plan = [
      ['left', 'right', 'across'],
      ['right', 'across', 'jaccuse'],
      ['across', 'jaccuse', 'left'],
    ] as const;
    plan.forEach((votes, i) => {
      s = round(s, 'm1', [...votes]).state;
      if (s.phase === 'across') {
        const p = def.pending(s);
        if (p.kind === 'turn') s = act(s, p.seat, def.legalActions(s, p.seat)[0]!).state;
      }
      if (i < 2) expect(s.used).toEqual([0, 1, 2].map((seat) => plan.slice(0, i + 1).map((r) => r[seat])));
      // Used cards are public.
      if (i < 2) expect(def.publicView(s).seats[0]!.used).toEqual(plan.slice(0, i + 1).map((r) => r[0]));
    });
    expect(s.round).toBe(4);
    expect(s.used).toEqual([[], [], []]);
  });

  it('a used card cannot be voted again in the same cycle; legal votes list only unused cards', () => {
    const s = table(4, { inspector: 0 });
    s.used = [['left', 'right'], ['jaccuse'], [], ['across', 'left']];
    giveInvestigation(s, 0, 'w1');
    const v = act(s, 0, { type: 'investigate', card: 'w1' }).state;
    expect(def.legalActions(v, 0)).toEqual([{ type: 'vote', card: 'across' }, { type: 'vote', card: 'jaccuse' }]);
    expect(def.legalActions(v, 2)).toHaveLength(4);
    refused(v, 0, { type: 'vote', card: 'right' }, 'suspicion-used');
    // Timeout picks an available card.
    for (let seat = 0; seat < 4; seat++) expect(def.legalActions(v, seat)).toContainEqual(def.defaultAction(v, seat));
  });

  it('the reset happens after rounds 3, 6, 9… (global cycle)', () => {
    let s = table(4, { inspector: 0 });
    s.round = 6;
    s.used = [['left', 'right'], ['left', 'right'], ['left', 'right'], ['left', 'right']];
    const { state, events } = round(s, 'm1', ['across', 'across', 'across', 'across']);
    expect(state.used).toEqual([[], [], [], []]);
    expect(events.some((e) => e.type === 'suspicionReturned')).toBe(true);
    s = table(4, { inspector: 0 });
    s.round = 4;
    expect(round(s, 'm1', ['across', 'across', 'across', 'across']).state.used).toEqual([['across'], ['across'], ['across'], ['across']]);
  });
});

describe('Investigation-card cycle (§4.6)', () => {
  it('the played card goes to the discard pile; the Inspector role passes clockwise', () => {
    const s = table(5, { inspector: 4 });
    const { state } = round(s, 'o2', ['left', 'left', 'left', 'left', 'left']);
    expect(state.investigationDiscard).toEqual(['o2']);
    expect(state.inspector).toBe(0);
    expect(state.round).toBe(2);
    expect(def.pending(state)).toMatchObject({ kind: 'turn', seat: 0 });
  });

  it('no reshuffle while any hand still holds a card', () => {
    const s = table(4, { inspector: 0 });
    s.investigationHands = [['m1'], [], ['w1'], []];
    s.investigationPile = ALL_INV.filter((c) => !['m1', 'w1'].includes(c));
    s.investigationDiscard = [];
    const { state, events } = round(s, 'm1', ['left', 'left', 'left', 'left']);
    expect(state.investigationHands).toEqual([[], [], ['w1'], []]);
    expect(state.investigationDiscard).toEqual(['m1']);
    expect(events.some((e) => e.type === 'investigationReshuffled')).toBe(false);
  });

  it.each([3, 4, 6])('%i players: when every hand is empty all 18 are shuffled and 3 dealt to each', (n) => {
    const s = table(n, { inspector: 0 });
    s.investigationHands = Array.from({ length: n }, (_, i) => (i === 0 ? ['mow1'] : []));
    s.investigationPile = ALL_INV.slice(0, 18 - 3 * n).filter((c) => c !== 'mow1');
    s.investigationDiscard = ALL_INV.filter((c) => c !== 'mow1' && !s.investigationPile.includes(c));
    const { state, events } = round(s, 'mow1', Array(n).fill('left'));
    expect(events.some((e) => e.type === 'investigationReshuffled')).toBe(true);
    expect(state.investigationHands.every((h) => h.length === 3)).toBe(true);
    expect(state.investigationDiscard).toEqual([]);
    expect(state.investigationPile).toHaveLength(18 - 3 * n);
    expect(investigationCount(state).sort()).toEqual([...ALL_INV].sort());
  });

  it('in a real game the first reshuffle comes after exactly 3 × N rounds', () => {
    for (const n of [3, 4, 5, 6]) {
      let s: JaccuseState = fresh(n, {}, 7);
      let reshuffledAt = 0;
      // Everyone votes Left / Right / Across in turn: evidence only moves, nobody is arrested.
      for (let r = 1; r <= 3 * n && s.phase !== 'over'; r++) {
        const card = s.investigationHands[s.inspector]![0]!;
        s = act(s, s.inspector, { type: 'investigate', card }).state;
        const vote = (['left', 'right', 'left'] as const)[(r - 1) % 3]!;
        let events: unknown[] = [];
        for (let seat = 0; seat < n; seat++) {
          const res = act(s, seat, { type: 'vote', card: (r - 1) % 3 === 2 ? 'across' : vote });
          s = res.state;
          events = res.events;
        }
        while (s.phase === 'across') {
          const p = def.pending(s);
          if (p.kind !== 'turn') break;
          const res = act(s, p.seat, def.legalActions(s, p.seat)[0]!);
          s = res.state;
          events = res.events;
        }
        if ((events as { type: string }[]).some((e) => e.type === 'investigationReshuffled')) reshuffledAt ||= r;
      }
      expect(reshuffledAt, `${n} players`).toBe(3 * n);
    }
  });
});

describe('arrest and the end (§4.7)', () => {
  it('one Motive, one Opportunity and one Weapon: arrested; everyone else wins', () => {
    const s = table(4, { inspector: 0 });
    s.hard[2] = ['debts', 'study'];
    suspect(s, 'shears', 2);
    const { state, events } = round(s, 'w1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.phase).toBe('over');
    expect(state.arrested).toEqual([2]);
    expect(def.pending(state).kind).toBe('over');
    expect(def.result(state)).toEqual({ placements: [1, 1, 2, 1], winners: [0, 1, 3], reason: 'arrest' });
    expect(events.find((e) => e.type === 'arrested')).toMatchObject({ seat: 2, evidence: ['debts', 'study', 'shears'] });
    expect(def.legalActions(state, 0)).toEqual([]);
    refused(state, 0, { type: 'vote', card: 'left' }, 'game-over');
  });

  it('5 Hard Evidence cards of any mix: arrested', () => {
    const s = table(4, { inspector: 0 });
    s.hard[1] = ['debts', 'revenge', 'jealousy', 'study'];
    suspect(s, 'kitchen', 1);
    const { state } = round(s, 'o1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.arrested).toEqual([1]);
  });

  it('4 cards of two types: not arrested', () => {
    const s = table(4, { inspector: 0 });
    s.hard[1] = ['debts', 'revenge', 'study'];
    suspect(s, 'kitchen', 1);
    const { state } = round(s, 'o1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.phase).toBe('investigate');
    expect(state.hard[1]).toHaveLength(4);
    expect(def.result(state)).toBeNull();
  });

  it('simultaneous arrests: everyone who qualifies in the same resolution is arrested', () => {
    const s = table(5, { inspector: 0 });
    s.hard[1] = ['debts', 'study'];
    s.hard[3] = ['revenge', 'jealousy', 'blackmail', 'poker'];
    suspect(s, 'shears', 1);
    suspect(s, 'kitchen', 3);
    suspect(s, 'secrets', 4);
    const { state } = round(s, 'mow3', ['jaccuse', 'jaccuse', 'jaccuse', 'left', 'right']);
    expect(state.arrested).toEqual([1, 3]);
    expect(def.result(state)).toEqual({ placements: [1, 2, 1, 2, 1], winners: [0, 2, 4], reason: 'arrest' });
  });

  it('an empty pile stops that type; play goes on with the others', () => {
    const s = table(4, { inspector: 0 });
    s.piles.motive = [];
    suspect(s, 'kitchen', 1);
    const { state } = round(s, 'm1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.phase).toBe('investigate');
    expect(state.suspected.motive).toBeNull();
    expect(state.suspected.opportunity).toEqual({ card: 'kitchen', holder: 1 });
  });

  it('when the last card in play completes someone, it is an arrest, not a no-loser end', () => {
    const s = table(6, { inspector: 0 });
    // Spread 24 cards so nobody qualifies (≤ 4 cards, at most two types), one card left in play.
    const all = evidenceCount(s);
    s.piles = { motive: [], opportunity: [], weapon: [] };
    const weapons = all.filter((c) => ['knife', 'pistol', 'rope', 'iron', 'poison', 'window', 'candlestick', 'poker', 'shears'].includes(c));
    const motives = all.filter((c) => ['money', 'secrets', 'infidelity', 'inheritance', 'revenge', 'blackmail', 'jealousy', 'debts'].includes(c));
    const opps = all.filter((c) => !weapons.includes(c) && !motives.includes(c));
    s.hard = [
      [motives[0]!, motives[1]!, motives[2]!, motives[3]!],
      [motives[4]!, motives[5]!, motives[6]!, motives[7]!],
      [opps[0]!, opps[1]!, opps[2]!, opps[3]!],
      [opps[4]!, opps[5]!, opps[6]!, opps[7]!],
      [weapons[0]!, weapons[1]!, weapons[2]!, weapons[3]!],
      [weapons[4]!, weapons[5]!, weapons[6]!, weapons[7]!],
    ];
    s.suspected.weapon = { card: weapons[8]!, holder: 4 };
    s.characters = ['affair', 'spouse', 'butler', 'heir', 'partner', 'physician'];
    // Seat 4 (The Business Partner) is cleared of the Rope only; use a card that hardens.
    expect(weapons[8]).not.toBe('rope');
    const { state, events } = round(s, 'w3', Array(6).fill('jaccuse'));
    expect(state.hard[4]).toHaveLength(5);
    expect(state.arrested).toEqual([4]);
    expect(state.endReason).toBe('arrest');
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', reason: 'arrest' });
  });

  it('no-loser end: the last in-play card hardens without completing anyone', () => {
    const s = table(3, { inspector: 0 });
    s.piles = { motive: [], opportunity: [], weapon: [] };
    s.suspected = { motive: null, opportunity: null, weapon: { card: 'poker', holder: 2 } };
    // Everything else is out of the game's reach for this test (conservation is not the point here).
    s.hard = [[], [], ['debts']];
    const { state, events } = round(s, 'w2', ['jaccuse', 'jaccuse', 'jaccuse']);
    expect(state.hard[2]).toEqual(['debts', 'poker']);
    expect(state.phase).toBe('over');
    expect(state.endReason).toBe('exhausted');
    expect(def.result(state)).toEqual({ placements: [1, 1, 1], winners: [0, 1, 2], reason: 'exhausted' });
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', reason: 'exhausted' });
  });

  it(`safety cap: after round ${ROUND_CAP} the game ends with no loser`, () => {
    const s = table(4, { inspector: 0 });
    s.round = ROUND_CAP;
    suspect(s, 'debts', 1);
    const { state } = round(s, 'm1', ['left', 'left', 'left', 'left']);
    expect(state.phase).toBe('over');
    expect(def.result(state)).toEqual({ placements: [1, 1, 1, 1], winners: [0, 1, 2, 3], reason: 'cap' });
    const before = table(4, { inspector: 0 });
    before.round = ROUND_CAP - 1;
    expect(round(before, 'm1', ['left', 'left', 'left', 'left']).state.phase).toBe('investigate');
  });
});

describe('timeouts (§4.5, §4.6)', () => {
  it('Investigation pick: a random card from the Inspector’s hand; vote: a random available card', () => {
    const s = fresh(5, {}, 11);
    const a = def.defaultAction(s, s.inspector);
    expect(a.type).toBe('investigate');
    expect(def.legalActions(s, s.inspector)).toContainEqual(a);
    const v = act(s, s.inspector, a).state;
    // The table service: default for each waiting seat, in order, until the step changes.
    let st = v;
    const step = def.pending(v).step;
    for (const seat of [0, 1, 2, 3, 4]) {
      if (def.pending(st).step !== step) break;
      st = act(st, seat, def.defaultAction(st, seat)).state;
    }
    expect(st.lastReveal!.round).toBe(1);
  });

  it('timeout picks are spread over the options (not always the same card)', () => {
    const picks = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const s = fresh(4, {}, seed);
      const v = act(s, s.inspector, def.defaultAction(s, s.inspector)).state;
      picks.add(JSON.stringify(def.defaultAction(v, 0)));
    }
    expect(picks.size).toBe(4);
  });
});

describe('character-picking phase (option characters = choice)', () => {
  it('players pick in turn from the Inspector’s left; taken sheets are refused; then round 1 starts', () => {
    let s = fresh(3, { characters: 'choice' }, 3);
    const first = (s.inspector + 1) % 3;
    const second = (s.inspector + 2) % 3;
    refused(s, second, { type: 'character', character: 'heir' }, 'not-your-turn');
    const step0 = def.pending(s).step;
    s = act(s, first, { type: 'character', character: 'heir' }).state;
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: second, timer: 'turn' });
    expect(def.pending(s).step).not.toBe(step0);
    refused(s, second, { type: 'character', character: 'heir' }, 'character-taken');
    expect(def.legalActions(s, second)).toHaveLength(5);
    expect(def.publicView(s).freeCharacters).not.toContain('heir');
    s = act(s, second, { type: 'character', character: 'butler' }).state;
    const third = s.inspector;
    // Timeout: a random free sheet.
    const d = def.defaultAction(s, third);
    expect(def.legalActions(s, third)).toContainEqual(d);
    s = act(s, third, d).state;
    expect(s.phase).toBe('investigate');
    expect(s.round).toBe(1);
    expect(new Set(s.characters).size).toBe(3);
    expect(def.pending(s)).toMatchObject({ kind: 'turn', seat: s.inspector });
  });

  it('6 players: the last player gets the last sheet automatically', () => {
    let s = fresh(6, { characters: 'choice' }, 9);
    for (let i = 0; i < 5; i++) {
      const p = def.pending(s);
      if (p.kind !== 'turn') throw new Error('turn expected');
      s = act(s, p.seat, def.legalActions(s, p.seat)[0]!).state;
    }
    expect(s.characters.every((c) => c !== null)).toBe(true);
    expect(s.phase).toBe('investigate');
  });

  it('other actions are refused during the picking phase', () => {
    const s = fresh(4, { characters: 'choice' });
    const seat = def.pending(s).kind === 'turn' ? (def.pending(s) as { seat: number }).seat : 0;
    refused(s, seat, { type: 'vote', card: 'left' }, 'wrong-phase');
    refused(s, 9, { type: 'vote', card: 'left' }, 'not-seated');
  });
});
