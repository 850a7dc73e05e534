/** Property tests over random legal games (docs/architecture.md §6 layer 2). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/games/engine.js';
import { deckFor, type PhantomState } from '../../../src/games/phantom/rules.js';
import { playRandomGame, replayGame } from '../../support/random-play.js';
import { allCards, def } from './helpers.js';
import { scramble } from './secrets.js';
import { deep } from '../../support/depth.js';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** Every invariant checked after each applied action. */
function checkStep(prev: { state: PhantomState }, state: PhantomState, events: GameEvent[], salt: number): void {
  // Scores never negative; cards conserved.
  expect(state.scores.every((v) => v >= 0)).toBe(true);
  expect(allCards(state)).toEqual(sorted(deckFor(state.options.beginner)));
  // A new decision opened ⇒ a new step; a simultaneous decision keeps its step.
  const before = def.pending(prev.state);
  const after = def.pending(state);
  if (before.kind === 'turn') expect(after.step).not.toBe(before.step);
  if (before.kind === 'simultaneous' && after.kind === 'simultaneous') expect(after.step).toBe(before.step);
  // The end check: only after a round's second crime, exactly when a single leader has ≥ target.
  for (const e of events) {
    if (e.type !== 'crime-solved') continue;
    const r = e.reveal as { crime: number; scoresAfter: number[] };
    const top = Math.max(...r.scoresAfter);
    const single = r.scoresAfter.filter((v) => v === top).length === 1;
    const shouldEnd = r.crime === 2 && top >= state.options.targetScore && single;
    expect(state.phase === 'over').toBe(shouldEnd);
    if (shouldEnd) expect(state.winners).toEqual([r.scoresAfter.indexOf(top)]);
  }
  if (state.phase === 'over') expect(events.some((e) => e.type === 'crime-solved')).toBe(true);
  // Hidden information: views do not change when the secrets they hide are shuffled.
  expect(def.publicView(scramble(state, null, salt))).toEqual(def.publicView(state));
  for (let seat = 0; seat < state.seats; seat++) {
    expect(def.seatView(scramble(state, seat, salt + seat), seat)).toEqual(def.seatView(state, seat));
  }
  // Public events never carry a face-down card; private ones go to one seat.
  for (const e of events) {
    if (e.to) expect(e.to).toHaveLength(1);
    if (!e.to && (e.type === 'reported' || e.type === 'discarded')) expect(e).not.toHaveProperty('card');
    if (!e.to) expect(e.type).not.toBe('dealt');
  }
}

function randomGame(seats: number, beginner: boolean, targetScore: number, seed: number, playSeed: number, timeoutRate: number) {
  const options = { beginner, targetScore };
  const prev = { state: def.setup(def.optionsSchema.parse(options), seats, seed) as PhantomState };
  let n = 0;
  const res = playRandomGame(def, {
    seats,
    seed,
    playSeed,
    options,
    timeoutRate,
    onState: (state: PhantomState, events, _entry) => {
      checkStep(prev, state, events, seed + n++);
      prev.state = state;
    },
  });
  return { res, options };
}

describe('random legal games', () => {
  for (const seats of [2, 3, 4]) {
    it(`${seats} players: never throw, conserve cards, keep secrets, end exactly at a single leader ≥ target, replay exactly`, () => {
      fc.assert(
        fc.property(
          fc.boolean(),
          fc.integer({ min: 1, max: 12 }),
          fc.integer(),
          fc.integer(),
          fc.constantFrom(0, 0.1, 0.5, 1),
          (beginner, targetScore, seed, playSeed, timeoutRate) => {
            const { res, options } = randomGame(seats, beginner, targetScore, seed, playSeed, timeoutRate);
            expect(res.over).toBe(true);
            const r = def.result(res.final)!;
            expect(r.winners).toHaveLength(1);
            expect(r.scores![r.winners[0]!]).toBe(Math.max(...r.scores!));
            expect(r.scores![r.winners[0]!]).toBeGreaterThanOrEqual(targetScore);
            expect(r.placements[r.winners[0]!]).toBe(1);
            const replayed = replayGame(def, seats, seed, res.log, options);
            expect(replayed).toEqual(res.final);
            expect(JSON.parse(JSON.stringify(res.final))).toEqual(res.final);
          },
        ),
        { numRuns: deep(30) },
      );
    });
  }

  it('every timeout default is legal (all decisions left to the deadline)', () => {
    for (const seats of [2, 3, 4]) {
      const { res } = randomGame(seats, seats === 3, 10, 77 + seats, 5, 1);
      expect(res.over).toBe(true);
      expect(res.log.every((e) => e.kind === 'timeout')).toBe(true);
    }
  });
});
