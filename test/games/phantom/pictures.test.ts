/**
 * Tricks and the Phantom pictures (src/games/phantom/pictures.ts): golden SVGs of fixed
 * positions (rasterised to test-results/pictures/, each PNG ≤ 150 KB), the drawing rules
 * (text inside the canvas, sizes, alt text), and no leak: over random games of 2–4 players,
 * a picture does not change when the secrets its viewer may not see are redistributed (the
 * same scramble as the engine's hidden-information property test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent } from '../../../src/games/engine.js';
import { phantomPictures as pictures } from '../../../src/games/phantom/pictures.js';
import type { PhantomState } from '../../../src/games/phantom/rules.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import type { Catalog } from '../../../src/i18n/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { expectGolden, expectPictureRules, pictureContext } from '../../support/picture-test.js';
import { act, crimeState, def, glass, playCrime, report, turnSeat } from './helpers.js';
import { scramble } from './secrets.js';
import { sceneTexts } from '../../support/scene-checks.js';

function boardOf(s: PhantomState, t: Catalog = en, latest: GameEvent[] = []) {
  const visible = latest.filter((e) => eventVisibleTo(e, null));
  return pictures.board(def.publicView(s), pictureContext(t, s.seats, null, visible, s.phase === 'over'));
}

function handOf(s: PhantomState, seat: number, t: Catalog = en, latest: GameEvent[] = []) {
  const visible = latest.filter((e) => eventVisibleTo(e, seat));
  return pictures.hand(def.seatView(s, seat), pictureContext(t, s.seats, seat, visible, s.phase === 'over'));
}

/** 4 players: crime 1 solved (Forensicist strikes the 10; the 9 is the criminal), crime 2 in its glass phase. */
function fourMid() {
  const s = crimeState(4, { hands: [[10, 6], [5, 2], [1, 7], [9, 3]], faceDown: [8, 4, 1], scores: [3, 5, 1, 0] });
  const one = playCrime(s, [report(10), report(5), report(1, 'blue'), report(9)], [3, 3, 0, 1]);
  let state = one.state;
  // Crime 2: everyone reports the card left (with its true colour; the Phantom with yellow), then one glass.
  while (state.phase === 'report') {
    const r = act(state, turnSeat(state), report(state.hands[turnSeat(state)]![0]!, state.hands[turnSeat(state)]![0] === 1 ? 'yellow' : undefined));
    state = r.state;
  }
  return act(state, turnSeat(state), glass(2));
}

/** 3 players: the 4th-party card lies face up; two reports made. */
function threeReporting() {
  const s = crimeState(3, { hands: [[10, 3], [7, 2], [9, 5]], fourthParty: 4, faceDown: [6], scores: [2, 4, 1] });
  s.discards = [8, 1, 1];
  let r = act(s, turnSeat(s), report(10));
  r = act(r.state, turnSeat(r.state), report(7));
  return r;
}

