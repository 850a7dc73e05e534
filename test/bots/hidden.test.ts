/**
 * Hidden information (README "AI players"; docs/architecture.md §3 `seatView`): a bot's input holds only what its
 * seat may see, and its choice depends on nothing else — two states that give the seat the
 * same view and the same visible events give the same choice at every level, however their
 * hidden parts differ; and the choice is repeatable (randomness seeded from the view only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eventVisibleTo } from '../../src/games/engine.js';
import { botKit } from '../../src/bots/kits.js';
import { decideBot } from '../../src/bots/policy.js';
import type { BotLevel } from '../../src/games/bot.js';
import { Rng } from '../../src/games/rng.js';
import type { SuspicionState } from '../../src/games/suspicion/rules.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import type { JaccuseState } from '../../src/games/jaccuse/rules.js';
import type { PhantomState } from '../../src/games/phantom/rules.js';
import { definitionOf } from './helpers.js';
import { hintFor } from '../../src/tables/hints.js';
import { positions, type Position } from './positions.js';

let all: Position[] = [];

beforeAll(async () => {
  all = await positions(1, 6, 4);
}, 120_000);

describe('bot inputs', () => {
  it("hold the seat's own view and first board, and only events visible to the seat", () => {
    for (const { config, input, state } of all) {
      const def = definitionOf(config.game);
      expect(input.view).toEqual(def.seatView(state, input.seat));
      for (const e of input.events) expect(eventVisibleTo(e, input.seat)).toBe(true);
      expect(input.seatCount).toBe(config.seats);
    }
  });

  it("carry no secret of another seat (hands, identities, face-down cards, votes)", () => {
    for (const { config, input, state } of all) {
      const seat = input.seat;
      const view = input.view as Record<string, unknown>;
      const text = JSON.stringify(view);
      switch (config.game) {
        case 'suspicion': {
          const s = state as SuspicionState;
          s.players.forEach((p, other) => {
            if (other !== seat) for (const id of p.hand) expect(text.includes(`"${id}"`), `another hand's ${id}`).toBe(false);
          });
          if (s.phase.kind === 'vote' && s.phase.declarer !== seat) expect(view.faceDown).toBeNull();
          break;
        }
        case 'noir': {
          const s = state as NoirState;
          if (seat === s.killerSeat) {
            expect(view.hand).toEqual([]);
            expect(input.events.some((e) => e.type === 'identity' || e.type === 'drew')).toBe(false);
          } else {
            expect(view.draws).toEqual([]);
            expect(input.events.some((e) => e.type === 'disguiseDraw')).toBe(false);
          }
          if (s.phase !== 'over') expect(view.reveal).toBeNull();
          break;
        }
        case 'phantom': {
          const s = state as PhantomState;
          expect(view.hand).toEqual(s.hands[seat]);
          for (const r of view.reports as { seat: number }[]) expect(Object.keys(r).sort()).toEqual(['colour', 'position', 'seat']);
          expect((view.myReports as { position: number }[]).every((r) => r.position % config.seats === seat)).toBe(true);
          break;
        }
        case 'jaccuse': {
          const s = state as JaccuseState;
          expect(view.hand).toEqual(s.investigationHands[seat]);
          if (s.inspector !== seat) expect(view.chosen).toBeNull();
          if (s.phase === 'vote') {
            // This round's votes stay secret until all are in: only the previous reveal shows votes.
            expect(view.myVote).toEqual(s.votes[seat]);
            const last = view.lastReveal as { round: number } | null;
            expect(last === null || last.round < s.round).toBe(true);
          }
          break;
        }
      }
    }
  });
});

describe('bot choices', () => {
  const levels: BotLevel[] = ['easy', 'normal', 'hard'];

  it('are the same for two states with the same view and events, whatever their hidden parts', { timeout: 120_000 }, () => {
    for (const [i, { config, input }] of all.entries()) {
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      // Another world the seat cannot tell apart: other hands, identities, piles re-dealt.
      const other = kit.determinize(kit.know(input), Rng.seeded(5000 + i));
      const twin = { ...structuredClone(input), view: def.seatView(other, input.seat) };
      expect(twin.view).toEqual(input.view);
      for (const level of levels) {
        if (level === 'hard' && i % 3 !== 0) continue;
        const a = decideBot({ level, input, iterations: 5 });
        const b = decideBot({ level, input: twin, iterations: 5 });
        expect(b.action, `${config.game} ${level} position ${i}`).toEqual(a.action);
        expect(def.legalActions(other, input.seat).map((x: unknown) => def.encodeAction(x))).toContain(def.encodeAction(a.action));
      }
    }
  });

  it("the 💡 Hint's advice (Hard's move, its explanation and the search's estimates) is the same for two states the seat cannot tell apart", { timeout: 120_000 }, () => {
    const small = { bench: { arena: { setups: [], deals: 1, hardIterations: 40, latencySeats: 2 }, legalMoves: [], variants: [] } };
    for (const [i, { config, input, state }] of all.entries()) {
      if (i % 2 !== 0) continue;
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      // The true state's hidden parts scrambled: another deal consistent with the seat's view.
      const other = kit.determinize(kit.know(input), Rng.seeded(6000 + i));
      expect(def.seatView(other, input.seat)).toEqual(def.seatView(state, input.seat));
      const twin = { ...structuredClone(input), view: def.seatView(other, input.seat) };
      expect(hintFor(small, twin), `${config.game} position ${i}`).toEqual(hintFor(small, input));
    }
  });

  it('are repeatable, whatever was decided in between', () => {
    const first = all.map((p) => decideBot({ level: 'normal', input: p.input }).action);
    const again = [...all].reverse().map((p) => decideBot({ level: 'normal', input: structuredClone(p.input) }).action).reverse();
    expect(again).toEqual(first);
  });
});
