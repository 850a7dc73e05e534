/**
 * The information-set search on a compact model (src/bots/ismcts.ts `modelSearch`), on NOIR
 * (src/games/noir/model.ts): a decisive move is searched and played, every root action is
 * searched, and the search is repeatable for a given generator and iteration count.
 */
import { describe, expect, it } from 'vitest';
import { hardSearch, modelSearch } from '../../src/bots/ismcts.js';
import { noirBot } from '../../src/games/noir/bot.js';
import { noirDefinition } from '../../src/games/noir/engine.js';
import { Rng } from '../../src/games/rng.js';
import type { NoirKnowledge } from '../../src/games/noir/knowledge.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import { INSPECTOR, makeState } from '../games/noir/helpers.js';

/**
 * The Inspector's knowledge in `state` when public facts leave only `killers` for the Killer
 * and `inspectors` for its own identity (as a history of kills, canvasses and arrests would,
 * docs/rules/noir.md §2.5, §2.6).
 */
function inspectorKnowing(state: NoirState, killers: number[], inspectors?: number[]): NoirKnowledge {
  const view = noirDefinition.seatView(state, INSPECTOR);
  const k = noirBot.know({ game: 'noir', seat: INSPECTOR, seatCount: 2, options: state.options, initialView: view, events: [], view });
  k.killerCands = k.killerCands.map((_, s) => killers.includes(s));
  if (inspectors) k.inspectorCands = k.inspectorCands.map((_, s) => inspectors.includes(s));
  return k;
}

describe('information-set search on a compact model', () => {
  // Killer C3 (12); Inspector B2 (6), hand 20, 21, 22; the Killer is 7 or 12, both next to the Inspector (§2.4).
  const state = makeState({ killer: 12, inspector: 6, turn: 'inspector', turns: 9, options: { mode: 'standard' } });
  const legal = noirDefinition.legalActions(state, INSPECTOR);
  /**
   * The Inspector's own identity is publicly one of a few suspects, only one of them (6) next
   * to the suspects it may arrest: Normal's heuristic fears that an arrest tells the Killer
   * where it is and ranks both arrests about 20th, behind shifts that change nothing (issue
   * 25); the search before the compact model never looked at them and shifted.
   */
  const exposed = [6, 0, 4, 10, 14, 15, 19, 24];

  for (const mode of ['classic', 'standard'] as const) {
    it(`${mode}: arrests when two suspects are left (an immediate win half the time, §2.5, §2.11), never a shift`, () => {
      const position = makeState({ killer: 12, inspector: 6, turn: 'inspector', turns: 9, options: { mode } });
      const options = noirDefinition.legalActions(position, INSPECTOR);
      const k = inspectorKnowing(position, [7, 12], exposed);
      for (const seed of [1, 2, 3]) {
        const r = hardSearch(noirBot, k, options, Rng.seeded(seed), { iterations: 3000 });
        const code = noirDefinition.encodeAction(r.action);
        // Classic: exonerating clears one card without a canvas (§2.5), the arrest is the move.
        // Standard: the canvas after an exoneration may tell the two apart (§2.6), also sound.
        expect(code, `seed ${seed}`).toMatch(mode === 'classic' ? /^a:(7|12)$/ : /^(a:(7|12)|e)$/);
        // An arrest is worth at least the half it wins at once; no shift is worth as much.
        const arrest = Math.max(...r.stats.filter((s) => /^a:(7|12)$/.test(s.code)).map((s) => s.mean));
        expect(arrest).toBeGreaterThanOrEqual(0.5);
        expect(Math.max(...r.stats.filter((s) => s.code.startsWith('s:')).map((s) => s.mean))).toBeLessThan(arrest);
      }
    });
  }

  it('searches every legal root action, the ones that can end the game included', () => {
    const k = inspectorKnowing(state, [7, 12, 13, 17, 18]);
    const r = modelSearch(noirBot, k, legal, Rng.seeded(9), { iterations: 3 * legal.length });
    expect(r.stats.map((s) => s.code)).toEqual(legal.map((a) => noirDefinition.encodeAction(a)));
    for (const s of r.stats) expect(s.visits, s.code).toBeGreaterThan(0);
  });

  it('is repeatable for a given generator and iteration count', () => {
    const k = inspectorKnowing(state, [7, 12, 13, 17, 18]);
    const a = modelSearch(noirBot, k, legal, Rng.seeded(5), { iterations: 800 });
    const b = modelSearch(noirBot, k, legal, Rng.seeded(5), { iterations: 800 });
    expect(b.stats).toEqual(a.stats);
    expect(b.action).toEqual(a.action);
    expect(a.iterations).toBe(800);
  });
});