describe('golden pictures', () => {
  it('start of a 4-player game: board and a hand', async () => {
    const s = def.setup(def.optionsSchema.parse({}), 4, 77);
    const b = boardOf(s);
    expectPictureRules(b);
    await expectGolden('phantom', 'start-board', b);
    const h = handOf(s, 0);
    expectPictureRules(h);
    await expectGolden('phantom', 'start-hand', h);
  });

  it('4 players mid-round: glasses on the reports, the solved crime with its criminal and points', async () => {
    const { state, events } = fourMid();
    expect(state.phase).toBe('solve');
    expect(state.lastCrime?.criminal).toBe(9);
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.svg).toContain('CRIMINAL');
    expect(b.alt).toContain('the criminal was 9 Yakuza');
    await expectGolden('phantom', 'mid-board', b);
    const h = handOf(state, 2, en, events);
    expectPictureRules(h);
    expect(h.svg).toContain('Reported this crime');
    await expectGolden('phantom', 'mid-hand', h);
  });

  it('3 players: the 4th-party card face up (English and Spanish)', async () => {
    const { state, events } = threeReporting();
    expect(state.phase).toBe('report');
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.svg).toContain('4th party');
    await expectGolden('phantom', 'three-board', b);
    const bs = boardOf(state, es, events);
    expectPictureRules(bs);
    expect(bs.svg).toContain('4.º implicado');
    await expectGolden('phantom', 'three-board-es', bs);
    const hs = handOf(state, 0, es, events);
    expectPictureRules(hs);
    expect(hs.svg).toContain('Tu descarte de esta ronda');
    await expectGolden('phantom', 'three-hand-es', hs);
  });

  it('2 players: four investigator seats lettered A and B', async () => {
    const s = crimeState(2, { hands: [[10, 9, 4, 1], [8, 7, 6, 5]], faceDown: [3, 2, 1] });
    const { state, events } = act(s, turnSeat(s), report(1, 'red'));
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.svg).toContain('(A)');
    expect(b.svg).toContain('(B)');
    await expectGolden('phantom', 'two-board', b);
    const h = handOf(state, 1, en, events);
    expectPictureRules(h);
    await expectGolden('phantom', 'two-hand', h);
  });

  it('end: the winner is crowned', async () => {
    const s = crimeState(4, { hands: [[10], [5], [2], [9]], crime: 2, targetScore: 3, scores: [2, 0, 1, 0] });
    const { state, events } = playCrime(s, [report(10), report(5), report(2), report(9)], [1, 1, 1, 3]);
    expect(state.phase).toBe('over');
    const b = boardOf(state, en, events);
    expectPictureRules(b);
    expect(b.alt).toContain('wins');
    await expectGolden('phantom', 'end-board', b);
  });
});

describe('no leak, never throws, rules kept', () => {
  it('a picture never changes with the secrets its viewer may not see', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.boolean(), fc.integer(), fc.integer(), (seats, beginner, seed, playSeed) => {
        let n = 0;
        const check = (s: PhantomState, events: GameEvent[]) => {
          if (n++ % 3 !== 0) return;
          checked++;
          const board = boardOf(s, en, events);
          expectPictureRules(board);
          const other = boardOf(scramble(s, null, seed + n), en, events);
          expect(other.svg).toBe(board.svg);
          expect(other.alt).toBe(board.alt);
          for (let seat = 0; seat < s.seats; seat++) {
            const h = handOf(s, seat, en, events);
            expectPictureRules(h);
            const again = handOf(scramble(s, seat, seed + n + seat), seat, en, events);
            expect(again.svg, `seat ${seat}'s hand depends on another seat's secret`).toBe(h.svg);
            expect(again.alt).toBe(h.alt);
          }
        };
        const r = playRandomGame(def, { seats, seed, playSeed, options: { beginner, targetScore: 4 }, timeoutRate: 0.1, maxActions: 120, onState: check });
        check(r.final, []);
      }),
      { numRuns: 6 },
    );
    expect(checked).toBeGreaterThan(25);
  });
});

describe('Spanish words agree', () => {
  it('a clue\'s colour agrees with "pista" (feminine) on boards, hands and alt text of every colour', () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const check = (s: PhantomState, events: GameEvent[]) => {
        const pictures = [boardOf(s, es, events), ...Array.from({ length: s.seats }, (_, seat) => handOf(s, seat, es, events))];
        for (const p of pictures) {
          const text = `${p.svg}\n${p.alt}`;
          expect(text).not.toMatch(/pista (amarillo|rojo)\b/);
          for (const m of text.matchAll(/pista (amarilla|roja|azul)\b/g)) seen.add(m[1]!);
        }
      };
      playRandomGame(def, { seats: 4, seed, playSeed: seed, options: { targetScore: 4 }, timeoutRate: 0, maxActions: 40, onState: check });
    }
    expect([...seen].sort()).toEqual(['amarilla', 'azul', 'roja']);
  });
});

