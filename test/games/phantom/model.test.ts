/**
 * Tricks and the Phantom's compact model (src/games/phantom/model.ts) against its engine, in
 * lockstep (test/support/model-check.ts): 2, 3 and 4 players, with and without the beginner
 * option (docs/rules/phantom.md §3.3, §3.8), several target scores; thousands of positions.
 * Chance is matched by giving the model the engine's own generator before each move (a new
 * round's deal). A seat's own new hand ('dealt') is chance, not an observation of the move.
 */
import { describe, expect, it } from 'vitest';
import { phantomDefinition as def } from '../../../src/games/phantom/engine.js';
import { Rng } from '../../../src/games/rng.js';
import {
  phantomCanEnd,
  phantomLegal,
  phantomLikelihood,
  phantomModel,
  phantomModelOf,
  phantomWinner,
  type PhantomModel,
} from '../../../src/games/phantom/model.js';
import { lockstep } from '../../support/model-check.js';
import { crimeState } from './helpers.js';

/** The rule-relevant fields of a model state. */
function snapshot(raw: unknown): unknown {
  const m = raw as PhantomModel;
  return {
    phase: m.phase,
    round: m.round,
    crime: m.crime,
    scores: [...m.scores],
    hands: Array.from({ length: m.n }, (_, s) => [...m.hands.slice(s * 4, s * 4 + m.handLen[s]!)]),
    discards: [...m.discards],
    faceDown: [...m.faceDown.slice(m.faceDownAt, m.faceDownAt + m.faceDownLen)],
    fourth: m.fourth,
    retired: [...m.retired],
    first: m.first,
    reports: [...m.repCard.slice(0, m.reports)],
    colours: [...m.repColour.slice(0, m.reports)],
    glasses: [...m.glassOn.slice(0, m.glasses)],
    winner: m.phase === 3 ? m.winner : null,
  };
}

const check = (seats: number, seed: number, options: Record<string, unknown>) =>
  lockstep({
    def,
    model: phantomModel,
    seats,
    seed,
    playSeed: seed * 13 + 5,
    options,
    snapshot,
    winner: (m) => phantomWinner(m as PhantomModel),
    chance: (e) => e.type === 'dealt',
    obsEvery: 2,
    // A discarded or reported card's number.
    secret: /^(d:|r:\d)/,
    maxActions: 2000,
  });

describe('Phantom model = engine (lockstep)', () => {
  for (const seats of [2, 3, 4]) {
    it(`${seats} players: legal codes, seats to act, observations, scores and result agree on random games`, () => {
      let positions = 0;
      let observations = 0;
      let ended = 0;
      for (let g = 0; g < 16; g++) {
        const stats = check(seats, 100 * seats + g, { beginner: g % 2 === 1, targetScore: 6 + (g % 4) * 6 });
        positions += stats.positions;
        observations += stats.observations;
        if (stats.over) ended++;
      }
      expect(positions).toBeGreaterThan(1000);
      expect(observations).toBeGreaterThan(1000);
      expect(ended).toBe(16);
    });
  }
});

describe('Phantom model: end moves, playout and likelihood', () => {
  it('the last glass of a round’s second crime can end the game (§3.9); a report cannot', () => {
    const s = crimeState(4, { hands: [[10], [9], [8], [7]], crime: 2, scores: [9, 0, 0, 0] });
    const m = phantomModelOf(s);
    const rng = Rng.seeded(3);
    let seat = phantomModel.toAct(m)[0]!;
    expect(phantomCanEnd(m, seat, phantomLegal(m, seat)[0]!)).toBe(false);
    while (phantomModel.toAct(m).length > 0 && m.glasses < 3) {
      seat = phantomModel.toAct(m)[0]!;
      phantomModel.apply(m, seat, phantomLegal(m, seat)[0]!, rng);
    }
    seat = phantomModel.toAct(m)[0]!;
    for (const a of phantomLegal(m, seat)) expect(phantomCanEnd(m, seat, a)).toBe(true);
  });

  it('likelihood sums to 1 over the legal codes; a red clue is a less likely Phantom than a blue one under the heuristic', () => {
    const s = crimeState(4, { hands: [[1, 10], [9, 2], [8, 3], [7, 4]] });
    const m = phantomModelOf(s);
    const seat = phantomModel.toAct(m)[0]!;
    expect(seat).toBe(0);
    const legal = phantomLegal(m, seat);
    const sum = legal.reduce((total, a) => total + phantomLikelihood(m, seat, phantomModel.code(m, seat, a)), 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(phantomLikelihood(m, seat, 'r:b')).toBeGreaterThan(phantomLikelihood(m, seat, 'r:r'));
  });

  it('the heuristic glass never picks its own report when another card is there', () => {
    const s = crimeState(3, { hands: [[10], [2], [3]], fourthParty: 9 });
    const m = phantomModelOf(s);
    const rng = Rng.seeded(9);
    while (m.phase === 1) {
      const seat = phantomModel.toAct(m)[0]!;
      phantomModel.apply(m, seat, phantomLegal(m, seat)[0]!, rng);
    }
    const seat = phantomModel.toAct(m)[0]!;
    for (let i = 0; i < 50; i++) {
      const pick = phantomModel.playout(m, seat, phantomLegal(m, seat), rng, 0);
      expect(phantomModel.code(m, seat, pick)).not.toBe(`g:${seat}`);
    }
  });
});
