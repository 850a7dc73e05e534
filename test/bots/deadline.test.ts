/**
 * The Hard search's clock budget (src/bots/ismcts.ts `SearchBudget.deadline`; a game's own
 * `search`, such as J'Accuse!'s model lookahead, keeps the same contract): with a
 * deadline already spent it answers the heuristic's choice without finishing a round; with
 * a clock that advances it stops before the deadline it can see coming; and an unfinished
 * round never decides. Fake clocks only — speed itself is measured by `npm run arena`.
 */
import { describe, expect, it } from 'vitest';
import { hardSearch } from '../../src/bots/ismcts.js';
import { botKit } from '../../src/bots/kits.js';
import { Rng } from '../../src/games/rng.js';
import { positions, type Position } from './positions.js';

/** Decision points with a real choice (several legal actions) of every game. */
async function choices(): Promise<Position[]> {
  const all = await positions(1, 12, 2);
  return all.filter((p) => {
    const kit = botKit(p.input.game);
    return kit.definition.legalActions(p.state, p.input.seat).length > 1;
  });
}

describe('Hard search deadline', () => {
  it('answers the heuristic’s own choice when the deadline is already past', { timeout: 60_000 }, async () => {
    const list = await choices();
    expect(new Set(list.map((p) => p.input.game)).size).toBe(4);
    for (const p of list) {
      const kit = botKit(p.input.game);
      const k = kit.know(p.input);
      const legal = kit.definition.legalActions(p.state, p.input.seat);
      const r = hardSearch(kit, k, legal, Rng.seeded(5), { deadline: { now: () => 1000, at: 999 } });
      expect(r.iterations).toBe(0);
      expect(kit.definition.encodeAction(r.action)).toBe(kit.definition.encodeAction(kit.normal(k, legal, Rng.seeded(5))));
    }
  });

  it('stops on a clock that advances, never starting a round it cannot finish', { timeout: 60_000 }, async () => {
    for (const p of (await choices()).slice(0, 8)) {
      const kit = botKit(p.input.game);
      const k = kit.know(p.input);
      const legal = kit.definition.legalActions(p.state, p.input.seat);
      let clock = 0;
      // Each reading of the clock takes 1 ms: a round of 5 simulations reads it a handful of times.
      const r = hardSearch(kit, k, legal, Rng.seeded(6), { deadline: { now: () => clock++, at: 200 } });
      expect(r.iterations).toBeGreaterThan(0);
      expect(clock).toBeLessThanOrEqual(200 + 2);
    }
  });
});
