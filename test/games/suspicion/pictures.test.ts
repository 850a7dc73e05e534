/**
 * Suspicion pictures (src/games/suspicion/pictures.ts): golden SVGs of fixed positions
 * (rasterised to test-results/pictures/ for a person to look at, each PNG ≤ 150 KB), the
 * drawing rules (text inside the canvas, sizes, alt text), and no leak: over random games of
 * every variant and 2–6 seats, a picture does not change when the secrets its viewer may not
 * see are changed (the same non-interference notion as hidden.test.ts), and names no hidden
 * card.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent } from '../../../src/games/engine.js';
import { suspicionPictures as pictures } from '../../../src/games/suspicion/pictures.js';
import { VARIANTS, optionsSchema, type SuspicionState } from '../../../src/games/suspicion/rules.js';
import { face } from '../../../src/games/suspicion/state.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import type { Catalog } from '../../../src/i18n/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { expectGolden, expectPictureRules, pictureContext } from '../../support/picture-test.js';
import { act, arrange, counterWindow, def } from './helpers.js';
import { scramble } from './secrets.js';
import { sceneTexts } from '../../support/scene-checks.js';
import { ballotMark, decidingMark, turnMark } from '../../../src/games/marks.js';

/**
 * The tallest a 6-seat board may be, px: 1,600 of 540 px is ≈ 980 CSS px in a phone's 330-px
 * message column (portrait, one detective per row, words never cut: docs/pictures.md "Phone layout").
 */
const MAX_HEIGHT = 1600;

function boardOf(s: SuspicionState, t: Catalog = en, latest: GameEvent[] = []) {
  const visible = latest.filter((e) => eventVisibleTo(e, null));
  return pictures.board(def.publicView(s), pictureContext(t, s.seats, null, visible, s.phase.kind === 'over'));
}

function handOf(s: SuspicionState, seat: number, t: Catalog = en, latest: GameEvent[] = []) {
  const visible = latest.filter((e) => eventVisibleTo(e, seat));
  return pictures.hand(def.seatView(s, seat), pictureContext(t, s.seats, seat, visible, s.phase.kind === 'over'));
}

/** Classic, 3 seats: Ben declares his last slot; the vote is open. */
function voteOpen() {
  const s = arrange(3, {
    turn: 1,
    hands: { 1: ['pink2', 'wild2', 'tamper2'] },
    slots: { 1: ['orange1', 'yellow1', null] },
  });
  return act(s, 1, { type: 'declare', card: 'pink2', suspect: 1 });
}

/** Criminal Edition, 6 seats: evidence placed on rivals (by whom), a Burn waiting for its cancel. */
function sixSeatsCancel() {
  const s = arrange(6, {
    variant: 'criminal',
    turn: 2,
    hands: { 2: ['burn1', 'red1', 'pink1'], 0: ['burn2', 'blue3', 'green2'] },
    slots: {
      0: [{ card: 'red2', by: 2 }, { card: 'blue1', by: 4 }, null],
      1: [{ card: 'orange1', by: 0 }, null, { card: 'green1', by: 5, protected: true }],
      3: [{ card: 'yellow1', by: 1 }, null, null],
      4: [null, { card: 'red3', by: 3 }, { card: 'pink2', by: 0 }],
      5: [{ card: 'wild1', by: 2 }, null, { card: 'blue2', by: 1 }],
    },
    skip: [5],
  });
  return act(s, 2, { type: 'burn', card: 'burn1', target: 0 });
}