describe('a hand shown to someone else (a review)', () => {
  it("names the player, never 'your' or '(you)' (issue 38 item 5)", () => {
    let checked = 0;
    playRandomGame(def, {
      seats: 3,
      seed: 5,
      playSeed: 9,
      maxActions: 60,
      onState: (s: PhantomState) => {
        if (s.phase === 'over') return;
        for (let seat = 0; seat < s.seats; seat++) {
          const ctx = { ...pictureContext(en, s.seats, seat), onlooker: true };
          const p = pictures.hand(def.seatView(s, seat), ctx);
          const shown = sceneTexts(p).map((t) => t.content).join(' ');
          expect(shown).not.toMatch(/\byou\b|\byour\b/i);
          expect(p.alt).not.toMatch(/\byou\b|\byour\b/i);
          expect(shown).toContain(`${ctx.seats[seat]!.name}'s cards`);
          // Its own player reads "Your cards" and "(you)".
          const own = sceneTexts(handOf(s, seat)).map((t) => t.content).join('\n');
          expect(own).toContain('Your cards');
          expect(own).toMatch(/\(you/);
          checked++;
        }
      },
    });
    expect(checked).toBeGreaterThan(20);
  });
});

describe('a table closed mid-game (a lesson done, a cancelled game)', () => {
  it('marks nobody to act once the picture context says the table is over', async () => {
    const { turnMark } = await import('../../../src/games/marks.js');
    const fill = /fill="([^"]+)"/.exec(turnMark(0, 0))![1]!;
    // A turn mark: a triangle in the highlight colour (marks.ts turnMark), in any piece of the picture.
    const triangles = (over: boolean, view: 'board' | 'hand') => {
      const picture = view === 'board' ? pictures.board(def.publicView(state), pictureContext(en, state.seats, null, [], over)) : pictures.hand(def.seatView(state, seat), pictureContext(en, state.seats, seat, [], over));
      return (picture.svg.match(new RegExp(`<path d="M[-0-9.]+ [-0-9.]+ L[-0-9.]+ [-0-9.]+ L[-0-9.]+ [-0-9.]+ Z" fill="${fill}"`, 'g')) ?? []).length;
    };
    const { state } = threeReporting();
    expect(state.phase).toBe('report');
    const seat = turnSeat(state);
    for (const view of ['board', 'hand'] as const) {
      expect(triangles(false, view), view).toBeGreaterThan(0);
      // Not on a seat, and not in the key either: the key explains only what is drawn.
      expect(triangles(true, view), view).toBe(0);
    }
    // Three players start by discarding (every seat deciding at once): a closed table's key has no 'deciding' either.
    const discarding = def.setup(def.optionsSchema.parse({}), 3, 5);
    expect(discarding.phase).toBe('discard');
    for (const [t, deciding] of [[en, 'deciding'], [es, 'decide']] as const) {
      const keyOf = (over: boolean) => sceneTexts(pictures.board(def.publicView(discarding), pictureContext(t, discarding.seats, null, [], over))).map((x) => x.content);
      expect(keyOf(false)).toContain(deciding);
      expect(keyOf(true)).not.toContain(deciding);
    }
    for (const [t, turn] of [[en, 'to play'], [es, 'juega']] as const) {
      for (const view of ['board', 'hand'] as const) {
        const texts = (over: boolean) =>
          sceneTexts(view === 'board' ? pictures.board(def.publicView(state), pictureContext(t, state.seats, null, [], over)) : pictures.hand(def.seatView(state, seat), pictureContext(t, state.seats, seat, [], over))).map((x) => x.content);
        expect(texts(false), `${view} open`).toContain(turn);
        expect(texts(true), `${view} closed`).not.toContain(turn);
      }
    }
    // Its status says the table is closed, not whose turn it was.
    for (const [t, closed] of [[en, 'The table is closed'], [es, 'La mesa está cerrada']] as const) {
      const texts = sceneTexts(pictures.hand(def.seatView(state, seat), pictureContext(t, state.seats, seat, [], true))).map((x) => x.content);
      expect(texts).toContain(closed);
      expect(texts.join(' ')).not.toMatch(/reports a suspect|denuncia a un sospechoso/);
    }
  });
});
