/**
 * J'Accuse! pictures (src/games/jaccuse/pictures.ts): golden positions drawn and rasterised,
 * the hidden-information property (no picture changes when a secret its viewer may not see
 * changes — the same perturbation as property.test.ts), and the picture contract (never
 * throws, text on the canvas, alt text length, height at 6 seats).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent, type Viewer } from '../../../src/games/engine.js';
import { jaccusePictures as pics } from '../../../src/games/jaccuse/pictures.js';
import type { JaccuseState } from '../../../src/games/jaccuse/rules.js';
import { es } from '../../../src/i18n/es/index.js';
import type { Catalog } from '../../../src/i18n/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { checkGolden, checkPicture, pictureContext, shownText } from '../../support/draw-checks.js';
import { act, def, fresh, round, suspect, table } from './helpers.js';
import { perturb } from './secrets.js';

function draw(s: JaccuseState, viewer: Viewer, events: GameEvent[] = [], t?: Catalog) {
  const latest = events.filter((e) => eventVisibleTo(e, viewer));
  const ctx = pictureContext(s.seatCount, viewer, { latest, over: s.phase === 'over', t });
  return viewer === null ? pics.board(def.publicView(s), ctx) : pics.hand(def.seatView(s, viewer), ctx);
}

/** Six seats after a J'Accuse! round (Money hardens on seat 1, seat 2 is cleared of the Wine Cellar), then a vote under way. */
function sixSeats() {
  const s = table(6);
  suspect(s, 'money', 1);
  suspect(s, 'cellar', 2);
  suspect(s, 'rope', 2);
  s.hard[3] = ['knife', 'woods'];
  const r = round(s, 'mo1', ['jaccuse', 'jaccuse', 'jaccuse', 'left', 'right', 'jaccuse']);
  const after = r.state;
  const inspector = after.inspector;
  const card = after.investigationHands[inspector]![0]!;
  let { state, events } = act(after, inspector, { type: 'investigate', card });
  ({ state, events } = act(state, 2, { type: 'vote', card: 'left' }));
  return { reveal: r, voting: { state, events } };
}

describe('golden pictures', () => {
  it('start (3 seats): the board and the first Inspector’s hand', async () => {
    const s = fresh(3, {}, 7);
    for (const [name, viewer] of [['start-board', null], ['start-inspector', s.inspector]] as const) {
      const p = draw(s, viewer);
      checkPicture(p);
      expect(await checkGolden('jaccuse', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('six seats: the reveal with hardened and cleared evidence, then a vote under way', async () => {
    const { reveal, voting } = sixSeats();
    const b = draw(reveal.state, null, reveal.events);
    expect(shownText(b)).toContain('Money: hard evidence against Ben');
    checkPicture(b);
    expect(await checkGolden('jaccuse', 'six-reveal-board', b)).toBeLessThanOrEqual(150_000);
    for (const [name, viewer] of [['six-vote-board', null], ['six-vote-hand', 2]] as const) {
      const p = draw(voting.state, viewer, voting.events);
      checkPicture(p);
      expect(await checkGolden('jaccuse', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('Spanish: the six-seat vote, board and hand', async () => {
    const { voting } = sixSeats();
    for (const [name, viewer] of [['es-board', null], ['es-hand', 2]] as const) {
      const p = draw(voting.state, viewer, voting.events, es);
      checkPicture(p);
      expect(await checkGolden('jaccuse', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('the end: an arrest by three types of Hard Evidence; and the character choice', async () => {
    const s = table(4);
    s.hard[0] = ['secrets', 'stables'];
    suspect(s, 'pistol', 0);
    const end = round(s, 'w1', ['jaccuse', 'jaccuse', 'jaccuse', 'jaccuse']);
    expect(end.state.phase).toBe('over');
    for (const [name, viewer] of [['end-board', null], ['end-hand', 0]] as const) {
      const p = draw(end.state, viewer, end.events);
      checkPicture(p);
      expect(await checkGolden('jaccuse', name, p)).toBeLessThanOrEqual(150_000);
    }
    const choice = fresh(5, { characters: 'choice' }, 3);
    const p = draw(choice, null);
    checkPicture(p);
    expect(await checkGolden('jaccuse', 'choice-board', p)).toBeLessThanOrEqual(150_000);
  });
});

// ───────────────────────────── Hidden information ─────────────────────────────

describe('hidden information', () => {
  it('no picture changes when a secret hidden from its viewer changes, at every seat count', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 6 }), fc.integer(), fc.integer(), fc.constantFrom('random' as const, 'choice' as const), (seats, seed, playSeed, characters) => {
        let salt = seed;
        playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options: { characters },
          maxActions: 60,
          onState: (s: JaccuseState, events: GameEvent[]) => {
            for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
              const other = perturb(s, viewer, salt++);
              const a = draw(s, viewer, events);
              const b = draw(other, viewer, events);
              expect(b.svg).toBe(a.svg);
              expect(b.alt).toBe(a.alt);
              checked++;
            }
          },
        });
      }),
      { numRuns: 6 },
    );
    expect(checked).toBeGreaterThan(200);
  });

  it('the perturbation is seen by the seat it is not hidden from (the check above can fail)', () => {
    const { voting } = sixSeats();
    const s = voting.state;
    // Seat 2's own vote and hand are not perturbed for seat 2, but are for everyone else:
    // drawn for seat 2 with another seat's perturbation, seat 2's picture must change.
    let differs = false;
    for (let salt = 0; salt < 20 && !differs; salt++) differs = draw(perturb(s, 0, salt), 2).svg !== draw(s, 2).svg;
    expect(differs).toBe(true);
  });
});

describe('picture contract', () => {
  it('never throws, keeps text on the canvas, alt text within 40–1,024 characters, ≤ 1,600 px at 6 seats, both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 6 }), fc.integer(), fc.integer(), fc.boolean(), (seats, seed, playSeed, spanish) => {
        const t = spanish ? es : undefined;
        playRandomGame(def, {
          seats,
          seed,
          playSeed,
          maxActions: 150,
          onState: (s: JaccuseState, events: GameEvent[]) => {
            checkPicture(draw(s, null, events, t), 1600);
            checkPicture(draw(s, seats - 1, events, t), 1600);
          },
        });
      }),
      { numRuns: 6 },
    );
  });
});

describe('a hand shown to someone else (a review)', () => {
  it("names the seat, never 'your' or '(you)' (issue 38 item 5)", () => {
    let checked = 0;
    playRandomGame(def, {
      seats: 4,
      seed: 3,
      playSeed: 11,
      maxActions: 40,
      onState: (s: JaccuseState) => {
        for (let seat = 0; seat < 4; seat++) {
          const ctx = { ...pictureContext(4, seat), onlooker: true };
          const p = pics.hand(def.seatView(s, seat), ctx);
          const shown = shownText(p).replace(/\n/g, ' ');
          expect(shown).not.toMatch(/\byou\b|\byour\b/i);
          expect(p.alt).not.toMatch(/\byou\b|\byour\b/i);
          expect(shown).toContain(`${ctx.seats[seat]!.name}'s Suspicion cards`);
          // Its own player reads "Your Suspicion cards" and "(you)".
          const own = shownText(pics.hand(def.seatView(s, seat), pictureContext(4, seat)));
          expect(own).toContain('Your Suspicion cards');
          expect(own).toContain('(you)');
          checked++;
        }
      },
    });
    expect(checked).toBeGreaterThan(20);
  });
});
