/** The round (docs/rules/jaccuse.md §4.3): investigation, secret vote, reveal, moves, J'Accuse!. */
import { describe, expect, it } from 'vitest';
import { act, def, refused, round, stackPile, suspect, table, giveInvestigation } from './helpers.js';

describe('step 1: the Inspector sets an Investigation card (§4.3 step 1)', () => {
  it('only the Inspector may set a card from their own hand', () => {
    const s = table(4, { inspector: 1 });
    giveInvestigation(s, 1, 'mo1');
    giveInvestigation(s, 2, 'w1');
    refused(s, 0, { type: 'investigate', card: 'mo1' }, 'not-your-turn');
    refused(s, 1, { type: 'investigate', card: 'w1' }, 'card-not-in-hand');
    refused(s, 1, { type: 'vote', card: 'left' }, 'wrong-phase');
    expect(def.legalActions(s, 0)).toEqual([]);
    expect(def.legalActions(s, 1).map((a) => a.type === 'investigate' && a.card)).toContain('mo1');
    const { state, events } = act(s, 1, { type: 'investigate', card: 'mo1' });
    expect(state.phase).toBe('vote');
    expect(state.chosen).toBe('mo1');
    expect(state.investigationHands[1]).not.toContain('mo1');
    expect(def.pending(state).step).not.toBe(def.pending(s).step);
    // Public event says a card was set, never which one; the private one goes to the Inspector only.
    const pub = events.filter((e) => !e.to);
    expect(JSON.stringify(pub)).not.toContain('mo1');
    expect(events.filter((e) => e.to)).toEqual([{ type: 'investigationChosen', to: [1], card: 'mo1' }]);
  });
});

describe('step 2: the secret, simultaneous vote (§4.3 step 2, §4.9)', () => {
  const voting = () => {
    const s = table(4, { inspector: 0 });
    giveInvestigation(s, 0, 'm1');
    suspect(s, 'jealousy', 2);
    return act(s, 0, { type: 'investigate', card: 'm1' }).state;
  };

  it('everyone including the Inspector votes; pending is simultaneous and its step never moves while votes come in', () => {
    let s = voting();
    const p0 = def.pending(s);
    expect(p0).toMatchObject({ kind: 'simultaneous', seats: [0, 1, 2, 3], waiting: [0, 1, 2, 3], timer: 'vote' });
    s = act(s, 2, { type: 'vote', card: 'left' }).state;
    expect(def.pending(s)).toMatchObject({ step: p0.step, waiting: [0, 1, 3] });
    s = act(s, 2, { type: 'vote', card: 'right' }).state; // change
    expect(def.pending(s)).toMatchObject({ step: p0.step, waiting: [0, 1, 3] });
    s = act(s, 0, { type: 'vote', card: 'left' }).state;
    s = act(s, 3, { type: 'vote', card: 'across' }).state;
    expect(def.pending(s)).toMatchObject({ step: p0.step, waiting: [1] });
    s = act(s, 1, { type: 'vote', card: 'right' }).state;
    expect(def.pending(s).step).not.toBe(p0.step);
    expect(s.lastReveal!.votes).toEqual(['left', 'right', 'right', 'across']);
  });

  it('a changed vote counts, not the first one', () => {
    let s = voting();
    s = act(s, 0, { type: 'vote', card: 'jaccuse' }).state;
    s = act(s, 1, { type: 'vote', card: 'left' }).state;
    s = act(s, 2, { type: 'vote', card: 'left' }).state;
    // Ana switches from J'Accuse! to Left before the last vote: Left prevails, 3–1.
    const { state, events } = act(s, 0, { type: 'vote', card: 'left' });
    expect(events).toEqual([{ type: 'voteChosen', to: [0], card: 'left', changed: true }]);
    s = act(state, 3, { type: 'vote', card: 'jaccuse' }).state;
    expect(s.lastReveal).toMatchObject({ votes: ['left', 'left', 'left', 'jaccuse'], outcome: 'left', tie: false });
    expect(s.suspected.motive).toEqual({ card: 'jealousy', holder: 3 });
  });

  it('re-casting the same card is refused; a used card is refused; legal votes exclude both', () => {
    let s = voting();
    s.used[1] = ['across'];
    s = act(s, 1, { type: 'vote', card: 'left' }).state;
    refused(s, 1, { type: 'vote', card: 'left' }, 'same-vote');
    refused(s, 1, { type: 'vote', card: 'across' }, 'suspicion-used');
    expect(def.legalActions(s, 1)).toEqual([
      { type: 'vote', card: 'right' },
      { type: 'vote', card: 'jaccuse' },
    ]);
    refused(s, 1, { type: 'investigate', card: 'm2' }, 'wrong-phase');
  });

  it('a vote is never in public events, the public view or another seat’s view', () => {
    let s = voting();
    const { state, events } = act(s, 2, { type: 'vote', card: 'across' });
    s = state;
    expect(events.filter((e) => !e.to)).toEqual([{ type: 'cast', seat: 2, cast: 1, of: 4 }]);
    expect(events.filter((e) => e.to).every((e) => e.to!.length === 1 && e.to![0] === 2)).toBe(true);
    expect(def.publicView(s).castCount).toBe(1);
    expect(def.publicView(s).seats[2]!.hasCast).toBe(true);
    // Views are identical whatever seat 2 voted.
    const other = act(voting(), 2, { type: 'vote', card: 'jaccuse' }).state;
    expect(def.publicView(s)).toEqual(def.publicView(other));
    for (const seat of [0, 1, 3]) expect(def.seatView(s, seat)).toEqual(def.seatView(other, seat));
    expect(JSON.stringify(def.publicView(s))).not.toMatch(/"(left|right|across|jaccuse)"[,\]}]/);
    expect(def.seatView(s, 2).myVote).toBe('across');
    // The Inspector's card is visible to the Inspector only.
    expect(def.seatView(s, 0).chosen).toBe('m1');
    expect(def.seatView(s, 1).chosen).toBeNull();
    expect(JSON.stringify(def.publicView(s))).not.toContain('m1');
  });

  it('changing a vote emits only a private event', () => {
    let s = voting();
    s = act(s, 2, { type: 'vote', card: 'across' }).state;
    const { events } = act(s, 2, { type: 'vote', card: 'right' });
    expect(events).toEqual([{ type: 'voteChosen', to: [2], card: 'right', changed: true }]);
  });
});