describe('golden pictures', () => {
  it('start of a 4-seat classic game: board and a hand', async () => {
    const s = def.setup(optionsSchema.parse({}), 4, 2024);
    const b = boardOf(s);
    expectPictureRules(b);
    await expectGolden('suspicion', 'start-board', b);
    const h = handOf(s, 0);
    expectPictureRules(h);
    await expectGolden('suspicion', 'start-hand', h);
  });

  it('mid-game: the exposed card waits for counters, Block and skip flags, the new card marked', async () => {
    const { state, events } = counterWindow();
    expect(state.phase.kind).toBe('counter');
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.alt).toContain('Counter window');
    await expectGolden('suspicion', 'counter-board', b);
    const h = handOf(state, 1, en, events);
    expectPictureRules(h);
    expect(h.svg).toContain('>counter<');
    await expectGolden('suspicion', 'counter-hand', h);
  });

  it('vote: the face-down card is framed on the board; the declarer sees it in the hand', async () => {
    const { state, events } = voteOpen();
    expect(state.phase.kind).toBe('vote');
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    await expectGolden('suspicion', 'vote-board', b);
    const h = handOf(state, 1, en, events);
    expectPictureRules(h);
    expect(h.svg).toContain('Your face-down card');
    await expectGolden('suspicion', 'vote-declarer-hand', h);
    const voter = handOf(state, 0, en, events);
    expect(voter.svg).not.toContain('Your face-down card');
    expect(voter.svg).toContain('You have not voted yet.');
  });

  it('6 seats, Criminal Edition, a Burn in flight (English and Spanish)', async () => {
    const { state, events } = sixSeatsCancel();
    expect(state.phase.kind).toBe('cancel');
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.height).toBeLessThanOrEqual(MAX_HEIGHT);
    await expectGolden('suspicion', 'six-cancel-board', b);
    const bs = boardOf(state, es, events);
    expectPictureRules(bs);
    expect(bs.height).toBeLessThanOrEqual(MAX_HEIGHT);
    expect(bs.svg).toContain('Quemar');
    await expectGolden('suspicion', 'six-cancel-board-es', bs);
    const hs = handOf(state, 0, es, events);
    expectPictureRules(hs);
    await expectGolden('suspicion', 'six-cancel-hand-es', hs);
  });

  it('end: the winner is crowned, the last declaration is shown', async () => {
    const { state } = voteOpen();
    let s = state;
    for (const voter of [0, 2]) s = act(s, voter, { type: 'vote', verdict: 'believe' }).state;
    expect(s.phase.kind).toBe('over');
    const b = boardOf(s);
    expectPictureRules(b);
    expect(b.alt).toContain('wins');
    await expectGolden('suspicion', 'end-board', b);
  });

  it('the turn marker sits on the seat to play; a drawer marks the latest change', () => {
    const { state, events } = counterWindow();
    const withChange = boardOf(state, en, events);
    const without = boardOf(state, en, []);
    expect(withChange.svg).not.toBe(without.svg);
    expect(withChange.alt).toContain('Just now');
  });
});

describe('what the pictures say (issue 38 item 5)', () => {
  it('a vote marks its voters with the ballot box, never as "deciding", beside "N of M voted" (who voted is secret, §1.13)', () => {
    const { state, events } = voteOpen();
    let s = state;
    s = act(s, 0, { type: 'vote', verdict: 'believe' }).state;
    expect(s.phase.kind).toBe('vote');
    const b = boardOf(s, en, events);
    expect(b.alt).toContain('1 of 2 voted');
    const texts = sceneTexts(b).map((t) => t.content);
    expect(texts).toContain('votes now');
    expect(texts).not.toContain('deciding');
    // The hourglass (decidingMark) is drawn nowhere; the ballot box on both voters' rows.
    const hourglass = decidingMark(13, 14, 22);
    const ballot = ballotMark(13, 14, 22);
    expect(b.scene!.placed.filter((p) => p.piece.svg === hourglass)).toHaveLength(0);
    expect(b.scene!.placed.filter((p) => p.piece.svg === ballot)).toHaveLength(2);
  });

  it('a table closed mid-game (a lesson done, a cancelled game: the context says over) marks nobody to act or deciding', () => {
    const { state, events } = counterWindow();
    const marks = [turnMark(13, 14, 22), decidingMark(13, 14, 22), ballotMark(13, 14, 22)];
    const count = (over: boolean) => {
      const visible = events.filter((e) => eventVisibleTo(e, null));
      const b = pictures.board(def.publicView(state), pictureContext(en, state.seats, null, visible, over));
      return b.scene!.placed.filter((p) => marks.includes(p.piece.svg)).length;
    };
    expect(count(false)).toBeGreaterThan(0);
    expect(count(true)).toBe(0);
  });

  it("a hand's plain evidence cards carry no ✓: the key's ✓ means evidence placed on a suspect", () => {
    const s = arrange(3, { turn: 0, hands: { 0: ['red1', 'blue2', 'greenx1'] } });
    const h = handOf(s, 0);
    const cards = h.scene!.placed.filter((p) => p.piece.svg.includes('#f4f1e8'));
    expect(cards).toHaveLength(3);
    // No card draws the tick (a 4-px round-capped stroke); the placed tiles of the hand's own row do.
    for (const card of cards) expect(card.piece.svg).not.toContain('stroke-width="4" stroke-linecap="round"');
    const placed = handOf(arrange(3, { turn: 0, hands: { 0: ['red1'] }, slots: { 0: ['blue1', null, null] } }), 0);
    expect(placed.scene!.placed.some((p) => p.piece.svg.includes('stroke-width="4" stroke-linecap="round"'))).toBe(true);
  });

  it("a hand card's name is never broken: the band fits the longest (Spanish \"Manipular\"), the same for every card of the hand", () => {
    const s = arrange(3, { turn: 0, hands: { 0: ['tamper1', 'red1', 'block1'] } });
    for (const t of [en, es]) {
      const h = handOf(s, 0, t);
      const texts = sceneTexts(h).map((text) => text.content);
      expect(texts.filter((line) => /-$/.test(line))).toEqual([]);
      expect(texts).toContain(t === es ? 'Manipular' : 'Tamper');
      const cards = h.scene!.placed.filter((p) => p.piece.svg.includes('#f4f1e8'));
      const bands = cards.map((card) => /<rect x="8" y="8" width="([\d.]+)"/.exec(card.piece.svg)?.[1]);
      expect(bands).toHaveLength(3);
      expect(new Set(bands).size).toBe(1);
    }
  });

  it("another player's hand seen in a review says whose it is: never \"Your hand\" or \"(you)\"", () => {
    const { state, events } = voteOpen();
    const visible = events.filter((e) => eventVisibleTo(e, 1));
    const ctx = { ...pictureContext(en, state.seats, 1, visible, false), onlooker: true };
    const h = pictures.hand(def.seatView(state, 1), ctx);
    // Lines joined with spaces: a long name's heading wraps.
    const texts = sceneTexts(h).map((t) => t.content).join(' ');
    expect(texts).not.toMatch(/Your |\(you\)/);
    expect(texts).toContain(`${ctx.seats[1]!.name}'s hand`);
    expect(texts).toContain(`${ctx.seats[1]!.name}'s face-down card`);
    expect(h.alt).not.toContain('Your ');
    // In play the seat's own player sees "Your hand" and "(you)".
    const own = sceneTexts(handOf(state, 1, en, events)).map((t) => t.content).join('\n');
    expect(own).toContain('Your hand');
    expect(own).toContain('(you)');
    const es1 = pictures.hand(def.seatView(state, 1), { ...pictureContext(es, state.seats, 1, visible, false), onlooker: true });
    expect(sceneTexts(es1).map((t) => t.content).join('\n')).not.toMatch(/Tu |\(tú\)/);
  });
});

