/**
 * NOIR pictures (src/games/noir/pictures.ts): golden positions drawn and rasterised, the
 * hidden-information property (no picture changes when a secret its viewer may not see
 * changes), and the picture contract (never throws, text on the canvas, alt text length).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent, type Viewer } from '../../../src/games/engine.js';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { noirPictures as pics } from '../../../src/games/noir/pictures.js';
import { MODES, type NoirAction, type NoirState } from '../../../src/games/noir/rules.js';
import { setupNoir } from '../../../src/games/noir/setup.js';
import { noirOptionsSchema } from '../../../src/games/noir/rules.js';
import { es } from '../../../src/i18n/es/index.js';
import type { Catalog } from '../../../src/i18n/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { checkGolden, checkPicture, pictureContext, shownText } from '../../support/draw-checks.js';
import { INSPECTOR, KILLER, act, makeState } from './helpers.js';

/** Apply `actions` (seat, action) in turn; return the final state and the last action's events. */
function play(s: NoirState, actions: [number, NoirAction][]): { state: NoirState; events: GameEvent[] } {
  let state = s;
  let events: GameEvent[] = [];
  for (const [seat, a] of actions) ({ state, events } = act(state, seat, a));
  return { state, events };
}

function draw(s: NoirState, viewer: Viewer, events: GameEvent[] = [], t?: Catalog) {
  const latest = events.filter((e) => eventVisibleTo(e, viewer));
  const ctx = pictureContext(2, viewer, { latest, over: s.phase === 'over', t });
  return viewer === null ? pics.board(d.publicView(s), ctx) : pics.hand(d.seatView(s, viewer), ctx);
}

/** A standard game after a kill, an exoneration with canvas, a shift and a missed arrest. */
function midGame(mode: 'standard' | 'classic' | 'citizens-arrest' = 'standard') {
  const s = makeState({ options: { mode }, dead: [18], discards: [], turns: 4 });
  return play(s, [
    [KILLER, { type: 'kill', suspect: 7 }],
    [INSPECTOR, { type: 'exonerate' }],
    [INSPECTOR, { type: 'discard', suspect: 20 }],
    [KILLER, { type: 'shift', axis: 'row', index: 3, dir: 1 }],
    [INSPECTOR, { type: 'arrest', suspect: 6 }],
    [KILLER, { type: 'kill', suspect: 13 }],
  ]);
}

