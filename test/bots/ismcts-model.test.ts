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
 * The Inspector's knowledge in `state` when public facts leave only `suspects` for the Killer
 * (as a history of kills, canvasses and missed arrests would, docs/rules/noir.md §2.5, §2.6).
 */
function inspectorKnowing(state: NoirState, suspects: number[]): NoirKnowledge {
  const view = noirDefinition.seatView(state, INSPECTOR);
  const k = noirBot.know({ game: 'noir', seat: INSPECTOR, seatCount: 2, options: state.options, initialView: view, events: [], view });
  k.killerCands = k.killerCands.map((_, s) => suspects.includes(s));
  return k;
}

describe('information-set search on a compact model', () => {
  // Killer C3 (12); Inspector B2 (6), hand 20, 21, 22; the Killer is 7 or 12, both next to the Inspector (§2.4).
  const state = makeState({ killer: 12, inspector: 6, turn: 'inspector', turns: 9, options: { mode: 'standard' } });
  const legal = noirDefinition.legalActions(state, INSPECTOR);

  it('arrests when two suspects are left and nothing else can tell them apart (an immediate win half the time, §2.5, §2.9, §2.11)', () => {
    // Classic mode, empty deck: no exoneration, no disguise (§2.9); only arrests and shifts.
    const used = [12, 6, 20, 21, 22];
    const classic = makeState({ killer: 12, inspector: 6, turn: 'inspector', turns: 9, options: { mode: 'classic' }, deck: [], discards: Array.from({ length: 25 }, (_, i) => i).filter((i) => !used.includes(i)) });
    const options = noirDefinition.legalActions(classic, INSPECTOR);
    expect(options.map((a) => a.type).filter((t) => t !== 'shift' && t !== 'arrest')).toEqual([]);
    const k = inspectorKnowing(classic, [7, 12]);
    for (const seed of [1, 2, 3]) {
      const r = hardSearch(noirBot, k, options, Rng.seeded(seed), { iterations: 3000 });
      expect(noirDefinition.encodeAction(r.action), `seed ${seed}`).toMatch(/^a:(7|12)$/);
      // The arrest is worth at least the half it wins at once; the best shift changes nothing about who the Killer is.
      const arrest = r.stats.find((s) => s.code === noirDefinition.encodeAction(r.action))!;
      expect(arrest.mean).toBeGreaterThanOrEqual(0.5);
      const shifts = r.stats.filter((s) => s.code.startsWith('s:'));
      expect(Math.max(...shifts.map((s) => s.mean))).toBeLessThan(arrest.mean);
    }
  });

  it('with two suspects left and a deck, arrests or exonerates (the canvas tells them apart, §2.6), never a shift', () => {
    const k = inspectorKnowing(state, [7, 12]);
    for (const seed of [1, 2, 3]) {
      const r = hardSearch(noirBot, k, legal, Rng.seeded(seed), { iterations: 3000 });
      expect(noirDefinition.encodeAction(r.action), `seed ${seed}`).toMatch(/^(a:(7|12)|e)$/);
      const arrest = Math.max(...r.stats.filter((s) => /^a:(7|12)$/.test(s.code)).map((s) => s.mean));
      expect(arrest).toBeGreaterThan(Math.max(...r.stats.filter((s) => s.code.startsWith('s:')).map((s) => s.mean)));
    }
  });

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