describe('steps 3–6A: reveal, Left / Right (§4.3)', () => {
  it('Left moves each affected card to its holder’s left neighbour, all at once', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'jealousy', 0);
    suspect(s, 'kitchen', 1);
    suspect(s, 'poker', 3);
    const { state, events } = round(s, 'mow1', ['left', 'left', 'right', 'left']);
    // Moves are simultaneous: Motive 0→1 and Opportunity 1→2 (the Motive does not chain on).
    expect(state.suspected.motive).toEqual({ card: 'jealousy', holder: 1 });
    expect(state.suspected.opportunity).toEqual({ card: 'kitchen', holder: 2 });
    expect(state.suspected.weapon).toEqual({ card: 'poker', holder: 0 });
    expect(events.find((e) => e.type === 'reveal')).toMatchObject({ outcome: 'left', investigation: 'mow1', votes: ['left', 'left', 'right', 'left'] });
    expect(events.filter((e) => e.type === 'moved')).toHaveLength(3);
  });

  it('Right moves to the right neighbour; types not on the card stay put', () => {
    const s = table(5, { inspector: 2 });
    suspect(s, 'jealousy', 0);
    suspect(s, 'kitchen', 1);
    suspect(s, 'poker', 3);
    const { state } = round(s, 'mw1', ['right', 'right', 'right', 'left', 'jaccuse']);
    expect(state.suspected.motive).toEqual({ card: 'jealousy', holder: 4 });
    expect(state.suspected.opportunity).toEqual({ card: 'kitchen', holder: 1 });
    expect(state.suspected.weapon).toEqual({ card: 'poker', holder: 2 });
  });

  it('evidence can move onto the Inspector', () => {
    const s = table(3, { inspector: 1 });
    suspect(s, 'debts', 0);
    const { state } = round(s, 'm2', ['left', 'left', 'left']);
    expect(state.suspected.motive!.holder).toBe(1);
  });

  it('several cards with one player are each treated separately', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'debts', 2);
    suspect(s, 'study', 2);
    const { state } = round(s, 'mo1', ['right', 'right', 'right', 'left']);
    expect(state.suspected.motive!.holder).toBe(1);
    expect(state.suspected.opportunity!.holder).toBe(1);
  });

  it('an affected type with nothing in play: nothing happens', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'debts', 2);
    s.piles.weapon = [];
    const before = structuredClone(s);
    const { state, events } = round(s, 'w1', ['left', 'left', 'left', 'left']);
    expect(state.suspected).toEqual(before.suspected);
    expect(events.some((e) => e.type === 'nothingAffected')).toBe(true);
    expect(state.lastReveal!.outcomes).toEqual([]);
  });
});