describe('golden pictures', () => {
  it('start: the board and the Killer before the first kill', async () => {
    const s = setupNoir(noirOptionsSchema.parse({ killer: 'host' }), 2, 42, { hostSeat: 0 });
    for (const [name, viewer] of [['start-board', null], ['start-killer', s.killerSeat], ['start-inspector', s.inspectorSeat]] as const) {
      const p = draw(s, viewer);
      checkPicture(p);
      expect(await checkGolden('noir', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('mid-game (standard): dead, marker, arrest, canvas, last shift; board and both hands', async () => {
    const { state, events } = midGame();
    const board = draw(state, null, events);
    expect(shownText(board)).toContain('Next to Ugo');
    for (const [name, viewer] of [['mid-board', null], ['mid-killer', KILLER], ['mid-inspector', INSPECTOR]] as const) {
      const p = draw(state, viewer, events);
      checkPicture(p);
      expect(await checkGolden('noir', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('Spanish: the Inspector choosing a discard, and the board', async () => {
    const s = makeState({ dead: [6, 11], markers: [], turns: 8, turn: 'inspector' });
    const { state, events } = play(s, [[INSPECTOR, { type: 'exonerate' }]]);
    for (const [name, viewer] of [['es-board', null], ['es-inspector-discard', INSPECTOR]] as const) {
      const p = draw(state, viewer, events, es);
      checkPicture(p);
      expect(await checkGolden('noir', name, p)).toBeLessThanOrEqual(150_000);
    }
  });

  it('classic mode with a collapsed column, and the end with both identities revealed', async () => {
    const dead = [1, 6, 11, 16, 21, 3];
    const s = makeState({ options: { mode: 'classic' }, dead, turns: 30, discards: [9] });
    const { state, events } = play(s, [[KILLER, { type: 'shift', axis: 'row', index: 0, dir: 1 }]]);
    const p = draw(state, null, events);
    checkPicture(p);
    expect(await checkGolden('noir', 'classic-board', p)).toBeLessThanOrEqual(150_000);
    const end = play(makeState({ options: { mode: 'citizens-arrest' }, dead: [18, 19], inspector: 6, turn: 'inspector', turns: 12 }), [
      [INSPECTOR, { type: 'arrest', suspect: 12 }],
    ]);
    expect(end.state.phase).toBe('over');
    for (const [name, viewer] of [['end-board', null], ['end-inspector', INSPECTOR]] as const) {
      const q = draw(end.state, viewer, end.events);
      checkPicture(q);
      expect(await checkGolden('noir', name, q)).toBeLessThanOrEqual(150_000);
    }
  });
});

// ───────────────────────────── Hidden information ─────────────────────────────

/** The same state with the Killer's secrets replaced (as in properties.test.ts). */
function scrambleKiller(s: NoirState): NoirState {
  return {
    ...s,
    killerIdentity: (s.killerIdentity + 1) % 25,
    killerDraws: [...s.killerDraws.map((x) => ({ ...x, alive: !x.alive })), { suspect: 3, alive: true }],
    deck: [...s.deck].reverse(),
  };
}

/** The same state with the Inspector's secrets replaced (same hand size). */
function scrambleInspector(s: NoirState): NoirState {
  return {
    ...s,
    inspectorIdentity: s.inspectorIdentity === null ? null : (s.inspectorIdentity + 3) % 25,
    hand: s.hand.map((c) => (c + 5) % 25),
    drawn: s.drawn === null ? null : (s.drawn + 5) % 25,
    deck: [...s.deck].reverse(),
  };
}

describe('hidden information', () => {
  it('no picture changes when a secret hidden from its viewer changes, in every mode', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom(...MODES), (seed, playSeed, mode) => {
        playRandomGame(d, {
          seats: 2,
          seed,
          playSeed,
          options: { mode },
          maxActions: 100,
          onState: (s: NoirState, events: GameEvent[]) => {
            if (s.phase === 'over') return;
            const same = (a: NoirState, b: NoirState, viewer: Viewer) => {
              const pa = draw(a, viewer, events);
              const pb = draw(b, viewer, events);
              expect(pb.svg).toBe(pa.svg);
              expect(pb.alt).toBe(pa.alt);
            };
            const k = scrambleKiller(s);
            same(s, k, null);
            same(s, k, s.inspectorSeat);
            const i = scrambleInspector(s);
            same(s, i, null);
            same(s, i, s.killerSeat);
            checked++;
          },
        });
      }),
      { numRuns: 6 },
    );
    expect(checked).toBeGreaterThan(60);
  });

  it('the scramble is seen by its owner (the check above can fail)', () => {
    const { state } = midGame();
    expect(draw(scrambleKiller(state), KILLER).svg).not.toBe(draw(state, KILLER).svg);
    expect(draw(scrambleInspector(state), INSPECTOR).svg).not.toBe(draw(state, INSPECTOR).svg);
  });
});

describe('picture contract', () => {
  it('never throws, keeps text on the canvas and alt text within 40–1,024 characters, in both languages', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom(...MODES), fc.boolean(), (seed, playSeed, mode, spanish) => {
        const t = spanish ? es : undefined;
        playRandomGame(d, {
          seats: 2,
          seed,
          playSeed,
          options: { mode },
          maxActions: 200,
          onState: (s: NoirState, events: GameEvent[]) => {
            // The tallest seen over 150 random games per mode and language: 1,469 px (a Spanish
            // hand, its key wrapping to more lines); the contract's default ceiling, 1,500.
            for (const viewer of [null, 0, 1]) checkPicture(draw(s, viewer, events, t));
          },
        });
      }),
      { numRuns: 4 },
    );
  });
});

describe('a hand shown to someone else (a review)', () => {
  it("names the seat, never 'you' (issue 38 item 5)", () => {
    const { state, events } = midGame();
    for (const seat of [KILLER, INSPECTOR]) {
      const ctx = { ...pictureContext(2, seat, { latest: events.filter((e) => eventVisibleTo(e, seat)) }), onlooker: true };
      const p = pics.hand(d.seatView(state, seat), ctx);
      const shown = shownText(p);
      const name = ctx.seats[seat]!.name;
      expect(shown).not.toMatch(/\byou\b|Your/i);
      expect(p.alt).not.toMatch(/\byou\b|Your/i);
      expect(shown).toContain(`${name}'s identity`);
      // Its own player sees "Your identity" and "(you)".
      const own = shownText(pics.hand(d.seatView(state, seat), pictureContext(2, seat)));
      expect(own).toContain('Your identity');
      expect(own).toMatch(/\(you\)/);
    }
  });
});
