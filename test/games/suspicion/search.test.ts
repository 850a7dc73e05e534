/**
 * Suspicion's Hard search on the compact model (src/bots/ismcts.ts `modelSearch`,
 * src/games/suspicion/model.ts): every rival's decision is the playout policy's, not the
 * searcher's tree's (a rival at a tree node learns the searcher's cards, the same in every
 * sample: it judged every bluff right — docs/hard-search.md "Suspicion"), so a ready detective
 * declares (§1.6 E, §1.9) as Normal does, bluff or not.
 */
import { describe, expect, it } from 'vitest';
import { hardSearch, modelSearch } from '../../../src/bots/ismcts.js';
import { suspicionBot } from '../../../src/games/suspicion/bot.js';
import { suspicionDefinition as def } from '../../../src/games/suspicion/engine.js';
import { suspicionModelOf, suspicionPolicyDecides } from '../../../src/games/suspicion/model.js';
import { Rng } from '../../../src/games/rng.js';
import type { SuspicionAction, SuspicionState } from '../../../src/games/suspicion/rules.js';
import type { SuspicionKnowledge } from '../../../src/games/suspicion/knowledge.js';
import { act, arrange } from './helpers.js';

/** Seat `seat`'s knowledge of `state` with no history (an arranged position). */
function knowing(state: SuspicionState, seat: number): SuspicionKnowledge {
  const view = def.seatView(state, seat);
  return suspicionBot.know({ game: 'suspicion', seat, seatCount: state.seats, options: state.options, initialView: view, events: [], view }) as SuspicionKnowledge;
}

// Seat 0 (suspect red, blue, pink) has red and blue face up and only cards that do not fit
// pink: every declaration is a bluff, which the rivals cannot see (§1.13).
const ready = (seats: number) =>
  arrange(seats, { slots: { 0: ['red1', 'blue1', null] }, hands: { 0: ['green1', 'yellow1', 'orange1'] }, turn: 0 });

describe('Suspicion: Hard on the compact model', () => {
  it('leaves every rival decision to the policy (the vote on the searcher\'s declaration included), the searcher\'s own to the tree', () => {
    const s = ready(3);
    const declare = (def.legalActions(s, 0) as SuspicionAction[]).find((a) => a.type === 'declare')!;
    const voting = suspicionModelOf(act(s, 0, declare).state);
    expect(suspicionPolicyDecides(voting, 1, 0)).toBe(true);
    expect(suspicionPolicyDecides(voting, 2, 0)).toBe(true);
    expect(suspicionPolicyDecides(voting, 1, 1)).toBe(false);
    expect(suspicionPolicyDecides(suspicionModelOf(s), 0, 0)).toBe(false);
    expect(suspicionPolicyDecides(suspicionModelOf(s), 0, 2)).toBe(true);
  });

  for (const seats of [3, 4]) {
    it(`${seats} players: a ready detective holding only wrong cards declares (a bluff the rivals may believe), worth more than a discard`, () => {
      const s = ready(seats);
      const legal = def.legalActions(s, 0) as SuspicionAction[];
      const k = knowing(s, 0);
      for (const seed of [1, 2]) {
        const r = hardSearch(suspicionBot, k, legal, Rng.seeded(seed), { iterations: 2000 });
        expect(def.encodeAction(r.action), `seed ${seed}`).toMatch(/^de:/);
        const best = (re: RegExp) => Math.max(...r.stats.filter((x) => re.test(x.code)).map((x) => x.mean));
        expect(best(/^de:/)).toBeGreaterThan(best(/^di:/));
      }
    });
  }

  it('is repeatable for a given generator and iteration count', () => {
    const s = ready(4);
    const legal = def.legalActions(s, 0) as SuspicionAction[];
    const k = knowing(s, 0);
    const a = modelSearch(suspicionBot, k, legal, Rng.seeded(5), { iterations: 600 });
    const b = modelSearch(suspicionBot, k, legal, Rng.seeded(5), { iterations: 600 });
    expect(b.stats).toEqual(a.stats);
    expect(b.action).toEqual(a.action);
  });
});