describe('6B: J’Accuse! hardens, exonerates, re-deals (§4.3 6B, §4.10)', () => {
  it('a card becomes Hard Evidence against its holder; a replacement goes to the Inspector’s left', () => {
    const s = table(4, { inspector: 1, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'jealousy', 3);
    stackPile(s, 'motive', ['debts']);
    const { state, events } = round(s, 'm1', ['jaccuse', 'jaccuse', 'left', 'right']);
    expect(state.hard[3]).toEqual(['jealousy']);
    expect(state.suspected.motive).toEqual({ card: 'debts', holder: 2 });
    expect(state.piles.motive).not.toContain('debts');
    expect(events.find((e) => e.type === 'hardened')).toMatchObject({ card: 'jealousy', seat: 3 });
    expect(events.find((e) => e.type === 'dealt')).toMatchObject({ card: 'debts', recipient: 2 });
  });

  it('a tie counts as J’Accuse!', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'jealousy', 3);
    const { state } = round(s, 'm1', ['left', 'left', 'right', 'right']);
    expect(state.lastReveal).toMatchObject({ outcome: 'jaccuse', tie: true });
    expect(state.hard[3]).toEqual(['jealousy']);
  });

  it('exoneration: the card goes to the BOTTOM of its pile, a fresh one is dealt', () => {
    const s = table(4, { inspector: 0, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'money', 0); // The Affair is exonerated against Money
    stackPile(s, 'motive', ['revenge']);
    const { state, events } = round(s, 'm1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.hard[0]).toEqual([]);
    expect(state.piles.motive.at(-1)).toBe('money');
    expect(state.suspected.motive).toEqual({ card: 'revenge', holder: 1 });
    expect(events.find((e) => e.type === 'exonerated')).toMatchObject({ card: 'money', seat: 0, character: 'affair' });
    expect(state.lastReveal!.outcomes).toEqual([
      { kind: 'exonerate', card: 'money', holder: 0 },
      { kind: 'deal', card: 'revenge', to: 1 },
    ]);
  });

  it('exoneration with an otherwise empty pile: the same card comes straight back into play', () => {
    const s = table(3, { inspector: 2, characters: ['affair', 'spouse', 'butler'] });
    suspect(s, 'dark', 1); // The Spouse is exonerated against In the Dark
    s.piles.opportunity = [];
    const { state } = round(s, 'o1', ['jaccuse', 'jaccuse', 'jaccuse']);
    expect(state.suspected.opportunity).toEqual({ card: 'dark', holder: 0 });
    expect(state.piles.opportunity).toEqual([]);
  });

  it('exoneration is for the exact card only: another card of the type hardens', () => {
    const s = table(4, { inspector: 0, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'secrets', 0); // The Affair is cleared of Money, not Secrets
    const { state } = round(s, 'm1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.hard[0]).toEqual(['secrets']);
  });

  it('Hard Evidence can land on the Inspector', () => {
    const s = table(4, { inspector: 2 });
    suspect(s, 'poker', 2);
    const { state } = round(s, 'w2', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    expect(state.hard[2]).toEqual(['poker']);
  });

  it('only the types on the Investigation card harden', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'jealousy', 1);
    suspect(s, 'kitchen', 2);
    suspect(s, 'poker', 3);
    const { state } = round(s, 'ow1', ['jaccuse', 'jaccuse', 'jaccuse', 'jaccuse']);
    expect(state.hard).toEqual([[], [], ['kitchen'], ['poker']]);
    expect(state.suspected.motive).toEqual({ card: 'jealousy', holder: 1 });
  });

  it('a J’Accuse! on an exhausted type (empty pile, card already hard) does nothing for that type', () => {
    const s = table(4, { inspector: 0 });
    s.piles.weapon = [];
    suspect(s, 'jealousy', 1);
    const { state, events } = round(s, 'mw2', ['jaccuse', 'jaccuse', 'jaccuse', 'jaccuse']);
    expect(state.hard[1]).toEqual(['jealousy']);
    expect(state.suspected.weapon).toBeNull();
    expect(events.filter((e) => e.type === 'hardened')).toHaveLength(1);
  });
});

describe('re-deal order (§4.3 6B): icon order, clockwise from the Inspector’s left', () => {
  it.each([
    [4, 1, 'mow1', { motive: 2, opportunity: 3, weapon: 0 }],
    [3, 1, 'mow2', { motive: 2, opportunity: 0, weapon: 1 }], // 3 players: the Inspector gets the third
    [6, 5, 'mow3', { motive: 0, opportunity: 1, weapon: 2 }],
    [5, 3, 'ow2', { opportunity: 4, weapon: 0 }],
    [5, 0, 'mw1', { motive: 1, weapon: 2 }],
    [4, 2, 'w3', { weapon: 3 }],
  ] as const)('%i players, Inspector %i, card %s → %j', (n, inspector, card, expected) => {
    const s = table(n, { inspector });
    suspect(s, 'debts', 0);
    suspect(s, 'study', 0);
    suspect(s, 'shears', 0);
    stackPile(s, 'motive', ['revenge']);
    stackPile(s, 'opportunity', ['kitchen']);
    stackPile(s, 'weapon', ['poker']);
    const { state } = round(s, card, Array(n).fill('jaccuse'));
    for (const [type, seat] of Object.entries(expected)) {
      expect(state.suspected[type as 'motive']!.holder, type).toBe(seat);
    }
  });

  it('an empty pile supplies nothing and the next replacement takes its place in the order', () => {
    const s = table(5, { inspector: 0 });
    suspect(s, 'debts', 3);
    suspect(s, 'study', 3);
    suspect(s, 'shears', 3);
    s.piles.motive = [];
    stackPile(s, 'opportunity', ['kitchen']);
    stackPile(s, 'weapon', ['poker']);
    const { state, events } = round(s, 'mow1', ['jaccuse', 'jaccuse', 'jaccuse', 'left', 'right']);
    expect(state.suspected.motive).toBeNull();
    expect(state.suspected.opportunity).toEqual({ card: 'kitchen', holder: 1 });
    expect(state.suspected.weapon).toEqual({ card: 'poker', holder: 2 });
    expect(events.some((e) => e.type === 'pileEmpty' && e.evidenceType === 'motive')).toBe(true);
  });

  it('replacements are dealt after every affected card has left play (exonerated card included)', () => {
    const s = table(4, { inspector: 3, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'money', 0); // exonerated (Affair)
    suspect(s, 'kitchen', 1); // hardens
    stackPile(s, 'motive', ['revenge']);
    stackPile(s, 'opportunity', ['study']);
    const { state } = round(s, 'mo2', ['jaccuse', 'jaccuse', 'jaccuse', 'jaccuse']);
    expect(state.hard[1]).toEqual(['kitchen']);
    expect(state.suspected.motive).toEqual({ card: 'revenge', holder: 0 });
    expect(state.suspected.opportunity).toEqual({ card: 'study', holder: 1 });
  });
});

describe('the last reveal stays public until the next reveal', () => {
  it('votes, Investigation card and outcomes remain in the public view through the next round', () => {
    const s = table(4, { inspector: 0 });
    suspect(s, 'jealousy', 1);
    let { state } = round(s, 'm1', ['left', 'left', 'left', 'right']);
    const rec = def.publicView(state).lastReveal;
    expect(rec).toMatchObject({ round: 1, votes: ['left', 'left', 'left', 'right'], investigation: 'm1', outcome: 'left' });
    expect(rec!.outcomes).toEqual([{ kind: 'move', card: 'jealousy', from: 1, to: 2, direction: 'left' }]);
    giveInvestigation(state, 1, 'w1');
    state = act(state, 1, { type: 'investigate', card: 'w1' }).state;
    state = act(state, 0, { type: 'vote', card: 'right' }).state;
    expect(def.publicView(state).lastReveal).toEqual(rec);
    for (const seat of [1, 2, 3]) state = act(state, seat, { type: 'vote', card: 'jaccuse' }).state;
    expect(def.publicView(state).lastReveal!.round).toBe(2);
  });
});
