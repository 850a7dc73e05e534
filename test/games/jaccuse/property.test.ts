/**
 * Property tests (docs/architecture.md §6 layer 2) with random legal play: never throws, conserves the
 * 25 evidence and 18 Investigation cards, always ends (arrest, exhaustion or the ROUND_CAP
 * safety cap), replays deterministically, and never reveals a vote, a hand or the face-down
 * Investigation card before its time (views, board, other seats' panels, events).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent, type Viewer } from '../../../src/games/engine.js';
import { jaccuseUi as ui } from '../../../src/games/jaccuse/ui.js';
import {
  ALL_EVIDENCE,
  ROUND_CAP,
  jaccuseOptionsSchema,
  type JaccuseAction,
  type JaccuseState,
} from '../../../src/games/jaccuse/rules.js';
import { playRandomGame, replayGame, type LogEntry } from '../../support/random-play.js';
import { fakeRenderContext } from '../../support/render-context.js';
import { ALL_INV, def, evidenceCount, investigationCount } from './helpers.js';
import { perturb } from './secrets.js';
import { checkPanel } from './render-checks.js';
import { deep } from '../../support/depth.js';

const settings = fc.record({
  seats: fc.integer({ min: 3, max: 6 }),
  seed: fc.integer(),
  playSeed: fc.integer(),
  acrossChooser: fc.constantFrom('holder' as const, 'inspector' as const),
  characters: fc.constantFrom('random' as const, 'choice' as const),
  timeoutRate: fc.constantFrom(0, 0.1, 0.5, 1),
});

const sortedEvidence = [...ALL_EVIDENCE].sort();
const sortedInvestigations = [...ALL_INV].sort();

describe('random legal games', () => {
  it('never throw, conserve every card, always end, replay deterministically', () => {
    fc.assert(
      fc.property(settings, ({ seats, seed, playSeed, acrossChooser, characters, timeoutRate }) => {
        const options = { acrossChooser, characters };
        let steps = 0;
        const r = playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options,
          timeoutRate,
          onState: (s: JaccuseState) => {
            steps++;
            expect(evidenceCount(s).sort()).toEqual(sortedEvidence);
            expect(investigationCount(s).sort()).toEqual(sortedInvestigations);
            expect(s.round).toBeLessThanOrEqual(ROUND_CAP);
            expect(JSON.parse(JSON.stringify(s))).toEqual(s);
          },
        });
        expect(r.over).toBe(true);
        expect(steps).toBe(r.log.length);
        const res = def.result(r.final)!;
        expect(['arrest', 'exhausted', 'cap']).toContain(res.reason);
        if (res.reason === 'arrest') {
          expect(r.final.arrested.length).toBeGreaterThan(0);
          expect(res.placements.filter((p) => p === 2)).toHaveLength(r.final.arrested.length);
          expect(res.winners).toHaveLength(seats - r.final.arrested.length);
        } else {
          expect(res.placements).toEqual(Array(seats).fill(1));
        }
        expect(replayGame(def, seats, seed, r.log, options)).toEqual(r.final);
      }),
      { numRuns: deep(50) },
    );
  });
});

// ───────────────────────────── Hidden information ─────────────────────────────

/** What `viewer` perceives of `s`: the view, and its rendering (board, or own panel). */
function perceived(s: JaccuseState, viewer: Viewer) {
  const ctx = fakeRenderContext(s.seatCount);
  if (viewer === null) {
    const view = def.publicView(s);
    return { view, board: ui.board(view, ctx) };
  }
  const view = def.seatView(s, viewer);
  return { view, board: ui.board(def.publicView(s), ctx), panel: ui.panel(view, def.legalActions(s, viewer), ctx) };
}

/** Events of an apply as seen by `viewer`, rendered too. */
function seenEvents(events: GameEvent[], viewer: Viewer, n: number) {
  const ctx = fakeRenderContext(n);
  return events.filter((e) => eventVisibleTo(e, viewer)).map((e) => [e, ui.describeEvent(e, ctx, viewer)]);
}

describe('hidden information', () => {
  it('no viewer can tell apart states that differ only in secrets hidden from them', () => {
    fc.assert(
      fc.property(settings, ({ seats, seed, playSeed, acrossChooser, characters, timeoutRate }) => {
        let salt = seed;
        playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options: { acrossChooser, characters },
          timeoutRate,
          onState: (s: JaccuseState) => {
            for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
              const other = perturb(s, viewer, salt++);
              expect(perceived(other, viewer)).toEqual(perceived(s, viewer));
            }
          },
        });
      }),
      { numRuns: deep(15) },
    );
  });

  it('a secret choice (Investigation card, vote) changes nothing others see until the reveal', () => {
    fc.assert(
      fc.property(settings, ({ seats, seed, playSeed, acrossChooser, characters, timeoutRate }) => {
        const options = jaccuseOptionsSchema.parse({ acrossChooser, characters });
        let prev: JaccuseState = def.setup(options, seats, seed);
        let compared = 0;
        playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options,
          timeoutRate,
          onState: (s: JaccuseState, events: GameEvent[], entry: LogEntry) => {
            const action = entry.action as JaccuseAction;
            if (action.type === 'vote' || action.type === 'investigate') {
              for (const alt of def.legalActions(prev, entry.seat)) {
                if (JSON.stringify(alt) === JSON.stringify(action)) continue;
                const r = def.apply(prev, entry.seat, alt);
                if (!r.ok) throw new Error('legal alternative refused');
                if (r.events.some((e) => e.type === 'reveal')) continue; // the last vote reveals everything: its time has come
                for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
                  if (viewer === entry.seat) continue;
                  expect(seenEvents(r.events, viewer, seats)).toEqual(seenEvents(events, viewer, seats));
                  expect(perceived(r.state, viewer)).toEqual(perceived(s, viewer));
                  compared++;
                }
              }
            }
            prev = s;
          },
        });
        expect(compared).toBeGreaterThan(0);
      }),
      { numRuns: deep(15) },
    );
  });

  it('panels respect the payload limits and offer exactly the legal actions, at every step', () => {
    fc.assert(
      fc.property(settings, ({ seats, seed, playSeed, acrossChooser, characters }) => {
        playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options: { acrossChooser, characters },
          onState: (s: JaccuseState) => {
            for (let seat = 0; seat < seats; seat++) checkPanel(s, seat);
            const b = ui.board(def.publicView(s), fakeRenderContext(seats));
            expect(b.body.length).toBeLessThanOrEqual(3000);
            expect(b.status.length).toBeGreaterThan(0);
            expect(b.rows).toEqual([]);
          },
        });
      }),
      { numRuns: deep(10) },
    );
  });
});
