/**
 * J'Accuse!'s Hard search plays later rounds on a compact model of the table
 * (src/games/jaccuse/bot-hard.ts `playRound`); the model must resolve a round as the rules
 * do (docs/rules/jaccuse.md §4.3 steps 4–9: plurality or J'Accuse! on a tie, moves, hardening or
 * exoneration with replacements in icon order from the Inspector's left, §4.5 cycle, §4.7
 * arrests). For real vote positions and seeded votes, the model's table after the round must
 * equal the engine's: Hard and Suspected Evidence, piles, arrests, used cards, next Inspector.
 * Rounds that wait for an Across choice (5–6 players) are skipped: the model picks the
 * recipient itself.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/games/rng.js';
import { jaccuseDefinition } from '../../src/games/jaccuse/engine.js';
import { playRound, simOf, type Sim } from '../../src/games/jaccuse/bot-hard.js';
import { EVIDENCE_TYPES, SUSPICION_CARDS, type JaccuseState, type SuspicionCard } from '../../src/games/jaccuse/rules.js';
import { allConfigs } from './helpers.js';
import { positions } from './positions.js';

/** The model's picture of a true state, in comparable form. */
function picture(m: Sim, over: boolean) {
  const t = m.t;
  return {
    hardCount: t.hardCount,
    hardTypes: t.hardTypes,
    suspected: EVIDENCE_TYPES.flatMap((type) => t.suspected.filter((s) => s.type === type).map((s) => `${s.card}@${s.holder}`)),
    piles: m.piles,
    arrested: [...t.arrested].sort(),
    // The engine stops rotating and returning cards once the game is over.
    ...(over ? {} : { used: m.used, inspector: t.inspector }),
  };
}

describe("J'Accuse! search model", () => {
  it('resolves a round exactly as the engine does', { timeout: 60_000 }, async () => {
    const configs = allConfigs().filter((c) => c.game === 'jaccuse' && c.options.characters === 'random');
    const list = (await positions(2, 40, 1, configs)).filter((p) => (p.state as JaccuseState).phase === 'vote');
    const rng = Rng.seeded(17);
    let compared = 0;
    let hardened = 0;
    for (const p of list) {
      const start = p.state as JaccuseState;
      for (let trial = 0; trial < 4; trial++) {
        // Votes: every seat's real one if cast, else a seeded pick among its free cards; some trials all accuse.
        const votes: SuspicionCard[] = start.votes.map((v, seat) => {
          if (v) return v;
          const free = SUSPICION_CARDS.filter((c) => !start.used[seat]!.includes(c));
          return trial === 0 && free.includes('jaccuse') ? 'jaccuse' : free[rng.int(0, free.length - 1)]!;
        });
        let state: JaccuseState = start;
        for (let seat = 0; seat < start.seatCount; seat++) {
          if (start.votes[seat]) continue;
          const r = jaccuseDefinition.apply(state, seat, { type: 'vote', card: votes[seat]! });
          if (!r.ok) throw new Error(JSON.stringify(r.error));
          state = r.state;
        }
        if (state.phase === 'across') continue;
        const model = simOf(start);
        playRound(model, votes, start.chosen!, start.options.acrossChooser);
        const over = state.phase === 'over';
        // A finished game's arrests; a running one rolled over into the next round (§4.3 step 9).
        const truth = simOf({ ...state, arrested: over ? state.arrested : [] });
        expect(picture(model, over), `seed position round ${start.round}, votes ${votes.join(',')}`).toEqual(picture(truth, over));
        compared++;
        if (model.t.hardCount.some((c, s) => c > start.hard[s]!.length)) hardened++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(hardened).toBeGreaterThan(10);
    expect(new Set(list.map((p) => p.config.seats)).size).toBe(4);
  });
});
