/**
 * The determinizers (src/games/<game>/bot.ts): for random positions of every setup, a sampled
 * state shows the deciding seat exactly its real view, offers it exactly its real legal
 * actions, is a state the engine plays on, and keeps the deck whole; what the seat tracked
 * from the history is true (the discard pile, the replayed NOIR grid, the real identities
 * are among the suspects the deductions still allow, J'Accuse!'s known pile bottoms).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { Rng } from '../../src/games/rng.js';
import type { GameId } from '../../src/games/index.js';
import { buildDeck, cardFace, faceKey, type SuspicionState } from '../../src/games/suspicion/rules.js';
import type { SuspicionKnowledge } from '../../src/games/suspicion/bot.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import { inspectorCandidates, inspectorPrivate, killerCandidates, killerPrivate, type NoirKnowledge } from '../../src/games/noir/bot.js';
import type { JaccuseState } from '../../src/games/jaccuse/rules.js';
import type { JaccuseKnowledge } from '../../src/games/jaccuse/bot.js';
import { definitionOf } from './helpers.js';
import { positions, type Position } from './positions.js';

const SAMPLES = 3;
let all: Position[] = [];

beforeAll(async () => {
  all = await positions(2, 8);
}, 120_000);

const codes = (game: GameId, actions: unknown[]) => actions.map((a) => definitionOf(game).encodeAction(a)).sort();

describe('determinizers', () => {
  it('collects positions of every game', () => {
    for (const game of ['suspicion', 'noir', 'phantom', 'jaccuse']) expect(all.filter((p) => p.config.game === game).length).toBeGreaterThan(20);
  });

  it("sample a state that shows the seat its real view and offers its real legal actions", () => {
    for (const [i, { config, input, state }] of all.entries()) {
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      const k = kit.know(input);
      for (let j = 0; j < SAMPLES; j++) {
        const sample = kit.determinize(k, Rng.seeded(i * 101 + j));
        expect(def.seatView(sample, input.seat), `${config.game} position ${i}`).toEqual(input.view);
        expect(codes(config.game, def.legalActions(sample, input.seat))).toEqual(codes(config.game, def.legalActions(state, input.seat)));
      }
    }
  });

  it('sample states the engine plays on (every legal action of the seat applies)', () => {
    for (const [i, { config, input }] of all.entries()) {
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      const sample = kit.determinize(kit.know(input), Rng.seeded(i));
      for (const a of def.legalActions(sample, input.seat)) expect(def.apply(sample, input.seat, a).ok).toBe(true);
    }
  });

  it('Suspicion: a sample holds every card of the deck exactly once, and the other hands vary between samples', () => {
    let varied = 0;
    for (const [i, { config, input }] of all.filter((p) => p.config.game === 'suspicion').entries()) {
      const kit = botKit('suspicion');
      const k = kit.know(input);
      const a = kit.determinize(k, Rng.seeded(i)) as SuspicionState;
      const b = kit.determinize(k, Rng.seeded(i + 7)) as SuspicionState;
      const ids = (s: SuspicionState) => {
        const out = [...s.draw, ...s.discard];
        for (const p of s.players) {
          out.push(...p.hand, ...p.slots.flatMap((c) => (c ? [c.card] : [])));
          if (p.blockCard) out.push(p.blockCard);
        }
        const ph = s.phase;
        if (ph.kind === 'counterBack') out.push(ph.placed.card, ph.counterCard);
        if (ph.kind === 'cancel') out.push(ph.card);
        if (ph.kind === 'vote') out.push(ph.card);
        return out.sort();
      };
      expect(ids(a)).toEqual(buildDeck(config.options.variant as never).sort());
      const others = (s: SuspicionState) => JSON.stringify(s.players.filter((_, seat) => seat !== input.seat).map((p) => p.hand));
      if (others(a) !== others(b)) varied++;
    }
    expect(varied).toBeGreaterThan(0);
  });

  it('Suspicion: the tracked discard pile is the real one', () => {
    for (const { input, state } of all.filter((p) => p.config.game === 'suspicion')) {
      const k = botKit('suspicion').know(input) as SuspicionKnowledge;
      expect(k.discard).toEqual((state as SuspicionState).discard.map((id) => faceKey(cardFace(id)!)));
    }
  });

  it('NOIR: the replayed grid is the board, and the real identities stay among the deduced candidates', () => {
    let inspectorChecks = 0;
    let killerChecks = 0;
    for (const { input, state } of all.filter((p) => p.config.game === 'noir')) {
      const s = state as NoirState;
      const k = botKit('noir').know(input) as NoirKnowledge;
      expect(k.grid).toEqual(k.view.grid);
      if (k.role === 'inspector') {
        expect(killerCandidates(k, inspectorPrivate(k.view))).toContain(s.killerIdentity);
        inspectorChecks++;
      } else if (s.inspectorIdentity !== null) {
        expect(inspectorCandidates(k, killerPrivate(k.view))).toContain(s.inspectorIdentity);
        killerChecks++;
      }
    }
    expect(inspectorChecks).toBeGreaterThan(10);
    expect(killerChecks).toBeGreaterThan(10);
  });

  it("J'Accuse!: the exonerated cards the seat tracked lie at the bottom of their piles, in that order", () => {
    for (const { input, state } of all.filter((p) => p.config.game === 'jaccuse')) {
      const s = state as JaccuseState;
      const k = botKit('jaccuse').know(input) as JaccuseKnowledge;
      for (const pile of Object.values(s.piles)) {
        const known = k.exonerated.filter((c) => pile.includes(c));
        expect(pile.slice(pile.length - known.length)).toEqual(known);
      }
    }
  });
});