describe('no leak, never throws, rules kept', () => {
  it('a picture never changes with the secrets its viewer may not see', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), fc.integer({ min: 2, max: 6 }), fc.integer(), fc.integer(), (variant, seats, seed, playSeed) => {
        let n = 0;
        const check = (s: SuspicionState, events: GameEvent[]) => {
          // Every few steps (pictures are slower than text): board and every hand.
          if (n++ % 5 !== 0 && s.phase.kind !== 'vote') return;
          checked++;
          const board = boardOf(s, en, events);
          expectPictureRules(board);
          const other = boardOf(scramble(s, null), en, events);
          expect(other.svg).toBe(board.svg);
          expect(other.alt).toBe(board.alt);
          for (let seat = 0; seat < s.seats; seat++) {
            const hand = handOf(s, seat, en, events);
            expectPictureRules(hand);
            const again = handOf(scramble(s, seat), seat, en, events);
            expect(again.svg, `seat ${seat}'s hand depends on another seat's secret`).toBe(hand.svg);
            expect(again.alt).toBe(hand.alt);
          }
        };
        const r = playRandomGame(def, { seats, seed, playSeed, options: { variant }, timeoutRate: 0.15, maxActions: 200, onState: check });
        check(r.final, []);
      }),
      { numRuns: 8 },
    );
    expect(checked).toBeGreaterThan(30);
  });

  it('the face-down card of a vote reaches the declarer only', () => {
    const { state, events } = voteOpen();
    expect(state.phase.kind === 'vote' && face(state.phase.card)).toEqual({ kind: 'evidence', colour: 'pink', counter: false });
    // The suspect's last slot is pink, so "pink" is public; a different card must not show.
    const bluff = structuredClone(state);
    if (bluff.phase.kind === 'vote') {
      const i = bluff.players[1]!.hand.indexOf('tamper2');
      bluff.players[1]!.hand[i] = bluff.phase.card;
      bluff.phase.card = 'tamper2';
    }
    expect(boardOf(bluff, en, events).svg).not.toContain('Tamper');
    expect(handOf(bluff, 0, en, events).svg).not.toContain('Tamper');
    expect(handOf(bluff, 1, en, events).svg).toContain('Tamper');
  });
});

describe('size', () => {
  it('the fullest table (6 seats, Criminal Edition, every slot filled by a long-named detective, Spanish) stays ≤ 150 KB', async () => {
    const s = arrange(6, {
      variant: 'criminal',
      turn: 1,
      slots: {
        0: [{ card: 'red2', by: 1 }, { card: 'blue1', by: 1 }, null],
        1: [{ card: 'orange1', by: 0 }, { card: 'yellow1', by: 2, protected: true }, null],
        2: [{ card: 'red3', by: 1 }, { card: 'green1', by: 1 }, null],
        3: [{ card: 'yellow2', by: 1 }, { card: 'blue2', by: 1 }, null],
        4: [{ card: 'orange2', by: 1 }, { card: 'red4', by: 1 }, null],
        5: [{ card: 'green2', by: 1 }, { card: 'wild1', by: 1 }, null],
      },
      blocked: { 2: 'block1' },
      skip: [2, 4],
    });
    const b = pictures.board(def.publicView(s), pictureContext(es, 6, null));
    expectPictureRules(b);
    expect(b.height).toBeLessThanOrEqual(MAX_HEIGHT);
    await expectGolden('suspicion', 'six-full-board-es', b);
  });
});
